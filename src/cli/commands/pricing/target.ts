/**
 * `rentsurvey pricing target <community> (--psi p | --percentile q | --band b) [--basis asking|ner]
 * [--floor-plan <plan>] [--bedrooms <n>] [--per-sqft] [--at <weeks>]`: the rent per floor plan that reaches a
 * position against the comparables the overview uses, computed here from the spec's endpoints
 * (floor plans, comps, comps' pricing on or before the subject's latest survey; with --per-sqft
 * the comps' floor plans for their unit counts) with the domain's functions. Definitions:
 * docs/metrics.md, "Pricing targets".
 */
import { BASIS_TEXT, type Basis } from '../../../domain/basis.js';
import { bandNamed, bandRange, TARGET_BANDS } from '../../../domain/bands.js';
import { parseConcession } from '../../../domain/concessions.js';
import { bedroomsLabel, formatMoney, formatSignedMoney, formatSignedPercent, MISSING, planLabel } from '../../../domain/format.js';
import { comparableRents } from '../../../domain/overview.js';
import {
  bandPercentile,
  isTargetBand,
  monthlyRevenueChange,
  planTarget,
  sizeAdjustedCompRents,
  type PlanTarget,
  type PricingTarget,
  type SizedCompPlan,
} from '../../../domain/target.js';
import { rentOnBasis } from '../../../domain/basis.js';
import { mean, rentPerSqftCents } from '../../../domain/stats.js';
import { roundFraction4 } from '../../../domain/rounding.js';
import { escapeMarkdown } from '../../../output/markdown.js';
import type { Column } from '../../../output/columns.js';
import type { Style } from '../../../output/style.js';
import { createStyle, stdoutStyle } from '../../../output/style.js';
import { countOf } from '../../../output/text.js';
import { askingRent, bathrooms, moneyFormatOf, netEffectiveRent, number, perSqft, shownChange, text, versusMarket } from '../../columns.js';
import { concurrencyOf, parseFraction, type Handler, type OptionsOf } from '../../command.js';
import type { target as targetCommand } from './index.js';
import type { CommandContext } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import { assertFields, printLines, printList } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { communityArgument, floorPlansOf, resolveFloorPlan } from '../../references.js';
import { compInput, CONCURRENCY, latestDate, pricingOfEachOnOrBefore, unitCountsOfEach, type Comparable, type PricingRecord } from '../../surveys.js';
import type { ApiClient } from '../../http/client.js';
import type { ReadOf } from '../../../api/endpoints.js';

export interface TargetFloorPlan extends PlanTarget {
  floor_plan_name: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  /** --per-sqft: the comparables' average rent per square foot for the plan's bedrooms, integer cents. */
  comp_rent_per_sqft_cents?: number | null;
}

export interface TargetAnswer {
  community: { id: string; name: string };
  basis: Basis;
  /** The target as the user gave it: {"psi": 0.02}, {"percentile": 60} or {"band": "market"}. */
  target: PricingTarget;
  per_sqft: boolean;
  /** --at: the market aimed at, as forecast: per bedroom count, its average's move by that date. */
  at?: { horizon_weeks: number; date: string; market: { bedrooms: number; method: string; change: number }[] };
  floor_plans: TargetFloorPlan[];
}

/** What the table shows beside each plan, not part of the JSON answer. */
export interface TargetRow extends TargetFloorPlan {
  unit_count: number;
}
type Row = TargetRow;
type FloorPlanList = ReadOf<'listFloorPlans'>;

const TARGET_FLAGS = ['psi', 'percentile', 'band'] as const;

