import type { ResponseOf } from '../../../api/endpoints.js';
import { number, text } from '../../columns.js';
import { splitList, type Handler } from '../../command.js';
import { printList } from '../../print.js';
import type { batch } from './index.js';

type Row = ResponseOf<'batchCommunities'>['communities'][number];

export const run: Handler<typeof batch> = async (ctx, opts, [ids]) => {
  const api = await ctx.api();
  const includeComps = opts.includeComps === true;
  const { data, raw } = await api.call('batchCommunities', {
    query: { ids: ids.flatMap(splitList).join(','), include_comps: includeComps },
  });
  await printList<Row>(ctx, {
    rows: data.communities,
    json: raw,
    emptyMessage: 'None of these ids is a community of yours.',
    columns: [
      text('id', (c) => c.id, 'ID'),
      text('name', (c) => c.name, 'NAME'),
      text('address', (c) => c.address, 'ADDRESS'),
      text('zipcode', (c) => c.zipcode, 'ZIP'),
      text('external_community_id', (c) => c.external_community_id, 'EXTERNAL ID'),
      number('latitude', (c) => c.latitude, 'LAT'),
      number('longitude', (c) => c.longitude, 'LON'),
      text('website_url', (c) => c.website_url, 'WEBSITE'),
      ...(includeComps ? [number<Row>('comp_count', (c) => c.comp_count, 'COMPS')] : []),
    ],
  });
  if (data.not_found.length > 0) ctx.log.warn(`not found: ${data.not_found.join(', ')}`);
};
