// Comparables over real HTTP: the list (ordering, include_inactive, include_pricing),
// POST comps (201, actions, enrichment, validation, the limit of 10 and its race),
// PATCH comps (activate/deactivate, history kept).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetInput } from '../../src/api/dataset.js';
import { endpoints } from '../../src/api/endpoints.js';
import { addDays } from '../../src/domain/dates.js';
import { distanceMiles } from '../../src/domain/geo.js';
import { keyId } from '../../src/server/store/import.js';
import { lookupZip } from '../../src/server/zip-table.js';
import { expectError, isoDate, MISSING_ID, startService, type Principal, type TestService } from '../helpers/server.js';

const ORG = 'Comp Testers';
const id = (key: string) => keyId(ORG, 'community', key);
const planId = (key: string) => keyId(ORG, 'floor_plan', key);
const today = isoDate(new Date());

let svc: TestService;
let acme: Principal;

// s1: a subject with four comparables at known distances (one unknown, one deactivated);
// c1 and c4 have floor plans and pricing.
const dataset: DatasetInput = {
  organization: ORG,
  communities: [
    { key: 's1', managed: true, name: 'Maple Court', address: '100 Main St, Austin, TX 78701', zipcode: '78701', latitude: 30.2672, longitude: -97.7431 },
    { key: 's2', managed: true, name: 'Full House', address: '1 Full St, Austin, TX', zipcode: '78701' },
    { key: 's3', managed: true, name: 'Race Track', address: '1 Race St, Austin, TX', zipcode: '78701', latitude: 30.2672, longitude: -97.7431 },
    { key: 'c1', managed: false, name: 'Oak Flats', address: '9 Elm St, Austin, TX 78702', zipcode: '78702' },
    { key: 'c2', managed: false, name: 'Birch Row', address: '12 Oak St, Austin, TX', zipcode: '78702' },
    { key: 'c3', managed: false, name: 'Aspen Yards', address: '5 Pine St, Austin, TX', zipcode: '78703' },
    { key: 'c4', managed: false, name: 'Cedar Lofts', address: '7 Cedar St, Austin, TX', zipcode: '78704' },
    { key: 'c5', managed: false, name: 'Unknown Distance', address: '1 Far St, Austin, TX', zipcode: '78705' },
    ...Array.from({ length: 10 }, (_, i) => ({
      key: `f${i}`,
      managed: false,
      name: `Full Comp ${i}`,
      address: `${i} Full Comp Rd`,
      zipcode: '78702',
    })),
    ...Array.from({ length: 9 }, (_, i) => ({
      key: `r${i}`,
      managed: false,
      name: `Race Comp ${i}`,
      address: `${i} Race Comp Rd`,
      zipcode: '78702',
    })),
  ],
  comps: [
    { subject: 's1', comp: 'c1', distance_miles: 3.5 },
    { subject: 's1', comp: 'c2', distance_miles: 1.2 },
    { subject: 's1', comp: 'c3', distance_miles: 1.2 },
    { subject: 's1', comp: 'c5' },
    { subject: 's1', comp: 'c4', distance_miles: 0.4, is_included_in_surveys: false },
    ...Array.from({ length: 10 }, (_, i) => ({ subject: 's2', comp: `f${i}`, distance_miles: i + 1 })),
    ...Array.from({ length: 9 }, (_, i) => ({ subject: 's3', comp: `r${i}`, distance_miles: i + 1 })),
  ],
  floor_plans: [
    { key: 's1-a1', community: 's1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 100 },
    { key: 'c1-a1', community: 'c1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 750, unit_count: 100 },
    { key: 'c1-b1', community: 'c1', floor_plan_name: 'B1', bedrooms: 2, bathrooms: 2, square_feet: 1000, unit_count: 300 },
    { key: 'c4-a1', community: 'c4', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 650, unit_count: 50 },
  ],
  surveys: [
    {
      subject: 's1',
      date: addDays(today, -14),
      observations: [
        { floor_plan: 's1-a1', market_rent_cents: 150000 },
        { floor_plan: 'c1-a1', market_rent_cents: 140000 },
        { floor_plan: 'c1-b1', market_rent_cents: 190000 },
        { floor_plan: 'c4-a1', market_rent_cents: 130000 },
      ],
    },
    {
      subject: 's1',
      date: addDays(today, -7),
      observations: [
        { floor_plan: 's1-a1', market_rent_cents: 151000 },
        { floor_plan: 'c1-a1', market_rent_cents: 160000 },
        { floor_plan: 'c1-b1', market_rent_cents: 200000 },
        { floor_plan: 'c4-a1', market_rent_cents: 131000 },
      ],
    },
  ],
};

beforeAll(async () => {
  svc = await startService();
  svc.importDataset(dataset);
  acme = svc.principal({ organization: ORG });
});

afterAll(async () => {
  await svc?.close();
});

const listComps = async (subject: string, query = '') => {
  const answer = await svc.request('GET', `/rentsurvey/communities/${subject}/comps${query}`, { key: acme.key });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return endpoints.listComps.response.parse(answer.body);
};

const addComp = (subject: string, body: unknown) =>
  svc.request('POST', `/rentsurvey/communities/${subject}/comps`, { key: acme.key, body });

const setIncluded = (subject: string, comp: string, body: unknown) =>
  svc.request('PATCH', `/rentsurvey/communities/${subject}/comps/${comp}`, { key: acme.key, body });

describe('GET /rentsurvey/communities/:id/comps', () => {
  it('lists active comparables nearest first, ties by name, unknown distances last', async () => {
    const answer = await listComps(id('s1'));
    expect(answer.subject_community).toEqual({ id: id('s1'), name: 'Maple Court' });
    expect(answer.comps.map((c) => [c.name, c.distance_miles])).toEqual([
      ['Aspen Yards', 1.2],
      ['Birch Row', 1.2],
      ['Oak Flats', 3.5],
      ['Unknown Distance', null],
    ]);
    expect(answer.total).toBe(4);
    expect(answer.comps.every((c) => c.is_included_in_surveys)).toBe(true);
    expect(answer.comps.every((c) => !('pricing' in c))).toBe(true);
    expect(answer.comps[0]).toMatchObject({ id: id('c3'), address: '5 Pine St, Austin, TX', zipcode: '78703' });
  });

  it('include_inactive=true adds deactivated comparables, marked is_included_in_surveys false', async () => {
    const answer = await listComps(id('s1'), '?include_inactive=true');
    expect(answer.comps.map((c) => [c.name, c.is_included_in_surveys])).toEqual([
      ['Cedar Lofts', false],
      ['Aspen Yards', true],
      ['Birch Row', true],
      ['Oak Flats', true],
      ['Unknown Distance', true],
    ]);
    expect(answer.total).toBe(5);
    expect((await listComps(id('s1'), '?include_inactive=false')).total).toBe(4);
  });

  it('include_pricing=true adds floor_plan_count and the unit-weighted latest average rent', async () => {
    const answer = await listComps(id('s1'), '?include_pricing=true&include_inactive=1');
    const byName = Object.fromEntries(answer.comps.map((c) => [c.name, c.pricing]));
    // Oak Flats: latest 160000 × 100 units and 200000 × 300 units.
    expect(byName['Oak Flats']).toEqual({ floor_plan_count: 2, avg_market_rent_cents: 190000 });
    expect(byName['Cedar Lofts']).toEqual({ floor_plan_count: 1, avg_market_rent_cents: 131000 });
    expect(byName['Birch Row']).toEqual({ floor_plan_count: 0, avg_market_rent_cents: null });
  });

  it('404 for an unknown subject, 400 for a malformed id or query', async () => {
    expectError(await svc.request('GET', `/rentsurvey/communities/${MISSING_ID}/comps`, { key: acme.key }), 404, 'not_found');
    expectError(await svc.request('GET', '/rentsurvey/communities/123/comps', { key: acme.key }), 400, 'validation_error');
    for (const query of ['include_pricing=maybe', 'include_inactive=yes', 'limit=5']) {
      const error = expectError(
        await svc.request('GET', `/rentsurvey/communities/${id('s1')}/comps?${query}`, { key: acme.key }),
        400,
        'validation_error',
      );
      expect(JSON.stringify(error)).toContain(query.split('=')[0]!);
    }
  });
});

describe('POST /rentsurvey/communities/:id/comps', () => {
  it('201 with both actions; enrichment geocodes the zip code and sets the distance at once', async () => {
    const answer = await addComp(id('s1'), {
      name: 'Willow Park',
      address: '200 E 6th St, Austin, TX 78702',
      zipcode: '78702',
      website_url: 'https://willow.example',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const created = endpoints.addComp.response.parse(answer.body);
    expect(created.success).toBe(true);
    expect(created.actions).toEqual(['agent_3_enrichment_triggered', 'agent_2_pricing_triggered']);
    expect(created.message).toContain('Willow Park');
    const place = lookupZip('78702')!;
    const expected = distanceMiles({ latitude: 30.2672, longitude: -97.7431 }, place);
    expect(expected).toBeGreaterThan(1);
    expect(expected).toBeLessThan(3);
    const comps = await listComps(id('s1'));
    const willow = comps.comps.find((c) => c.id === created.comp_id);
    expect(willow).toMatchObject({ name: 'Willow Park', distance_miles: expected, is_included_in_surveys: true, zipcode: '78702' });
    // Sorted into place by its distance.
    expect(comps.comps.map((c) => c.name)).toEqual(['Aspen Yards', 'Birch Row', 'Willow Park', 'Oak Flats', 'Unknown Distance']);
    // The market community carries the coordinates; it is not one of the organization's own communities.
    const batch = await svc.request('GET', `/rentsurvey/communities?ids=${created.comp_id}`, { key: acme.key });
    expect(endpoints.batchCommunities.response.parse(batch.body).communities[0]).toMatchObject({
      latitude: place.latitude,
      longitude: place.longitude,
      website_url: 'https://willow.example',
    });
    const own = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?search=willow', { key: acme.key })).body);
    expect(own.total).toBe(0);
    // Enrichment ran; pricing collection stays queued.
    const jobs = svc.store.jobs.list().filter((job) => job.community_id === created.comp_id);
    expect(jobs.map((job) => [job.kind, job.status]).sort()).toEqual([
      ['enrichment', 'done'],
      ['pricing', 'queued'],
    ]);
  });

  it('a subject without coordinates is measured from its zip code', async () => {
    const answer = await addComp(id('s2'), { name: 'Never Added', address: 'x', zipcode: '78702' });
    // s2 is full (10 active): this is the limit, not the distance.
    expectError(answer, 409, 'comp_limit_reached');
    const fresh = await svc.request('POST', '/communities', {
      key: acme.key,
      body: { name: 'Zip Only Subject', address: '1 Zip St, Austin, TX', zipcode: '78701' },
    });
    const subject = endpoints.createCommunity.response.parse(fresh.body).id;
    const created = endpoints.addComp.response.parse((await addComp(subject, { name: 'Zip Comp', address: 'y', zipcode: '78702' })).body);
    const expected = distanceMiles(lookupZip('78701')!, lookupZip('78702')!);
    expect((await listComps(subject)).comps).toEqual([
      expect.objectContaining({ id: created.comp_id, distance_miles: expected }),
    ]);
  });

  it('an unknown zip code leaves the distance unknown (enrichment fails, the comparable stays)', async () => {
    const created = endpoints.addComp.response.parse(
      (await addComp(id('s3'), { name: 'Nowhere Court', address: 'Nowhere', zipcode: '00000' })).body,
    );
    const comps = await listComps(id('s3'));
    expect(comps.comps.at(-1)).toMatchObject({ id: created.comp_id, distance_miles: null });
    expect(svc.store.jobs.list().find((j) => j.community_id === created.comp_id && j.kind === 'enrichment')?.status).toBe('failed');
    // Back to 9 active for the race below.
    expect((await setIncluded(id('s3'), created.comp_id, { is_included_in_surveys: false })).status).toBe(200);
  });

  it('validates the body: required fields, zip, URL, lengths, unknown fields', async () => {
    const ok = { name: 'Valid Name', address: '1 Valid St', zipcode: '78702' };
    const cases: [unknown, string][] = [
      [{ address: 'x', zipcode: '78702' }, 'name'],
      [{ name: 'x', zipcode: '78702' }, 'address'],
      [{ name: 'x', address: 'y' }, 'zipcode'],
      [{ ...ok, zipcode: '7870' }, 'zipcode'],
      [{ ...ok, zipcode: '78702-12' }, 'zipcode'],
      [{ ...ok, website_url: 'not a url' }, 'website_url'],
      [{ ...ok, name: 'n'.repeat(201) }, 'name'],
      [{ ...ok, address: 'a'.repeat(501) }, 'address'],
      [{ ...ok, distance_miles: 1 }, 'distance_miles'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await addComp(id('s1'), body), 400, 'validation_error');
      expect(JSON.stringify(error.details), JSON.stringify(body)).toContain(path);
    }
  });

  it('404 for an unknown subject or a comparable as subject; 400 for a malformed id', async () => {
    const body = { name: 'Orphan', address: 'x', zipcode: '78702' };
    expectError(await addComp(MISSING_ID, body), 404, 'not_found');
    expectError(await addComp(id('c1'), body), 404, 'not_found');
    expectError(await addComp('nope', body), 400, 'validation_error');
  });

  it('the same name and zip code twice on one subject is a 409 conflict', async () => {
    expectError(await addComp(id('s1'), { name: 'oak flats', address: 'elsewhere', zipcode: '78702' }), 409, 'conflict');
  });

  it('an 11th active comparable is a 409 comp_limit_reached; deactivating one makes room; re-activating an 11th is a 409', async () => {
    const before = await listComps(id('s2'));
    expect(before.total).toBe(10);
    const full = expectError(await addComp(id('s2'), { name: 'Eleventh', address: 'x', zipcode: '78702' }), 409, 'comp_limit_reached');
    expect(full.message).toMatch(/10/);
    expect((await listComps(id('s2'), '?include_inactive=true')).total).toBe(10);

    expect((await setIncluded(id('s2'), id('f0'), { is_included_in_surveys: false })).status).toBe(200);
    const eleventh = await addComp(id('s2'), { name: 'Eleventh', address: 'x', zipcode: '78702' });
    expect(eleventh.status).toBe(201);
    expect((await listComps(id('s2'))).total).toBe(10);
    expect((await listComps(id('s2'), '?include_inactive=true')).total).toBe(11);

    expectError(await setIncluded(id('s2'), id('f0'), { is_included_in_surveys: true }), 409, 'comp_limit_reached');
    const still = await listComps(id('s2'), '?include_inactive=true');
    expect(still.comps.find((c) => c.id === id('f0'))?.is_included_in_surveys).toBe(false);
    // Swapping: deactivate one, then the old one comes back.
    expect((await setIncluded(id('s2'), id('f9'), { is_included_in_surveys: false })).status).toBe(200);
    expect((await setIncluded(id('s2'), id('f0'), { is_included_in_surveys: true })).status).toBe(200);
    expect((await listComps(id('s2'))).total).toBe(10);
  });

  it('THE RACE: 9 active comparables, 20 parallel adds → exactly one 201 and nineteen 409s', async () => {
    expect((await listComps(id('s3'))).total).toBe(9);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => addComp(id('s3'), { name: `Racer ${i}`, address: `${i} Racer Rd`, zipcode: '78702' })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const answer of answers)
      if (answer.status === 409) expectError(answer, 409, 'comp_limit_reached');
      else endpoints.addComp.response.parse(answer.body);
    const after = await listComps(id('s3'));
    expect(after.total).toBe(10);
    // Nothing half-written: exactly one racer exists at all, active or not.
    const everything = await listComps(id('s3'), '?include_inactive=true');
    expect(everything.comps.filter((c) => c.name.startsWith('Racer '))).toHaveLength(1);
    const winner = answers.find((a) => a.status === 201)!.body as { comp_id: string };
    expect(everything.comps.find((c) => c.name.startsWith('Racer '))?.id).toBe(winner.comp_id);
  });
});

describe('PATCH /rentsurvey/communities/:id/comps/:comp_id', () => {
  it('deactivates: 200 in the contract shape; history, plans and pricing of the comparable are kept', async () => {
    const historyBefore = await svc.request('GET', `/rentsurvey/communities/${id('c1')}/pricing`, { key: acme.key });
    const before = endpoints.getPricingHistory.response.parse(historyBefore.body);
    expect(before.total_records).toBe(4);

    const answer = await setIncluded(id('s1'), id('c1'), { is_included_in_surveys: false });
    expect(answer.status).toBe(200);
    expect(endpoints.updateComp.response.parse(answer.body)).toEqual({
      success: true,
      comp_id: id('c1'),
      is_included_in_surveys: false,
      message: expect.stringMatching(/excluded/),
    });

    expect((await listComps(id('s1'))).comps.some((c) => c.id === id('c1'))).toBe(false);
    const inactive = await listComps(id('s1'), '?include_inactive=true&include_pricing=true');
    expect(inactive.comps.find((c) => c.id === id('c1'))).toMatchObject({
      is_included_in_surveys: false,
      distance_miles: 3.5,
      pricing: { floor_plan_count: 2, avg_market_rent_cents: 190000 },
    });
    const historyAfter = await svc.request('GET', `/rentsurvey/communities/${id('c1')}/pricing`, { key: acme.key });
    expect(endpoints.getPricingHistory.response.parse(historyAfter.body)).toEqual(before);
    const plans = await svc.request('GET', `/rentsurvey/communities/${id('c1')}/floor-plans`, { key: acme.key });
    expect(endpoints.listFloorPlans.response.parse(plans.body).floor_plans.map((p) => p.id).sort()).toEqual(
      [planId('c1-a1'), planId('c1-b1')].sort(),
    );
  });

  it('the comp_count of the subject counts active comparables only', async () => {
    const detail = endpoints.getCommunityDetail.response.parse(
      (await svc.request('GET', `/rentsurvey/communities/${id('s1')}`, { key: acme.key })).body,
    );
    const active = (await listComps(id('s1'))).total;
    expect(detail.community.comp_count).toBe(active);
    expect(detail.comps?.every((c) => c.is_included_in_surveys)).toBe(true);
  });

  it('setting the value it already has succeeds and says so', async () => {
    const again = await setIncluded(id('s1'), id('c1'), { is_included_in_surveys: false });
    expect(again.status).toBe(200);
    expect(endpoints.updateComp.response.parse(again.body).message).toMatch(/already/);
  });

  it('re-activates', async () => {
    const answer = await setIncluded(id('s1'), id('c1'), { is_included_in_surveys: true });
    expect(endpoints.updateComp.response.parse(answer.body)).toMatchObject({ is_included_in_surveys: true, message: expect.stringMatching(/included/) });
    expect((await listComps(id('s1'))).comps.some((c) => c.id === id('c1'))).toBe(true);
  });

  it('is_included_in_surveys is required and must be a boolean; no other field', async () => {
    for (const body of [{}, { is_included_in_surveys: 'false' }, { is_included_in_surveys: 0 }, { is_included_in_surveys: null }]) {
      const error = expectError(await setIncluded(id('s1'), id('c1'), body), 400, 'validation_error');
      expect(JSON.stringify(error), JSON.stringify(body)).toContain('is_included_in_surveys');
    }
    expectError(await setIncluded(id('s1'), id('c1'), { is_included_in_surveys: true, distance_miles: 2 }), 400, 'validation_error');
  });

  it('404 for an unknown subject, an unknown comparable or another subject’s comparable; 400 for malformed ids', async () => {
    const body = { is_included_in_surveys: false };
    expectError(await setIncluded(MISSING_ID, id('c1'), body), 404, 'not_found');
    expectError(await setIncluded(id('s1'), MISSING_ID, body), 404, 'not_found');
    expectError(await setIncluded(id('s2'), id('c1'), body), 404, 'not_found');
    const error = expectError(await setIncluded(id('s1'), 'xyz', body), 400, 'validation_error');
    expect(error.details?.[0]?.path).toBe('comp_id');
    expectError(await setIncluded('xyz', id('c1'), body), 400, 'validation_error');
  });
});
