import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import {
  forecastCommunity,
  forecastSeries,
  intervalHalfWidth,
  leaveOneOutHalfWidths,
  PERCENT_SCALE,
  weeklyValues,
  weeksNeeded,
  type HorizonBacktest,
  type PricedRecord,
} from './forecast.js';
import { SEASON_WEEKS } from './forecast-methods.js';

/** mulberry32: the same synthetic series on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box–Muller: a standard normal draw.
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}

const HISTORY = 2 * SEASON_WEEKS;
const AHEAD = 26;
const HORIZONS = [4, 13, 26];
const START = '2024-01-07';
const dateOf = (week: number) => addDays(START, 7 * week);
const rentScale = { toModel: (v: number) => v, fromModel: (v: number) => v, round: (v: number) => v };

type Structure = (week: number, rng: ReturnType<typeof random>, state: { walk: number }) => number;

/** Weekly series with known structure, in cents around $1,800: each the history plus the weeks to forecast. */
const STRUCTURES: Record<string, Structure> = {
  trend: (w, rng) => 180_000 + 150 * w + 800 * rng.normal(),
  season: (w, rng) => 180_000 + 4_000 * Math.cos((2 * Math.PI * w) / SEASON_WEEKS) + 800 * rng.normal(),
  'trend and season': (w, rng) => 180_000 + 80 * w + 3_500 * Math.cos((2 * Math.PI * (w - 10)) / SEASON_WEEKS) + 800 * rng.normal(),
  'random walk': (_, rng, state) => (state.walk += 1_000 * rng.normal()),
  'noise around a level': (_, rng) => 180_000 + 1_500 * rng.normal(),
  'level shift': (w, rng) => 180_000 + (w >= 70 ? -9_000 : 0) + 800 * rng.normal(),
};

function series(structure: Structure, seed: number): number[] {
  const rng = random(seed);
  const state = { walk: 180_000 };
  return Array.from({ length: HISTORY + AHEAD }, (_, w) => structure(w, rng, state));
}

/** Out of sample: MAE of the forecast and of naive (the last value) on the weeks after the history, over several series. */
function outOfSample(structure: Structure, seeds: number[]) {
  let ours = 0;
  let naive = 0;
  for (const seed of seeds) {
    const values = series(structure, seed);
    const history = values.slice(0, HISTORY);
    const { forecasts } = forecastSeries(history, rentScale, HORIZONS, dateOf);
    for (const f of forecasts) {
      const truth = values[HISTORY + f.horizon_weeks - 1]!;
      ours += Math.abs(truth - f.point);
      naive += Math.abs(truth - history.at(-1)!);
    }
  }
  return { ours, naive };
}

const SEEDS = Array.from({ length: 12 }, (_, i) => 1_000 + i);