/** Exactly one of --psi, --percentile, --band, checked before anything is sent. */
export function parseTarget(opts: Pick<OptionsOf<typeof targetCommand>, 'psi' | 'percentile' | 'band'>): PricingTarget {
  const given = TARGET_FLAGS.filter((flag) => opts[flag] !== undefined);
  if (given.length === 0)
    throw new UsageError(
      `give a target: --psi <fraction>, --percentile <0-100> or --band ${TARGET_BANDS.join('|')}`,
      'e.g. rentsurvey pricing target <community> --band market',
    );
  if (given.length > 1)
    throw new UsageError(`give one target, not ${given.map((flag) => `--${flag}`).join(' and ')}: they contradict each other`);
  const [flag] = given as [(typeof TARGET_FLAGS)[number]];
  const value = String(opts[flag]);
  if (flag === 'band') {
    const band = bandNamed(value);
    if (band === 'outlier')
      throw new UsageError(
        '--band outlier is not a target: the outlier band (CRI 90–100) means priced above nearly every comparable',
        'to price there anyway, give the percentile: --percentile 95',
      );
    if (band === undefined || !isTargetBand(band)) throw new UsageError(`--band: "${value}" is not one of ${TARGET_BANDS.join(', ')}`);
    return { band };
  }
  if (flag === 'psi') return { psi: parseFraction('--psi', value, { min: -1, max: 1, aboveMin: true, meaning: '0.02 = 2% above the comp average' }) };
  // A rank, not a fraction: "60" and "60%" are both the 60th percentile.
  const typed = value.trim().replace(/%$/, '');
  const n = typed === '' ? Number.NaN : Number(typed);
  if (!Number.isFinite(n)) throw new UsageError(`--percentile: "${value}" is not a number`);
  if (!(n > 0 && n <= 100))
    throw new UsageError(
      `--percentile: "${value}" is not above 0 and at most 100`,
      n === 0 ? 'every rent ranks at least 0, so 0 names no rent; the lowest target is just above it, e.g. --percentile 1' : undefined,
    );
  return { percentile: n };
}

/** "market band (percentile 30–59, nearest 45)", "PSI +2.00%", "percentile 60". */
export function describeTarget(target: PricingTarget): string {
  if ('band' in target) {
    const { from, to } = bandRange(target.band);
    return `${target.band} band (percentile ${from}–${to - 1}, nearest ${bandPercentile(target.band)})`;
  }
  if ('psi' in target) return `PSI ${formatSignedPercent(target.psi, 2)}`;
  return `percentile ${target.percentile}`;
}

const nowAfter = (now: string, after: string) => (now === MISSING && after === MISSING ? MISSING : `${now} → ${after}`);

/**
 * Money on the basis: NERs (amortized) keep their cents, asking rents are whole dollars. The
 * rents to list are asking rents; the NER a target leaves is a NER.
 */
const onBasis = (basis: Basis) => (basis === 'ner' ? netEffectiveRent : askingRent);

/** The JSON fields, in the JSON's order: what csv and ndjson print. */
function dataColumns(basis: Basis, perSqftMode: boolean): Column<Row>[] {
  const rent = onBasis(basis);
  return [
    text('floor_plan_name', (r) => r.floor_plan_name, 'PLAN'),
    number('bedrooms', (r) => r.bedrooms, 'BD'),
    bathrooms('bathrooms', (r) => r.bathrooms, 'BA'),
    number('square_feet', (r) => r.square_feet, 'SQFT'),
    number('comps_with_data', (r) => r.comps_with_data, 'COMPS'),
    rent('current_rent_cents', (r) => r.current_rent_cents, 'NOW'),
    rent('avg_comp_rent_cents', (r) => r.avg_comp_rent_cents, 'COMP AVG'),
    ...(perSqftMode ? [perSqft<Row>('comp_rent_per_sqft_cents', (r) => r.comp_rent_per_sqft_cents, 'COMP $/SF')] : []),
    rent('target_rent_cents', (r) => r.target_rent_cents, 'TARGET'),
    rent('change_cents', (r) => r.change_cents, 'CHANGE'),
    number('psi_current', (r) => r.psi_current),
    number('psi_target', (r) => r.psi_target),
    number('percentile_current', (r) => r.percentile_current),
    number('percentile_target', (r) => r.percentile_target),
    askingRent('current_asking_rent_cents', (r) => r.current_asking_rent_cents, 'ASKING'),
    askingRent('target_asking_rent_cents', (r) => r.target_asking_rent_cents, 'LIST AT'),
    askingRent('asking_change_cents', (r) => r.asking_change_cents, 'VS ASKING'),
    netEffectiveRent('target_ner_cents', (r) => r.target_ner_cents, 'TARGET NER'),
    text('concessions', (r) => r.concessions, 'CONCESSIONS'),
    // A list in --json; one text in csv and ndjson, its notes apart by "; ".
    text('notes', (r) => (r.notes.length > 0 ? r.notes.join('; ') : null), 'NOTES'),
  ];
}

