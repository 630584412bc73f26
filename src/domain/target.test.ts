import { describe, expect, it } from 'vitest';
import { criBand, CRI_BANDS } from './bands.js';
import { comparableRents } from './overview.js';
import {
  bandPercentile,
  isTargetBand,
  lowestRentAtPercentile,
  monthlyRevenueChange,
  planTarget,
  rentAtPsi,
  sizeAdjustedCompRents,
  TARGET_BANDS,
} from './target.js';

describe('bands', () => {
  it('aim at the middle of the band: aggressive 15, market 45, premium 75', () => {
    expect(bandPercentile('aggressive')).toBe(15); // (0 + 30) / 2
    expect(bandPercentile('market')).toBe(45); // (30 + 60) / 2
    expect(bandPercentile('premium')).toBe(75); // (60 + 90) / 2
  });

  it('use the CRI bands of the overview (lower bound inclusive), and offer no outlier target', () => {
    expect(TARGET_BANDS).toEqual(['aggressive', 'market', 'premium']);
    for (const band of TARGET_BANDS) {
      const { name, from, to } = CRI_BANDS.find((entry) => entry.short === band)!;
      expect(bandPercentile(band)).toBeGreaterThan(from);
      expect(bandPercentile(band)).toBeLessThan(to);
      expect(criBand(bandPercentile(band))).toBe(name);
    }
    expect(isTargetBand('market')).toBe(true);
    expect(isTargetBand('outlier')).toBe(false);
    expect(isTargetBand('toString')).toBe(false);
  });
});

describe('rentAtPsi', () => {
  it('is the comp average × (1 + p), rounded to the cent', () => {
    expect(rentAtPsi(181_250, 0.02)).toBe(184_875); // 181,250 × 1.02
    expect(rentAtPsi(169_936, -0.03)).toBe(164_838); // 169,936 × 0.97 = 164,837.92
    expect(rentAtPsi(545_000 / 3, 0)).toBe(181_667); // 181,666.67 unrounded until the end
  });
});

describe('lowestRentAtPercentile', () => {
  // DOMAIN.md's example: comps 1,800, 1,900, 1,900, 2,000. Ranks on whole dollars:
  //   $1,800 → 100·(0 + 0.5)/4 = 12.5     $1,801 → 100·1/4 = 25
  //   $1,900 → 100·(1 + 0.5·2)/4 = 50     $1,901 → 100·3/4 = 75
  //   $2,000 → 100·(3 + 0.5)/4 = 87.5     $2,001 → 100
  const comps = [180_000, 190_000, 190_000, 200_000];

  it('takes the first whole dollar whose rank reaches the target', () => {
    expect(lowestRentAtPercentile(comps, 10)).toBe(180_000); // 12.5 ≥ 10
    expect(lowestRentAtPercentile(comps, 12.5)).toBe(180_000); // exactly 12.5
    expect(lowestRentAtPercentile(comps, 15)).toBe(180_100); // 12.5 < 15 ≤ 25
    expect(lowestRentAtPercentile(comps, 25)).toBe(180_100);
    expect(lowestRentAtPercentile(comps, 26)).toBe(190_000); // $1,801…$1,899 stay at 25
    expect(lowestRentAtPercentile(comps, 45)).toBe(190_000); // 50
    expect(lowestRentAtPercentile(comps, 75)).toBe(190_100); // 75, the premium band's middle
    expect(lowestRentAtPercentile(comps, 87.5)).toBe(200_000);
    expect(lowestRentAtPercentile(comps, 88)).toBe(200_100);
    expect(lowestRentAtPercentile(comps, 100)).toBe(200_100); // above every comp
  });

  it('counts ties half: meeting a tied pair is 50, clearing it takes one dollar more', () => {
    expect(lowestRentAtPercentile(comps, 50)).toBe(190_000); // 1 below + half of 2 equal = 2 of 4
    expect(lowestRentAtPercentile(comps, 50.01)).toBe(190_100); // then 3 of 4 = 75
  });

  it('rounds up to whole dollars from comp rents in cents', () => {
    // NER comps 1,650.00, 1,680.77, 1,716.67, 1,750.00. $1,680 is below 1,680.77, so
    // $1,680 ranks 100·1/4 = 25 and the first dollar above 1,680.77 is $1,681 (50).
    const ner = [165_000, 168_077, 171_667, 175_000];
    expect(lowestRentAtPercentile(ner, 15)).toBe(165_100); // $1,650 → 12.5, $1,651 → 25
    expect(lowestRentAtPercentile(ner, 45)).toBe(168_100); // 50
    expect(lowestRentAtPercentile(ner, 75)).toBe(171_700); // 75
    expect(lowestRentAtPercentile(ner, 100)).toBe(175_100);
  });

  it('reaches a rank the float division cannot represent exactly', () => {
    // 3 comps: $1,751 ranks 100·1/3 = 33.33…; a target typed as that number is reached.
    expect(lowestRentAtPercentile([175_000, 180_000, 190_000], 100 / 3)).toBe(175_100);
  });

  it('has no answer without comps, and refuses a target of 0 or above 100', () => {
    expect(lowestRentAtPercentile([], 50)).toBeNull();
    expect(() => lowestRentAtPercentile(comps, 0)).toThrow(RangeError);
    expect(() => lowestRentAtPercentile(comps, 100.5)).toThrow(RangeError);
    expect(() => lowestRentAtPercentile(comps, Number.NaN)).toThrow(RangeError);
  });

  it('with one comp: at its rent 50, above it 100', () => {
    expect(lowestRentAtPercentile([150_050], 50)).toBe(150_100); // $1,500 is below 1,500.50 (rank 0)
    expect(lowestRentAtPercentile([150_000], 50)).toBe(150_000);
    expect(lowestRentAtPercentile([150_000], 51)).toBe(150_100);
  });
});

