// Pricing reads over real HTTP with a small dataset of known answers: batch,
// detail (include flags), pricing history (windows, latest_only, floor_plan_id), floor plans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { keyId } from '../../src/server/store/import.js';
import { expectError, MISSING_ID, startService, type Principal, type TestService } from '../helpers/server.js';

const ORG = 'Pricing Org';
const id = (key: string) => keyId(ORG, 'community', key);
const plan = (key: string) => keyId(ORG, 'floor_plan', key);
// The service clock reads this day (noon UTC) during the whole file.
const TODAY = '2026-06-15';

let svc: TestService;
let acme: Principal;

beforeAll(async () => {
  svc = await startService();
  svc.setNow(`${TODAY}T12:00:00.000Z`);
  svc.importDataset({
    organization: ORG,
    communities: [
      { key: 's1', managed: true, name: 'Maple Court', address: '100 Main St', zipcode: '78701', latitude: 30.2672, longitude: -97.7431, external_community_id: 'PC-1', website_url: 'https://maple.example' },
      { key: 's2', managed: true, name: 'Second Subject', address: '2 Second St', zipcode: '78702' },
      { key: 'c1', managed: false, name: 'Oak Flats', address: '9 Elm St', zipcode: '78702', latitude: 30.26, longitude: -97.72 },
      { key: 'c2', managed: false, name: 'Pine Point', address: '3 Pine St', zipcode: '78703' },
    ],
    comps: [
      { subject: 's1', comp: 'c1', distance_miles: 1.5 },
      { subject: 's1', comp: 'c2', distance_miles: 0.5, is_included_in_surveys: false },
      { subject: 's2', comp: 'c1', distance_miles: 2 },
    ],
    floor_plans: [
      // Listed out of order: the service orders by bedrooms, then bathrooms.
      { key: 's1-b2', community: 's1', floor_plan_name: 'B2', bedrooms: 2, bathrooms: 2, square_feet: 1000, unit_count: 50 },
      { key: 's1-b1', community: 's1', floor_plan_name: 'B1', bedrooms: 2, bathrooms: 1.5, square_feet: 950, unit_count: 30 },
      { key: 's1-a1', community: 's1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 100 },
      { key: 's1-s0', community: 's1', floor_plan_name: 'S0', bedrooms: 0, bathrooms: 1, square_feet: 450, unit_count: 20 },
      { key: 'c1-a1', community: 'c1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 720, unit_count: 80 },
      { key: 's2-a1', community: 's2', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 650, unit_count: 40 },
    ],
    surveys: [
      {
        subject: 's1',
        date: '2026-04-01', // 75 days before TODAY
        observations: [
          { floor_plan: 's1-a1', market_rent_cents: 140000 },
          { floor_plan: 's1-b2', market_rent_cents: 190000 },
        ],
      },
      {
        subject: 's1',
        date: '2026-05-20',
        observations: [
          { floor_plan: 's1-a1', market_rent_cents: 145000, net_effective_rent_cents: 140000, concessions: 'reduced deposit' },
          { floor_plan: 's1-b2', market_rent_cents: 195000 },
          { floor_plan: 's1-b1', market_rent_cents: 180000 },
          { floor_plan: 'c1-a1', market_rent_cents: 150000 },
        ],
      },
      {
        subject: 's1',
        date: '2026-06-10',
        observations: [
          { floor_plan: 's1-a1', market_rent_cents: 150000, net_effective_rent_cents: 137500, units_available: 4, concessions: '1 month free' },
          { floor_plan: 's1-b1', market_rent_cents: 181000, concessions: 'Call for specials' },
          { floor_plan: 'c1-a1', market_rent_cents: 152000 },
        ],
      },
      { subject: 's2', date: '2026-06-12', observations: [{ floor_plan: 's2-a1', market_rent_cents: 130000 }] },
      // s2's survey of the same day also observed their shared comparable c1.
      { subject: 's2', date: '2026-06-10', observations: [{ floor_plan: 'c1-a1', market_rent_cents: 152000 }] },
    ],
  });
  acme = svc.principal({ organization: ORG });
});

afterAll(async () => {
  await svc?.close();
});

async function get<O extends keyof typeof endpoints>(op: O, path: string) {
  const answer = await svc.request('GET', path, { key: acme.key });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return endpoints[op].response.parse(answer.body) as ReturnType<(typeof endpoints)[O]['response']['parse']>;
}

const history = (query = '', community = id('s1')) => get('getPricingHistory', `/rentsurvey/communities/${community}/pricing${query}`);
const rows = (answer: Awaited<ReturnType<typeof history>>) => answer.pricing.map((r) => `${r.as_of_date} ${r.floor_plan.floor_plan_name}`);

describe('GET /rentsurvey/communities (batch)', () => {
  it('answers in the order of ids, folds duplicates, and lists ids that match nothing in not_found', async () => {
    const answer = await get('batchCommunities', `/rentsurvey/communities?ids=${id('c1')},${MISSING_ID},${id('s1')},${id('c1')}`);
    expect(answer.communities.map((c) => c.id)).toEqual([id('c1'), id('s1')]);
    expect(answer.total).toBe(2);
    expect(answer.not_found).toEqual([MISSING_ID]);
    expect(answer.communities[1]).toEqual({
      id: id('s1'),
      name: 'Maple Court',
      address: '100 Main St',
      zipcode: '78701',
      external_community_id: 'PC-1',
      latitude: 30.2672,
      longitude: -97.7431,
      website_url: 'https://maple.example',
    });
    const reversed = await get('batchCommunities', `/rentsurvey/communities?ids=${id('s1')},${id('s2')}`);
    expect(reversed.communities.map((c) => c.id)).toEqual([id('s1'), id('s2')]);
    const again = await get('batchCommunities', `/rentsurvey/communities?ids=${id('s2')},${id('s1')}`);
    expect(again.communities.map((c) => c.id)).toEqual([id('s2'), id('s1')]);
  });

  it('include_comps adds comp_count (active comparables); without it the field is absent', async () => {
    const without = await get('batchCommunities', `/rentsurvey/communities?ids=${id('s1')}`);
    expect('comp_count' in without.communities[0]!).toBe(false);
    const counted = await get('batchCommunities', `/rentsurvey/communities?ids=${id('s1')},${id('s2')},${id('c1')}&include_comps=true`);
    expect(counted.communities.map((c) => c.comp_count)).toEqual([1, 1, 0]);
  });

  it('the same id in another case is the same id: folded, first spelling kept', async () => {
    const answer = await get('batchCommunities', `/rentsurvey/communities?ids=${id('s1')},${id('s1').toUpperCase()},${MISSING_ID.toUpperCase()},${MISSING_ID}`);
    expect(answer.communities.map((c) => c.id)).toEqual([id('s1')]);
    expect(answer.total).toBe(1);
    expect(answer.not_found).toEqual([MISSING_ID.toUpperCase()]);
  });

  it('spaces around ids and upper-case ids are fine', async () => {
    const answer = await get('batchCommunities', `/rentsurvey/communities?ids=${encodeURIComponent(` ${id('s1').toUpperCase()} , ${id('s2')}`)}`);
    expect(answer.communities.map((c) => c.id)).toEqual([id('s1'), id('s2')]);
    expect(answer.not_found).toEqual([]);
  });

  it('at most 50 ids: 50 pass, 51 are a 400 naming the count; malformed or missing ids are a 400', async () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const fifty = await get('batchCommunities', `/rentsurvey/communities?ids=${many(50).join(',')}`);
    expect(fifty).toMatchObject({ total: 0, communities: [] });
    expect(fifty.not_found).toHaveLength(50);
    const error = expectError(await svc.request('GET', `/rentsurvey/communities?ids=${many(51).join(',')}`, { key: acme.key }), 400, 'validation_error');
    expect(error.message).toMatch(/51/);
    expect(error.details?.[0]?.path).toBe('ids');
    // 51 with a duplicate are 50 distinct ids.
    expect((await svc.request('GET', `/rentsurvey/communities?ids=${[...many(50), many(1)[0]].join(',')}`, { key: acme.key })).status).toBe(200);
    for (const query of ['', '?ids=', '?ids=,', `?ids=${id('s1')},nope`, `?ids=${id('s1')}&include_comps=2`])
      expectError(await svc.request('GET', `/rentsurvey/communities${query}`, { key: acme.key }), 400, 'validation_error');
  });
});

describe('GET /rentsurvey/communities/:id (detail)', () => {
  it('by default: the community, its pricing summary with floor plans, and its active comparables', async () => {
    const answer = await get('getCommunityDetail', `/rentsurvey/communities/${id('s1')}`);
    expect(answer.community).toMatchObject({ id: id('s1'), name: 'Maple Court', address: '100 Main St', zipcode: '78701', comp_count: 1, floor_plan_count: 4 });
    const summary = answer.community.pricing_summary!;
    expect(summary.latest_date).toBe('2026-06-10');
    // Latest per plan: S0 none, A1 150000 ×100, B1 181000 ×30, B2 195000 ×50 (from 05-20).
    expect(summary.avg_market_rent_cents).toBe(Math.round((150000 * 100 + 181000 * 30 + 195000 * 50) / 180));
    expect(summary.floor_plans.map((p) => p.floor_plan_name)).toEqual(['S0', 'A1', 'B1', 'B2']);
    expect(summary.floor_plans[0]!.latest_pricing).toBeNull();
    expect(answer.comps?.map((c) => [c.id, c.is_included_in_surveys])).toEqual([[id('c1'), true]]);
    expect(answer.comps?.[0]?.pricing).toEqual({ floor_plan_count: 1, avg_market_rent_cents: 152000 });
  });

  it('include flags set to false leave the fields out', async () => {
    const noComps = await get('getCommunityDetail', `/rentsurvey/communities/${id('s1')}?include_comps=false`);
    expect('comps' in noComps).toBe(false);
    expect(noComps.community.pricing_summary).toBeDefined();
    const noSummary = await get('getCommunityDetail', `/rentsurvey/communities/${id('s1')}?include_pricing_summary=false`);
    expect('pricing_summary' in noSummary.community).toBe(false);
    expect(noSummary.comps).toHaveLength(1);
    const neither = await get('getCommunityDetail', `/rentsurvey/communities/${id('s1')}?include_comps=0&include_pricing_summary=0`);
    expect(Object.keys(neither)).toEqual(['community']);
    expect(Object.keys(neither.community).sort()).toEqual(['address', 'comp_count', 'floor_plan_count', 'id', 'name', 'zipcode']);
  });

  it('a comparable’s id works too; unknown → 404; malformed → 400; bad flags → 400', async () => {
    const comp = await get('getCommunityDetail', `/rentsurvey/communities/${id('c1')}`);
    expect(comp.community).toMatchObject({ name: 'Oak Flats', comp_count: 0, floor_plan_count: 1 });
    expect(comp.comps).toEqual([]);
    expectError(await svc.request('GET', `/rentsurvey/communities/${MISSING_ID}`, { key: acme.key }), 404, 'not_found');
    const badParam = expectError(await svc.request('GET', '/rentsurvey/communities/abc', { key: acme.key }), 400, 'validation_error');
    expect(badParam.message).toMatch(/^invalid params: id: /);
    const badQuery = expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}?include_comps=nope`, { key: acme.key }), 400, 'validation_error');
    expect(badQuery.message).toMatch(/^invalid query: include_comps: /);
  });
});

describe('GET /rentsurvey/communities/:id/floor-plans', () => {
  it('all plans ordered by bedrooms then bathrooms, each with its latest pricing (or null)', async () => {
    const answer = await get('listFloorPlans', `/rentsurvey/communities/${id('s1')}/floor-plans`);
    expect(answer.community).toEqual({ id: id('s1'), name: 'Maple Court' });
    expect(answer.total).toBe(4);
    expect(answer.floor_plans.map((p) => [p.floor_plan_name, p.bedrooms, p.bathrooms])).toEqual([
      ['S0', 0, 1],
      ['A1', 1, 1],
      ['B1', 2, 1.5],
      ['B2', 2, 2],
    ]);
    expect(answer.floor_plans[1]).toEqual({
      id: plan('s1-a1'),
      floor_plan_name: 'A1',
      bedrooms: 1,
      bathrooms: 1,
      square_feet: 700,
      unit_count: 100,
      latest_pricing: {
        as_of_date: '2026-06-10',
        market_rent_cents: 150000,
        net_effective_rent_cents: 137500,
        market_rent_per_sqft_cents: Math.round(150000 / 700),
        net_effective_rent_per_sqft_cents: Math.round(137500 / 700),
        units_available: 4,
        concessions: '1 month free',
        concession_value_cents: 12500, // 150,000 − 137,500
      },
    });
    expect(answer.floor_plans[0]!.latest_pricing).toBeNull();
    expect(answer.floor_plans[3]!.latest_pricing).toMatchObject({ as_of_date: '2026-05-20', market_rent_cents: 195000, concessions: '' });
  });

  it('concession_value_cents (extension): asking − NER, 0 for none, null when the text could not be valued', async () => {
    const answer = await get('listFloorPlans', `/rentsurvey/communities/${id('s1')}/floor-plans`);
    const byName = new Map(answer.floor_plans.map((p) => [p.floor_plan_name, p.latest_pricing]));
    expect(byName.get('A1')).toMatchObject({ concessions: '1 month free', concession_value_cents: 12500 });
    // "Call for specials" with no recorded NER: not understood, not "no concession"; NER stays at asking.
    expect(byName.get('B1')).toMatchObject({ concessions: 'Call for specials', net_effective_rent_cents: 181000, concession_value_cents: null });
    expect(byName.get('B2')).toMatchObject({ concessions: '', concession_value_cents: 0 });
    // The same field on history records.
    const records = (await history('?days=10')).pricing;
    expect(records.map((r) => [r.floor_plan.floor_plan_name, r.concession_value_cents])).toEqual([
      ['A1', 12500],
      ['B1', null],
    ]);
  });

  it('unknown → 404, malformed → 400', async () => {
    expectError(await svc.request('GET', `/rentsurvey/communities/${MISSING_ID}/floor-plans`, { key: acme.key }), 404, 'not_found');
    expectError(await svc.request('GET', '/rentsurvey/communities/x/floor-plans', { key: acme.key }), 400, 'validation_error');
  });
});

describe('GET /rentsurvey/communities/:id/pricing', () => {
  it('without dates: the last 30 days ending today, ordered by date then bedrooms/bathrooms', async () => {
    const answer = await history();
    expect(answer.community).toEqual({ id: id('s1'), name: 'Maple Court' });
    expect(answer.date_range).toEqual({ start: '2026-05-17', end: TODAY });
    expect(rows(answer)).toEqual(['2026-05-20 A1', '2026-05-20 B1', '2026-05-20 B2', '2026-06-10 A1', '2026-06-10 B1']);
    expect(answer.total_records).toBe(5);
    expect(answer.pricing[0]).toEqual({
      floor_plan_id: plan('s1-a1'),
      floor_plan: { bedrooms: 1, bathrooms: 1, floor_plan_name: 'A1', square_feet: 700 },
      as_of_date: '2026-05-20',
      market_rent_cents: 145000,
      net_effective_rent_cents: 140000,
      market_rent_per_sqft_cents: 207,
      net_effective_rent_per_sqft_cents: 200,
      units_available: 0,
      concessions: 'reduced deposit',
      // A recorded NER below asking is a concession worth asking − NER, whatever the text says.
      concession_value_cents: 5000,
    });
    // Only the community's own plans: the comparable's observations of the same surveys are not in it.
    expect(answer.pricing.every((r) => r.floor_plan_id !== plan('c1-a1'))).toBe(true);
  });

  it('the default window moves with the day, cached answers included', async () => {
    expect((await history()).date_range.end).toBe(TODAY);
    expect((await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing`, { key: acme.key })).headers.get('server-timing')).toMatch(/^cache/);
    svc.advance(86_400_000);
    try {
      const tomorrow = await history();
      expect(tomorrow.date_range).toEqual({ start: '2026-05-18', end: '2026-06-16' });
    } finally {
      svc.advance(-86_400_000);
    }
    expect((await history()).date_range.end).toBe(TODAY);
  });

  it('days=N moves the window; days must be 1–3660', async () => {
    expect((await history('?days=5')).date_range).toEqual({ start: '2026-06-11', end: TODAY });
    expect((await history('?days=5')).total_records).toBe(0);
    expect((await history('?days=6')).total_records).toBe(2);
    expect(rows(await history('?days=76'))).toContain('2026-04-01 A1');
    expect((await history('?days=75')).date_range.start).toBe('2026-04-02');
    for (const days of ['0', '-1', '3661', '1.5', 'x'])
      expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing?days=${days}`, { key: acme.key }), 400, 'validation_error');
  });

  it('start_date and end_date, inclusive; start alone runs to today; end alone takes `days` before it', async () => {
    const range = await history('?start_date=2026-04-01&end_date=2026-05-20');
    expect(range.date_range).toEqual({ start: '2026-04-01', end: '2026-05-20' });
    expect(rows(range)).toEqual(['2026-04-01 A1', '2026-04-01 B2', '2026-05-20 A1', '2026-05-20 B1', '2026-05-20 B2']);
    const fromStart = await history('?start_date=2026-06-01');
    expect(fromStart.date_range).toEqual({ start: '2026-06-01', end: TODAY });
    expect(fromStart.total_records).toBe(2);
    const toEnd = await history('?end_date=2026-05-20');
    expect(toEnd.date_range).toEqual({ start: '2026-04-21', end: '2026-05-20' });
    expect(toEnd.total_records).toBe(3);
    expect((await history('?end_date=2026-05-20&days=50')).total_records).toBe(5);
    expect((await history('?start_date=2026-06-10&end_date=2026-06-10')).total_records).toBe(2);
  });

  it('bad dates are a 400: reversed, impossible, wrong format', async () => {
    for (const query of ['start_date=2026-06-01&end_date=2026-05-01', 'start_date=2026-02-30', 'end_date=2026/06/01', 'start_date=20260601', 'end_date=2026-06-01T00:00:00Z']) {
      const error = expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing?${query}`, { key: acme.key }), 400, 'validation_error');
      expect(error.details?.length).toBeGreaterThan(0);
    }
  });

  it('latest_only: each plan’s most recent record (anywhere without dates, within the range with them)', async () => {
    const latest = await history('?latest_only=true');
    expect(rows(latest)).toEqual(['2026-05-20 B2', '2026-06-10 A1', '2026-06-10 B1']);
    // Without dates the range reported is the span returned, not a placeholder.
    expect(latest.date_range).toEqual({ start: '2026-05-20', end: TODAY });
    const inRange = await history('?latest_only=true&start_date=2026-04-01&end_date=2026-05-01');
    expect(rows(inRange)).toEqual(['2026-04-01 A1', '2026-04-01 B2']);
    expect(inRange.date_range).toEqual({ start: '2026-04-01', end: '2026-05-01' });
    const toEnd = await history('?latest_only=1&end_date=2026-05-31');
    expect(rows(toEnd)).toEqual(['2026-05-20 A1', '2026-05-20 B1', '2026-05-20 B2']);
  });

  it('floor_plan_id restricts to one plan; a plan of another community → 404; malformed → 400', async () => {
    const one = await history(`?floor_plan_id=${plan('s1-a1')}&days=90`);
    expect(rows(one)).toEqual(['2026-04-01 A1', '2026-05-20 A1', '2026-06-10 A1']);
    const upper = await history(`?floor_plan_id=${plan('s1-a1').toUpperCase()}&days=90`);
    expect(upper).toEqual(one);
    expect(rows(await history(`?floor_plan_id=${plan('s1-s0')}`))).toEqual([]);
    for (const other of [plan('c1-a1'), plan('s2-a1'), MISSING_ID])
      expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing?floor_plan_id=${other}`, { key: acme.key }), 404, 'not_found');
    expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing?floor_plan_id=A1`, { key: acme.key }), 400, 'validation_error');
  });

  it('a comparable’s own history is readable by its id', async () => {
    const comp = await history('', id('c1'));
    // Observed by the surveys of both its subjects on 2026-06-10: one record for the day.
    expect(rows(comp)).toEqual(['2026-05-20 A1', '2026-06-10 A1']);
    expect(comp.pricing.map((r) => r.market_rent_cents)).toEqual([150000, 152000]);
  });

  it('a start date after the default end (today) is a 400, like an explicit inverted range', async () => {
    const error = expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing?start_date=2027-01-01`, { key: acme.key }), 400, 'validation_error');
    expect(error.details?.[0]?.path).toBe('start_date');
  });

  it('unknown community → 404; unknown query parameter → 400', async () => {
    expectError(await svc.request('GET', `/rentsurvey/communities/${MISSING_ID}/pricing`, { key: acme.key }), 404, 'not_found');
    expectError(await svc.request('GET', `/rentsurvey/communities/${id('s1')}/pricing?from=2026-01-01`, { key: acme.key }), 400, 'validation_error');
  });
});