/**
 * Most telling first, so that a terminal too narrow for all of them loses the least: the target,
 * its change and, on NER, the asking rent to list with its change against today's asking. The
 * changes and the PSIs are colored as the overview colors PSI: up, or above the market, red; down,
 * or below, green. Each change is the difference of the two figures as they read.
 */
function tableColumns(basis: Basis, perSqftMode: boolean): Column<Row>[] {
  const psiCell = (psi: number | null, style: Style) => versusMarket(style, psi, formatSignedPercent(psi));
  const rent = onBasis(basis);
  const listing: Column<Row>[] =
    basis === 'ner'
      ? [
          askingRent('list_at', (r) => r.target_asking_rent_cents, 'LIST AT', 'key'),
          shownChange(
            'list_change',
            (r) => r.asking_change_cents,
            { from: (r) => r.current_asking_rent_cents, to: (r) => r.target_asking_rent_cents, format: moneyFormatOf('asking') },
            'VS ASKING',
            'high',
          ),
        ]
      : [netEffectiveRent('target_ner', (r) => r.target_ner_cents, 'TARGET NER')];
  return [
    text('plan', planLabel, 'PLAN', 'key'),
    rent('current', (r) => r.current_rent_cents, 'NOW', 'high'),
    rent('target', (r) => r.target_rent_cents, 'TARGET', 'key'),
    shownChange('change', (r) => r.change_cents, { from: (r) => r.current_rent_cents, to: (r) => r.target_rent_cents, format: moneyFormatOf(basis) }, 'CHANGE', 'key'),
    ...listing,
    {
      key: 'psi',
      header: 'PSI',
      value: (r) => r.psi_target,
      display: (r, style) => nowAfter(psiCell(r.psi_current, style), psiCell(r.psi_target, style)),
      align: 'right',
    },
    {
      key: 'percentile',
      header: 'PCTL',
      value: (r) => r.percentile_target,
      display: (r) => nowAfter(String(r.percentile_current ?? MISSING), String(r.percentile_target ?? MISSING)),
      align: 'right',
    },
    rent('comp_avg', (r) => r.avg_comp_rent_cents, 'COMP AVG', 'low'),
    ...(perSqftMode ? [perSqft<Row>('comp_per_sqft', (r) => r.comp_rent_per_sqft_cents, 'COMP $/SF', 'low')] : []),
    number('comps', (r) => r.comps_with_data, 'COMPS', 'low'),
    number('unit_count', (r) => r.unit_count, 'UNITS', 'low'),
  ];
}

/** Every column --fields may name, in any format: the table's, then the JSON fields it does not show. */
export function allColumns(perSqftMode: boolean, basis: Basis = 'ner') {
  const table = tableColumns(basis, perSqftMode);
  const data = dataColumns(basis, perSqftMode);
  const tableKeys = table.map((c) => c.key);
  return { table, data, all: [...table, ...data.filter((c) => !tableKeys.includes(c.key))] };
}

/** What --fields and --sort may name, on either basis, with or without --per-sqft (the command's definition offers them). */
export const columns = (() => {
  const ner = allColumns(true, 'ner').all;
  return [...ner, ...allColumns(true, 'asking').all.filter((column) => !ner.some((n) => n.key === column.key))];
})();

/**
 * --per-sqft: each active comparable's floor plans priced on or before the survey, with their
 * unit counts (GET …/floor-plans of each comparable) and the rent of the basis.
 */