describe('planTarget', () => {
  const compRents = [175_000, 180_000, 180_000, 190_000]; // avg 725,000 / 4 = 181,250

  it('psi: target, change and positions before and after', () => {
    expect(planTarget({ currentRentCents: 180_000, compRents }, { psi: 0.02 })).toEqual({
      comps_with_data: 4,
      current_rent_cents: 180_000,
      avg_comp_rent_cents: 181_250,
      target_rent_cents: 184_875, // 181,250 × 1.02
      change_cents: 4_875,
      psi_current: -0.0069, // 180,000 / 181,250 − 1 = −0.006897
      psi_target: 0.02,
      percentile_current: 50, // 1 below, 2 equal of 4: 100·2/4
      percentile_target: 75, // 3 below of 4
    });
  });

  it('percentile: whole dollars, positions rounded like the overview', () => {
    expect(planTarget({ currentRentCents: 180_000, compRents }, { percentile: 15 })).toEqual({
      comps_with_data: 4,
      current_rent_cents: 180_000,
      avg_comp_rent_cents: 181_250,
      target_rent_cents: 175_100, // $1,750 ranks 12.5, $1,751 ranks 25
      change_cents: -4_900,
      psi_current: -0.0069,
      psi_target: -0.0339, // 175,100 / 181,250 − 1 = −0.033931
      percentile_current: 50,
      percentile_target: 25,
    });
  });

  it('a plan without comps has no target; an unpriced plan has a target but no change', () => {
    expect(planTarget({ currentRentCents: 260_000, compRents: [] }, { percentile: 45 })).toEqual({
      comps_with_data: 0,
      current_rent_cents: 260_000,
      avg_comp_rent_cents: null,
      target_rent_cents: null,
      change_cents: null,
      psi_current: null,
      psi_target: null,
      percentile_current: null,
      percentile_target: null,
    });
    const unpriced = planTarget({ currentRentCents: null, compRents }, { percentile: 45 });
    expect(unpriced).toMatchObject({ target_rent_cents: 180_000, change_cents: null, psi_current: null, percentile_current: null });
  });
});

describe('monthlyRevenueChange', () => {
  it('weights each plan change by its units and skips plans without a change', () => {
    // 120 × 4,875 + 80 × −2,000 = 585,000 − 160,000 = 425,000 cents ($4,250 a month)
    expect(
      monthlyRevenueChange([
        { units: 120, changeCents: 4_875 },
        { units: 80, changeCents: -2_000 },
        { units: 40, changeCents: null },
      ]),
    ).toBe(425_000);
    expect(monthlyRevenueChange([])).toBe(0);
  });
});

