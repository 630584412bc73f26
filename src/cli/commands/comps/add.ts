import type { ResponseOf } from '../../../api/endpoints.js';
import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printRecord } from '../../print.js';

type Added = ResponseOf<'addComp'>;

export const run: Handler = async (ctx, opts, [id]) => {
  const api = await ctx.api();
  const { data, raw } = await api.call('addComp', {
    params: { id: id as string },
    body: {
      name: opts.name as string,
      address: opts.address as string,
      zipcode: opts.zipcode as string,
      ...(opts.websiteUrl ? { website_url: opts.websiteUrl as string } : {}),
    },
  });
  ctx.log.success(data.message);
  await printRecord<Added>(ctx, {
    record: data,
    json: raw,
    columns: [
      text('comp_id', (a) => a.comp_id, 'Comparable id'),
      text('message', (a) => a.message, 'Message'),
      text('actions', (a) => a.actions.join(';'), 'Actions'),
    ],
  });
};
