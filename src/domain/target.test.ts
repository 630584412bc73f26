import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, bandRange, TARGET_BANDS } from './bands.js';
import { netEffectiveRentCents } from './concessions.js';
import { comparableRents } from './overview.js';
import { percentileRank } from './stats.js';
import {
  bandPercentile,
  isTargetBand,
  monthlyRevenueChange,
  planTarget,
  sizeAdjustedCompRents,
  type CurrentPricing,
  type PricingTarget,
} from './target.js';

/** A plan priced at `asking` with `concessions`, its NER as the text makes it (or as given). */
const rents = (asking: number, concessions: string | null = '', ner = netEffectiveRentCents(asking, concessions)): CurrentPricing => ({
  askingCents: asking,
  nerCents: ner,
  concessions,
});

/** The target rent on asking rent, for a plan not priced yet: the rent axis alone. */
const onAsking = (compRents: number[], target: PricingTarget) => planTarget({ current: null, compRents, basis: 'asking' }, target);

describe('bands', () => {
  it('aim at the middle of the band: aggressive 15, market 45, premium 75', () => {
    expect(bandPercentile('aggressive')).toBe(15); // (0 + 30) / 2
    expect(bandPercentile('market')).toBe(45); // (30 + 60) / 2
    expect(bandPercentile('premium')).toBe(75); // (60 + 90) / 2
  });

  it('use the CRI bands of the overview (lower bound inclusive), and offer no outlier target', () => {
    expect(TARGET_BANDS).toEqual(['aggressive', 'market', 'premium']);
    for (const band of TARGET_BANDS) expect(bandOf(bandPercentile(band))).toBe(band);
    expect(isTargetBand('market')).toBe(true);
    expect(isTargetBand('outlier')).toBe(false);
    expect(isTargetBand('toString')).toBe(false);
  });
});

describe('--psi: the whole-dollar rent nearest the comp average × (1 + p)', () => {
  it('on asking rent, rounded to the dollar (half a dollar up)', () => {
    const comps = [175_000, 180_000, 180_000, 190_000]; // avg 181,250
    expect(onAsking(comps, { psi: 0.02 }).target_rent_cents).toBe(184_900); // 184,875 → $1,849
    expect(onAsking([169_936], { psi: -0.03 }).target_rent_cents).toBe(164_800); // 164,837.92 → $1,648
    expect(onAsking([181_650], { psi: 0 }).target_rent_cents).toBe(181_700); // $1,816.50 → $1,817
    expect(onAsking([545_000 / 3], { psi: 0 }).target_rent_cents).toBe(181_700); // 181,666.67 unrounded until the end
  });

  it('says what it aims at and where it lands: psi, percentile and the NER that follows', () => {
    // Asking 180,000 with "1 month free" (NER 165,000) against comps averaging 181,250.
    expect(planTarget({ current: rents(180_000, '1 month free'), compRents: [175_000, 180_000, 180_000, 190_000], basis: 'asking' }, { psi: 0.02 })).toEqual({
      comps_with_data: 4,
      current_rent_cents: 180_000,
      avg_comp_rent_cents: 181_250,
      target_rent_cents: 184_900,
      change_cents: 4_900,
      psi_current: -0.0069, // 180,000 / 181,250 − 1 = −0.006897
      psi_target: 0.0201, // 184,900 / 181,250 − 1 = 0.020138
      percentile_current: 50, // 1 below, 2 equal of 4: 100·2/4
      percentile_target: 75, // 3 below of 4
      current_asking_rent_cents: 180_000,
      target_asking_rent_cents: 184_900,
      asking_change_cents: 4_900,
      target_ner_cents: 169_492, // 184,900 · 11/12 = 169,491.67
      concessions: '1 month free',
      notes: [],
    });
  });
});

