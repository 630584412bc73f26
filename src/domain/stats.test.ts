import { describe, expect, it } from 'vitest';
import { mean, median, percentileRank, psi, rentPerSqftCents, pooledRentPerSqft, weightedMean, weightedPercentileRank } from './stats.js';
import { roundCents, roundFraction4, roundPercent1, roundTo } from './rounding.js';

describe('percentileRank: 100·(B + 0.5·E)/N', () => {
  it('docs example: comps 1800, 1900, 1900, 2000 and subject 1900 → 50', () => {
    expect(percentileRank(1900, [1800, 1900, 1900, 2000])).toBe(50);
  });
  it.each([
    [1700, [1800, 1900, 2000], 0],
    [2100, [1800, 1900, 2000], 100],
    [1900, [1900, 1900, 1900], 50], // all tied
    [1900, [1900], 50], // a single comp, tied
    [2000, [1900], 100], // a single comp, below
    [1800, [1900], 0],
    [1850, [1800, 1900, 2000], 100 / 3], // unrounded: rounding is the caller's
    [1900, [2000, 1800, 1900], 50], // order does not matter
  ])('subject %d among %j → %d', (subject, comps, expected) => {
    expect(percentileRank(subject, comps)).toBeCloseTo(expected, 10);
  });
  it('is null without comps', () => {
    expect(percentileRank(1900, [])).toBeNull();
  });
});

describe('weightedPercentileRank: 100·(Σw_below + 0.5·Σw_equal)/Σw', () => {
  it('equals the plain form with equal weights', () => {
    const comps = [1800, 1900, 1900, 2000];
    expect(weightedPercentileRank(1900, comps.map((value) => ({ value, weight: 3 })))).toBe(50);
  });
  it('weights the comps', () => {
    // below: 3, equal: 1, above: 4 → 100·(3 + 0.5)/8 = 43.75
    const comps = [
      { value: 1800, weight: 3 },
      { value: 1900, weight: 1 },
      { value: 2000, weight: 4 },
    ];
    expect(weightedPercentileRank(1900, comps)).toBe(43.75);
  });
  it('is null when the weights sum to 0', () => {
    expect(weightedPercentileRank(1900, [])).toBeNull();
    expect(weightedPercentileRank(1900, [{ value: 1800, weight: 0 }])).toBeNull();
  });
  it('rejects negative weights', () => {
    expect(() => weightedPercentileRank(1900, [{ value: 1800, weight: -1 }])).toThrow(RangeError);
  });
});

describe('psi = subject/avg − 1', () => {
  it.each([
    [180_000, 181_666.67, -0.0092],
    [230_000, 216_154, 0.0641],
    [2000, 2000, 0],
    [2100, 2000, 0.05],
  ])('%d vs %d → %d (4 decimals)', (subject, average, expected) => {
    expect(roundFraction4(psi(subject, average) as number)).toBe(expected);
  });
  it('is null without an average or a subject, or with a zero average', () => {
    expect(psi(2000, null)).toBeNull();
    expect(psi(2000, 0)).toBeNull();
    expect(psi(null, 2000)).toBeNull();
    expect(psi(undefined, 2000)).toBeNull();
  });
});

describe('means', () => {
  it('mean', () => {
    expect(mean([])).toBeNull();
    expect(mean([175_000, 190_000, 180_000])).toBeCloseTo(181_666.667, 3);
  });
  it('weightedMean', () => {
    expect(weightedMean([])).toBeNull();
    expect(weightedMean([{ value: 50, weight: 120 }, { value: 50, weight: 80 }])).toBe(50);
    expect(weightedMean([{ value: 10, weight: 3 }, { value: 20, weight: 1 }])).toBe(12.5);
    expect(weightedMean([{ value: 10, weight: 0 }])).toBeNull();
  });
});

describe('rent per square foot', () => {
  it('is Σrent/Σsqft, not a mean of ratios', () => {
    const rows = [
      { rent: 100_000, squareFeet: 500 }, // 200/sf
      { rent: 300_000, squareFeet: 1000 }, // 300/sf
    ];
    expect(pooledRentPerSqft(rows)).toBeCloseTo(266.667, 3); // not 250
  });
  it('leaves out rows without a positive area', () => {
    expect(pooledRentPerSqft([{ rent: 100_000, squareFeet: 500 }, { rent: 999_999, squareFeet: 0 }])).toBe(200);
    expect(pooledRentPerSqft([])).toBeNull();
  });
  it('rentPerSqftCents is integer cents per square foot', () => {
    expect(rentPerSqftCents(180_000, 750)).toBe(240);
    expect(rentPerSqftCents(175_000, 720)).toBe(243); // 243.06
    expect(rentPerSqftCents(180_000, 0)).toBeNull();
    expect(rentPerSqftCents(null, 750)).toBeNull();
  });
});

describe('rounding', () => {
  it('roundTo rounds half away from zero on the decimal digits', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(4.35, 1)).toBe(4.4);
    expect(roundTo(-0.00915, 4)).toBe(-0.0092);
    expect(roundTo(66.66666, 1)).toBe(66.7);
    expect(roundTo(1e-7, 4)).toBe(0);
    expect(Object.is(roundTo(-0.00001, 4), 0)).toBe(true); // never -0
    expect(roundTo(Number.NaN, 2)).toBeNaN();
  });
  it('roundCents uses Math.round', () => {
    expect(roundCents(183_333.33)).toBe(183_333);
    expect(roundCents(181_666.5)).toBe(181_667);
    expect(Object.is(roundCents(-0.2), 0)).toBe(true);
  });
  it('roundFraction4 and roundPercent1', () => {
    expect(roundFraction4(0.042_149)).toBe(0.0421);
    expect(roundPercent1(59.95)).toBe(60);
    expect(roundPercent1(4.8)).toBe(4.8);
  });
});

describe('median', () => {
  it('the middle value, the mean of the two middle ones for an even count, null for none', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([2_000, -5_000, 0, -1_000])).toBe(-500);
    expect(median([])).toBeNull();
  });
});
