/**
 * Where a community's market is heading, and how well such forecasts have done
 * (`rentsurvey forecast`, the report, `overview --all`, the dashboard). From a
 * community's data — its overview, the pricing history of it and of its active
 * comparables, its vacancy trend — `forecastCommunity` makes the series (the
 * comparables' average asking rent and NER per bedroom count, as the report's
 * rent chart and the overview average them, and the subject's own 14-day
 * vacancy), judges every method on each by a rolling-origin backtest, forecasts
 * with the method that earned it, and says what holding today's rents would
 * mean for the subject's NER PSI. Definitions: docs/metrics.md, "Forecasts".
 */
import { addDays, daysBetween } from './dates.js';
import { formatPercentValue } from './format.js';
import {
  drift,
  ets,
  MIN_SEASONAL_HISTORY,
  naive,
  SEASON_WEEKS,
  seasonalEts,
  seasonalNaive,
  opaque,
  type OpaqueMethod,
} from './forecast-methods.js';
import { planUnitCounts, type FloorPlanUnits, type OverviewAnswer, type TrendPoint } from './positioning.js';
import { marketSeries, type PricedPlan } from './rent-series.js';
import { roundFraction4 } from './rounding.js';
import { weightedMean } from './stats.js';

export const SERIES_KINDS = ['market_asking', 'market_ner', 'vacancy'] as const;
export type SeriesKind = (typeof SERIES_KINDS)[number];
export const DEFAULT_HORIZONS = [4, 13, 26] as const;

export const BASELINES = ['naive', 'drift', 'seasonal_naive'] as const;
export type Baseline = (typeof BASELINES)[number];
export const MODELS = ['ets', 'seasonal_ets', 'combination'] as const;
export type MethodName = Baseline | (typeof MODELS)[number];

/** A fitted model is used only where its backtest MAE is at least 10 % below the best baseline's. */
export const CLEAR_MARGIN = 0.1;
/** The first origin leaves half a year to fit on. */
export const MIN_ORIGIN_WEEKS = 26;
/** A horizon is forecast only with at least this many backtest pairs to judge and calibrate it. */
export const MIN_PAIRS = 10;
/** A fitted seasonal model is a candidate once the series holds two years. */
export const SEASONAL_MODEL_WEEKS = 2 * SEASON_WEEKS;
/** The backtest re-estimates each method's parameters every 13 weeks of origins. */
const REFIT_WEEKS = 13;
/** A backtest pair's interval needs this many other pairs' errors. */
const MIN_CALIBRATION_ERRORS = 5;

/** One record of GET …/pricing-history, reduced to what the series need; cents. */
export interface PricedRecord {
  date: string;
  bedrooms: number;
  asking: number;
  ner: number;
}

/**
 * Everything one community's forecast is made from (the answers the CLI reads
 * through the spec's endpoints): its overview says its bedroom counts, rents and
 * units; its active comparables' pricing history makes the market series.
 */
export interface CommunityForecastInput {
  overview: OverviewAnswer;
  /** Needed only when the overview has no unit counts (see positioning.ts). */
  floorPlans?: readonly FloorPlanUnits[] | undefined;
  /** Each active comparable's pricing history. */
  compPricing: readonly (readonly PricedRecord[])[];
  /** The subject's vacancy trend; without it, no vacancy series. */
  vacancyTrend?: readonly TrendPoint[] | undefined;
}

export interface ForecastOptions {
  horizons: readonly number[];
  /** The series to make (default all): `overview --all` asks only for market_ner. */
  kinds?: readonly SeriesKind[];
  /** Keep each backtest pair (origin, truth, forecast, intervals) in the answer. */
  withPairs?: boolean;
}

export interface HorizonForecast {
  horizon_weeks: number;
  date: string;
  method: MethodName;
  point: number;
  lower_80: number;
  upper_80: number;
  lower_95: number;
  upper_95: number;
}

export interface BacktestPair {
  origin_date: string;
  date: string;
  actual: number;
  point: number;
  baseline_point: number;
  /** Calibrated on the other pairs' errors; null with fewer than five of them. */
  lower_80: number | null;
  upper_80: number | null;
  lower_95: number | null;
  upper_95: number | null;
}