describe('forecastSeries on synthetic series', () => {
  for (const name of ['trend', 'season', 'trend and season', 'noise around a level']) {
    it(`${name}: out of sample, clearly below naive's error`, () => {
      const { ours, naive } = outOfSample(STRUCTURES[name]!, SEEDS);
      expect(ours).toBeLessThan(0.8 * naive);
    });
  }

  for (const name of ['random walk', 'level shift']) {
    it(`${name}: out of sample, not worse than naive`, () => {
      const { ours, naive } = outOfSample(STRUCTURES[name]!, SEEDS);
      expect(ours).toBeLessThan(1.1 * naive);
    });
  }

  it('uses a baseline, named as such, where no model beats it clearly: a random walk is mostly naive', () => {
    const methods = SEEDS.flatMap((seed) =>
      forecastSeries(series(STRUCTURES['random walk']!, seed).slice(0, HISTORY), rentScale, HORIZONS, dateOf).by_horizon.map((b) => b.method),
    );
    expect(methods.filter((m) => ['naive', 'drift', 'seasonal_naive'].includes(m)).length).toBeGreaterThan(methods.length / 2);
  });

  it('finds the season: a seasonal series is forecast by a seasonal method', () => {
    const methods = SEEDS.flatMap((seed) =>
      forecastSeries(series(STRUCTURES.season!, seed).slice(0, HISTORY), rentScale, HORIZONS, dateOf).by_horizon.map((b) => b.method),
    );
    expect(methods.every((m) => ['seasonal_ets', 'combination', 'seasonal_naive'].includes(m))).toBe(true);
  });

  it('intervals cover about what they claim, over many series', () => {
    let inside80 = 0;
    let inside95 = 0;
    let total = 0;
    for (const [i, structure] of Object.values(STRUCTURES).entries())
      for (const seed of SEEDS) {
        const values = series(structure, 50_000 + 100 * i + seed);
        for (const f of forecastSeries(values.slice(0, HISTORY), rentScale, HORIZONS, dateOf).forecasts) {
          const truth = values[HISTORY + f.horizon_weeks - 1]!;
          inside80 += Number(truth >= f.lower_80 && truth <= f.upper_80);
          inside95 += Number(truth >= f.lower_95 && truth <= f.upper_95);
          total += 1;
        }
      }
    expect(inside80 / total).toBeGreaterThan(0.68);
    expect(inside80 / total).toBeLessThan(0.92);
    expect(inside95 / total).toBeGreaterThan(0.85);
    expect(inside95 / total).toBeLessThanOrEqual(1);
    expect(inside95).toBeGreaterThan(inside80);
  });

  it('intervals nest (95 % around 80 %) and widen with the horizon', () => {
    for (const structure of Object.values(STRUCTURES))
      for (const seed of SEEDS.slice(0, 4)) {
        const { forecasts } = forecastSeries(series(structure, seed).slice(0, HISTORY), rentScale, HORIZONS, dateOf);
        expect(forecasts.map((f) => f.horizon_weeks)).toEqual(HORIZONS);
        forecasts.forEach((f, i) => {
          expect(f.lower_95).toBeLessThanOrEqual(f.lower_80);
          expect(f.lower_80).toBeLessThanOrEqual(f.point);
          expect(f.point).toBeLessThanOrEqual(f.upper_80);
          expect(f.upper_80).toBeLessThanOrEqual(f.upper_95);
          const before = forecasts[i - 1];
          if (before) {
            expect(f.upper_80 - f.lower_80).toBeGreaterThanOrEqual(before.upper_80 - before.lower_80 - 1e-9);
            expect(f.upper_95 - f.lower_95).toBeGreaterThanOrEqual(before.upper_95 - before.lower_95 - 1e-9);
          }
        });
      }
  });

  it('keeps vacancy within 0–100 %, near either end and with a steep trend', () => {
    const rng = random(7);
    const cases = [
      Array.from({ length: HISTORY }, () => Math.max(0, 0.4 + 0.3 * rng.normal())),
      Array.from({ length: HISTORY }, (_, w) => Math.min(100, 60 + 0.4 * w + rng.normal())),
      Array.from({ length: HISTORY }, (_, w) => Math.max(0, 20 - 0.19 * w + 0.5 * rng.normal())),
    ];
    for (const values of cases) {
      const { forecasts, by_horizon } = forecastSeries(values, PERCENT_SCALE, [4, 13, 26, 52], dateOf, true);
      expect(forecasts.length).toBeGreaterThan(0);
      for (const f of forecasts)
        for (const v of [f.point, f.lower_80, f.upper_80, f.lower_95, f.upper_95]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
        }
      for (const pair of by_horizon.flatMap((b) => b.origins ?? []))
        for (const v of [pair.point, pair.lower_95, pair.upper_95]) if (v !== null) expect(v).toBeGreaterThanOrEqual(0);
    }
  });

  it('is deterministic: the same series gives the same answer', () => {
    const values = series(STRUCTURES['trend and season']!, 3);
    expect(JSON.stringify(forecastSeries(values, rentScale, HORIZONS, dateOf, true))).toBe(
      JSON.stringify(forecastSeries([...values], rentScale, HORIZONS, dateOf, true)),
    );
  });

  it('leaves out the horizons its history is too short to judge', () => {
    const values = series(STRUCTURES.trend!, 5).slice(0, weeksNeeded(13));
    const result = forecastSeries(values, rentScale, HORIZONS, dateOf);
    expect(result.forecasts.map((f) => f.horizon_weeks)).toEqual([4, 13]);
    expect(result.without).toEqual([26]);
    expect(forecastSeries(values.slice(0, 20), rentScale, HORIZONS, dateOf).forecasts).toEqual([]);
  });
});

/** What the backtest says, recomputed from its own pairs. */
function recompute(backtest: HorizonBacktest, round: (v: number) => number) {
  const pairs = backtest.origins!;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const inside = (lower: number | null, upper: number | null, v: number) => lower !== null && upper !== null && v >= lower && v <= upper;
  const banded = pairs.filter((p) => p.lower_80 !== null);
  return {
    pairs: pairs.length,
    mae: round(mean(pairs.map((p) => Math.abs(p.actual - p.point)))),
    mae_baseline: round(mean(pairs.map((p) => Math.abs(p.actual - p.baseline_point)))),
    coverage_80: Math.round((1000 * banded.filter((p) => inside(p.lower_80, p.upper_80, p.actual)).length) / banded.length) / 10,
    coverage_95: Math.round((1000 * banded.filter((p) => inside(p.lower_95, p.upper_95, p.actual)).length) / banded.length) / 10,
  };
}

