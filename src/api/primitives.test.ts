import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isIsoDate } from '../domain/dates.js';
import { Email, Id, IsoDate, queryInt } from './primitives.js';
import { EMAIL_LOCAL_MAX, EMAIL_MAX } from './rules.js';
import { CommunityListQuery } from './schemas/communities.js';
import { PricingQuery } from './schemas/pricing.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('IsoDate', () => {
  test('calendar dates from 0001-01-01 to 9999-12-31, and nothing else', () => {
    for (const date of ['0001-01-01', '0099-12-31', '0100-02-28', '0400-02-29', '1999-12-31', '2028-02-29', '9999-12-31'])
      expect(IsoDate.safeParse(date).success, date).toBe(true);
    for (const date of ['0000-01-01', '0000-02-29', '0100-02-29', '2027-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '99-12-31', '10000-01-01', '2026-1-01', ' 2026-01-01', '2026-01-01T00:00:00Z', ''])
      expect(IsoDate.safeParse(date).success, date).toBe(false);
  });

  test('agrees with the calendar the date arithmetic uses, on any YYYY-MM-DD string', () => {
    const shaped = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
    fc.assert(fc.property(fc.oneof(shaped, fc.string()), (value) => IsoDate.safeParse(value).success === isIsoDate(value)), {
      numRuns: 5_000,
    });
  });
});

describe('queryInt', () => {
  test('only decimal digits (and a minus, told "too small") are a whole number', () => {
    const limit = queryInt({ min: 1, max: 100 });
    expect(limit.parse('12')).toBe(12);
    expect(limit.parse('007')).toBe(7);
    for (const text of ['1e1', '0x10', '', ' 12', '12 ', '+5', '1.0', '1_0', '0b1', 'Infinity', 'NaN', '١٢', '12abc'])
      expect(limit.safeParse(text).error?.issues[0]?.message, JSON.stringify(text)).toBe('expected a whole number (decimal digits only)');
    expect(limit.safeParse('-1').error?.issues[0]?.message).toMatch(/>=1/);
    expect(limit.safeParse('101').error?.issues[0]?.message).toMatch(/<=100/);
    // Beyond 2^53 a number is no longer whole-number exact: refused, not rounded.
    expect(queryInt({ min: 0 }).safeParse('99999999999999999999').success).toBe(false);
  });

  test('every integer query parameter of the contract uses it', () => {
    expect(CommunityListQuery.safeParse({ limit: '1e1' }).success).toBe(false);
    expect(CommunityListQuery.safeParse({ offset: '0x10' }).success).toBe(false);
    expect(PricingQuery.safeParse({ days: '1.0' }).success).toBe(false);
    expect(CommunityListQuery.parse({ limit: '10', offset: '20' })).toMatchObject({ limit: 10, offset: 20 });
  });
});

describe('Email', () => {
  const address = (local: number, total: number) => {
    const domain = total - local - 1 - '.example'.length;
    return `${'l'.repeat(local)}@${'d'.repeat(domain)}.example`;
  };

  test(`at most ${EMAIL_MAX} characters, ${EMAIL_LOCAL_MAX} before the @`, () => {
    expect(address(64, 254)).toHaveLength(254);
    expect(Email.safeParse(address(64, 254)).success).toBe(true);
    expect(Email.safeParse(address(64, 255)).error?.issues[0]?.message).toBe('at most 254 characters');
    expect(Email.safeParse(address(65, 200)).error?.issues[0]?.message).toBe('at most 64 characters before the @');
    expect(Email.safeParse('ana@acme.example').success).toBe(true);
    expect(Email.safeParse('not an address').success).toBe(false);
  });
});

describe('Id', () => {
  test('reads any 8-4-4-4-12 hex id, in lower case', () => {
    expect(Id.parse('ABCDEF00-0000-4000-8000-00000000000A')).toBe('abcdef00-0000-4000-8000-00000000000a');
    expect(Id.safeParse('abcdef00-0000-4000-8000-00000000000g').success).toBe(false);
  });
});
