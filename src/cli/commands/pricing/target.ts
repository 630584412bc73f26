/**
 * `rentsurvey pricing target <community> (--psi p | --percentile q | --band b) [--basis asking|ner]
 * [--floor-plan <plan>] [--bedrooms <n>] [--per-sqft]`: the rent per floor plan that reaches a
 * position against the comparables the overview uses, computed here from the spec's endpoints
 * (floor plans, comps, comps' pricing on or before the subject's latest survey; with --per-sqft
 * the comps' floor plans for their unit counts) with the domain's functions. Definitions:
 * docs/metrics.md, "Pricing targets".
 */
import { bedroomsLabel, formatSignedMoney, formatSignedPercent, MISSING, planLabel } from '../../../domain/format.js';
import { BASIS_TEXT, rentOnBasis, type Basis } from '../../../domain/basis.js';
import { comparableRents } from '../../../domain/overview.js';
import {
  bandPercentile,
  isTargetBand,
  monthlyRevenueChange,
  planTarget,
  sizeAdjustedCompRents,
  TARGET_BANDS,
  type PlanTarget,
  type PricingTarget,
  type SizedCompPlan,
  type TargetBand,
} from '../../../domain/target.js';
import { mean, rentPerSqftCents } from '../../../domain/stats.js';
import { roundFraction4 } from '../../../domain/rounding.js';
import { escapeMarkdown } from '../../../output/markdown.js';
import type { Column } from '../../../output/columns.js';
import type { Style } from '../../../output/style.js';
import { createStyle, stdoutStyle } from '../../../output/style.js';
import { countOf } from '../../../output/text.js';
import { money, moneyChange, number, perSqft, text, versusMarket } from '../../columns.js';
import { parseFraction, type Handler, type OptionsOf } from '../../command.js';
import type { target as targetCommand } from './index.js';
import type { CommandContext } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import { assertFields, printLines, printList } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { communityArgument, floorPlansOf, resolveFloorPlan } from '../../references.js';
import { compInput, latestDate, pricingOfEachOnOrBefore, unitCountsOfEach, type Comparable, type PricingRecord } from '../../surveys.js';
import type { ApiClient } from '../../http/client.js';
import type { ReadOf } from '../../../api/endpoints.js';

/** The target as the user gave it (echoed in --json), and what the domain aims at. */
export type GivenTarget = { psi: number } | { percentile: number } | { band: TargetBand };

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
  target: GivenTarget;
  per_sqft: boolean;
  /** --at: the market aimed at, as forecast: per bedroom count, its average's move by that date. */
  at?: { horizon_weeks: number; date: string; market: { bedrooms: number; method: string; change: number }[] };
  floor_plans: TargetFloorPlan[];
}

/** What the table shows beside each plan, not part of the JSON answer. */
export interface TargetRow extends TargetFloorPlan {
  unit_count: number;
  concessions: string | null;
}
type Row = TargetRow;
type FloorPlanList = ReadOf<'listFloorPlans'>;

const TARGET_FLAGS = ['psi', 'percentile', 'band'] as const;

