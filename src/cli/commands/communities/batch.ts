import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/columns.js';
import { uuid, number, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printList } from '../../print.js';
import { MAX_BATCH_IDS } from '../../../api/rules.js';
import { UsageError } from '../../errors.js';
import { resolveCommunityList } from '../../references.js';
import type { batch } from './index.js';
import { zipcodeColumn } from './columns.js';

type Row = ReadOf<'batchCommunities'>['communities'][number];

export const columns: Column<Row>[] = [
  uuid('id', (c) => c.id, 'ID'),
  text('name', (c) => c.name, 'NAME', 'key'),
  text('address', (c) => c.address, 'ADDRESS', 'low'),
  zipcodeColumn((c) => c.zipcode),
  text('external_community_id', (c) => c.external_community_id, 'EXTERNAL ID', 'high'),
  number('latitude', (c) => c.latitude, 'LAT', 'low'),
  number('longitude', (c) => c.longitude, 'LON', 'low'),
  text('website_url', (c) => c.website_url, 'WEBSITE', 'low'),
  // With --include-comps only.
  number('comp_count', (c) => c.comp_count, 'COMPS', 'high'),
];

export const run: Handler<typeof batch> = async (ctx, opts, [refs]) => {
  const includeComps = opts.includeComps === true;
  // Names and external ids become ids (whole ids cost no request); an id nobody has is the service's to report.
  const requested = await resolveCommunityList(ctx, refs.join(','), '<communities>');
  if (requested.length > MAX_BATCH_IDS)
    throw new UsageError(`<communities>: at most ${MAX_BATCH_IDS} per request, got ${requested.length}`, 'split them into several calls');
  const api = await ctx.api();
  const { data, raw } = await api.call('batchCommunities', { query: { ids: requested.join(','), include_comps: includeComps } });
  await printList<Row>(ctx, {
    rows: data.communities,
    json: raw,
    emptyMessage: 'None of these ids is a community of yours.',
    columns: columns.filter((c) => c.key !== 'comp_count' || includeComps),
  });
  // not_found is our extension; without it, the ids that did not come back are the ones not found.
  const returned = new Set(data.communities.map((c) => c.id.toLowerCase()));
  const missing = data.not_found ?? requested.filter((id) => !returned.has(id.toLowerCase()));
  if (missing.length > 0) ctx.log.warn(`not found: ${missing.join(', ')}`);
};
