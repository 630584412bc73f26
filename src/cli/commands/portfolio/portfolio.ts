import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/columns.js';
import { askingRent, date, number, text, uuid } from '../../columns.js';
import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { printList } from '../../print.js';
import type { portfolio } from './index.js';

type Row = ReadOf<'getPortfolio'>['communities'][number];

// On a narrow terminal: the name, the comps and the rents first; the address last.
export const columns: Column<Row>[] = [
  uuid('id', (r) => r.id, 'ID'),
  text('name', (r) => r.name, 'NAME', 'key'),
  text('address', (r) => r.address, 'ADDRESS', 'low'),
  text('external_community_id', (r) => r.external_community_id, 'EXTERNAL ID'),
  number('comp_count', (r) => r.comp_count, 'COMPS', 'high'),
  date('latest_pricing_date', (r) => r.latest_pricing_date, 'LATEST SURVEY', 'high'),
  number('floor_plan_count', (r) => r.pricing_summary?.floor_plan_count, 'PLANS', 'low'),
  askingRent('avg_market_rent_cents', (r) => r.pricing_summary?.avg_market_rent_cents, 'AVG ASKING', 'key'),
  askingRent('min_rent_cents', (r) => r.pricing_summary?.min_rent_cents, 'MIN'),
  askingRent('max_rent_cents', (r) => r.pricing_summary?.max_rent_cents, 'MAX'),
];
/** Printed with --include-pricing only. */
const PRICING = new Set(['floor_plan_count', 'avg_market_rent_cents', 'min_rent_cents', 'max_rent_cents']);

export const run: Handler<typeof portfolio> = async (ctx, opts) => {
  const includePricing = opts.includePricing === true;
  const includeCompCount = opts.compCount !== false;
  const api = await ctx.api();
  const { data, raw } = await api.call('getPortfolio', {
    query: { include_pricing: includePricing, include_comp_count: includeCompCount },
  });
  await rememberCommunities(ctx, data.communities, { whole: true });
  await printList(ctx, {
    rows: data.communities,
    columns: columns.filter((c) => (c.key !== 'comp_count' || includeCompCount) && (!PRICING.has(c.key) || includePricing)),
    json: raw,
    emptyMessage: 'No communities yet. Create one with `rentsurvey communities create`.',
  });
};
