import { describe, expect, it } from 'vitest';
import { bandOf } from './bands.js';
import {
  computeOverview,
  matchFloorPlans,
  subjectPlanInput,
  type CompFloorPlanInput,
  type CompInput,
  type OverviewInput,
  type SubjectFloorPlanInput,
} from './overview.js';

function subjectPlan(overrides: Partial<SubjectFloorPlanInput> = {}): SubjectFloorPlanInput {
  return {
    id: 'p1',
    bedrooms: 1,
    bathrooms: 1,
    square_feet: 750,
    unit_count: 100,
    marketRentCents: 190_000,
    nerCents: 190_000,
    ...overrides,
  };
}

function compPlan(overrides: Partial<CompFloorPlanInput> = {}): CompFloorPlanInput {
  return {
    bedrooms: 1,
    bathrooms: 1,
    square_feet: 750,
    marketRentCents: 190_000,
    nerCents: null,
    concessions: '',
    ...overrides,
  };
}

function comp(id: string, ...plans: Array<Partial<CompFloorPlanInput>>): CompInput {
  return { id, floorPlans: plans.map(compPlan) };
}

/** The worked example of docs/metrics.md ("Worked example: overview"). */
function maple(nerFromText = false): OverviewInput {
  const ner = (cents: number) => (nerFromText ? null : cents);
  return {
    subjectFloorPlans: [
      subjectPlan({ id: 'b2', floor_plan_name: 'B2', bedrooms: 2, bathrooms: 2, square_feet: 1050, unit_count: 80, marketRentCents: 230_000, nerCents: ner(230_000), concessions: '' }),
      subjectPlan({ id: 'a1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 750, unit_count: 120, marketRentCents: 180_000, nerCents: ner(170_000), concessions: '$1,200 off' }),
    ],
    comps: [
      comp(
        'oak-flats',
        { bedrooms: 1, bathrooms: 1, square_feet: 700, marketRentCents: 175_000, nerCents: ner(175_000) },
        { bedrooms: 2, bathrooms: 1, square_feet: 950, marketRentCents: 215_000, nerCents: ner(215_000) },
        { bedrooms: 2, bathrooms: 1.5, square_feet: 1050, marketRentCents: 225_000, nerCents: ner(225_000) },
      ),
      comp(
        'birch-commons',
        { bedrooms: 1, bathrooms: 1, square_feet: 800, marketRentCents: 190_000, nerCents: ner(168_077), concessions: '6 weeks free' },
        { bedrooms: 2, bathrooms: 1, square_feet: 1000, marketRentCents: 232_000, nerCents: ner(205_231), concessions: '6 weeks free' },
        { bedrooms: 2, bathrooms: 2, square_feet: 1100, marketRentCents: 240_000, nerCents: ner(212_308), concessions: '6 weeks free' },
      ),
      comp(
        'cedar-row',
        { bedrooms: 1, bathrooms: 1, square_feet: 720, marketRentCents: 180_000, nerCents: ner(171_667), concessions: '$1,000 off move-in' },
        { bedrooms: 1, bathrooms: 1.5, square_feet: 780, marketRentCents: 186_000, nerCents: ner(186_000) },
      ),
    ],
  };
}

describe('computeOverview — worked example of docs/metrics.md', () => {
  const result = computeOverview(maple());
  const [a1, b2] = result.floor_plans;

  it('lists plans by bedrooms, bathrooms, size and passes their identity through', () => {
    expect(result.floor_plans.map((p) => p.floor_plan_id)).toEqual(['a1', 'b2']);
    expect(a1).toMatchObject({ floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 750, unit_count: 120 });
  });

  it('A1 base rent: Cedar Row 1/1.5 left out by the bathroom tie-break', () => {
    expect(a1?.base_rent).toEqual({
      subject_rent: 180_000,
      avg_comp_rent: 181_667, // 545,000 / 3 = 181,666.67
      psi: -0.0092,
      rent_variation: -1_667,
      rent_per_sqft_variation: -0.0224, // 240.00 vs 545,000 / 2,220
      percentile_rank: 50, // 1 below, 1 equal of 3
      market_low: 175_000,
      market_high: 190_000,
      comps_with_data: 3,
    });
  });

  it('A1 NER', () => {
    expect(a1?.ner).toEqual({
      subject_rent: 170_000,
      avg_comp_rent: 171_581,
      psi: -0.0092,
      rent_variation: -1_581,
      rent_per_sqft_variation: -0.0224,
      percentile_rank: 33,
      market_low: 168_077,
      market_high: 175_000,
      comps_with_data: 3,
      comps_offering_concessions: 2,
      pct_comps_offering_concessions: 66.7,
    });
  });

  it('B2: Oak Flats has no 2-bath plan so both its two-bedrooms average; Cedar Row has none and does not count', () => {
    expect(b2?.base_rent).toEqual({
      subject_rent: 230_000,
      avg_comp_rent: 230_000,
      psi: 0,
      rent_variation: 0,
      rent_per_sqft_variation: 0,
      percentile_rank: 50,
      market_low: 220_000,
      market_high: 240_000,
      comps_with_data: 2,
    });
    expect(b2?.ner).toEqual({
      subject_rent: 230_000,
      avg_comp_rent: 216_154,
      psi: 0.0641,
      rent_variation: 13_846,
      rent_per_sqft_variation: 0.0641,
      percentile_rank: 100,
      market_low: 212_308,
      market_high: 220_000,
      comps_with_data: 2,
      comps_offering_concessions: 1,
      pct_comps_offering_concessions: 50,
    });
  });

  it('overall metrics weight plans by subject units (120 and 80)', () => {
    expect(result.overall_metrics).toEqual({
      overall_psi_base: -0.0055,
      overall_psi_ner: 0.0201,
      cri_base: 50,
      cri_ner: 60, // from unrounded 33.33; rounded 33 would give 59.8
      market_concession_pressure: {
        pct_comps_offering: 66.7,
        avg_concession_value: 16_897, // (25,461.33 + 8,333) / 2
        total_comps: 3,
        comps_with_concessions: 2,
      },
    });
    expect(bandOf(result.overall_metrics.cri_base)).toBe('market');
    expect(bandOf(result.overall_metrics.cri_ner)).toBe('premium');
  });

  it('gives the same answer when NER is derived from the concession text', () => {
    expect(computeOverview(maple(true))).toEqual(result);
  });

  it('does not modify its input', () => {
    const input = maple();
    const copy = structuredClone(input);
    computeOverview(input);
    expect(input).toEqual(copy);
  });
});

describe('computeOverview — edge cases', () => {
  it('no comps: nulls, zero counts, zero pressure', () => {
    const result = computeOverview({ subjectFloorPlans: [subjectPlan()], comps: [] });
    expect(result.floor_plans[0]?.base_rent).toEqual({
      subject_rent: 190_000,
      avg_comp_rent: null,
      psi: null,
      rent_variation: null,
      rent_per_sqft_variation: null,
      percentile_rank: null,
      market_low: null,
      market_high: null,
      comps_with_data: 0,
    });
    expect(result.floor_plans[0]?.ner).toMatchObject({ comps_with_data: 0, comps_offering_concessions: 0, pct_comps_offering_concessions: 0 });
    expect(result.overall_metrics).toEqual({
      overall_psi_base: null,
      overall_psi_ner: null,
      cri_base: null,
      cri_ner: null,
      market_concession_pressure: { pct_comps_offering: 0, avg_concession_value: 0, total_comps: 0, comps_with_concessions: 0 },
    });
  });

  it('no subject floor plans', () => {
    const result = computeOverview({ subjectFloorPlans: [], comps: [comp('c1', {})] });
    expect(result.floor_plans).toEqual([]);
    expect(result.overall_metrics.cri_base).toBeNull();
    expect(result.overall_metrics.market_concession_pressure.total_comps).toBe(1);
  });

  it('a single comp', () => {
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000 })], comps: [comp('c1', { marketRentCents: 190_000 })] });
    expect(result.floor_plans[0]?.base_rent).toMatchObject({
      avg_comp_rent: 190_000,
      psi: 0.0526,
      rent_variation: 10_000,
      percentile_rank: 100,
      market_low: 190_000,
      market_high: 190_000,
      comps_with_data: 1,
    });
  });

  it('ties: every comp at the subject rent → percentile 50, PSI 0', () => {
    const comps = ['c1', 'c2', 'c3'].map((id) => comp(id, { marketRentCents: 190_000 }));
    const result = computeOverview({ subjectFloorPlans: [subjectPlan()], comps });
    expect(result.floor_plans[0]?.base_rent).toMatchObject({ percentile_rank: 50, psi: 0, rent_variation: 0 });
    expect(result.overall_metrics.cri_base).toBe(50);
  });

  it('docs percentile example: comps 1,800, 1,900, 1,900, 2,000 and subject 1,900 → 50', () => {
    const comps = [180_000, 190_000, 190_000, 200_000].map((rent, i) => comp(`c${i}`, { marketRentCents: rent }));
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 190_000 })], comps });
    expect(result.floor_plans[0]?.base_rent.percentile_rank).toBe(50);
  });

  it('a comp without the subject bedroom count does not count for that plan', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan({ bedrooms: 3 })],
      comps: [comp('c1', { bedrooms: 1 }, { bedrooms: 2 }), comp('c2', { bedrooms: 3, marketRentCents: 250_000 })],
    });
    expect(result.floor_plans[0]?.base_rent).toMatchObject({ comps_with_data: 1, avg_comp_rent: 250_000 });
    expect(result.overall_metrics.market_concession_pressure.total_comps).toBe(2);
  });

  it('no comp with the bedroom count at all: that plan has no position and no weight', () => {
    const result = computeOverview({
      subjectFloorPlans: [
        subjectPlan({ id: 'one', bedrooms: 1, unit_count: 100, marketRentCents: 200_000 }),
        subjectPlan({ id: 'three', bedrooms: 3, unit_count: 900 }),
      ],
      comps: [comp('c1', { bedrooms: 1, marketRentCents: 190_000 })],
    });
    expect(result.floor_plans[1]?.base_rent).toMatchObject({ comps_with_data: 0, psi: null, percentile_rank: null });
    expect(result.overall_metrics).toMatchObject({ cri_base: 100, overall_psi_base: 0.0526 });
  });

  it('fractional bathrooms match exactly; without an exact match every plan of the bedroom count counts', () => {
    const plans = [
      { bathrooms: 1, marketRentCents: 180_000 },
      { bathrooms: 1.5, marketRentCents: 190_000 },
      { bathrooms: 2, marketRentCents: 200_000 },
    ];
    const exact = computeOverview({ subjectFloorPlans: [subjectPlan({ bathrooms: 1.5 })], comps: [comp('c1', ...plans)] });
    expect(exact.floor_plans[0]?.base_rent.avg_comp_rent).toBe(190_000);
    const noExact = computeOverview({ subjectFloorPlans: [subjectPlan({ bathrooms: 2.5 })], comps: [comp('c1', ...plans)] });
    expect(noExact.floor_plans[0]?.base_rent.avg_comp_rent).toBe(190_000); // (180 + 190 + 200) / 3
    expect(noExact.floor_plans[0]?.base_rent.comps_with_data).toBe(1);
  });

  it('matchFloorPlans prefers the same bathroom count, per comp', () => {
    const plans = [
      { bedrooms: 2, bathrooms: 1 },
      { bedrooms: 2, bathrooms: 2 },
      { bedrooms: 1, bathrooms: 1 },
    ];
    expect(matchFloorPlans({ bedrooms: 2, bathrooms: 2 }, plans)).toEqual([{ bedrooms: 2, bathrooms: 2 }]);
    expect(matchFloorPlans({ bedrooms: 2, bathrooms: 1.5 }, plans)).toEqual(plans.slice(0, 2));
    expect(matchFloorPlans({ bedrooms: 3, bathrooms: 2 }, plans)).toEqual([]);
  });

  it('each comp counts once: a comp with many matching plans does not dominate', () => {
    const many = comp('many', { marketRentCents: 150_000 }, { marketRentCents: 150_000 }, { marketRentCents: 150_000 }, { marketRentCents: 150_000 });
    const one = comp('one', { marketRentCents: 250_000 });
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000 })], comps: [many, one] });
    expect(result.floor_plans[0]?.base_rent).toMatchObject({ avg_comp_rent: 200_000, comps_with_data: 2, percentile_rank: 50 });
  });

  it('rent per sq ft weights comps by size, not a mean of ratios', () => {
    // comps: 100,000 / 500 sf (200/sf) and 300,000 / 1,000 sf (300/sf) → 400,000 / 1,500 = 266.67/sf
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000, square_feet: 750 })], // 266.67/sf
      comps: [comp('c1', { marketRentCents: 100_000, square_feet: 500 }), comp('c2', { marketRentCents: 300_000, square_feet: 1000 })],
    });
    expect(result.floor_plans[0]?.base_rent.rent_per_sqft_variation).toBe(0);
  });

  it('a comp plan without square feet counts for rents but not for rent per sq ft', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000, square_feet: 800 })],
      comps: [comp('c1', { marketRentCents: 200_000, square_feet: 800 }), comp('c2', { marketRentCents: 100_000, square_feet: null })],
    });
    expect(result.floor_plans[0]?.base_rent).toMatchObject({ avg_comp_rent: 150_000, comps_with_data: 2, rent_per_sqft_variation: 0 });
    const noArea = computeOverview({
      subjectFloorPlans: [subjectPlan({ square_feet: 0 })],
      comps: [comp('c1', { square_feet: 0 })],
    });
    expect(noArea.floor_plans[0]?.base_rent.rent_per_sqft_variation).toBeNull();
  });

  it('all comps with concessions', () => {
    const comps = [
      comp('c1', { marketRentCents: 200_000, concessions: '1 month free' }), // 16,667 a month
      comp('c2', { marketRentCents: 200_000, concessions: '6 weeks free' }), // 23,077
      comp('c3', { marketRentCents: 200_000, concessions: '$100 off monthly' }), // 10,000
    ];
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000, nerCents: 200_000 })], comps });
    // NER (183,333 + 176,923 + 190,000) / 3 = 183,418.67
    expect(result.floor_plans[0]?.ner).toMatchObject({ avg_comp_rent: 183_419, market_low: 176_923, market_high: 190_000 });
    expect(result.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 100,
      avg_concession_value: 16_581, // (16,667 + 23,077 + 10,000) / 3 = 16,581.33
      total_comps: 3,
      comps_with_concessions: 3,
    });
    expect(result.floor_plans[0]?.ner).toMatchObject({ comps_offering_concessions: 3, pct_comps_offering_concessions: 100, percentile_rank: 100 });
  });

  it('no comp with a concession', () => {
    const comps = [comp('c1', {}), comp('c2', { concessions: 'none' }), comp('c3', { concessions: 'No specials' })];
    const result = computeOverview({ subjectFloorPlans: [subjectPlan()], comps });
    expect(result.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 0,
      avg_concession_value: 0,
      total_comps: 3,
      comps_with_concessions: 0,
    });
    expect(result.floor_plans[0]?.ner).toMatchObject({ comps_offering_concessions: 0, pct_comps_offering_concessions: 0 });
    expect(result.floor_plans[0]?.ner.avg_comp_rent).toBe(result.floor_plans[0]?.base_rent.avg_comp_rent);
  });

  it('unparseable and non-rent text do not count as concessions and leave NER at market rent', () => {
    const comps = [
      comp('c1', { marketRentCents: 200_000, concessions: 'Call for specials' }),
      comp('c2', { marketRentCents: 200_000, concessions: 'waived application fee' }),
      comp('c3', { marketRentCents: 200_000, concessions: '1 month free' }),
    ];
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000 })], comps });
    expect(result.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 33.3,
      avg_concession_value: 16_667,
      total_comps: 3,
      comps_with_concessions: 1,
    });
    expect(result.floor_plans[0]?.ner).toMatchObject({ market_low: 183_333, market_high: 200_000, comps_offering_concessions: 1, pct_comps_offering_concessions: 33.3 });
  });

  // One source of truth: a recorded NER below asking says the comp offers asking − NER a month,
  // whatever its text; without a recorded NER the parsed text decides.
  it('a recorded NER below asking is a concession whatever the text; a recorded NER at asking is none', () => {
    const comps = [
      // "Ask about our specials!" cannot be valued, but NER was recorded $200 under asking: 20,000 a month.
      comp('c1', { marketRentCents: 200_000, nerCents: 180_000, concessions: 'Ask about our specials!' }),
      // No text at all, NER recorded $150 under asking: 15,000 a month.
      comp('c2', { marketRentCents: 200_000, nerCents: 185_000, concessions: '' }),
      // The text says 1 month free but the recorded NER is the asking rent: no concession in rent.
      comp('c3', { marketRentCents: 200_000, nerCents: 200_000, concessions: '1 month free' }),
      // No NER recorded: the text decides, 200,000 − 183,333 = 16,667 a month.
      comp('c4', { marketRentCents: 200_000, nerCents: null, concessions: '1 month free' }),
    ];
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 200_000, nerCents: 200_000 })], comps });
    // 3 of 4 comps offer (c1, c2, c4) → 75 %; (20,000 + 15,000 + 16,667)/3 = 17,222.33 → 17,222.
    expect(result.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 75,
      avg_concession_value: 17_222,
      total_comps: 4,
      comps_with_concessions: 3,
    });
    // The per-plan count follows the same rule: 3 of 4 matched comps.
    expect(result.floor_plans[0]?.ner).toMatchObject({ comps_offering_concessions: 3, pct_comps_offering_concessions: 75 });
  });

  it('concession pressure looks at all plans of a comp; per-plan counts only at matched plans', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan({ bedrooms: 1 })],
      comps: [comp('c1', { bedrooms: 1 }, { bedrooms: 2, marketRentCents: 240_000, concessions: '1 month free' })],
    });
    expect(result.overall_metrics.market_concession_pressure).toMatchObject({ comps_with_concessions: 1, avg_concession_value: 20_000 });
    expect(result.floor_plans[0]?.ner).toMatchObject({ comps_offering_concessions: 0, pct_comps_offering_concessions: 0 });
  });

  it('a comp averages its concession plans only: R − NER over plans with a concession', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan()],
      comps: [comp('c1', { marketRentCents: 200_000, concessions: '1 month free' }, { marketRentCents: 300_000 })],
    });
    expect(result.overall_metrics.market_concession_pressure.avg_concession_value).toBe(16_667);
  });

  it('unpriced comp plans take no part; a comp with no priced plan counts nowhere', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan()],
      comps: [
        comp('c1', { marketRentCents: null, concessions: '1 month free' }, { marketRentCents: 180_000 }),
        comp('c2', { marketRentCents: null, concessions: '1 month free' }),
        { id: 'c3', floorPlans: [] },
      ],
    });
    expect(result.floor_plans[0]?.base_rent).toMatchObject({ comps_with_data: 1, avg_comp_rent: 180_000 });
    expect(result.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 0,
      avg_concession_value: 0,
      total_comps: 1,
      comps_with_concessions: 0,
    });
  });

  it('an unpriced subject plan still shows the market, and adds nothing to PSI / CRI', () => {
    const result = computeOverview({
      subjectFloorPlans: [
        subjectPlan({ id: 'priced', marketRentCents: 200_000, nerCents: 200_000, unit_count: 10 }),
        subjectPlan({ id: 'unpriced', bedrooms: 2, marketRentCents: null, nerCents: null, unit_count: 1000 }),
      ],
      comps: [comp('c1', { marketRentCents: 190_000 }, { bedrooms: 2, marketRentCents: 240_000 })],
    });
    expect(result.floor_plans[1]?.base_rent).toEqual({
      subject_rent: null,
      avg_comp_rent: 240_000,
      psi: null,
      rent_variation: null,
      rent_per_sqft_variation: null,
      percentile_rank: null,
      market_low: 240_000,
      market_high: 240_000,
      comps_with_data: 1,
    });
    expect(result.floor_plans[1]?.ner.subject_rent).toBeNull();
    expect(result.overall_metrics).toMatchObject({ overall_psi_base: 0.0526, cri_base: 100 });
  });

  it('subject NER: recorded value first, else derived from its concession text, else market rent', () => {
    const plans = [
      subjectPlan({ id: 'a', bedrooms: 1, marketRentCents: 200_000, nerCents: 150_000, concessions: '1 month free' }),
      subjectPlan({ id: 'b', bedrooms: 2, marketRentCents: 200_000, nerCents: null, concessions: '1 month free' }),
      subjectPlan({ id: 'c', bedrooms: 3, marketRentCents: 200_000, nerCents: null }),
    ];
    const result = computeOverview({ subjectFloorPlans: plans, comps: [] });
    expect(result.floor_plans.map((p) => p.ner.subject_rent)).toEqual([150_000, 183_333, 200_000]);
  });

  it('unit_count 0 everywhere: no overall PSI / CRI rather than an unweighted guess', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan({ unit_count: 0 })],
      comps: [comp('c1', { marketRentCents: 180_000 })],
    });
    expect(result.floor_plans[0]?.base_rent.percentile_rank).toBe(100);
    expect(result.overall_metrics).toMatchObject({ overall_psi_base: null, cri_base: null });
  });

  it('rounding: cents with Math.round, PSI to 4 decimals, percentile to an integer, CRI and shares to 1 decimal', () => {
    const comps = [
      comp('c1', { marketRentCents: 100_000 }),
      comp('c2', { marketRentCents: 100_001 }),
      comp('c3', { marketRentCents: 100_001, concessions: '$0.12 off' }), // NER 100,001 − 12/12 = 100,000
    ];
    const result = computeOverview({ subjectFloorPlans: [subjectPlan({ marketRentCents: 100_000, nerCents: 100_000 })], comps });
    const base = result.floor_plans[0]?.base_rent;
    expect(base?.avg_comp_rent).toBe(100_001); // 100,000.67
    expect(base?.rent_variation).toBe(-1);
    expect(Object.is(base?.psi, 0)).toBe(true); // −0.0000067 → 0, never -0 on the wire
    expect(base?.percentile_rank).toBe(17); // 1 equal of 3 = 16.67
    expect(result.overall_metrics.cri_base).toBe(16.7);
    expect(result.overall_metrics.market_concession_pressure.pct_comps_offering).toBe(33.3);
    expect(result.floor_plans[0]?.ner.percentile_rank).toBe(33); // 2 equal of 3 = 33.33
  });

  it('avg_comp_rent rounds a half cent up', () => {
    const result = computeOverview({
      subjectFloorPlans: [subjectPlan()],
      comps: [comp('c1', { marketRentCents: 100_000 }), comp('c2', { marketRentCents: 100_001 })],
    });
    expect(result.floor_plans[0]?.base_rent.avg_comp_rent).toBe(100_001); // 100,000.5
  });
});

describe('subjectPlanInput', () => {
  const plan = { id: 'a1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 750, unit_count: 120, community_id: 's1' };

  it('takes the plan and the prices of its survey, nothing else', () => {
    expect(subjectPlanInput(plan, { market_rent_cents: 180_000, net_effective_rent_cents: 165_000, concessions: '1 month free' })).toEqual({
      id: 'a1',
      floor_plan_name: 'A1',
      bedrooms: 1,
      bathrooms: 1,
      square_feet: 750,
      unit_count: 120,
      marketRentCents: 180_000,
      nerCents: 165_000,
      concessions: '1 month free',
    });
  });

  it('a plan not priced in that survey has no rent', () => {
    expect(subjectPlanInput(plan, undefined)).toMatchObject({ marketRentCents: null, nerCents: null, concessions: null });
  });
});