describe('comparableRents (overview.ts): the rents a target is computed against', () => {
  it('are the ones the overview averages: matched plans averaged, one entry per comp', () => {
    // The worked example of docs/metrics.md: B2 (2 bd / 2 ba) is priced by Oak Flats' two
    // two-bedrooms averaged, (215,000 + 225,000) / 2 = 220,000, and Birch's 2 / 2 at 240,000.
    const comps = [
      { id: 'oak', floorPlans: [
        { bedrooms: 2, bathrooms: 1, square_feet: 950, marketRentCents: 215_000, nerCents: 215_000, concessions: '' },
        { bedrooms: 2, bathrooms: 1.5, square_feet: 1050, marketRentCents: 225_000, nerCents: 225_000, concessions: '' },
      ] },
      { id: 'birch', floorPlans: [
        { bedrooms: 2, bathrooms: 1, square_feet: 1000, marketRentCents: 232_000, nerCents: 205_231, concessions: '6 weeks free' },
        { bedrooms: 2, bathrooms: 2, square_feet: 1100, marketRentCents: 240_000, nerCents: 212_308, concessions: '6 weeks free' },
      ] },
      { id: 'cedar', floorPlans: [{ bedrooms: 1, bathrooms: 1, square_feet: 720, marketRentCents: 180_000, nerCents: 171_667, concessions: '' }] },
      { id: 'unpriced', floorPlans: [{ bedrooms: 2, bathrooms: 2, square_feet: 1000, marketRentCents: null, nerCents: null, concessions: '' }] },
    ];
    expect(comparableRents({ bedrooms: 2, bathrooms: 2 }, comps)).toEqual([
      { base: 220_000, ner: 220_000 },
      { base: 240_000, ner: 212_308 },
    ]);
    expect(comparableRents({ bedrooms: 3, bathrooms: 2 }, comps)).toEqual([]);
  });
});

describe('sizeAdjustedCompRents (--per-sqft)', () => {
  // examples/positioning.json, Harbor View's two-bedrooms: Gull Point's G-B1 (950 sf, 60 units) at
  // 190,000 and Tern Flats' T-B1 (1,100 sf, 50 units) at 200,000: 200 and 181.8181… cents a sq ft.
  const gull = [
    { bedrooms: 1, squareFeet: 650, units: 80, rentCents: 150_000 },
    { bedrooms: 2, squareFeet: 950, units: 60, rentCents: 190_000 },
  ];
  const tern = [
    { bedrooms: 1, squareFeet: 720, units: 100, rentCents: 148_000 },
    { bedrooms: 2, squareFeet: 1100, units: 50, rentCents: 200_000 },
  ];

  it('scales each comparable\'s rent per square foot to the plan: two sizes, two answers', () => {
    const b1 = sizeAdjustedCompRents({ bedrooms: 2, square_feet: 1000 }, [gull, tern]);
    const b2 = sizeAdjustedCompRents({ bedrooms: 2, square_feet: 1200 }, [gull, tern]);
    expect(b1[0]).toBe(200_000); // 200 × 1,000
    expect(b1[1]).toBeCloseTo(181_818.18, 2); // 181.8181… × 1,000
    expect(b2[0]).toBe(240_000);
    expect(b2[1]).toBeCloseTo(218_181.82, 2);
    // The market band (percentile 45) on them: 181,900 for B1, 218,200 for B2 (each clears Tern, rank 50).
    expect(planTarget({ currentRentCents: 195_000, compRents: b1 }, { percentile: 45 }).target_rent_cents).toBe(181_900);
    expect(planTarget({ currentRentCents: 235_000, compRents: b2 }, { percentile: 45 }).target_rent_cents).toBe(218_200);
  });

  it('pools a comparable\'s plans of the bedroom count by units: Σ units·rent / Σ units·sqft', () => {
    const twoPlans = [
      { bedrooms: 2, squareFeet: 1000, units: 30, rentCents: 200_000 },
      { bedrooms: 2, squareFeet: 1200, units: 10, rentCents: 216_000 },
    ];
    // (30·200,000 + 10·216,000) / (30·1,000 + 10·1,200) = 8,160,000 / 42,000 = 194.2857… a sq ft;
    // a mean of the ratios (200 and 180) would say 190, and unweighted pooling 416,000 / 2,200 = 189.09.
    const [rent] = sizeAdjustedCompRents({ bedrooms: 2, square_feet: 1050 }, [twoPlans]);
    expect(rent).toBeCloseTo((8_160_000 / 42_000) * 1050, 6);
  });

  it('leaves out comparables without the bedroom count, plans without units, and plans without a size', () => {
    expect(sizeAdjustedCompRents({ bedrooms: 3, square_feet: 1300 }, [gull, tern])).toEqual([]);
    expect(sizeAdjustedCompRents({ bedrooms: 2, square_feet: 0 }, [gull, tern])).toEqual([]);
    expect(sizeAdjustedCompRents({ bedrooms: 2, square_feet: 1000 }, [[{ bedrooms: 2, squareFeet: 900, units: 0, rentCents: 190_000 }], tern])).toHaveLength(1);
  });
});