describe('--percentile: the lowest whole-dollar rent whose rank reaches q', () => {
  // DOMAIN.md's example: comps 1,800, 1,900, 1,900, 2,000. Ranks on whole dollars:
  //   $1,800 → 100·(0 + 0.5)/4 = 12.5     $1,801 → 100·1/4 = 25
  //   $1,900 → 100·(1 + 0.5·2)/4 = 50     $1,901 → 100·3/4 = 75
  //   $2,000 → 100·(3 + 0.5)/4 = 87.5     $2,001 → 100
  const comps = [180_000, 190_000, 190_000, 200_000];
  const at = (q: number, compRents = comps) => onAsking(compRents, { percentile: q }).target_rent_cents;

  it('takes the first whole dollar whose rank reaches the target', () => {
    expect(at(10)).toBe(180_000); // 12.5 ≥ 10
    expect(at(12.5)).toBe(180_000); // exactly 12.5
    expect(at(15)).toBe(180_100); // 12.5 < 15 ≤ 25
    expect(at(25)).toBe(180_100);
    expect(at(26)).toBe(190_000); // $1,801…$1,899 stay at 25
    expect(at(45)).toBe(190_000); // 50
    expect(at(75)).toBe(190_100); // 75
    expect(at(87.5)).toBe(200_000);
    expect(at(88)).toBe(200_100);
    expect(at(100)).toBe(200_100); // above every comp
  });

  it('counts ties half: meeting a tied pair is 50, clearing it takes one dollar more', () => {
    expect(at(50)).toBe(190_000); // 1 below + half of 2 equal = 2 of 4
    expect(at(50.01)).toBe(190_100); // then 3 of 4 = 75
  });

  it('rounds up to whole dollars from comp rents in cents', () => {
    // NER comps 1,650.00, 1,680.77, 1,716.67, 1,750.00: $1,680 ranks 25, $1,681 (first above 1,680.77) 50.
    const ner = [165_000, 168_077, 171_667, 175_000];
    expect(at(15, ner)).toBe(165_100); // $1,650 → 12.5, $1,651 → 25
    expect(at(45, ner)).toBe(168_100); // 50
    expect(at(75, ner)).toBe(171_700); // 75
    expect(at(100, ner)).toBe(175_100);
  });

  it('reaches a rank the float division cannot represent exactly', () => {
    expect(at(100 / 3, [175_000, 180_000, 190_000])).toBe(175_100); // 100·1/3
  });

  it('says when q cannot be met exactly, and which rank the target has', () => {
    // Three comps in cents: no whole dollar equals one, so the ranks are 0, 33, 67 and 100.
    const answer = onAsking([175_050, 180_050, 190_050], { percentile: 45 });
    expect(answer).toMatchObject({ target_rent_cents: 180_100, percentile_target: 67 });
    expect(answer.notes).toEqual([
      'percentile 45 cannot be met exactly with 3 comparables (its percentile can be 0, 33, 67 or 100): the lowest rent that reaches it ranks 67',
    ]);
    expect(onAsking([175_050, 180_050, 190_050], { percentile: 33 }).notes).toEqual([]); // 33.3 reads 33
  });

  it('with one comp: at its rent 50, above it 100', () => {
    expect(at(50, [150_050])).toBe(150_100); // $1,500 is below 1,500.50 (rank 0)
    expect(at(50, [150_000])).toBe(150_000);
    expect(at(51, [150_000])).toBe(150_100);
  });

  it('refuses a target of 0 or above 100', () => {
    expect(() => onAsking(comps, { percentile: 0 })).toThrow(RangeError);
    expect(() => onAsking(comps, { percentile: 100.5 })).toThrow(RangeError);
    expect(() => onAsking(comps, { percentile: Number.NaN })).toThrow(RangeError);
  });
});