async function sizedComps(api: ApiClient, compIds: readonly string[], pricing: readonly PricingRecord[][], basis: Basis): Promise<SizedCompPlan[][]> {
  const units = await unitCountsOfEach(api, compIds);
  return pricing.map((records, i) =>
    records.map((record) => ({
      bedrooms: record.floor_plan.bedrooms,
      squareFeet: record.floor_plan.square_feet,
      units: units[i]!.get(record.floor_plan_id.toLowerCase()) ?? 0,
      rentCents: rentOnBasis(record, basis),
    })),
  );
}

/**
 * The targets of a community's floor plans, as `pricing target` prints them (the dashboard shows the
 * same): its floor plans (`plans`, read by the caller) against its active comparables' pricing on or
 * before its latest survey, the overview's comparables. `floorPlanId` and `bedrooms` keep some plans.
 */
export async function targetsOf(
  api: ApiClient,
  id: string,
  plansRead: Promise<FloorPlanList>,
  options: {
    target: PricingTarget;
    basis: Basis;
    perSqft: boolean;
    floorPlanId?: string | undefined;
    bedrooms?: number | undefined;
    /** --at: aim at the market forecast `weeks` on from the surveys read up to `today`. */
    at?: { weeks: number; today: string } | undefined;
  },
): Promise<{ plans: FloorPlanList; asOf: string | null; active: Comparable[]; rows: TargetRow[]; at: TargetAnswer['at'] }> {
  const { target, basis, perSqft: perSqftMode, floorPlanId } = options;
  const [plans, { data: comps }] = await Promise.all([plansRead, api.call('listComps', { params: { id } })]);
  // The overview's moment and comparables: the subject's latest survey (of all its plans), its active comps' latest pricing on or before it.
  const asOf = latestDate(plans.floor_plans.map((plan) => plan.latest_pricing?.as_of_date));
  const active = comps.comps.filter((comp) => comp.is_included_in_surveys);
  const activeIds = active.map((comp) => comp.id);
  const pricing = asOf === null ? [] : await pricingOfEachOnOrBefore(api, activeIds, asOf);
  const compInputs = pricing.map((records, i) => compInput(activeIds[i]!, records));
  const sized = perSqftMode ? await sizedComps(api, activeIds, pricing, basis) : [];
  const chosen = plans.floor_plans.filter(
    (plan) => (floorPlanId === undefined || plan.id.toLowerCase() === floorPlanId) && (options.bedrooms === undefined || plan.bedrooms === options.bedrooms),
  );

  const at = options.at === undefined ? undefined : await marketAhead(api, options.at.today, active, chosen.map((plan) => plan.bedrooms), basis, options.at.weeks);
  const rows: TargetRow[] = chosen.map((plan) => {
    const latest = plan.latest_pricing;
    const current = latest
      ? { askingCents: latest.market_rent_cents, nerCents: latest.net_effective_rent_cents, concessions: latest.concessions }
      : null;
    // --at: each comparable's rent moved as its bedroom count's market is forecast to move.
    const ahead = at ? 1 + (at.market.find((m) => m.bedrooms === plan.bedrooms)?.change ?? Number.NaN) : 1;
    const compRents = (perSqftMode ? sizeAdjustedCompRents(plan, sized) : comparableRents(plan, compInputs).map((r) => (basis === 'ner' ? r.ner : r.base))).flatMap(
      (rent) => (Number.isFinite(ahead) ? [rent * ahead] : []),
    );
    return {
      floor_plan_name: plan.floor_plan_name,
      bedrooms: plan.bedrooms,
      bathrooms: plan.bathrooms,
      square_feet: plan.square_feet,
      ...planTarget({ current, compRents, basis }, target),
      // The comps' average per square foot, unrounded until here: the average rent over the plan's size.
      ...(perSqftMode ? { comp_rent_per_sqft_cents: rentPerSqftCents(mean(compRents), plan.square_feet) } : {}),
      unit_count: plan.unit_count,
    };
  });
  return { plans, asOf, active, rows, at };
}

