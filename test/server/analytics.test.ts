// GET …/overview, …/vacancy and …/vacancy-trend over real HTTP, on a small
// imported dataset whose every answer is worked out BY HAND below (the
// arithmetic is in the comments; definitions: docs/metrics.md, DOMAIN.md).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dataset, type DatasetInput } from '../../src/api/dataset.js';
import { endpoints } from '../../src/api/endpoints.js';
import { openHttpService } from '../../src/server/serve.js';
import { keyId } from '../../src/server/store/import.js';
import { startService, type Principal, type TestService } from '../helpers/server.js';

const ORG = 'Analytics Hand Check';
const communityId = (key: string) => keyId(ORG, 'community', key);
const planId = (key: string) => keyId(ORG, 'floor_plan', key);
const FIRST_SURVEY_ID = '1a2b3c4d-0000-4000-8000-00000000a019';

// ─── The dataset ────────────────────────────────────────────────────────────
//
// Subject s1 "Maple Court", 210 units:
//   A1  1 bd / 1 ba    700 sf  100 units
//   A2  1 bd / 1.5 ba  800 sf   70 units   (fractional bathrooms)
//   B1  2 bd / 2 ba  1,100 sf   40 units
// Comparables of s1:
//   c1 Oak Flats      active       O1 1/1 700 sf (80 u), O2 2/2 1,000 sf (60 u)           = 140 units
//   c2 Birch Commons  active       B1a 1/1 720 sf, B1b 1/1.5 780 sf, B2 2/1 1,050 sf (50 u each) = 150 units
//   c3 Cedar Row      active       R1 1/1 650 sf, R2 1/1 750 sf (45 u each), NO two-bedroom = 90 units
//   c4 Dune Point     DEACTIVATED  D1 1/1 700 sf, D2 2/2 1,000 sf (50 u each)              = 100 units
// Subject s2 "Quiet Pines": two plans (60 + 40 units), comparable c1, no survey at all.
//
// Three completed surveys of s1: 2026-10-19 (c3 not observed), 2026-10-26, and the
// latest, 2026-11-02 (c4 not observed any more). The older surveys carry other
// prices: the overview must ignore them. c4 was observed on 2026-10-26 with extreme
// prices (1,000.00 / 3,000.00) that would change every figure if it counted.
const dataset: DatasetInput = {
  organization: ORG,
  users: [{ email: 'ana@hand-check.example', full_name: 'Ana Ruiz', role: 'admin' }],
  communities: [
    { key: 's1', managed: true, name: 'Maple Court', address: '100 Main St, Austin, TX 78701', zipcode: '78701' },
    { key: 's2', managed: true, name: 'Quiet Pines', address: '200 Pine St, Austin, TX 78702', zipcode: '78702' },
    { key: 'c1', managed: false, name: 'Oak Flats', address: '9 Elm St, Austin, TX 78702', zipcode: '78702' },
    { key: 'c2', managed: false, name: 'Birch Commons', address: '12 Oak St, Austin, TX 78703', zipcode: '78703' },
    { key: 'c3', managed: false, name: 'Cedar Row', address: '5 Pine St, Austin, TX 78704', zipcode: '78704' },
    { key: 'c4', managed: false, name: 'Dune Point', address: '7 Sand St, Austin, TX 78705', zipcode: '78705' },
  ],
  comps: [
    { subject: 's1', comp: 'c1', distance_miles: 0.8 },
    { subject: 's1', comp: 'c2', distance_miles: 1.1 },
    { subject: 's1', comp: 'c3', distance_miles: 1.9 },
    { subject: 's1', comp: 'c4', distance_miles: 0.5, is_included_in_surveys: false },
    { subject: 's2', comp: 'c1', distance_miles: 1.4 },
  ],
  floor_plans: [
    { key: 's1-a1', community: 's1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 100 },
    { key: 's1-a2', community: 's1', floor_plan_name: 'A2', bedrooms: 1, bathrooms: 1.5, square_feet: 800, unit_count: 70 },
    { key: 's1-b1', community: 's1', floor_plan_name: 'B1', bedrooms: 2, bathrooms: 2, square_feet: 1100, unit_count: 40 },
    { key: 's2-a1', community: 's2', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 690, unit_count: 60 },
    { key: 's2-b1', community: 's2', floor_plan_name: 'B1', bedrooms: 2, bathrooms: 1, square_feet: 980, unit_count: 40 },
    { key: 'c1-o1', community: 'c1', floor_plan_name: 'O1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 80 },
    { key: 'c1-o2', community: 'c1', floor_plan_name: 'O2', bedrooms: 2, bathrooms: 2, square_feet: 1000, unit_count: 60 },
    { key: 'c2-b1a', community: 'c2', floor_plan_name: 'B1a', bedrooms: 1, bathrooms: 1, square_feet: 720, unit_count: 50 },
    { key: 'c2-b1b', community: 'c2', floor_plan_name: 'B1b', bedrooms: 1, bathrooms: 1.5, square_feet: 780, unit_count: 50 },
    { key: 'c2-b2', community: 'c2', floor_plan_name: 'B2', bedrooms: 2, bathrooms: 1, square_feet: 1050, unit_count: 50 },
    { key: 'c3-r1', community: 'c3', floor_plan_name: 'R1', bedrooms: 1, bathrooms: 1, square_feet: 650, unit_count: 45 },
    { key: 'c3-r2', community: 'c3', floor_plan_name: 'R2', bedrooms: 1, bathrooms: 1, square_feet: 750, unit_count: 45 },
    { key: 'c4-d1', community: 'c4', floor_plan_name: 'D1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 50 },
    { key: 'c4-d2', community: 'c4', floor_plan_name: 'D2', bedrooms: 2, bathrooms: 2, square_feet: 1000, unit_count: 50 },
  ],
  surveys: [
    {
      // Window: 2026-10-19 + 14 days = 2026-11-02.
      id: FIRST_SURVEY_ID,
      subject: 's1',
      date: '2026-10-19',
      observations: [
        { floor_plan: 's1-a1', market_rent_cents: 147000, units_available: 2 }, // no dates: available on 10-19 → counts
        { floor_plan: 's1-a2', market_rent_cents: 162000, concessions: '1 month free' },
        { floor_plan: 's1-b1', market_rent_cents: 207000, units_available: 3, availability: [{ available_from: '2026-11-03', units: 3 }] }, // day 15
        { floor_plan: 'c1-o1', market_rent_cents: 138000, units_available: 7, availability: [{ available_from: '2026-10-25', units: 7 }] },
        { floor_plan: 'c1-o2', market_rent_cents: 198000 },
        { floor_plan: 'c2-b1a', market_rent_cents: 148000, units_available: 3 }, // available on 10-19
        { floor_plan: 'c2-b1b', market_rent_cents: 168000 },
        { floor_plan: 'c2-b2', market_rent_cents: 213000 },
        // c3 not observed in this survey.
        { floor_plan: 'c4-d1', market_rent_cents: 100000, units_available: 10 },
        { floor_plan: 'c4-d2', market_rent_cents: 300000 },
      ],
    },
    {
      // Window: 2026-10-26 + 14 days = 2026-11-09.
      subject: 's1',
      date: '2026-10-26',
      observations: [
        { floor_plan: 's1-a1', market_rent_cents: 148000, units_available: 5, availability: [{ available_from: '2026-11-09', units: 5 }] }, // day 14
        { floor_plan: 's1-a2', market_rent_cents: 163000, concessions: '1 month free' },
        { floor_plan: 's1-b1', market_rent_cents: 208000, units_available: 2, availability: [{ available_from: '2026-11-20', units: 2 }] },
        { floor_plan: 'c1-o1', market_rent_cents: 139000 },
        { floor_plan: 'c1-o2', market_rent_cents: 199000 },
        { floor_plan: 'c2-b1a', market_rent_cents: 149000, units_available: 6, availability: [{ available_from: '2026-11-01', units: 6 }] },
        { floor_plan: 'c2-b1b', market_rent_cents: 169000 },
        { floor_plan: 'c2-b2', market_rent_cents: 214000 },
        { floor_plan: 'c3-r1', market_rent_cents: 154000, concessions: '$500 off first month', units_available: 9, availability: [{ available_from: '2026-10-20', units: 9 }] },
        { floor_plan: 'c3-r2', market_rent_cents: 164000 },
        { floor_plan: 'c4-d1', market_rent_cents: 100000, units_available: 20 },
        { floor_plan: 'c4-d2', market_rent_cents: 300000 },
      ],
    },
    {
      // The latest survey. Window: 2026-11-02 + 14 days = 2026-11-16.
      subject: 's1',
      date: '2026-11-02',
      observations: [
        {
          floor_plan: 's1-a1',
          market_rent_cents: 150000,
          units_available: 4,
          availability: [
            { available_from: '2026-10-30', units: 1 }, // before the survey: already available
            { available_from: '2026-11-16', units: 2 }, // day 14: within
            { available_from: '2026-11-17', units: 1 }, // day 15
          ],
        },
        {
          floor_plan: 's1-a2',
          market_rent_cents: 165000,
          concessions: '1 month free', // NER omitted: 165,000 · 11/12 = 151,250
          units_available: 3,
          availability: [
            { available_from: '2026-11-10', units: 1 }, // day 8
            { available_from: '2026-12-02', units: 1 }, // day 30
            { available_from: '2026-12-20', units: 1 }, // day 48
          ],
        },
        {
          floor_plan: 's1-b1',
          market_rent_cents: 210000,
          units_available: 2,
          availability: [
            { available_from: '2027-01-31', units: 1 }, // day 90
            { available_from: '2027-02-01', units: 1 }, // day 91: never projected
          ],
        },
        { floor_plan: 'c1-o1', market_rent_cents: 140000, units_available: 14, availability: [{ available_from: '2026-11-16', units: 7 }, { available_from: '2026-11-17', units: 7 }] },
        { floor_plan: 'c1-o2', market_rent_cents: 200000 },
        // "6 weeks free" = R·12/52·6 over 12 months → NER = R − R·6/52 = R·23/26.
        { floor_plan: 'c2-b1a', market_rent_cents: 150000, concessions: '6 weeks free', units_available: 3 }, // NER 132,692.31 → 132,692
        { floor_plan: 'c2-b1b', market_rent_cents: 170000, concessions: '6 weeks free' }, // NER 150,384.62 → 150,385
        { floor_plan: 'c2-b2', market_rent_cents: 215000, concessions: '6 weeks free' }, // NER 190,192.31 → 190,192
        // "$500 off first month": NER = R − 50,000/12 = 155,000 − 4,166.67 = 150,833.33 → 150,833.
        { floor_plan: 'c3-r1', market_rent_cents: 155000, concessions: '$500 off first month', units_available: 7, availability: [{ available_from: '2026-11-05', units: 2 }, { available_from: '2026-12-01', units: 5 }] },
        { floor_plan: 'c3-r2', market_rent_cents: 165000 },
      ],
    },
  ],
};

let close: () => Promise<void>;
let origin: string;
let key: string;

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${origin}/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: response.status, body: (await response.json()) as unknown };
}

const overviewOf = async (id: string) => {
  const answer = await get(`/rentsurvey/communities/${id}/overview`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return endpoints.getOverview.response.parse(answer.body);
};
const vacancyOf = async (id: string) => {
  const answer = await get(`/rentsurvey/communities/${id}/vacancy`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return endpoints.getVacancy.response.parse(answer.body);
};
const trendOf = async (id: string, query = '') => {
  const answer = await get(`/rentsurvey/communities/${id}/vacancy-trend${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return endpoints.getVacancyTrend.response.parse(answer.body);
};

beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rentsurvey-analytics-'));
  const service = await openHttpService({ dataDir, seed: 'empty' });
  close = async () => {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  service.store.imports.importDataset(Dataset.parse(dataset));
  const organizationId = service.store.accounts.organizationByName(dataset.organization)?.id;
  if (!organizationId) throw new Error('the import did not create the organization');
  key = service.store.accounts.createApiKey({ organizationId, userId: null, scopes: ['rentsurvey:read'], label: 't' }).key;
  origin = new URL(await service.listen({ host: '127.0.0.1', port: 0 })).origin;
});

afterAll(async () => {
  await close();
});

describe('GET …/overview', () => {
  // Matching at the latest survey, 2026-11-02 (c4 deactivated: counts nowhere):
  //
  // A1 (1/1): c1 O1 140,000 @700 · c2 B1a 150,000 @720 (exact 1/1; B1b 1/1.5 left out)
  //           · c3 R1+R2 averaged: (155,000 + 165,000)/2 = 160,000 @ (650+750)/2 = 700,
  //             NER (150,833 + 165,000)/2 = 157,916.5
  // A2 (1/1.5): c1 has no 1.5 bath → all its 1-bd: O1 140,000 @700 · c2 B1b 170,000 @780
  //           (exact 1.5) · c3 has no 1.5 → R1+R2 160,000 @700
  // B1 (2/2): c1 O2 200,000 @1,000 · c2 has no 2/2 → B2 215,000 @1,050 · c3 has no
  //           two-bedroom: not counted (comps_with_data 2)
  it('computes every floor plan figure as worked out by hand', async () => {
    const body = await overviewOf(communityId('s1'));
    expect(body.community).toEqual({ id: communityId('s1'), name: 'Maple Court', address: '100 Main St, Austin, TX 78701' });
    expect(body.as_of_date).toBe('2026-11-02');
    // Ordered by bedrooms, then bathrooms.
    expect(body.floor_plans.map((p) => [p.floor_plan_id, p.bedrooms, p.bathrooms, p.square_feet])).toEqual([
      [planId('s1-a1'), 1, 1, 700],
      [planId('s1-a2'), 1, 1.5, 800],
      [planId('s1-b1'), 2, 2, 1100],
    ]);
    const [a1, a2, b1] = body.floor_plans;

    // A1 base: comps 140,000 · 150,000 · 160,000, subject 150,000.
    //   avg 450,000/3 = 150,000; psi 0; variation 0;
    //   psf: (150,000/700) / (450,000/2,120) − 1 = 318,000,000/315,000,000 − 1 = 0.009524 → 0.0095;
    //   percentile: 1 below, 1 EQUAL of 3 → 100·(1 + 0.5)/3 = 50 (the tie case).
    expect(a1?.base_rent).toEqual({
      subject_rent: 150000, avg_comp_rent: 150000, psi: 0, rent_variation: 0, rent_per_sqft_variation: 0.0095,
      percentile_rank: 50, market_low: 140000, market_high: 160000, comps_with_data: 3,
    });
    // A1 NER: comps 140,000 · 132,692 · 157,916.5, subject 150,000 (no concession).
    //   avg 430,608.5/3 = 143,536.17 → 143,536; psi 150,000/143,536.17 − 1 = 0.045033 → 0.045;
    //   variation 150,000 − 143,536 = 6,464; psf (150,000/700)/(430,608.5/2,120) − 1 = 0.054985 → 0.055;
    //   percentile 2 below of 3 = 66.67 → 67; high 157,916.5 → 157,917;
    //   concessions: c2 (6 weeks) and c3 ($500 off on R1) → 2 of 3 = 66.7 %.
    expect(a1?.ner).toEqual({
      subject_rent: 150000, avg_comp_rent: 143536, psi: 0.045, rent_variation: 6464, rent_per_sqft_variation: 0.055,
      percentile_rank: 67, market_low: 132692, market_high: 157917, comps_with_data: 3,
      comps_offering_concessions: 2, pct_comps_offering_concessions: 66.7,
    });

    // A2 base: comps 140,000 · 170,000 · 160,000, subject 165,000.
    //   avg 470,000/3 = 156,666.67 → 156,667; psi 165,000/156,666.67 − 1 = 0.053191 → 0.0532;
    //   variation 165,000 − 156,667 = 8,333; psf (165,000/800)/(470,000/2,180) − 1
    //   = 206.25/215.596 − 1 = −0.043351 → −0.0434; percentile 2 below of 3 → 67.
    expect(a2?.base_rent).toEqual({
      subject_rent: 165000, avg_comp_rent: 156667, psi: 0.0532, rent_variation: 8333, rent_per_sqft_variation: -0.0434,
      percentile_rank: 67, market_low: 140000, market_high: 170000, comps_with_data: 3,
    });
    // A2 NER: subject 151,250 (computed by the importer from "1 month free");
    //   comps 140,000 · 150,385 · 157,916.5 → avg 448,301.5/3 = 149,433.83 → 149,434;
    //   psi 151,250/149,433.83 − 1 = 0.012154 → 0.0122; variation 1,816;
    //   psf (151,250/800)/(448,301.5/2,180) − 1 = 189.0625/205.6429 − 1 = −0.080627 → −0.0806;
    //   percentile 2 below of 3 → 67; c2 and c3 offer concessions → 66.7 %.
    expect(a2?.ner).toEqual({
      subject_rent: 151250, avg_comp_rent: 149434, psi: 0.0122, rent_variation: 1816, rent_per_sqft_variation: -0.0806,
      percentile_rank: 67, market_low: 140000, market_high: 157917, comps_with_data: 3,
      comps_offering_concessions: 2, pct_comps_offering_concessions: 66.7,
    });

    // B1 base: comps 200,000 · 215,000, subject 210,000.
    //   avg 207,500; psi 210,000/207,500 − 1 = 0.012048 → 0.012; variation 2,500;
    //   psf (210,000/1,100)/(415,000/2,050) − 1 = 190.909/202.439 − 1 = −0.056955 → −0.057;
    //   percentile 1 below of 2 → 50.
    expect(b1?.base_rent).toEqual({
      subject_rent: 210000, avg_comp_rent: 207500, psi: 0.012, rent_variation: 2500, rent_per_sqft_variation: -0.057,
      percentile_rank: 50, market_low: 200000, market_high: 215000, comps_with_data: 2,
    });
    // B1 NER: comps 200,000 · 190,192 → avg 195,096; psi 210,000/195,096 − 1 = 0.076393 → 0.0764;
    //   variation 14,904; psf (210,000/1,100)/(390,192/2,050) − 1 = 190.909/190.338 − 1 = 0.003003 → 0.003;
    //   both below → 100; c2 offers a concession → 1 of 2 = 50 %.
    expect(b1?.ner).toEqual({
      subject_rent: 210000, avg_comp_rent: 195096, psi: 0.0764, rent_variation: 14904, rent_per_sqft_variation: 0.003,
      percentile_rank: 100, market_low: 190192, market_high: 200000, comps_with_data: 2,
      comps_offering_concessions: 1, pct_comps_offering_concessions: 50,
    });
  });

  // Weights: A1 100, A2 70, B1 40 units (Σ 210).
  it('weights the overall metrics by the subject plans’ unit counts, from unrounded parts', async () => {
    const { overall_metrics: overall } = await overviewOf(communityId('s1'));
    // overall_psi_base = (100·0 + 70·0.0531915 + 40·0.0120482)/210 = 4.205333/210 = 0.020025 → 0.02
    // overall_psi_ner = (100·0.0450328 + 70·0.0121537 + 40·0.0763932)/210 = 8.409761/210 = 0.040046 → 0.04
    // cri_base = (100·50 + 70·66.667 + 40·50)/210 = 11,666.67/210 = 55.556 → 55.6
    //   (from the ROUNDED percentiles: (5,000 + 70·67 + 2,000)/210 = 55.67 → 55.7 — wrong)
    // cri_ner = (100·66.667 + 70·66.667 + 40·100)/210 = 15,333.33/210 = 73.016 → 73.0
    //   (from the rounded 67s: 15,390/210 = 73.29 → 73.3 — wrong)
    // Concession pressure over c1, c2, c3 (c4 deactivated: not counted):
    //   c2, every plan: 150,000 − 132,692 = 17,308; 170,000 − 150,385 = 19,615;
    //   215,000 − 190,192 = 24,808 → mean 61,731/3 = 20,577
    //   c3, R1 only: 155,000 − 150,833 = 4,167
    //   avg_concession_value = (20,577 + 4,167)/2 = 12,372; 2 of 3 comps = 66.7 %.
    expect(overall).toEqual({
      overall_psi_base: 0.02,
      overall_psi_ner: 0.04,
      cri_base: 55.6,
      cri_ner: 73,
      market_concession_pressure: { pct_comps_offering: 66.7, avg_concession_value: 12372, total_comps: 3, comps_with_concessions: 2 },
    });
  });

  it('gives null metrics for a subject without any survey', async () => {
    const body = await overviewOf(communityId('s2'));
    expect(body.as_of_date).toBeNull();
    // Its comparable c1 has prices, but only from s1's surveys: with no survey of s2
    // there is no moment to compare at, so no comparable counts.
    const empty = {
      subject_rent: null, avg_comp_rent: null, psi: null, rent_variation: null, rent_per_sqft_variation: null,
      percentile_rank: null, market_low: null, market_high: null, comps_with_data: 0,
    };
    expect(body.floor_plans.map((p) => p.floor_plan_id)).toEqual([planId('s2-a1'), planId('s2-b1')]);
    for (const plan of body.floor_plans) {
      expect(plan.base_rent).toEqual(empty);
      expect(plan.ner).toEqual({ ...empty, comps_offering_concessions: 0, pct_comps_offering_concessions: 0 });
    }
    expect(body.overall_metrics).toEqual({
      overall_psi_base: null,
      overall_psi_ner: null,
      cri_base: null,
      cri_ner: null,
      market_concession_pressure: { pct_comps_offering: 0, avg_concession_value: 0, total_comps: 0, comps_with_concessions: 0 },
    });
  });
});

describe('GET …/vacancy', () => {
  // Latest survey 2026-11-02, window to 2026-11-16, 210 units:
  //   A1: 10-30 (1, already available) + 11-16 (2, day 14) = 3; 11-17 (day 15) out
  //   A2: 11-10 (1) = 1; 12-02 and 12-20 out
  //   B1: nothing within 14 days
  //   → 4 units; 4/210 = 0.0190476 → 0.019 → "1.9%".
  it('is the share of units available within 14 days of the latest survey', async () => {
    expect(await vacancyOf(communityId('s1'))).toEqual({
      community_id: communityId('s1'),
      community_name: 'Maple Court',
      total_units: 210,
      vacancy_rate: 0.019,
      vacancy_rate_formatted: '1.9%',
      available_units_next_14_days: 4,
      available_units_formatted: '4 units',
      has_data: true,
      as_of_date: '2026-11-02',
    });
  });

  it('answers has_data false with nulls without a completed survey (total units still known: 60 + 40)', async () => {
    expect(await vacancyOf(communityId('s2'))).toEqual({
      community_id: communityId('s2'),
      community_name: 'Quiet Pines',
      total_units: 100,
      vacancy_rate: null,
      vacancy_rate_formatted: null,
      available_units_next_14_days: null,
      available_units_formatted: null,
      has_data: false,
      as_of_date: null,
    });
  });
});

describe('GET …/vacancy-trend', () => {
  // Each point: subject 14-day vacancy vs the PLAIN mean of the comps' 14-day vacancies
  // (each over its own total units; c1 140, c2 150, c3 90, c4 100 units). History is kept:
  // c4, deactivated now, still counts in the surveys that observed it (10-19 and 10-26),
  // while the overview, which is about today, ignores it.
  //
  // 2026-10-19 (window to 11-02): subject A1 2 units without dates (= on 10-19), B1's 3
  //   on 11-03 are day 15 → 2/210 = 0.952 % → 1.0.
  //   c1 7/140 = 5 %; c2 3/150 = 2 % (no dates: on 10-19); c3 NOT OBSERVED → left out;
  //   c4 10/100 = 10 % (no dates: on 10-19)
  //   → (5 + 2 + 10)/3 = 5.667 → 5.7 (counting c3 as 0 % would give 4.3; dropping c4, 3.5).
  // 2026-10-26 (window to 11-09): subject 5 on 11-09 (day 14) → 5/210 = 2.381 % → 2.4;
  //   B1's 2 on 11-20 out. c1 0/140 = 0 %; c2 6/150 = 4 %; c3 9/90 = 10 %; c4 20/100 = 20 %
  //   → (0 + 4 + 10 + 20)/4 = 8.5 (unit-weighted 35/480 = 7.3 would be wrong).
  // 2026-11-02 (window to 11-16): subject 4/210 = 1.905 % → 1.9.
  //   c1 7/140 = 5 % (the 7 on 11-17 are day 15); c2 3/150 = 2 %; c3 2/90 = 2.222 %;
  //   c4 not observed any more → 9.222/3 = 3.074 → 3.1.
  const points = [
    { date: '2026-10-19T00:00:00.000Z', subject_vacancy: 1, avg_comp_vacancy: 5.7 },
    { date: '2026-10-26T00:00:00.000Z', subject_vacancy: 2.4, avg_comp_vacancy: 8.5 },
    { date: '2026-11-02T00:00:00.000Z', subject_vacancy: 1.9, avg_comp_vacancy: 3.1 },
  ];
  // Projections from the latest survey (2026-11-02), cumulative, 210 units:
  //   14d (11-16): 1 + 2 + 1 = 4 → 1.9
  //   30d (12-02): 4 + A1 11-17 (1) + A2 12-02 (1) = 6 → 2.857 → 2.9
  //   60d (2027-01-01): 6 + A2 12-20 (1) = 7 → 3.333 → 3.3
  //   90d (2027-01-31): 7 + B1 01-31 (1) = 8 → 3.810 → 3.8 (B1's 02-01 unit is day 91)
  const projections = { '14d': 1.9, '30d': 2.9, '60d': 3.3, '90d': 3.8 };

  it('has one point per completed survey, oldest first, and cumulative projections', async () => {
    const body = await trendOf(communityId('s1'));
    expect(body.community_id).toBe(communityId('s1'));
    expect(body.community_name).toBe('Maple Court');
    expect(body.total_surveys).toBe(3);
    expect(body.trends.map(({ survey_id: _, ...point }) => point)).toEqual(points);
    expect(body.trends[0]?.survey_id).toBe(FIRST_SURVEY_ID);
    expect(new Set(body.trends.map((t) => t.survey_id)).size).toBe(3);
    expect(body.projections).toEqual(projections);
    const values = Object.values(body.projections);
    expect(values).toEqual([...values].sort((x, y) => x - y)); // never falls as the horizon grows
  });

  it('limits the points to start_date…end_date (inclusive); projections stay those of the latest survey', async () => {
    const middle = await trendOf(communityId('s1'), '?start_date=2026-10-20&end_date=2026-11-01');
    expect(middle.trends.map(({ survey_id: _, ...point }) => point)).toEqual([points[1]]);
    expect(middle.total_surveys).toBe(1);
    // metrics.md: projections are "from the subject's latest completed survey" — the range
    // limits the trend points, not the moment the projections look forward from.
    expect(middle.projections).toEqual(projections);

    const inclusive = await trendOf(communityId('s1'), '?start_date=2026-10-26&end_date=2026-11-02');
    expect(inclusive.trends.map((t) => t.date)).toEqual([points[1]?.date, points[2]?.date]);
    const fromOnly = await trendOf(communityId('s1'), '?start_date=2026-10-27');
    expect(fromOnly.trends.map((t) => t.date)).toEqual([points[2]?.date]);
    const untilOnly = await trendOf(communityId('s1'), '?end_date=2026-10-19');
    expect(untilOnly.trends.map((t) => t.date)).toEqual([points[0]?.date]);
    const none = await trendOf(communityId('s1'), '?start_date=2027-01-01');
    expect(none.trends).toEqual([]);
    expect(none.total_surveys).toBe(0);
  });

  it('rejects a range that ends before it starts', async () => {
    const answer = await get(`/rentsurvey/communities/${communityId('s1')}/vacancy-trend?start_date=2026-11-02&end_date=2026-10-19`);
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { code: string } }).error.code).toBe('validation_error');
  });

  it('is empty, with zero projections, for a subject without surveys', async () => {
    expect(await trendOf(communityId('s2'))).toEqual({
      community_id: communityId('s2'),
      community_name: 'Quiet Pines',
      trends: [],
      projections: { '14d': 0, '30d': 0, '60d': 0, '90d': 0 },
      total_surveys: 0,
    });
  });
});

// ─── Deactivated today: history kept, today's positioning without it ────────
//
// Subject h1 "Harbor View" (H1 1/1 800 sf, 100 units) and two comparables, both
// active when they were surveyed on 2026-10-26 and 2026-11-02:
//   k1 Kestrel Park  K1 1/1 800 sf 100 units, no concession
//   k2 Linden Yard   L1 1/1 800 sf  50 units, "Ask about our specials!" with a
//                    recorded NER $300 under asking on 11-02
// Units available (no dates: on the survey date):
//   10-26: h1 3/100 = 3 %;  k1 4/100 = 4 %;  k2 5/50 = 10 %  → comps (4 + 10)/2 = 7.0
//   11-02: h1 2/100 = 2 %;  k1 6/100 = 6 %;  k2 1/50 =  2 %  → comps (6 + 2)/2 = 4.0
// Then k2 is deactivated through the API, "today".
describe('a comparable deactivated today', () => {
  let svc: TestService;
  let writer: Principal;
  const HORG = 'History Kept';
  const hid = (key: string) => keyId(HORG, 'community', key);

  beforeAll(async () => {
    svc = await startService();
    svc.importDataset({
      organization: HORG,
      communities: [
        { key: 'h1', managed: true, name: 'Harbor View', address: '1 Bay St, Austin, TX 78701', zipcode: '78701' },
        { key: 'k1', managed: false, name: 'Kestrel Park', address: '2 Bay St, Austin, TX 78701', zipcode: '78701' },
        { key: 'k2', managed: false, name: 'Linden Yard', address: '3 Bay St, Austin, TX 78701', zipcode: '78701' },
      ],
      comps: [
        { subject: 'h1', comp: 'k1', distance_miles: 0.4 },
        { subject: 'h1', comp: 'k2', distance_miles: 0.9 },
      ],
      floor_plans: [
        { key: 'h1-h1', community: 'h1', floor_plan_name: 'H1', bedrooms: 1, bathrooms: 1, square_feet: 800, unit_count: 100 },
        { key: 'k1-k1', community: 'k1', floor_plan_name: 'K1', bedrooms: 1, bathrooms: 1, square_feet: 800, unit_count: 100 },
        { key: 'k2-l1', community: 'k2', floor_plan_name: 'L1', bedrooms: 1, bathrooms: 1, square_feet: 800, unit_count: 50 },
      ],
      surveys: [
        {
          subject: 'h1',
          date: '2026-10-26',
          observations: [
            { floor_plan: 'h1-h1', market_rent_cents: 199000, units_available: 3 },
            { floor_plan: 'k1-k1', market_rent_cents: 189000, units_available: 4 },
            { floor_plan: 'k2-l1', market_rent_cents: 209000, units_available: 5 },
          ],
        },
        {
          subject: 'h1',
          date: '2026-11-02',
          observations: [
            { floor_plan: 'h1-h1', market_rent_cents: 200000, units_available: 2 },
            { floor_plan: 'k1-k1', market_rent_cents: 190000, units_available: 6 },
            {
              floor_plan: 'k2-l1', market_rent_cents: 210000, net_effective_rent_cents: 180000, units_available: 1,
              concessions: 'Ask about our specials!',
            },
          ],
        },
      ],
    });
    writer = svc.principal({ organization: HORG, scopes: ['rentsurvey:read', 'rentsurvey:write'] });
  });
  afterAll(async () => {
    await svc?.close();
  });

  const read = async <O extends 'getOverview' | 'getVacancyTrend'>(op: O, path: string) => {
    const answer = await svc.request('GET', path, { key: writer.key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return endpoints[op].response.parse(answer.body) as ReturnType<(typeof endpoints)[O]['response']['parse']>;
  };
  const trendPoints = async () =>
    (await read('getVacancyTrend', `/rentsurvey/communities/${hid('h1')}/vacancy-trend`)).trends.map((t) => [t.date.slice(0, 10), t.subject_vacancy, t.avg_comp_vacancy]);
  const overview = () => read('getOverview', `/rentsurvey/communities/${hid('h1')}/overview`);

  it('before: both comps count in the trend and the overview; the recorded NER makes k2 a concession', async () => {
    expect(await trendPoints()).toEqual([
      ['2026-10-26', 3, 7],
      ['2026-11-02', 2, 4],
    ]);
    const before = await overview();
    // base: (190,000 + 210,000)/2 = 200,000 → psi 0; NER: 190,000 and the recorded 180,000 → 185,000.
    expect(before.floor_plans[0]?.base_rent).toMatchObject({ avg_comp_rent: 200000, psi: 0, comps_with_data: 2 });
    expect(before.floor_plans[0]?.ner).toMatchObject({ avg_comp_rent: 185000, comps_offering_concessions: 1, pct_comps_offering_concessions: 50 });
    // One source of truth: "Ask about our specials!" cannot be valued, but NER was recorded
    // 30,000 under asking → k2 offers a concession worth 210,000 − 180,000 = 30,000 a month.
    expect(before.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 50,
      avg_concession_value: 30000,
      total_comps: 2,
      comps_with_concessions: 1,
    });
  });

  it('after: the trend keeps k2 in the points that observed it; the overview drops it', async () => {
    const patch = await svc.request('PATCH', `/rentsurvey/communities/${hid('h1')}/comps/${hid('k2')}`, {
      key: writer.key,
      body: { is_included_in_surveys: false },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    // History is kept: the same points as before.
    expect(await trendPoints()).toEqual([
      ['2026-10-26', 3, 7],
      ['2026-11-02', 2, 4],
    ]);
    // Today's positioning: k1 alone. psi 200,000/190,000 − 1 = 0.052632 → 0.0526; no concession left.
    const after = await overview();
    expect(after.floor_plans[0]?.base_rent).toMatchObject({ avg_comp_rent: 190000, psi: 0.0526, comps_with_data: 1 });
    expect(after.overall_metrics.market_concession_pressure).toEqual({
      pct_comps_offering: 0,
      avg_concession_value: 0,
      total_comps: 1,
      comps_with_concessions: 0,
    });
  });
});