describe('--band: a rent whose percentile lies in the band, nearest its middle', () => {
  it('never a rent in another band: with three comps in cents market (30–59) is 33, not 67', () => {
    // The S1: ranks can only be 0, 33, 67 or 100. The lowest rent reaching 45 ranks 67 (premium).
    const comps = [131_350, 133_100.5, 138_600.25];
    const market = onAsking(comps, { band: 'market' });
    expect(market).toMatchObject({ target_rent_cents: 131_400, percentile_target: 33, notes: [] });
    expect(bandOf(market.percentile_target)).toBe('market');
    // Premium (60–89): 67; aggressive (0–29): rank 0, the highest whole dollar below every comp.
    expect(onAsking(comps, { band: 'premium' })).toMatchObject({ target_rent_cents: 133_200, percentile_target: 67 });
    expect(onAsking(comps, { band: 'aggressive' })).toMatchObject({ target_rent_cents: 131_300, percentile_target: 0 });
  });

  it('takes the in-band rank nearest the middle: 12.5 for aggressive when a comp rent can be met exactly', () => {
    // $1,800 ties the lowest comp: 12.5, nearer 15 than 0 or 25 (which is in band too).
    expect(onAsking([180_000, 190_000, 190_000, 200_000], { band: 'aggressive' })).toMatchObject({ target_rent_cents: 180_000, percentile_target: 13 });
  });

  it('on a tie of distances, the rank nearer the plan\'s own', () => {
    // Three comps met exactly: ranks 0, 16.7, 33.3, 50, 66.7, 83.3, 100; premium's middle 75 is 8.3 from 66.7 and 83.3.
    const comps = [100_000, 110_000, 120_000];
    const from = (current: number) => planTarget({ current: rents(current), compRents: comps, basis: 'asking' }, { band: 'premium' });
    expect(from(130_000)).toMatchObject({ target_rent_cents: 120_000, percentile_target: 83 }); // now 100
    expect(from(90_000)).toMatchObject({ target_rent_cents: 110_100, percentile_target: 67 }); // now 0
  });

  it('a plan already at the chosen percentile keeps its rent', () => {
    const answer = planTarget({ current: rents(168_900), compRents: [165_000, 168_077, 171_667, 175_000], basis: 'asking' }, { band: 'market' });
    expect(answer).toMatchObject({ target_rent_cents: 168_900, change_cents: 0, percentile_current: 50, percentile_target: 50 });
    expect(answer.notes).toEqual(["already at percentile 50, the nearest the market band's middle it can be: keeps its rent"]);
  });

  it('where no rent can be in the band (too few comps), says so and gives no target', () => {
    // Two comps in cents: 0, 50 or 100; premium is 60–89.
    const answer = planTarget({ current: rents(170_000), compRents: [165_050, 175_050], basis: 'asking' }, { band: 'premium' });
    expect(answer).toMatchObject({ target_rent_cents: null, change_cents: null, target_asking_rent_cents: null, percentile_current: 50, percentile_target: null });
    expect(answer.notes).toEqual(['no rent puts it in the premium band: with 2 comparables its percentile can only be 0, 50 or 100']);
  });

  it('whatever the comps, the concession and the band: a target in the band, or none with a note (property)', () => {
    const concession = fc.constantFrom('', '6 weeks free', '1 month free', '$500 off', '$75 off per month', '50% off first month', 'up to 2 months free');
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 90_000, max: 300_000 }), { minLength: 1, maxLength: 9 }),
        fc.constantFrom(...TARGET_BANDS),
        fc.constantFrom('ner' as const, 'asking' as const),
        concession,
        fc.integer({ min: 90_000, max: 300_000 }),
        (compRents, band, basis, text, asking) => {
          const answer = planTarget({ current: rents(asking, text), compRents, basis }, { band });
          if (answer.target_rent_cents === null) expect(answer.notes.join()).toMatch(`no rent puts it in the ${band} band`);
          else {
            const { from, to } = bandRange(band);
            expect(answer.percentile_target).toBeGreaterThanOrEqual(from);
            expect(answer.percentile_target).toBeLessThan(to);
            expect(Math.round(percentileRank(answer.target_rent_cents, compRents)!)).toBe(answer.percentile_target);
          }
        },
      ),
    );
  });
});