export const run: Handler<typeof targetCommand> = async (ctx, opts, [ref]) => {
  const target = parseTarget(opts);
  const perSqftMode = opts.perSqft === true;
  const basis: Basis = opts.basis;
  const columns = allColumns(perSqftMode, basis);
  assertFields(ctx, columns.all);
  const id = await communityArgument(ctx, ref);
  const floorPlanId = opts.floorPlan === undefined ? undefined : await resolveFloorPlan(ctx, id, opts.floorPlan);
  // --at asks for every comparable's history at once (forecast's pricingOf): the window bounds the wire.
  const api = (await ctx.api()).inFlight(concurrencyOf(ctx, undefined, CONCURRENCY));

  // The floor plans --floor-plan was looked up in, if it was: one request either way.
  const at = opts.at === undefined ? undefined : { weeks: opts.at, today: ctx.today() };
  const result = await targetsOf(api, id, floorPlansOf(ctx, id), { target, basis, perSqft: perSqftMode, floorPlanId, bedrooms: opts.bedrooms, at });
  const { plans, asOf, active, rows } = result;
  const answer: TargetAnswer = {
    community: plans.community,
    basis,
    target,
    per_sqft: perSqftMode,
    ...(result.at ? { at: result.at } : {}),
    floor_plans: rows.map(({ unit_count: _units, ...plan }) => plan),
  };

  if (asOf === null) ctx.log.warn(`${plans.community.name} has no completed survey yet: nothing to compare, no targets.`);
  const human = ctx.globals.format === 'table' || ctx.globals.format === 'md';
  const md = ctx.globals.format === 'md';
  // One piece, through the sanitizer: the heading and footer quote the community's and plans' names.
  await printWhole(ctx, async (out) => {
    // No plan to show (none yet, or none with --bedrooms): the empty message says so, with no heading over nothing.
    if (human && rows.length > 0) {
      const style = md ? createStyle(false) : stdoutStyle(out.io);
      const name = md ? escapeMarkdown(plans.community.name) : style.bold(plans.community.name);
      const compared =
        asOf === null
          ? 'No completed survey yet.'
          : `Survey of ${asOf} against ${countOf(active.length, 'active comparable')}; PSI and percentile (PCTL) now → at target.`;
      const how = `${BASIS_TEXT[basis]}${perSqftMode ? ' per square foot' : ''}${opts.bedrooms === undefined ? '' : `, plans with ${countOf(opts.bedrooms, 'bedroom')}`}`;
      const ahead = result.at
        ? `Aiming at the market on ${result.at.date} (${result.at.horizon_weeks} weeks on), as forecast: ${result.at.market
            .map((m) => `${bedroomsLabel(m.bedrooms)} ${formatSignedPercent(m.change)} (${m.method})`)
            .join(', ')}.\n\n`
        : '';
      printLines(out, `${md ? '### ' : ''}${name}: target ${describeTarget(target)} on ${how}\n\n${compared}\n\n${ahead}`);
    }
    await printList(out, {
      defaultFields: (human ? columns.table : columns.data).map((c) => c.key),
      wideFields: columns.table.map((c) => c.key),
      rows,
      columns: columns.all,
      json: answer,
      emptyMessage:
        plans.floor_plans.length === 0
          ? `${plans.community.name} has no floor plans yet.`
          : `${plans.community.name} has no floor plan with ${countOf(opts.bedrooms ?? 0, 'bedroom')}.`,
    });
    if (human && rows.length > 0) printLines(out, footer(out, rows, basis));
  });
};

/**
 * Under the table: the revenue of moving every plan to its target, on the basis it sums (a
 * total: whole dollars); what each plan's notes say; and the concession every target keeps.
 */