export interface HorizonBacktest {
  horizon_weeks: number;
  method: MethodName;
  pairs: number;
  mae: number;
  mae_baseline: number;
  baseline: Baseline;
  /** Percent of the pairs with an interval whose truth fell inside it; null without such pairs. */
  coverage_80: number | null;
  coverage_95: number | null;
  /** Every candidate's MAE on the same pairs. */
  mae_by_method: Partial<Record<MethodName, number>>;
  origins?: BacktestPair[];
}

export interface DatedValue {
  date: string;
  value: number;
}

export interface SeriesForecast {
  kind: SeriesKind;
  bedrooms: number | null;
  history_weeks: number;
  last_date: string;
  last_value: number;
  /** The method of each horizon, in horizon order, once each (`naive` or `ets, naive`). */
  method: string;
  forecasts: HorizonForecast[];
  backtest: { by_horizon: HorizonBacktest[] };
  /** Requested horizons this history is too short to forecast and judge. */
  horizons_without_history: number[];
  history: DatedValue[];
}

export interface HeldRents {
  horizon_weeks: number;
  date: string;
  /** Unit-weighted over the plans, as the overview's overall PSI. */
  psi_ner: number | null;
  by_bedrooms: { bedrooms: number; psi_ner: number | null }[];
}

export interface CommunityForecast {
  series: SeriesForecast[];
  /** The subject's NER PSI at each horizon if its rents stay and its market's NER moves as forecast. */
  holding_rents: HeldRents[];
}

/** The fewest weeks a series needs to forecast `horizon` weeks ahead. */
export const weeksNeeded = (horizon: number) => MIN_ORIGIN_WEEKS + horizon + MIN_PAIRS - 1;

/**
 * Dated values on a weekly grid from the first date: a date's week is its
 * distance in days / 7, rounded; several in a week keep the last; a missing
 * week is interpolated between its neighbours.
 */
