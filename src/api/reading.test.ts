import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints } from './endpoints.js';
import { extension, markerOf, notShown, specReads } from './markers.js';
import { clientSchema, SpecTimestamp } from './reading.js';
import { BatchResponse } from './schemas/communities.js';
import { OverviewResponse } from './schemas/overview.js';
import { User } from './schemas/users.js';
import { VacancyResponse } from './schemas/vacancy.js';

const ID = '0b1f2f6e-5c3a-4d8e-9a7b-3c2d1e0f9a8b';

const user = {
  id: ID,
  email: 'ana@acme.example',
  full_name: 'Ana Ruiz',
  role: 'admin',
  status: 'active',
  created_at: '2026-01-02T03:04:05.678Z',
  updated_at: '2026-01-02T03:04:05.678Z',
};

const position = {
  subject_rent: 185_000,
  avg_comp_rent: 178_000,
  psi: 0.039,
  rent_variation: 7_000,
  rent_per_sqft_variation: 9.5,
  percentile_rank: 62,
  market_low: 150_000,
  market_high: 210_000,
  comps_with_data: 4,
};
const overview = {
  community: { id: ID, name: 'Maple Court', address: '100 Main St' },
  as_of_date: '2026-11-02',
  floor_plans: [
    {
      floor_plan_id: ID,
      floor_plan_name: 'A1',
      bedrooms: 1,
      bathrooms: 1,
      square_feet: 750,
      unit_count: 120,
      base_rent: position,
      ner: { ...position, comps_offering_concessions: 2, pct_comps_offering_concessions: 50 },
    },
  ],
  overall_metrics: {
    overall_psi_base: 0.039,
    overall_psi_ner: 0.021,
    cri_base: 62,
    cri_ner: 55,
    market_concession_pressure: { pct_comps_offering: 50, avg_concession_value: 12_500, total_comps: 4, comps_with_concessions: 2 },
  },
};

describe('two readings of one contract', () => {
  it('every operation has a client reading, and reads what our own service sends unchanged', () => {
    for (const [operation, endpoint] of Object.entries(endpoints)) expect(() => clientSchema(endpoint.response), operation).not.toThrow();
    expect(clientSchema(OverviewResponse).parse(overview)).toEqual(overview);
    expect(clientSchema(User).parse(user)).toEqual(user);
  });

  it('the server stays strict where the client is tolerant', () => {
    const { as_of_date: _asOf, ...withoutExtension } = overview;
    expect(OverviewResponse.safeParse(withoutExtension).success).toBe(false);
    expect(clientSchema(OverviewResponse).safeParse(withoutExtension).success).toBe(true);

    const other = { ...user, created_at: '2026-01-02T03:04:05Z', role: 'owner' };
    expect(User.safeParse(other).success).toBe(false);
    expect(clientSchema(User).parse(other)).toEqual(other);

    const negative = { ...overview, overall_metrics: { ...overview.overall_metrics, cri_base: -4 } };
    expect(OverviewResponse.safeParse(negative).success).toBe(false);
    expect(clientSchema(OverviewResponse).safeParse(negative).success).toBe(true);
  });

  it('spec fields stay required, with the spec types', () => {
    const { full_name: _full, ...noFullName } = user;
    expect(clientSchema(User).safeParse(noFullName).success).toBe(false);
    expect(clientSchema(User).safeParse({ ...user, id: 'u-1' }).success).toBe(false);
    expect(clientSchema(User).safeParse({ ...user, created_at: '2026-01-02' }).success).toBe(false);
    expect(clientSchema(VacancyResponse).safeParse({ community_id: ID, community_name: 'x' }).success).toBe(false);
  });

  it('extensions: absent or unreadable read as absent, null as null', () => {
    const batch = { communities: [], total: 0 };
    expect(clientSchema(BatchResponse).parse(batch).not_found).toBeUndefined();
    expect(clientSchema(BatchResponse).parse({ ...batch, not_found: null }).not_found).toBeNull();
    expect(clientSchema(BatchResponse).parse({ ...batch, not_found: 3 }).not_found).toBeUndefined();
    expect(clientSchema(BatchResponse).parse({ ...batch, not_found: [ID] }).not_found).toEqual([ID]);
  });

  it('what the spec does not show: read best effort, every part optional, unreadable parts dropped', () => {
    const Shape = z.object({ list: z.array(notShown(z.object({ a: z.string(), b: z.int() }))), amount: notShown(z.int()) });
    const read = clientSchema(Shape);
    expect(read.parse({ list: [{ a: 'x', b: 'y' }, 'junk', null, {}], amount: 'ten' })).toEqual({
      list: [{ a: 'x', b: undefined }, {}],
      amount: undefined,
    });
    expect(read.parse({ list: [] })).toEqual({ list: [] });
    expect(markerOf(Shape.shape.amount)).toBe('not-shown');
  });

  it('unknown fields pass through at every level', () => {
    const read = clientSchema(OverviewResponse).parse({ ...overview, next: 1, community: { ...overview.community, logo: 'x' } });
    expect(read).toMatchObject({ next: 1, community: { logo: 'x' } });
  });

  it('specReads and markers apply to a copy, never to the shared primitive', () => {
    const Base = z.string().register(z.globalRegistry, { description: 'kept' });
    const marked = extension(Base);
    expect(markerOf(Base)).toBeUndefined();
    expect(z.globalRegistry.get(marked)?.description).toBe('kept');
    const loose = specReads(z.guid(), 'user identifier');
    expect(clientSchema(z.object({ id: loose })).safeParse({ id: 'u-1' }).success).toBe(true);
    expect(clientSchema(z.object({ id: z.guid() })).safeParse({ id: 'u-1' }).success).toBe(false);
  });
});

describe('client primitives', () => {
  it.each([
    ['2026-08-24T14:15:22Z', true],
    ['2026-08-24T14:15:22.1Z', true],
    ['2026-08-24T14:15:22.123456789+02:00', true],
    ['2026-08-24T14:15:22-0500', true],
    ['2026-08-24T14:15+02', true],
    ['2026-08-24t14:15:22z', true],
    ['2026-08-24T14:15:22', false], // no offset: not an instant
    ['2026-02-30T14:15:22Z', false],
    ['2026-08-24T24:15:22Z', false],
    ['2026-08-24 14:15:22Z', false],
    ['yesterday', false],
  ])('timestamp %s → %s', (value, ok) => {
    expect(SpecTimestamp.safeParse(value).success).toBe(ok);
  });

  it('integers of any size; 12.0 is 12, 12.5 is not an integer', () => {
    const read = clientSchema(z.object({ n: z.int().check(z.nonnegative()) }));
    expect(read.parse(JSON.parse('{"n":12.0}'))).toEqual({ n: 12 });
    expect(read.parse({ n: 2 ** 64 })).toEqual({ n: 2 ** 64 });
    expect(read.parse({ n: -3 })).toEqual({ n: -3 });
    expect(read.safeParse({ n: 12.5 }).success).toBe(false);
  });
});
