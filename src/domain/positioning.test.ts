// Positioning rows from hand-written service answers. The numbers are those of
// examples/positioning.json (the CLI tests run the same dataset end to end):
//
// Harbor View, survey of 2026-11-02, comparables Gull Point and Tern Flats.
//   A1 1/1 (100 units): NER 170,000 vs Gull 150,000, Tern 148,000 ("$1,440 off" on 160,000) → avg 149,000
//   B1 2/2  (60 units): NER 195,000 vs Gull 190,000, Tern 200,000 → avg 195,000
//   B2 2/2  (40 units): NER 235,000 vs the same → avg 195,000
//   on asking rent A1's comps average (150,000 + 160,000) / 2 = 155,000; B1 and B2 as on NER.
import { describe, expect, it } from 'vitest';
import {
  byPsiDescending,
  needsFloorPlans,
  planUnitCounts,
  positioningRow,
  positioningTotals,
  signalOf,
  type OverviewAnswer,
  type OverviewPlan,
  type PositioningRow,
} from './positioning.js';
import { HARBOR_ROW } from '../../test/helpers/positioning.js';

const position = (subject: number, average: number, psi: number) => ({ subject_rent: subject, avg_comp_rent: average, psi, comps_with_data: 2 });

const plan = (id: string, bedrooms: number, squareFeet: number, units: number | undefined, ner: ReturnType<typeof position>, base = ner): OverviewPlan => ({
  floor_plan_id: id,
  bedrooms,
  bathrooms: bedrooms === 1 ? 1 : 2,
  square_feet: squareFeet,
  ...(units === undefined ? {} : { unit_count: units }),
  base_rent: base,
  ner,
});

/** Harbor View's overview as the service answers it (psi per plan and overall rounded to 4 decimals). */
function harborOverview(units: { a1?: number; b1?: number; b2?: number } = { a1: 100, b1: 60, b2: 40 }): OverviewAnswer {
  return {
    as_of_date: '2026-11-02',
    floor_plans: [
      plan('a1', 1, 700, units.a1, position(170_000, 149_000, 0.1409), position(170_000, 155_000, 0.0968)),
      plan('b1', 2, 1000, units.b1, position(195_000, 195_000, 0)),
      plan('b2', 2, 1200, units.b2, position(235_000, 195_000, 0.2051)),
    ],
    overall_metrics: {
      // NER: (100·0.140940 + 60·0 + 40·0.205128) / 200 = 0.111495; asking: (100·0.096774 + 40·0.205128) / 200 = 0.089413
      overall_psi_base: 0.0894,
      overall_psi_ner: 0.1115,
      // (100·100 + 60·50 + 40·100) / 200 = 85, on both bases
      cri_base: 85,
      cri_ner: 85,
      market_concession_pressure: { pct_comps_offering: 50 },
    },
  };
}

const HARBOR = { id: 'h', name: 'Harbor View', external_community_id: 'PT-001' };
// Two surveys: the earlier one observed no comparable; the latest is what the row shows.
const HARBOR_TREND = [
  { date: '2026-11-02T00:00:00.000Z', subject_vacancy: 8, avg_comp_vacancy: 1.7 },
  { date: '2026-10-26T00:00:00.000Z', subject_vacancy: 1, avg_comp_vacancy: null },
];