/** Exactly one of --psi, --percentile, --band, checked before anything is sent. */
export function parseTarget(opts: Pick<OptionsOf<typeof targetCommand>, 'psi' | 'percentile' | 'band'>): GivenTarget {
  const given = TARGET_FLAGS.filter((flag) => opts[flag] !== undefined);
  if (given.length === 0)
    throw new UsageError(
      'give a target: --psi <fraction>, --percentile <0-100> or --band aggressive|market|premium',
      'e.g. rentsurvey pricing target <community> --band market',
    );
  if (given.length > 1)
    throw new UsageError(`give one target, not ${given.map((flag) => `--${flag}`).join(' and ')}: they contradict each other`);
  const [flag] = given as [(typeof TARGET_FLAGS)[number]];
  const value = String(opts[flag]);
  if (flag === 'band') {
    const band = value.trim().toLowerCase();
    if (band === 'outlier')
      throw new UsageError(
        '--band outlier is not a target: the outlier band (CRI 90–100) means priced above nearly every comparable',
        'to price there anyway, give the percentile: --percentile 95',
      );
    if (!isTargetBand(band)) throw new UsageError(`--band: "${value}" is not one of ${TARGET_BANDS.join(', ')}`);
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

function domainTarget(target: GivenTarget): PricingTarget {
  return 'band' in target ? { percentile: bandPercentile(target.band) } : target;
}

export function describeTarget(target: GivenTarget): string {
  if ('band' in target) return `${target.band} band (percentile ${bandPercentile(target.band)})`;
  if ('psi' in target) return `PSI ${formatSignedPercent(target.psi, 2)}`;
  return `percentile ${target.percentile}`;
}

const nowAfter = (now: string, after: string) => (now === MISSING && after === MISSING ? MISSING : `${now} → ${after}`);

/** The JSON fields, in the JSON's order: what csv and ndjson print. */
function dataColumns(perSqftMode: boolean): Column<Row>[] {
  return [
    text('floor_plan_name', (r) => r.floor_plan_name, 'PLAN'),
    number('bedrooms', (r) => r.bedrooms, 'BD'),
    number('bathrooms', (r) => r.bathrooms, 'BA'),
    number('square_feet', (r) => r.square_feet, 'SQFT'),
    number('comps_with_data', (r) => r.comps_with_data, 'COMPS'),
    money('current_rent_cents', (r) => r.current_rent_cents, 'NOW'),
    money('avg_comp_rent_cents', (r) => r.avg_comp_rent_cents, 'COMP AVG'),
    ...(perSqftMode ? [perSqft<Row>('comp_rent_per_sqft_cents', (r) => r.comp_rent_per_sqft_cents, 'COMP $/SF')] : []),
    money('target_rent_cents', (r) => r.target_rent_cents, 'TARGET'),
    money('change_cents', (r) => r.change_cents, 'CHANGE'),
    number('psi_current', (r) => r.psi_current),
    number('psi_target', (r) => r.psi_target),
    number('percentile_current', (r) => r.percentile_current),
    number('percentile_target', (r) => r.percentile_target),
  ];
}

/**
 * Most telling first, so that a terminal too narrow for all of them loses the least. The change
 * and the PSIs are colored as the overview colors PSI: up, or above the market, red; down, or below, green.
 */
function tableColumns(perSqftMode: boolean): Column<Row>[] {
  const psiCell = (psi: number | null, style: Style) => versusMarket(style, psi, formatSignedPercent(psi));
  return [
    text('plan', planLabel, 'PLAN', 'key'),
    money('current', (r) => r.current_rent_cents, 'NOW', 'high'),
    money('target', (r) => r.target_rent_cents, 'TARGET', 'key'),
    moneyChange('change', (r) => r.change_cents, 'CHANGE', 'key'),
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
    money('comp_avg', (r) => r.avg_comp_rent_cents, 'COMP AVG', 'low'),
    ...(perSqftMode ? [perSqft<Row>('comp_per_sqft', (r) => r.comp_rent_per_sqft_cents, 'COMP $/SF', 'low')] : []),
    number('comps', (r) => r.comps_with_data, 'COMPS', 'low'),
    number('unit_count', (r) => r.unit_count, 'UNITS', 'low'),
  ];
}

/** Every column --fields may name, in any format: the table's, then the JSON fields it does not show. */
export function allColumns(perSqftMode: boolean) {
  const table = tableColumns(perSqftMode);
  const data = dataColumns(perSqftMode);
  const tableKeys = table.map((c) => c.key);
  return { table, data, all: [...table, ...data.filter((c) => !tableKeys.includes(c.key))] };
}

/** What --fields and --sort may name, with or without --per-sqft (the command's definition offers them). */
export const columns = allColumns(true).all;

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
    target: GivenTarget;
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
    const current = latest ? rentOnBasis(latest, basis) : null;
    // --at: each comparable's rent moved as its bedroom count's market is forecast to move.
    const ahead = at ? 1 + (at.market.find((m) => m.bedrooms === plan.bedrooms)?.change ?? Number.NaN) : 1;
    const compRents = (perSqftMode ? sizeAdjustedCompRents(plan, sized) : comparableRents(plan, compInputs).map((r) => (basis === 'ner' ? r.ner : r.base))).flatMap(
      (rent) => (Number.isFinite(ahead) ? [rent * ahead] : []),
    );
    const position = planTarget({ currentRentCents: current, compRents }, domainTarget(target));
    return {
      floor_plan_name: plan.floor_plan_name,
      bedrooms: plan.bedrooms,
      bathrooms: plan.bathrooms,
      square_feet: plan.square_feet,
      ...position,
      // The comps' average per square foot, unrounded until here: the average rent over the plan's size.
      ...(perSqftMode ? { comp_rent_per_sqft_cents: rentPerSqftCents(mean(compRents), plan.square_feet) } : {}),
      unit_count: plan.unit_count,
      concessions: latest ? latest.concessions : null,
    };
  });
  return { plans, asOf, active, rows, at };
}

export const run: Handler<typeof targetCommand> = async (ctx, opts, [ref]) => {
  const target = parseTarget(opts);
  const perSqftMode = opts.perSqft === true;
  assertFields(ctx, allColumns(perSqftMode).all);
  const basis: Basis = opts.basis;
  const id = await communityArgument(ctx, ref);
  const floorPlanId = opts.floorPlan === undefined ? undefined : await resolveFloorPlan(ctx, id, opts.floorPlan);
  const api = await ctx.api();

  // The floor plans --floor-plan was looked up in, if it was: one request either way.
  const at = opts.at === undefined ? undefined : { weeks: opts.at, today: ctx.now().toISOString().slice(0, 10) };
  const result = await targetsOf(api, id, floorPlansOf(ctx, id), { target, basis, perSqft: perSqftMode, floorPlanId, bedrooms: opts.bedrooms, at });
  const { plans, asOf, active, rows } = result;
  const answer: TargetAnswer = {
    community: plans.community,
    basis,
    target,
    per_sqft: perSqftMode,
    ...(result.at ? { at: result.at } : {}),
    floor_plans: rows.map(({ unit_count: _units, concessions: _concessions, ...plan }) => plan),
  };

  if (asOf === null) ctx.log.warn(`${plans.community.name} has no completed survey yet: nothing to compare, no targets.`);
  const human = ctx.globals.format === 'table' || ctx.globals.format === 'md';
  const md = ctx.globals.format === 'md';
  const columns = allColumns(perSqftMode);
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

/** Revenue of moving every plan to target; on NER, the concession each target assumes. */
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
      : `Revenue: ${formatSignedMoney(revenue)} a month if every plan moves to its target (units × change over ${countOf(moved.length, 'plan')}).`,
  );
  const left = rows.filter((r) => r.change_cents === null).map((r) => plain(planLabel(r)));
  if (left.length > 0) lines.push(`Not moved: ${left.join(', ')} (no comparable data or no current rent).`);
  if (basis === 'ner') {
    const byConcession = new Map<string, string[]>();
    for (const row of rows) {
      const key = row.concessions?.trim() ? row.concessions.trim() : '';
      byConcession.set(key, [...(byConcession.get(key) ?? []), plain(row.floor_plan_name)]);
    }
    const parts = [...byConcession].map(([concession, names]) => `${names.join(', ')} ${concession ? quote(concession) : 'none'}`);
    lines.push(`On NER, each target keeps the plan's current concession: ${parts.join('; ')}.`);
  }
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
