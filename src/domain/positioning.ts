/**
 * The portfolio's positioning (`rentsurvey overview --all`): one row per subject
 * from the spec's own answers about it — its overview, the latest point of its
 * vacancy trend and, when the overview leaves out unit counts, its floor plans.
 * Definitions and a worked example: docs/metrics.md, "Portfolio positioning".
 */
import { bandOf, BANDS, type Band } from './bands.js';
import type { Basis } from './basis.js';

export const SIGNALS = ['raise', 'lower', 'hold', 'no data'] as const;
export type Signal = (typeof SIGNALS)[number];

/** |PSI| from which a community counts as off the market: 3 %. */
export const DEFAULT_THRESHOLD = 0.03;

/** One basis of an overview plan, as the spec names its fields; amounts in integer cents. */
interface PlanPosition {
  subject_rent?: number | null | undefined;
  avg_comp_rent?: number | null | undefined;
  psi: number | null;
  comps_with_data: number;
}

export interface OverviewPlan {
  floor_plan_id?: string | null | undefined;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  /** Our service's extension; another service may leave it out (then the floor plans tell). */
  unit_count?: number | null | undefined;
  base_rent: PlanPosition;
  ner: PlanPosition;
}

export interface OverviewAnswer {
  as_of_date?: string | null | undefined;
  floor_plans: readonly OverviewPlan[];
  overall_metrics: {
    overall_psi_base: number | null;
    overall_psi_ner: number | null;
    cri_base: number | null;
    cri_ner: number | null;
    market_concession_pressure: { pct_comps_offering: number };
  };
}

/** A floor plan of GET …/floor-plans: where unit counts come from when the overview has none. */
export interface FloorPlanUnits {
  id: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  unit_count: number;
}

/** A point of GET …/vacancy-trend: percents, one decimal. */
export interface TrendPoint {
  date: string;
  subject_vacancy: number;
  avg_comp_vacancy?: number | null | undefined;
}

export interface PositioningInput {
  community: { id: string; name: string; external_community_id: string | null };
  overview: OverviewAnswer;
  trend: readonly TrendPoint[];
  /** Needed only when some overview plan has no unit_count (see needsFloorPlans). */
  floorPlans?: readonly FloorPlanUnits[] | undefined;
  /** The NER PSI in 13 weeks if rents are held (forecast.ts, heldNerPsi), where the caller forecast it. */
  forecastPsiNer13w?: number | null | undefined;
}

/** The row's fields, named as `overview --all --json` prints them. */
export interface PositioningRow {
  community: { id: string; name: string; external_community_id: string | null };
  as_of_date: string | null;
  /** Plans with a PSI on the basis: priced, and with comparable data. */
  floor_plans_with_data: number;
  /** The most comparables any plan has on the basis. */
  comps_with_data: number;
  psi_asking: number | null;
  psi_ner: number | null;
  cri_asking: number | null;
  cri_ner: number | null;
  band: Band | null;
  /** Σ (subject rent − comp average) × units over the plans with comp data, cents a month; null without any. */
  gap_to_market_cents: number | null;
  vacancy_14d_pct: number | null;
  comp_vacancy_pct: number | null;
  concession_pressure_pct: number;
  signal: Signal;
  basis: Basis;
  /** The NER PSI 13 weeks after the latest survey if the subject's rents stay and its market moves as forecast; null without a forecast. */
  forecast_psi_ner_13w: number | null;
}

export interface PositioningOptions {
  basis: Basis;
  threshold: number;
}

/** Whether the overview leaves out a plan's unit count, so that GET …/floor-plans must say it. */
export function needsFloorPlans(overview: OverviewAnswer): boolean {
  return overview.floor_plans.some((plan) => typeof plan.unit_count !== 'number');
}

/**
 * Each overview plan's unit count: its own, else that of the floor plan with its
 * id, else of the first not yet taken with its bedrooms, bathrooms and square
 * feet; null when none matches.
 */
export function planUnitCounts(plans: readonly OverviewPlan[], floorPlans: readonly FloorPlanUnits[] = []): (number | null)[] {
  const left = [...floorPlans];
  const take = (index: number) => (index < 0 ? null : left.splice(index, 1)[0]!.unit_count);
  return plans.map((plan) => {
    if (typeof plan.unit_count === 'number') return plan.unit_count;
    const id = plan.floor_plan_id?.toLowerCase();
    const byId = !id ? -1 : left.findIndex((fp) => fp.id.toLowerCase() === id);
    if (byId >= 0) return take(byId);
    return take(left.findIndex((fp) => fp.bedrooms === plan.bedrooms && fp.bathrooms === plan.bathrooms && fp.square_feet === plan.square_feet));
  });
}

