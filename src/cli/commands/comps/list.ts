import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/columns.js';
import { askingRent, bool, number, text, uuid } from '../../columns.js';
import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { printList } from '../../print.js';
import { communityArgument } from '../../references.js';
import type { list } from './index.js';

type Comp = ReadOf<'listComps'>['comps'][number];

export const columns: Column<Comp>[] = [
  uuid('id', (c) => c.id, 'ID'),
  text('name', (c) => c.name, 'NAME', 'key'),
  number('distance_miles', (c) => c.distance_miles, 'MILES', 'high'),
  bool('is_included_in_surveys', (c) => c.is_included_in_surveys, 'ACTIVE', 'high'),
  number('floor_plan_count', (c) => c.pricing?.floor_plan_count, 'PLANS'),
  askingRent('avg_market_rent_cents', (c) => c.pricing?.avg_market_rent_cents, 'AVG ASKING', 'key'),
  text('address', (c) => c.address, 'ADDRESS', 'low'),
];
/** Printed with --include-pricing only. */
const PRICING = new Set(['floor_plan_count', 'avg_market_rent_cents']);

export const run: Handler<typeof list> = async (ctx, opts, [ref]) => {
  const id = await communityArgument(ctx, ref);
  const api = await ctx.api();
  const includePricing = opts.includePricing === true;
  const { data, raw } = await api.call('listComps', {
    params: { id },
    query: { include_inactive: opts.includeInactive === true, include_pricing: includePricing },
  });
  await rememberCommunities(ctx, data.comps, {
    subjectId: data.subject_community.id,
    ...(opts.includeInactive === true ? { whole: true } : { activeOnly: true }),
  });
  await printList<Comp>(ctx, {
    rows: data.comps,
    json: raw,
    emptyMessage: `${data.subject_community.name} has no comparables yet. Add one with \`rentsurvey comps add ${data.subject_community.id}\`.`,
    columns: columns.filter((c) => !PRICING.has(c.key) || includePricing),
  });
};