export function footer(ctx: CommandContext, rows: Row[], basis: Basis): string {
  const md = ctx.globals.format === 'md';
  const quote = (s: string) => (md ? `"${escapeMarkdown(s)}"` : `"${s}"`);
  const plain = (s: string) => (md ? escapeMarkdown(s) : s);
  const revenue = monthlyRevenueChange(rows.map((r) => ({ units: r.unit_count, changeCents: r.change_cents })));
  const moved = rows.filter((r) => r.change_cents !== null);
  const lines: string[] = [];
  // Not colored: the change column's colors are about the market (a raise is red there), and income reads the other way round.
  lines.push(
    moved.length === 0
      ? 'No plan has both a current rent and a target: no revenue change to show.'
      : `Revenue: ${formatSignedMoney(revenue, formatMoney)} a month in ${BASIS_TEXT[basis]} if every plan moves to its target ` +
          `(units × ${basis === 'ner' ? 'NER' : 'asking'} change over ${countOf(moved.length, 'plan')}).`,
  );
  const why = (r: Row) => (r.notes.length > 0 ? r.notes.join('; ') : 'no current rent');
  const left = rows.filter((r) => r.change_cents === null);
  if (left.length > 0) lines.push(`Not moved: ${left.map((r) => `${plain(planLabel(r))} (${plain(why(r))})`).join('; ')}.`);
  for (const row of rows) if (row.change_cents !== null && row.notes.length > 0) lines.push(`${plain(planLabel(row))}: ${plain(row.notes.join('; '))}.`);
  const byConcession = new Map<string, string[]>();
  for (const row of rows) {
    const key = row.concessions?.trim() ? row.concessions.trim() : '';
    byConcession.set(key, [...(byConcession.get(key) ?? []), plain(row.floor_plan_name)]);
  }
  const kept = [...byConcession].map(([concession, names]) => `${names.join(', ')} ${concession ? quote(concession) : 'none'}`).join('; ');
  lines.push(
    basis === 'ner'
      ? `On NER, each target keeps the plan's current concession, and LIST AT is the asking rent that nets the target under it: ${kept}.`
      : `TARGET NER is what each target nets under the plan's current concession: ${kept}.`,
  );
  // An advertised maximum ("up to 8 weeks free", "on select units") is valued in full, as every NER is: a lease given less nets more.
  const maxima = rows.filter((r) => {
    const terms = parseConcession(r.concessions);
    return terms.advertisedMaximum || terms.selectUnits;
  });
  if (maxima.length > 0)
    lines.push(
      `${maxima.map((r) => plain(r.floor_plan_name)).join(', ')}: the concession is an advertised maximum ("up to", "select units"), ` +
        'valued in full: a lease given less nets more than its target.',
    );
  return `\n${lines.join(md ? '\n\n' : '\n')}\n`;
}

/**
 * --at: the comparables' average rent of each bedroom count on the basis, forecast
 * `weeks` on (src/domain/forecast.ts, as `rentsurvey forecast` does), as a change
 * from its last value. Too little history for that horizon is an error, not a guess.
 */
async function marketAhead(
  api: ApiClient,
  today: string,
  comps: readonly { id: string }[],
  bedrooms: readonly number[],
  basis: Basis,
  weeks: number,
): Promise<NonNullable<TargetAnswer['at']>> {
  const [{ forecastMarket, weeksNeeded }, { forecastReader, pricingOf }] = await Promise.all([import('../../../domain/forecast.js'), import('../forecast/read.js')]);
  const compPricing = await pricingOf(forecastReader(api, today), comps);
  const series = forecastMarket(compPricing, bedrooms, { horizons: [weeks], kinds: [basis === 'ner' ? 'market_ner' : 'market_asking'] });
  const market = series.flatMap((s) => {
    const forecast = s.forecasts[0];
    return forecast && s.bedrooms !== null && s.last_value > 0 ? [{ bedrooms: s.bedrooms, method: forecast.method, change: roundFraction4(forecast.point / s.last_value - 1), date: forecast.date }] : [];
  });
  if (market.length === 0) {
    const history = Math.max(0, ...series.map((s) => s.history_weeks));
    throw new CliError(`--at ${weeks}w: too little history to forecast the market (${history} weeks of comparable surveys; ${weeksNeeded(weeks)} needed)`);
  }
  return { horizon_weeks: weeks, date: market[0]!.date, market: market.map(({ date: _date, ...m }) => m) };
}
