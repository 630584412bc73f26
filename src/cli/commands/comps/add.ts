import type { ReadOf } from '../../../api/endpoints.js';
import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import type { BodyOf } from '../../../api/endpoints.js';
import { checkBody } from '../../flag-terms.js';
import { assertFields, printRecord } from '../../print.js';
import { communityArgument } from '../../references.js';
import type { add } from './index.js';
import { warnIfNotUsZip } from '../../zip-check.js';

type Added = ReadOf<'addComp'>;

export const columns = [
  { ...text<Added>('comp_id', (a) => a.comp_id), label: 'Comparable id' },
  { ...text<Added>('message', (a) => a.message), label: 'Message' },
  { ...text<Added>('actions', (a) => a.actions.join(';')), label: 'Actions' },
];

export const run: Handler<typeof add> = async (ctx, opts, [ref]) => {
  assertFields(ctx, columns);
  const body: BodyOf<'addComp'> = {
    name: opts.name,
    address: opts.address,
    zipcode: opts.zipcode,
    ...(opts.websiteUrl ? { website_url: opts.websiteUrl } : {}),
  };
  await checkBody('addComp', body, { name: '--name', address: '--address', zipcode: '--zipcode', website_url: '--website-url' });
  const id = await communityArgument(ctx, ref);
  const api = await ctx.api();
  const { data, raw } = await api.call('addComp', { params: { id }, body });
  ctx.log.success(data.message);
  warnIfNotUsZip(ctx, opts.zipcode, `${opts.name} has no coordinates, so no distance from its subject`);
  await printRecord<Added>(ctx, {
    record: data,
    json: raw,
    columns,
  });
};
