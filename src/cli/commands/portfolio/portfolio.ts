import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/render.js';
import { money, number, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { printList } from '../../print.js';
import type { portfolio } from './index.js';

type Row = ReadOf<'getPortfolio'>['communities'][number];

export const run: Handler<typeof portfolio> = async (ctx, opts) => {
  const includePricing = opts.includePricing === true;
  const includeCompCount = opts.compCount !== false;
  const api = await ctx.api();
  const { data, raw } = await api.call('getPortfolio', {
    query: { include_pricing: includePricing, include_comp_count: includeCompCount },
  });
  await rememberCommunities(ctx, data.communities, { whole: true });
  const columns: Column<Row>[] = [
    text('id', (r) => r.id, 'ID'),
    text('name', (r) => r.name, 'NAME'),
    text('address', (r) => r.address, 'ADDRESS'),
    text('external_community_id', (r) => r.external_community_id, 'EXTERNAL ID'),
  ];
  if (includeCompCount) columns.push(number('comp_count', (r) => r.comp_count, 'COMPS'));
  columns.push(text('latest_pricing_date', (r) => r.latest_pricing_date, 'LATEST SURVEY'));
  if (includePricing)
    columns.push(
      number('floor_plan_count', (r) => r.pricing_summary?.floor_plan_count, 'PLANS'),
      money('avg_market_rent_cents', (r) => r.pricing_summary?.avg_market_rent_cents, 'AVG RENT'),
      money('min_rent_cents', (r) => r.pricing_summary?.min_rent_cents, 'MIN'),
      money('max_rent_cents', (r) => r.pricing_summary?.max_rent_cents, 'MAX'),
    );
  await printList(ctx, {
    rows: data.communities,
    columns,
    json: raw,
    emptyMessage: 'No communities yet. Create one with `rentsurvey communities create`.',
  });
};