describe('on NER: the asking rent to list, which nets the target under the plan\'s concession', () => {
  // Comps' NER average 200,000; --psi 0 asks for a NER of 200,000. Each concession as DOMAIN.md amortizes it.
  const compRents = [190_000, 200_000, 210_000];
  const listFor = (concessions: string, target: PricingTarget = { psi: 0 }) =>
    planTarget({ current: rents(180_000, concessions), compRents, basis: 'ner' }, target);

  it.each([
    // text, asking to list, the NER it leaves (the target)
    ['', 200_000, 200_000], // no concession: the NER is the asking rent
    ['No specials at this time', 200_000, 200_000],
    ['Waived application and admin fees', 200_000, 200_000], // not rent: NER = asking
    ['1 month free', 218_200, 200_017], // R·11/12: 218,100 nets 199,925, 218,200 nets 200,016.67 (nearer)
    ['6 weeks free', 226_100, 200_012], // R − R·(6·12/52)/12 = R·46/52: 226,100 → 200,011.54
    ['$600 off', 205_000, 200_000], // R − 60,000/12
    ['$100 off per month', 210_000, 200_000], // R − 10,000
    ['50% off first month', 208_700, 200_004], // R − 0.5·R/12 = R·23/24: 208,700 → 200,004.17
    ['8 weeks free on a 14 month lease', 230_400, 200_018], // R − R·(8·12/52)/14: 230,400 → 200,017.58
    ['Up to 2 months free', 240_000, 200_000], // valued in full: R·10/12
    ['1 month free + $500 off', 218_200, 200_017], // the larger of the two: one month (≈ $2,182) over $500
  ])('%j: lists %i, which nets %i', (text, asking, ner) => {
    const answer = listFor(text);
    expect(answer).toMatchObject({ target_asking_rent_cents: asking, target_rent_cents: ner, target_ner_cents: ner, current_asking_rent_cents: 180_000 });
    expect(answer.asking_change_cents).toBe(asking - 180_000);
    // The rent to list and the target agree to the cent, as every NER is computed.
    expect(netEffectiveRentCents(asking, text)).toBe(ner);
    expect(answer.notes).toEqual([]);
  });

  it('a percentile target is met by the NER of a whole-dollar asking rent: the lowest such that reaches it', () => {
    // "1 month free" cannot net exactly 200,000 (that is 218,181.82 asking): the rank 50 of meeting the
    // middle comp is out of reach, and the lowest asking rent reaching 50 nets 200,017 (rank 67).
    const answer = listFor('1 month free', { percentile: 50 });
    expect(answer).toMatchObject({ target_asking_rent_cents: 218_200, target_rent_cents: 200_017, percentile_target: 67 });
    expect(netEffectiveRentCents(218_100, '1 month free')).toBeLessThan(200_000);
    expect(answer.notes[0]).toMatch(/^percentile 50 cannot be met exactly with 3 comparables/);
  });

  it('when the concession does not say how the NER is made, there is no rent to list; the NER target stands', () => {
    const unread = planTarget({ current: rents(180_000, 'Call for our specials!', 170_000), compRents, basis: 'ner' }, { psi: 0 });
    expect(unread).toMatchObject({ target_rent_cents: 200_000, target_asking_rent_cents: null, asking_change_cents: null, target_ner_cents: 200_000 });
    expect(unread.notes).toEqual(['its concession "Call for our specials!" does not say how its NER is made: no asking rent to list']);
    // No concession text, yet a NER below asking recorded: the record knows of a concession the text does not say.
    const silent = planTarget({ current: rents(180_000, '', 170_000), compRents, basis: 'ner' }, { psi: 0 });
    expect(silent.target_asking_rent_cents).toBeNull();
  });

  it('keeps the current concession\'s lease term and tiers: the 12-month tier of a tiered special', () => {
    const text = '1 month free on 12 month lease, 2 months free on 18 month lease';
    expect(listFor(text)).toMatchObject({ target_asking_rent_cents: 218_200, target_rent_cents: 200_017 });
  });

  it('whatever the concession and the target: a whole-dollar asking rent, netting the target exactly (property)', () => {
    const concession = fc.constantFrom('', '6 weeks free', '1 month free', '$500 off', '$75 off per month', '25% off first month', 'up to 8 weeks free', '2 weeks free on 13 month lease');
    const target = fc.oneof(
      fc.double({ min: -0.3, max: 0.3, noNaN: true }).map((psi) => ({ psi })),
      fc.integer({ min: 1, max: 100 }).map((percentile) => ({ percentile })),
      fc.constantFrom(...TARGET_BANDS).map((band) => ({ band })),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 90_000, max: 300_000 }), { minLength: 1, maxLength: 9 }), concession, target, (comps, text, aim) => {
        const answer = planTarget({ current: rents(150_000, text), compRents: comps, basis: 'ner' }, aim);
        if (answer.target_asking_rent_cents === null) return;
        if (answer.change_cents === 0 && 'band' in aim) return; // kept its rent
        expect(answer.target_asking_rent_cents % 100).toBe(0);
        expect(netEffectiveRentCents(answer.target_asking_rent_cents, text)).toBe(answer.target_rent_cents);
        if ('percentile' in aim && answer.target_asking_rent_cents >= 100)
          expect(percentileRank(netEffectiveRentCents(answer.target_asking_rent_cents - 100, text), comps)).toBeLessThan(aim.percentile);
      }),
    );
  });
});

describe('planTarget: plans without comps or without pricing', () => {
  it('a plan without comps has no target; an unpriced plan has a target but no change and no rent to list on NER', () => {
    expect(planTarget({ current: rents(260_000), compRents: [], basis: 'ner' }, { percentile: 45 })).toMatchObject({
      comps_with_data: 0,
      current_rent_cents: 260_000,
      avg_comp_rent_cents: null,
      target_rent_cents: null,
      change_cents: null,
      psi_current: null,
      percentile_current: null,
      notes: ['no comparable data'],
    });
    const unpriced = planTarget({ current: null, compRents: [175_000, 180_000, 180_000, 190_000], basis: 'ner' }, { percentile: 45 });
    expect(unpriced).toMatchObject({ target_rent_cents: 180_000, change_cents: null, psi_current: null, percentile_current: null, target_asking_rent_cents: null });
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
    expect(planTarget({ current: rents(195_000), compRents: b1, basis: 'asking' }, { percentile: 45 }).target_rent_cents).toBe(181_900);
    expect(planTarget({ current: rents(235_000), compRents: b2, basis: 'asking' }, { percentile: 45 }).target_rent_cents).toBe(218_200);
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