export function weeklyValues(points: readonly DatedValue[]): { start: string; values: number[] } | null {
  const sorted = [...points].filter((p) => Number.isFinite(p.value)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const first = sorted[0];
  if (!first) return null;
  const byWeek = new Map<number, number>();
  for (const p of sorted) byWeek.set(Math.round(daysBetween(first.date, p.date) / 7), p.value);
  const weeks = [...byWeek.keys()];
  const last = Math.max(...weeks);
  const values: number[] = [];
  let previous = 0;
  for (let w = 0; w <= last; w++) {
    const known = byWeek.get(w);
    if (known !== undefined) {
      values.push(known);
      previous = w;
      continue;
    }
    let next = w + 1;
    while (!byWeek.has(next)) next++;
    const [a, b] = [byWeek.get(previous)!, byWeek.get(next)!];
    values.push(a + ((b - a) * (w - previous)) / (next - previous));
  }
  return { start: first.date, values };
}

/** How a series is modelled and shown: vacancy on the logit scale, so that forecasts stay within 0–100 %. */
interface Scale {
  toModel: (value: number) => number;
  fromModel: (value: number) => number;
  round: (value: number) => number;
}

const RENT_SCALE: Scale = { toModel: (v) => v, fromModel: (v) => v, round: (v) => Math.round(v) };
const clampPercent = (p: number) => Math.min(99.9, Math.max(0.1, p));
export const PERCENT_SCALE: Scale = {
  toModel: (p) => Math.log(clampPercent(p) / (100 - clampPercent(p))),
  fromModel: (x) => 100 / (1 + Math.exp(-x)),
  round: (v) => Math.round(v * 100) / 100,
};

const METHODS: Record<Exclude<MethodName, 'combination'>, OpaqueMethod> = {
  naive: opaque(naive),
  drift: opaque(drift),
  seasonal_naive: opaque(seasonalNaive),
  ets: opaque(ets),
  seasonal_ets: opaque(seasonalEts),
};

interface Candidate {
  name: MethodName;
  baseline: boolean;
  /** Can it forecast `horizon` from the first `origin` values? */
  availableAt: (origin: number, horizon: number) => boolean;
}

/** The methods in play for a series of n weeks at a horizon (docs/metrics.md): baselines, then fitted models. */
function candidatesFor(n: number, horizon: number): Candidate[] {
  const always = () => true;
  const seasonalModel = n >= SEASONAL_MODEL_WEEKS;
  const list: Candidate[] = [
    { name: 'naive', baseline: true, availableAt: always },
    { name: 'drift', baseline: true, availableAt: always },
  ];
  // Seasonal naive where the history holds more than a year plus the horizon.
  if (n > SEASON_WEEKS + horizon)
    list.push({ name: 'seasonal_naive', baseline: true, availableAt: (t, h) => t + h - SEASON_WEEKS >= 0 });
  list.push({ name: 'ets', baseline: false, availableAt: always });
  if (seasonalModel) {
    const enough = (t: number) => t >= MIN_SEASONAL_HISTORY;
    list.push({ name: 'seasonal_ets', baseline: false, availableAt: enough });
    list.push({ name: 'combination', baseline: false, availableAt: enough });
  }
  return list;
}

/** The k-th smallest of |errors| with k = ⌈(n+1)·level⌉ (split-conformal); a normal approximation when too few. */
export function intervalHalfWidth(errors: readonly number[], level: number): number {
  const n = errors.length;
  if (n === 0) return Number.NaN;
  const sorted = errors.map(Math.abs).sort((a, b) => a - b);
  const k = Math.ceil((n + 1) * level);
  if (k <= n) return sorted[k - 1]!;
  const z = level >= 0.95 ? 1.96 : 1.2816;
  return z * Math.sqrt(errors.reduce((sum, e) => sum + e * e, 0) / n);
}

/**
 * intervalHalfWidth of the errors less each one in turn (leave one out), the same numbers from
 * one sort: the k-th smallest of the others is the k-th of all, or the next one when the one
 * left out is among the first k (n log n, where sorting each set apart was n² log n).
 */
export function leaveOneOutHalfWidths(errors: readonly number[], level: number): number[] {
  const others = errors.length - 1;
  const k = Math.ceil((others + 1) * level);
  // Too few for the k-th: intervalHalfWidth's normal approximation, each set summed as it sums it.
  if (others <= 0 || k > others) return errors.map((_, i) => intervalHalfWidth(errors.filter((_, j) => j !== i), level));
  const order = errors.map((error, index) => ({ size: Math.abs(error), index })).sort((a, b) => a.size - b.size);
  const rank = new Array<number>(errors.length);
  order.forEach(({ index }, position) => (rank[index] = position));
  return errors.map((_, i) => order[rank[i]! > k - 1 ? k - 1 : k]!.size);
}

const meanAbs = (xs: readonly number[]) => xs.reduce((sum, x) => sum + Math.abs(x), 0) / xs.length;

/**
 * Forecasts one series (values on its scale, weekly) at the horizons, each with
 * its backtest. `dateOf(i)` is the date of week i (i may be past the end).
 */
export function forecastSeries(
  values: readonly number[],
  scale: Scale,
  horizons: readonly number[],
  dateOf: (week: number) => string,
  withPairs = false,
): { forecasts: HorizonForecast[]; by_horizon: HorizonBacktest[]; without: number[] } {
  const n = values.length;
  const y = values.map(scale.toModel);
  const sorted = [...new Set(horizons)].sort((a, b) => a - b);
  const possible = sorted.filter((h) => n >= weeksNeeded(h));
  // Each origin's forecasts per method, computed once for all horizons.
  const maxHorizon = Math.max(0, ...possible);
  // Parameters are estimated a quarter at a time (at the origins 26, 39, 52, … weeks) and the fitted model is
  // run on to each origin of that quarter: what a forecaster refitting quarterly would have had, no look-ahead.
  const fitAt = (origin: number, name: Exclude<MethodName, 'combination'>) =>
    origin === n ? n : Math.max(Math.min(origin, name === 'seasonal_ets' ? MIN_SEASONAL_HISTORY : 0), origin - ((origin - MIN_ORIGIN_WEEKS) % REFIT_WEEKS));
  const fitted = new Map<string, unknown>();
  const atOrigin = new Map<number, Map<MethodName, number[]>>();
  const forecastAt = (origin: number, name: MethodName): number[] => {
    const byMethod = atOrigin.get(origin) ?? new Map<MethodName, number[]>();
    atOrigin.set(origin, byMethod);
    let points = byMethod.get(name);
    if (!points) {
      if (name === 'combination') {
        // The average of what the two fitted models forecast here.
        const [a, b] = [forecastAt(origin, 'ets'), forecastAt(origin, 'seasonal_ets')];
        points = a.map((p, i) => (p + b[i]!) / 2);
      } else {
        const method = METHODS[name];
        const fitLength = fitAt(origin, name);
        const key = `${name} ${fitLength}`;
        if (!fitted.has(key)) fitted.set(key, method.fit(y.slice(0, fitLength)));
        points = method.forecast(y.slice(0, origin), fitted.get(key), maxHorizon);
      }
      byMethod.set(name, points);
    }
    return points;
  };

  const forecasts: HorizonForecast[] = [];
  const byHorizon: HorizonBacktest[] = [];
  let widest80 = 0;
  let widest95 = 0;
  for (const h of possible) {
    const candidates = candidatesFor(n, h);
    const firstOrigin = Math.max(
      MIN_ORIGIN_WEEKS,
      ...candidates.map((c) => {
        let t = 1;
        while (!c.availableAt(t, h)) t++;
        return t;
      }),
    );
    const origins: number[] = [];
    for (let t = firstOrigin; t + h <= n; t++) origins.push(t);
    if (origins.length < MIN_PAIRS) continue;
    const actual = origins.map((t) => values[t + h - 1]!);
    // Errors on the scale people read (cents, percent), per candidate.
    const maeOf = new Map<MethodName, number>();
    for (const c of candidates)
      maeOf.set(c.name, meanAbs(origins.map((t, i) => actual[i]! - scale.fromModel(forecastAt(t, c.name)[h - 1]!))));
    const pick = (baseline: boolean) =>
      candidates.filter((c) => c.baseline === baseline).reduce((best, c) => (maeOf.get(c.name)! < maeOf.get(best.name)! ? c : best));
    const baseline = pick(true);
    const model = pick(false);
    const baselineMae = maeOf.get(baseline.name)!;
    const chosen = maeOf.get(model.name)! <= (1 - CLEAR_MARGIN) * baselineMae ? model : baseline;

    // Errors of the chosen method on the model scale: the intervals' calibration.
    const modelErrors = origins.map((t) => y[t + h - 1]! - forecastAt(t, chosen.name)[h - 1]!);
    // Each pair's interval is calibrated on the other pairs' errors (leave one out), as today's is on all of them.
    const calibrated = modelErrors.length - 1 >= MIN_CALIBRATION_ERRORS;
    const [halfWidths80, halfWidths95] = calibrated ? [leaveOneOutHalfWidths(modelErrors, 0.8), leaveOneOutHalfWidths(modelErrors, 0.95)] : [[], []];
    const pairs: BacktestPair[] = origins.map((t, i) => {
      const point = forecastAt(t, chosen.name)[h - 1]!;
      const band = (halfWidths: readonly number[]) => {
        if (!calibrated) return [null, null] as const;
        const w = halfWidths[i]!;
        return [scale.fromModel(point - w), scale.fromModel(point + w)] as const;
      };
      const [lower_80, upper_80] = band(halfWidths80);
      const [lower_95, upper_95] = band(halfWidths95);
      return {
        origin_date: dateOf(t - 1),
        date: dateOf(t + h - 1),
        actual: actual[i]!,
        point: scale.fromModel(point),
        baseline_point: scale.fromModel(forecastAt(t, baseline.name)[h - 1]!),
        lower_80,
        upper_80,
        lower_95,
        upper_95,
      };
    });
    const covered = (lower: number | null, upper: number | null, truth: number) => lower !== null && upper !== null && truth >= lower && truth <= upper;
    const withBands = pairs.filter((p) => p.lower_80 !== null);
    const coverage = (level: 80 | 95) =>
      withBands.length === 0
        ? null
        : Math.round(
            (1000 * withBands.filter((p) => (level === 80 ? covered(p.lower_80, p.upper_80, p.actual) : covered(p.lower_95, p.upper_95, p.actual))).length) /
              withBands.length,
          ) / 10;

    // Today's interval from every backtest error; never narrower than a shorter horizon's, the 95 % around the 80 %.
    widest80 = Math.max(widest80, intervalHalfWidth(modelErrors, 0.8));
    widest95 = Math.max(widest95, widest80, intervalHalfWidth(modelErrors, 0.95));
    const point = forecastAt(n, chosen.name)[h - 1]!;
    forecasts.push({
      horizon_weeks: h,
      date: dateOf(n + h - 1),
      method: chosen.name,
      point: scale.round(scale.fromModel(point)),
      lower_80: scale.round(scale.fromModel(point - widest80)),
      upper_80: scale.round(scale.fromModel(point + widest80)),
      lower_95: scale.round(scale.fromModel(point - widest95)),
      upper_95: scale.round(scale.fromModel(point + widest95)),
    });
    const round = (v: number) => scale.round(v);
    byHorizon.push({
      horizon_weeks: h,
      method: chosen.name,
      pairs: pairs.length,
      mae: round(maeOf.get(chosen.name)!),
      mae_baseline: round(baselineMae),
      baseline: baseline.name as Baseline,
      coverage_80: coverage(80),
      coverage_95: coverage(95),
      mae_by_method: Object.fromEntries([...maeOf].map(([name, mae]) => [name, round(mae)])),
      ...(withPairs ? { origins: pairs } : {}),
    });
  }
  const done = new Set(forecasts.map((f) => f.horizon_weeks));
  return { forecasts, by_horizon: byHorizon, without: sorted.filter((h) => !done.has(h)) };
}

function seriesForecast(
  kind: SeriesKind,
  bedrooms: number | null,
  points: readonly DatedValue[],
  scale: Scale,
  options: ForecastOptions,
): SeriesForecast | null {
  const weekly = weeklyValues(points);
  if (!weekly) return null;
  const dateOf = (week: number) => addDays(weekly.start, 7 * week);
  const result = forecastSeries(weekly.values, scale, options.horizons, dateOf, options.withPairs);
  return {
    kind,
    bedrooms,
    history_weeks: weekly.values.length,
    last_date: dateOf(weekly.values.length - 1),
    last_value: scale.round(weekly.values.at(-1)!),
    method: [...new Set(result.forecasts.map((f) => f.method))].join(', '),
    forecasts: result.forecasts,
    backtest: { by_horizon: result.by_horizon },
    horizons_without_history: result.without,
    history: points.map((p) => ({ date: p.date, value: scale.round(p.value) })),
  };
}

const priced = (records: readonly PricedRecord[], basis: 'asking' | 'ner'): PricedPlan[] =>
  records.map((r) => ({ date: r.date, bedrooms: r.bedrooms, rent: r[basis] }));

/**
 * The subject's NER PSI at each horizon if its rents stay: each plan's PSI with
 * its comparables' average NER moved as its bedroom count's market NER is
 * forecast to move, weighted by units as the overview weights it.
 */
function holdingRents(input: CommunityForecastInput, ner: readonly SeriesForecast[], horizons: readonly number[]): HeldRents[] {
  const plans = input.overview.floor_plans;
  const units = planUnitCounts(plans, input.floorPlans);
  return [...horizons]
    .sort((a, b) => a - b)
    .flatMap((h) => {
      const dates = ner.flatMap((s) => s.forecasts.filter((f) => f.horizon_weeks === h).map((f) => f.date));
      if (dates.length === 0) return [];
      const psiOf = (i: number): number | null => {
        const plan = plans[i]!;
        const subject = plan.ner.subject_rent;
        const average = plan.ner.avg_comp_rent;
        const series = ner.find((s) => s.bedrooms === plan.bedrooms);
        const forecast = series?.forecasts.find((f) => f.horizon_weeks === h);
        if (typeof subject !== 'number' || typeof average !== 'number' || !series || !forecast || series.last_value <= 0) return null;
        return subject / (average * (forecast.point / series.last_value)) - 1;
      };
      const weighted = (indexes: number[]) => {
        const result = weightedMean(
          indexes.flatMap((i) => {
            const psi = psiOf(i);
            const weight = units[i];
            return psi === null || typeof weight !== 'number' ? [] : [{ value: psi, weight: Math.max(0, weight) }];
          }),
        );
        return result === null ? null : roundFraction4(result);
      };
      const all = plans.map((_, i) => i);
      const bedrooms = [...new Set(plans.map((p) => p.bedrooms))].sort((a, b) => a - b);
      return [
        {
          horizon_weeks: h,
          date: dates.sort()[0]!,
          psi_ner: weighted(all),
          by_bedrooms: bedrooms.map((b) => ({ bedrooms: b, psi_ner: weighted(all.filter((i) => plans[i]!.bedrooms === b)) })),
        },
      ];
    });
}

/**
 * One community's forecasts: market asking rent and NER per bedroom count of
 * the subject's plans (fewest bedrooms first), then its vacancy; and what
 * holding its rents would mean. The entry point for every view of forecasts.
 * A series too short for every horizon keeps its history and lists the
 * horizons in `horizons_without_history`.
 */
export function forecastCommunity(input: CommunityForecastInput, options: ForecastOptions): CommunityForecast {
  const wanted = new Set(options.kinds ?? SERIES_KINDS);
  const series = forecastMarket(
    input.compPricing,
    input.overview.floor_plans.map((plan) => plan.bedrooms),
    options,
  );
  if (wanted.has('vacancy') && input.vacancyTrend) {
    const vacancy = forecastVacancy(input.vacancyTrend, options);
    if (vacancy) series.push(vacancy);
  }
  return { series, holding_rents: holdingRents(input, series.filter((s) => s.kind === 'market_ner'), options.horizons) };
}

/** The subject's 14-day vacancy (its vacancy trend), forecast on a scale that keeps it within 0–100 %; null without a point. */
export function forecastVacancy(trend: readonly TrendPoint[], options: ForecastOptions): SeriesForecast | null {
  const points = trend.map((p) => ({ date: p.date.slice(0, 10), value: p.subject_vacancy }));
  return seriesForecast('vacancy', null, points, PERCENT_SCALE, options);
}

/** The market's series (asking, then NER; per bedroom count, fewest first) that `options.kinds` asks for, forecast. */
export function forecastMarket(compPricing: CommunityForecastInput['compPricing'], bedrooms: readonly number[], options: ForecastOptions): SeriesForecast[] {
  const wanted = new Set(options.kinds ?? SERIES_KINDS);
  const series: SeriesForecast[] = [];
  for (const kind of ['market_asking', 'market_ner'] as const) {
    if (!wanted.has(kind)) continue;
    const basis = kind === 'market_asking' ? 'asking' : 'ner';
    for (const market of marketSeries(bedrooms, compPricing.map((records) => priced(records, basis)))) {
      const made = seriesForecast(kind, market.bedrooms, market.comps.map((p) => ({ date: p.date, value: p.rent })), RENT_SCALE, options);
      if (made) series.push(made);
    }
  }
  return series;
}

/** The subject's overall NER PSI `horizon` weeks on if its rents are held (`overview --all`): only the series it needs. */
export function heldNerPsi(input: CommunityForecastInput, horizon: number): number | null {
  const { holding_rents: held } = forecastCommunity(input, { horizons: [horizon], kinds: ['market_ner'] });
  return held[0]?.psi_ner ?? null;
}

/**
 * The track record in one line (the report): at `horizon` weeks, over the
 * series forecast there, the mean MAE of the methods used against that of
 * their baselines, how many used a fitted model, and the mean 80 % coverage.
 */
export function trackRecordLine(series: readonly SeriesForecast[], horizon: number, format: (value: number) => string): string | null {
  const judged = series.flatMap((s) => s.backtest.by_horizon.filter((b) => b.horizon_weeks === horizon));
  if (judged.length === 0) return null;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const fitted = judged.filter((b) => !(BASELINES as readonly string[]).includes(b.method)).length;
  const coverages = judged.flatMap((b) => (b.coverage_80 === null ? [] : [b.coverage_80]));
  return (
    `Track record ${horizon} weeks ahead (${judged.length} series, ${Math.min(...judged.map((b) => b.pairs))}+ backtest forecasts each): ` +
    `mean error ${format(mean(judged.map((b) => b.mae)))} against ${format(mean(judged.map((b) => b.mae_baseline)))} for the best baseline; ` +
    `a fitted model on ${fitted} of ${judged.length}, the baseline elsewhere` +
    (coverages.length > 0 ? `; 80 % intervals held the outcome ${formatPercentValue(mean(coverages), 0)} of the time` : '') +
    '.'
  );
}