/**
 * The rule an analyst can argue with: below the market by at least the threshold
 * with vacancy no higher than the comps' → raise; above it by at least the
 * threshold with vacancy higher than the comps' → lower; otherwise hold. No PSI
 * (no comparable data) → no data; no vacancy to compare → hold.
 */
export function signalOf(psi: number | null, vacancy: number | null, compVacancy: number | null, threshold: number): Signal {
  if (psi === null) return 'no data';
  if (vacancy === null || compVacancy === null) return 'hold';
  if (psi <= -threshold && vacancy <= compVacancy) return 'raise';
  if (psi >= threshold && vacancy > compVacancy) return 'lower';
  return 'hold';
}

/** The point of the latest survey (dates compare as ISO text); undefined without points. */
function latestPoint(trend: readonly TrendPoint[]): TrendPoint | undefined {
  let latest: TrendPoint | undefined;
  for (const point of trend) if (latest === undefined || point.date > latest.date) latest = point;
  return latest;
}

export function positioningRow(input: PositioningInput, { basis, threshold }: PositioningOptions): PositioningRow {
  const { overview } = input;
  const metrics = overview.overall_metrics;
  const units = planUnitCounts(overview.floor_plans, input.floorPlans);
  const onBasis = (plan: OverviewPlan) => (basis === 'ner' ? plan.ner : plan.base_rent);
  let gap: number | null = null;
  let plansWithData = 0;
  let comps = 0;
  overview.floor_plans.forEach((plan, i) => {
    const { subject_rent: subject, avg_comp_rent: average, psi, comps_with_data: count } = onBasis(plan);
    comps = Math.max(comps, count);
    if (psi !== null) plansWithData += 1;
    const planUnits = units[i];
    if (typeof subject === 'number' && typeof average === 'number' && count > 0 && typeof planUnits === 'number')
      gap = (gap ?? 0) + (subject - average) * planUnits;
  });
  const psi = basis === 'ner' ? metrics.overall_psi_ner : metrics.overall_psi_base;
  const cri = basis === 'ner' ? metrics.cri_ner : metrics.cri_base;
  const point = latestPoint(input.trend);
  const vacancy = point?.subject_vacancy ?? null;
  const compVacancy = point?.avg_comp_vacancy ?? null;
  return {
    community: input.community,
    as_of_date: overview.as_of_date ?? null,
    floor_plans_with_data: plansWithData,
    comps_with_data: comps,
    psi_asking: metrics.overall_psi_base,
    psi_ner: metrics.overall_psi_ner,
    cri_asking: metrics.cri_base,
    cri_ner: metrics.cri_ner,
    band: bandOf(cri),
    gap_to_market_cents: gap,
    vacancy_14d_pct: vacancy,
    comp_vacancy_pct: compVacancy,
    concession_pressure_pct: metrics.market_concession_pressure.pct_comps_offering,
    signal: signalOf(psi, vacancy, compVacancy, threshold),
    basis,
    forecast_psi_ner_13w: input.forecastPsiNer13w ?? null,
  };
}

/** A row's PSI on its basis. */
export function psiOf(row: PositioningRow): number | null {
  return row.basis === 'ner' ? row.psi_ner : row.psi_asking;
}

/** The basis's PSI, most above market first; communities without one last, then by name. */
export function byPsiDescending(rows: readonly PositioningRow[]): PositioningRow[] {
  return [...rows].sort((a, b) => {
    const [x, y] = [psiOf(a), psiOf(b)];
    if (x === null || y === null) return Number(x === null) - Number(y === null) || a.community.name.localeCompare(b.community.name, 'en');
    return y - x || a.community.name.localeCompare(b.community.name, 'en');
  });
}

export interface PositioningTotals {
  communities: number;
  bands: Record<Band | 'no data', number>;
  signals: Record<Signal, number>;
  /** Σ of the rows' gaps (those that have one), cents a month. */
  gap_to_market_cents: number;
}

/** The footer's figures: communities per band and per signal, and the portfolio's gap per month. */
export function positioningTotals(rows: readonly PositioningRow[]): PositioningTotals {
  const bands = Object.fromEntries([...BANDS, 'no data'].map((band) => [band, 0])) as PositioningTotals['bands'];
  const signals = Object.fromEntries(SIGNALS.map((signal) => [signal, 0])) as PositioningTotals['signals'];
  let gap = 0;
  for (const row of rows) {
    bands[row.band ?? 'no data'] += 1;
    signals[row.signal] += 1;
    gap += row.gap_to_market_cents ?? 0;
  }
  return { communities: rows.length, bands, signals, gap_to_market_cents: gap };
}