describe('positioningRow', () => {
  it('every field of an above-market community with high vacancy, on NER', () => {
    expect(positioningRow({ community: HARBOR, overview: harborOverview(), trend: HARBOR_TREND }, { basis: 'ner', threshold: 0.03 })).toEqual({
      // What `overview --all --json` prints for it on the dataset: gap (170,000 − 149,000)·100 + 0·60 +
      // (235,000 − 195,000)·40 = 3,700,000; signal lower since 0.1115 ≥ 0.03 and 8.0 > 1.7.
      ...HARBOR_ROW,
      community: HARBOR,
    });
  });

  it('on asking rent: the gap, band and signal from the asking figures', () => {
    const row = positioningRow({ community: HARBOR, overview: harborOverview(), trend: HARBOR_TREND }, { basis: 'asking', threshold: 0.03 });
    // (170,000 − 155,000)·100 + 0 + 1,600,000
    expect(row).toMatchObject({ gap_to_market_cents: 3_100_000, band: 'premium', signal: 'lower', basis: 'asking', psi_ner: 0.1115 });
  });

  it('a threshold above the PSI holds', () => {
    expect(positioningRow({ community: HARBOR, overview: harborOverview(), trend: HARBOR_TREND }, { basis: 'ner', threshold: 0.12 }).signal).toBe('hold');
  });

  it('takes unit counts from the floor plans when the overview has none: by id, else by layout', () => {
    const overview = harborOverview({});
    expect(needsFloorPlans(overview)).toBe(true);
    expect(needsFloorPlans(harborOverview())).toBe(false);
    const floorPlans = [
      // B1 and B2 matched by id; A1's id differs in case only.
      { id: 'B2', bedrooms: 2, bathrooms: 2, square_feet: 1200, unit_count: 40 },
      { id: 'b1', bedrooms: 2, bathrooms: 2, square_feet: 1000, unit_count: 60 },
      { id: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 100 },
    ];
    const row = positioningRow({ community: HARBOR, overview, trend: HARBOR_TREND, floorPlans }, { basis: 'ner', threshold: 0.03 });
    expect(row.gap_to_market_cents).toBe(3_700_000);
    // Without ids (another service): the first free plan of the same bedrooms, bathrooms and size.
    const anonymous = overview.floor_plans.map(({ floor_plan_id: _id, ...rest }) => rest);
    expect(planUnitCounts(anonymous, floorPlans.map((fp) => ({ ...fp, id: `x-${fp.id}` })))).toEqual([100, 60, 40]);
    // A plan nothing matches has no count, and adds nothing to the gap.
    expect(planUnitCounts(anonymous, floorPlans.slice(0, 1))).toEqual([null, null, 40]);
  });

  it('a community without comparable data: no PSI, band or gap, signal "no data"; vacancy all the same', () => {
    const none = { subject_rent: 120_000, avg_comp_rent: null, psi: null, comps_with_data: 0 };
    const row = positioningRow(
      {
        community: { id: 'q', name: 'Quarry Lofts', external_community_id: null },
        overview: {
          as_of_date: '2026-11-04',
          floor_plans: [{ bedrooms: 0, bathrooms: 1, square_feet: 500, unit_count: 50, base_rent: none, ner: none }],
          overall_metrics: { overall_psi_base: null, overall_psi_ner: null, cri_base: null, cri_ner: null, market_concession_pressure: { pct_comps_offering: 0 } },
        },
        trend: [{ date: '2026-11-04T00:00:00.000Z', subject_vacancy: 2, avg_comp_vacancy: 5 }],
      },
      { basis: 'ner', threshold: 0.03 },
    );
    expect(row).toMatchObject({
      floor_plans_with_data: 0,
      comps_with_data: 0,
      psi_ner: null,
      cri_ner: null,
      band: null,
      gap_to_market_cents: null,
      vacancy_14d_pct: 2,
      comp_vacancy_pct: 5,
      signal: 'no data',
    });
  });
});

describe('signalOf', () => {
  it('raise: at or below −threshold, with vacancy at or under the comps\'', () => {
    expect(signalOf(-0.03, 3, 3, 0.03)).toBe('raise');
    expect(signalOf(-0.0383, 1, 3.5, 0.03)).toBe('raise');
    expect(signalOf(-0.0299, 1, 3.5, 0.03)).toBe('hold');
    expect(signalOf(-0.05, 3.6, 3.5, 0.03)).toBe('hold');
  });

  it('lower: at or above +threshold, with vacancy over the comps\'', () => {
    expect(signalOf(0.03, 3.6, 3.5, 0.03)).toBe('lower');
    expect(signalOf(0.03, 3.5, 3.5, 0.03)).toBe('hold');
    expect(signalOf(0.0299, 9, 1, 0.03)).toBe('hold');
  });

  it('no PSI: no data; no vacancy to compare: hold', () => {
    expect(signalOf(null, 1, 2, 0.03)).toBe('no data');
    expect(signalOf(0.2, 9, null, 0.03)).toBe('hold');
    expect(signalOf(-0.2, null, 3, 0.03)).toBe('hold');
  });
});

const row = (name: string, psi: number | null, band: PositioningRow['band'], signal: PositioningRow['signal'], gap: number | null): PositioningRow => ({
  community: { id: name, name, external_community_id: null },
  as_of_date: null,
  floor_plans_with_data: 1,
  comps_with_data: 1,
  psi_asking: null,
  psi_ner: psi,
  cri_asking: null,
  cri_ner: null,
  band,
  gap_to_market_cents: gap,
  vacancy_14d_pct: null,
  comp_vacancy_pct: null,
  concession_pressure_pct: 0,
  signal,
  basis: 'ner',
  forecast_psi_ner_13w: null,
});

describe('order and totals', () => {
  const rows = [
    row('Quarry', null, null, 'no data', null),
    row('Lakeside', -0.0383, 'market', 'raise', -1_420_000),
    row('Birch', 0.1115, 'premium', 'hold', 500),
    row('Harbor', 0.1115, 'premium', 'lower', 3_700_000),
  ];

  it('most above market first, equal PSIs by name, no PSI last', () => {
    expect(byPsiDescending(rows).map((r) => r.community.name)).toEqual(['Birch', 'Harbor', 'Lakeside', 'Quarry']);
  });

  it('counts per band and signal, and the gaps summed', () => {
    expect(positioningTotals(rows)).toEqual({
      communities: 4,
      bands: { aggressive: 0, market: 1, premium: 2, outlier: 0, 'no data': 1 },
      signals: { raise: 1, lower: 1, hold: 1, 'no data': 1 },
      // 3,700,000 + 500 − 1,420,000
      gap_to_market_cents: 2_280_500,
    });
  });
});