describe('forecastCommunity', () => {
  // Two comparables and a subject with plans of 1 and 2 bedrooms, two years of weekly surveys.
  const rng = random(11);
  const weeks = Array.from({ length: HISTORY }, (_, w) => dateOf(w));
  const comp = (level: number): PricedRecord[] =>
    weeks.flatMap((date, w) =>
      [1, 2].map((bedrooms) => {
        const asking = Math.round(level + 30_000 * bedrooms + 60 * w + 3_000 * Math.cos((2 * Math.PI * w) / SEASON_WEEKS) + 500 * rng.normal());
        return { date, bedrooms, asking, ner: asking - (w % 20 < 6 ? 8_000 : 0) };
      }),
    );
  const input = {
    overview: {
      as_of_date: weeks.at(-1)!,
      floor_plans: [1, 2].map((bedrooms) => ({
        bedrooms,
        bathrooms: 1,
        square_feet: 600 + 300 * bedrooms,
        unit_count: 100 * bedrooms,
        base_rent: { subject_rent: 190_000, avg_comp_rent: 185_000, psi: 0.027, comps_with_data: 2 },
        ner: { subject_rent: 185_000 + 30_000 * bedrooms, avg_comp_rent: 180_000 + 30_000 * bedrooms, psi: 0.03, comps_with_data: 2 },
      })),
      overall_metrics: { overall_psi_base: 0.027, overall_psi_ner: 0.03, cri_base: 60, cri_ner: 60, market_concession_pressure: { pct_comps_offering: 50 } },
    },
    compPricing: [comp(148_000), comp(152_000)],
    vacancyTrend: weeks.map((date, w) => ({ date: `${date}T00:00:00.000Z`, subject_vacancy: Math.round(10 * (4 + Math.sin(w / 8) + 0.3 * rng.normal())) / 10 })),
  };
  const result = forecastCommunity(input, { horizons: HORIZONS, withPairs: true });

  it('forecasts the market asking rent and NER of each bedroom count, then vacancy', () => {
    expect(result.series.map((s) => `${s.kind} ${s.bedrooms}`)).toEqual(['market_asking 1', 'market_asking 2', 'market_ner 1', 'market_ner 2', 'vacancy null']);
    for (const s of result.series) {
      expect(s.history_weeks).toBe(HISTORY);
      expect(s.last_date).toBe(weeks.at(-1));
      expect(s.forecasts.map((f) => f.date)).toEqual(HORIZONS.map((h) => addDays(weeks.at(-1)!, 7 * h)));
    }
    // The comparables' average, as the overview averages them: each comparable's mean, then the mean of those.
    const asking1 = result.series[0]!;
    const lastWeek = input.compPricing.map((records) => records.find((r) => r.date === weeks.at(-1) && r.bedrooms === 1)!.asking);
    expect(asking1.last_value).toBe(Math.round((lastWeek[0]! + lastWeek[1]!) / 2));
  });

  it('its backtest figures recompute from its own pairs', () => {
    for (const s of result.series)
      for (const b of s.backtest.by_horizon) {
        const round = s.kind === 'vacancy' ? (v: number) => Math.round(v * 100) / 100 : Math.round;
        expect(recompute(b, round)).toEqual({ pairs: b.pairs, mae: b.mae, mae_baseline: b.mae_baseline, coverage_80: b.coverage_80, coverage_95: b.coverage_95 });
        expect(b.mae_by_method[b.method]).toBe(b.mae);
        expect(b.mae_by_method[b.baseline]).toBe(b.mae_baseline);
      }
  });

  it('holding today’s rents: the overview’s NER PSI with the market moved as forecast, weighted by units', () => {
    const ner = result.series.filter((s) => s.kind === 'market_ner');
    for (const held of result.holding_rents) {
      const psis = input.overview.floor_plans.map((plan) => {
        const s = ner.find((x) => x.bedrooms === plan.bedrooms)!;
        const f = s.forecasts.find((x) => x.horizon_weeks === held.horizon_weeks)!;
        return plan.ner.subject_rent / (plan.ner.avg_comp_rent * (f.point / s.last_value)) - 1;
      });
      expect(held.by_bedrooms.map((b) => b.psi_ner)).toEqual(psis.map((p) => Math.round(p * 10_000) / 10_000));
      expect(held.psi_ner).toBe(Math.round(((psis[0]! * 100 + psis[1]! * 200) / 300) * 10_000) / 10_000);
    }
  });

  it('weekly grid: a missing week is interpolated, two in a week keep the last', () => {
    expect(
      weeklyValues([
        { date: '2026-01-01', value: 1 },
        { date: '2026-01-15', value: 3 },
        { date: '2026-01-16', value: 5 },
      ]),
    ).toEqual({ start: '2026-01-01', values: [1, 3, 5] });
  });
});

describe('leaveOneOutHalfWidths', () => {
  it('is intervalHalfWidth of the errors less each one, for every size, level and tie', () => {
    // A fixed pseudo-random sequence: signed errors with repeats (ties of |error|, and of +e and −e).
    let seed = 7;
    const next = () => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 2 - 1;
    for (const n of [1, 2, 3, 5, 6, 10, 19, 40, 131])
      for (const level of [0.8, 0.95]) {
        const errors = Array.from({ length: n }, (_, i) => (i % 4 === 3 ? -1 : 1) * Math.round(Math.abs(next()) * (i % 3 === 0 ? 5 : 500)));
        const expected = errors.map((_, i) => intervalHalfWidth(errors.filter((_, j) => j !== i), level));
        expect(leaveOneOutHalfWidths(errors, level)).toEqual(expected);
      }
  });
});
