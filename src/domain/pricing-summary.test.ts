import { describe, expect, it } from 'vitest';
import { summarizePricing } from './pricing-summary.js';

describe('summarizePricing', () => {
  it('weights the latest asking rents by unit count', () => {
    // (120·180,000 + 80·230,000) / 200 = (21,600,000 + 18,400,000) / 200 = 200,000
    const summary = summarizePricing([
      { unitCount: 120, latest: { marketRentCents: 180_000, asOfDate: '2026-11-02' } },
      { unitCount: 80, latest: { marketRentCents: 230_000, asOfDate: '2026-10-26' } },
      { unitCount: 40, latest: null },
    ]);
    expect(summary).toEqual({
      floor_plan_count: 3,
      avg_market_rent_cents: 200_000,
      min_rent_cents: 180_000,
      max_rent_cents: 230_000,
      latest_date: '2026-11-02',
    });
  });

  it('rounds the average to whole cents and counts a 0-unit plan as one unit', () => {
    // (1·100,001 + 2·100,000) / 3 = 100,000.33 → 100,000
    expect(
      summarizePricing([
        { unitCount: 0, latest: { marketRentCents: 100_001, asOfDate: '2026-01-01' } },
        { unitCount: 2, latest: { marketRentCents: 100_000, asOfDate: '2026-01-01' } },
      ]).avg_market_rent_cents,
    ).toBe(100_000);
  });

  it('gives nulls without pricing', () => {
    expect(summarizePricing([{ unitCount: 10, latest: null }])).toEqual({
      floor_plan_count: 1,
      avg_market_rent_cents: null,
      min_rent_cents: null,
      max_rent_cents: null,
      latest_date: null,
    });
    expect(summarizePricing([]).floor_plan_count).toBe(0);
  });
});
