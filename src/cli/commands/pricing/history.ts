import { BASIS_TEXT } from '../../../domain/basis.js';
import { bedroomsLabel, formatMoney } from '../../../domain/format.js';
import { lineChart, type LineChartOptions } from '../../../output/chart.js';
import { stdoutStyle } from '../../../output/style.js';
import { sanitize } from '../../../output/text.js';
import type { Handler } from '../../command.js';
import { UsageError } from '../../errors.js';
import { checkQuery } from '../../flag-terms.js';
import { printLines, printList } from '../../print.js';
import { assertChartFlags } from '../../table-flags.js';
import { communityArgument, resolveFloorPlan } from '../../references.js';
import { explainNotUnderstood, pricingColumns, type PricingRecord } from './columns.js';
import type { history } from './index.js';
import { HISTORY_FLAGS } from './query-flags.js';

/** `--chart`: the rent of each floor plan over time (asking, or NER), one series per plan; the dashboard draws it too. */
export function pricingChart(pricing: readonly PricingRecord[], options: { ner: boolean } & Pick<LineChartOptions, 'width' | 'height' | 'color'>): string {
  const rent = (r: PricingRecord) => (options.ner ? r.net_effective_rent_cents : r.market_rent_cents);
  const byPlan = new Map<string, PricingRecord[]>();
  for (const record of pricing) {
    const key = `${record.floor_plan.floor_plan_name} (${bedroomsLabel(record.floor_plan.bedrooms)})`;
    byPlan.set(key, [...(byPlan.get(key) ?? []), record]);
  }
  const { ner: _ner, ...drawing } = options;
  return lineChart(
    [...byPlan].map(([name, records]) => ({ name, points: records.map((r) => ({ x: r.as_of_date, y: rent(r) })) })),
    { yFormat: (cents) => formatMoney(cents), ...drawing },
  );
}

export const run: Handler<typeof history> = async (ctx, opts, [ref]) => {
  if (opts.chart && ctx.globals.format !== 'table')
    throw new UsageError('--chart draws for a terminal; drop it or use --format table');
  if (opts.chart) assertChartFlags(ctx);
  if (opts.ner && !opts.chart) throw new UsageError('--ner changes what --chart draws; add --chart (tables show asking rent and NER side by side)');
  const dates = { start_date: opts.start, end_date: opts.end, days: opts.days, latest_only: opts.latest === true ? true : undefined };
  await checkQuery('getPricingHistory', dates, HISTORY_FLAGS);
  const id = await communityArgument(ctx, ref, { comparables: true });
  const floorPlanId = opts.floorPlan === undefined ? undefined : await resolveFloorPlan(ctx, id, opts.floorPlan);
  const api = await ctx.api();
  const { data, raw } = await api.call('getPricingHistory', { params: { id }, query: { ...dates, floor_plan_id: floorPlanId } });
  if (opts.chart) {
    if (data.pricing.length === 0) {
      ctx.log.info(`No pricing for ${data.community.name} from ${data.date_range.start} to ${data.date_range.end}.`);
      return;
    }
    const chart = pricingChart(data.pricing, { ner: opts.ner === true, width: Math.max(40, ctx.io.terminalWidth - 2), color: stdoutStyle(ctx.io) });
    printLines(
      ctx,
      `${sanitize(data.community.name)}: ${BASIS_TEXT[opts.ner ? 'ner' : 'asking']} per floor plan, ${data.date_range.start} to ${data.date_range.end}\n\n${chart}\n`,
    );
    return;
  }
  await printList(ctx, {
    rows: data.pricing,
    columns: pricingColumns,
    json: raw,
    emptyMessage: `No pricing for ${data.community.name} from ${data.date_range.start} to ${data.date_range.end}; try --days 365 or --latest.`,
  });
  explainNotUnderstood(ctx, data.pricing, (r) => r);
};
