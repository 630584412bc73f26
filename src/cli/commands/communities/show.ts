import type { ReadOf } from '../../../api/endpoints.js';
import { askingRent, bathrooms, date, netEffectiveRent, number, perSqft, text, uuid } from '../../columns.js';
import type { Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { printLines, printList, printRecord } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { concessionTextColumn, explainNotUnderstood } from '../pricing/columns.js';
import { communityArgument } from '../../references.js';
import type { show } from './index.js';
import { zipcodeColumn } from './columns.js';

type Detail = ReadOf<'getCommunityDetail'>;
type Plan = NonNullable<Detail['community']['pricing_summary']>['floor_plans'][number];
type Comp = NonNullable<Detail['comps']>[number];

export const run: Handler<typeof show> = async (ctx, opts, [ref]) => {
  const id = await communityArgument(ctx, ref, { comparables: true });
  const api = await ctx.api();
  const { data, raw } = await api.call('getCommunityDetail', {
    params: { id },
    query: { include_comps: opts.comps !== false, include_pricing_summary: opts.pricingSummary !== false },
  });
  if (ctx.globals.format !== 'table') {
    // One record per community in csv/ndjson; the nested lists are in --json.
    await printRecord<Detail['community']>(ctx, { record: data.community, json: raw, columns: summaryColumns });
    return;
  }
  await printWhole(ctx, (out) => printTables(out, data, raw));
};

async function printTables(ctx: CommandContext, data: Detail, raw: unknown) {
  await printRecord<Detail['community']>(ctx, { record: data.community, json: raw, columns: summaryColumns });
  // The spec does not show these elements' shape: what could not be read was left out by the client.
  const plans = data.community.pricing_summary?.floor_plans ?? [];
  if (plans.length > 0) {
    printLines(ctx, '\nFloor plans');
    // --sort and --limit are about the floor plans, the list of this page.
    await printList<Plan>(ctx, { rows: plans, json: raw, columns: floorPlanColumns });
    explainNotUnderstood(ctx, plans, (p) => p.latest_pricing);
  }
  if (data.comps && data.comps.length > 0) {
    printLines(ctx, '\nActive comparables');
    await printList<Comp>(ctx, {
      rows: data.comps,
      json: raw,
      asGiven: true,
      columns: [
        text('name', (c) => c.name, 'NAME', 'key'),
        number('distance_miles', (c) => c.distance_miles, 'MILES', 'high'),
        askingRent('avg_market_rent_cents', (c) => c.pricing?.avg_market_rent_cents, 'AVG ASKING', 'key'),
        uuid('id', (c) => c.id, 'ID'),
      ],
    });
  }
}

export const summaryColumns = [
  text<Detail['community']>('id', (c) => c.id, 'ID'),
  { ...text<Detail['community']>('name', (c) => c.name), label: 'Name' },
  { ...text<Detail['community']>('address', (c) => c.address), label: 'Address' },
  zipcodeColumn<Detail['community']>((c) => c.zipcode),
  { ...number<Detail['community']>('comp_count', (c) => c.comp_count), label: 'Active comps' },
  { ...number<Detail['community']>('floor_plan_count', (c) => c.floor_plan_count), label: 'Floor plans' },
  { ...date<Detail['community']>('latest_date', (c) => c.pricing_summary?.latest_date), label: 'Latest survey' },
  { ...askingRent<Detail['community']>('avg_market_rent_cents', (c) => c.pricing_summary?.avg_market_rent_cents), label: 'Avg asking' },
];

/**
 * Floor plans with their latest pricing (also `pricing floor-plans`): the plan with BD/BA/SQFT
 * and its rents stay on any terminal; availability and the survey date next.
 */
export const floorPlanColumns = [
  text<Plan>('floor_plan_name', (p) => p.floor_plan_name, 'PLAN', 'key'),
  number<Plan>('bedrooms', (p) => p.bedrooms, 'BD', 'key'),
  bathrooms<Plan>('bathrooms', (p) => p.bathrooms, 'BA', 'key'),
  number<Plan>('square_feet', (p) => p.square_feet, 'SQFT', 'key'),
  number<Plan>('unit_count', (p) => p.unit_count, 'UNITS'),
  askingRent<Plan>('market_rent_cents', (p) => p.latest_pricing?.market_rent_cents, 'ASKING', 'key'),
  netEffectiveRent<Plan>('net_effective_rent_cents', (p) => p.latest_pricing?.net_effective_rent_cents, 'NER', 'key'),
  perSqft<Plan>('market_rent_per_sqft_cents', (p) => p.latest_pricing?.market_rent_per_sqft_cents, 'ASK/SF'),
  number<Plan>('units_available', (p) => p.latest_pricing?.units_available, 'AVAIL', 'high'),
  concessionTextColumn<Plan>((p) => p.latest_pricing),
  date<Plan>('as_of_date', (p) => p.latest_pricing?.as_of_date, 'SURVEY', 'high'),
  uuid<Plan>('id', (p) => p.id, 'ID'),
];
