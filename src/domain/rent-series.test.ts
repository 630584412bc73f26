import { describe, expect, it } from 'vitest';
import { rentSeries } from './rent-series.js';

describe('rentSeries', () => {
  it("per bedroom count: the subject's mean of its plans, the comparables' mean of each one's mean", () => {
    const subject = [
      { date: '2026-11-09', bedrooms: 1, rent: 150_000 },
      { date: '2026-11-02', bedrooms: 1, rent: 140_000 },
      { date: '2026-11-02', bedrooms: 1, rent: 160_000 },
      { date: '2026-11-02', bedrooms: 2, rent: 200_000 },
      { date: '2026-11-02', bedrooms: 2, rent: null },
    ];
    // Comp A has three 1 BR plans, comp B one: A counts once, as (100 + 110 + 120) / 3 = 110.
    const a = [
      { date: '2026-11-02', bedrooms: 1, rent: 100_000 },
      { date: '2026-11-02', bedrooms: 1, rent: 110_000 },
      { date: '2026-11-02', bedrooms: 1, rent: 120_000 },
      { date: '2026-11-02', bedrooms: 3, rent: 300_000 },
    ];
    const b = [
      { date: '2026-11-02', bedrooms: 1, rent: 130_000 },
      { date: '2026-11-09', bedrooms: 1, rent: 131_000 },
    ];
    expect(rentSeries(subject, [a, b])).toEqual([
      {
        bedrooms: 1,
        subject: [
          { date: '2026-11-02', rent: 150_000 },
          { date: '2026-11-09', rent: 150_000 },
        ],
        comps: [
          { date: '2026-11-02', rent: 120_000 },
          { date: '2026-11-09', rent: 131_000 },
        ],
      },
      { bedrooms: 2, subject: [{ date: '2026-11-02', rent: 200_000 }], comps: [] },
    ]);
  });

  it('nothing priced, nothing to chart', () => {
    expect(rentSeries([], [[{ date: '2026-11-02', bedrooms: 1, rent: 1 }]])).toEqual([]);
  });
});
