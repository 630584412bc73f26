import { describe, expect, test } from 'vitest';
import { splitIds } from '../rules.js';
import { BatchQuery, CommunityCreateBody, CommunityListQuery } from './communities.js';
import { PortfolioQuery } from './portfolio.js';
import { PricingQuery } from './pricing.js';
import { UserUpdateBody } from './users.js';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('query coercion', () => {
  test('booleans and integers from a query string, with the spec defaults', () => {
    expect(PortfolioQuery.parse({})).toEqual({ include_pricing: false, include_comp_count: true });
    expect(PortfolioQuery.parse({ include_pricing: 'true', include_comp_count: 'false' })).toEqual({
      include_pricing: true,
      include_comp_count: false,
    });
    expect(PortfolioQuery.safeParse({ include_pricing: 'maybe' }).success).toBe(false);
    expect(CommunityListQuery.parse({ limit: '100', offset: '5' })).toMatchObject({ limit: 100, offset: 5 });
    expect(CommunityListQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(CommunityListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(PricingQuery.parse({})).toMatchObject({ days: 30, latest_only: false });
    expect(PricingQuery.safeParse({ start_date: '2026-02-01', end_date: '2026-01-01' }).success).toBe(false);
  });

  test('batch ids: comma-separated UUIDs, at most 50, duplicates folded', () => {
    expect(splitIds(`${uuid(1)}, ${uuid(2)},${uuid(1)},`)).toEqual([uuid(1), uuid(2)]);
    const upper = 'ABCDEF00-0000-4000-8000-000000000001';
    expect(splitIds(`${upper},${upper.toLowerCase()}`)).toEqual([upper]);
    expect(BatchQuery.safeParse({ ids: Array.from({ length: 50 }, (_, i) => uuid(i)).join(',') }).success).toBe(true);
    const tooMany = BatchQuery.safeParse({ ids: Array.from({ length: 51 }, (_, i) => uuid(i)).join(',') });
    expect(tooMany.error?.issues[0]?.message).toMatch(/at most 50/);
    expect(BatchQuery.safeParse({ ids: 'abc' }).error?.issues[0]?.message).toMatch(/not a UUID: abc/);
  });
});

describe('bodies', () => {
  const valid = { name: 'Maple Court', address: '100 Main St, Austin, TX 78701', zipcode: '78701' };
  test('community create: limits, zip formats, unknown fields', () => {
    expect(CommunityCreateBody.safeParse(valid).success).toBe(true);
    expect(CommunityCreateBody.safeParse({ ...valid, zipcode: '78701-1234' }).success).toBe(true);
    for (const zipcode of ['7870', '787011', '78701-12', 'abcde'])
      expect(CommunityCreateBody.safeParse({ ...valid, zipcode }).success).toBe(false);
    expect(CommunityCreateBody.safeParse({ ...valid, name: 'x'.repeat(201) }).success).toBe(false);
    expect(CommunityCreateBody.safeParse({ ...valid, address: 'x'.repeat(501) }).success).toBe(false);
    expect(CommunityCreateBody.safeParse({ ...valid, colour: 'red' }).success).toBe(false);
    expect(CommunityCreateBody.safeParse({ ...valid, status: 'archived' }).success).toBe(false);
  });

  test('PATCH bodies need at least one field', () => {
    expect(UserUpdateBody.safeParse({}).success).toBe(false);
    expect(UserUpdateBody.safeParse({ role: 'admin' }).success).toBe(true);
    expect(UserUpdateBody.safeParse({ role: 'owner' }).success).toBe(false);
  });
});
