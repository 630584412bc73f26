import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, MAX_DATE, MIN_DATE } from './dates.js';

describe('dates', () => {
  it('addDays works in UTC across months, years, leap days and DST changes', () => {
    expect(addDays('2026-11-02', 14)).toBe('2026-11-16');
    expect(addDays('2026-12-25', 10)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09'); // US DST starts 2026-03-08
    expect(addDays('2026-11-02', -3)).toBe('2026-10-30');
    expect(addDays('2026-11-02', 0)).toBe('2026-11-02');
  });
  it('daysBetween', () => {
    expect(daysBetween('2026-11-02', '2026-11-16')).toBe(14);
    expect(daysBetween('2026-11-16', '2026-11-02')).toBe(-14);
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
  });
  it('isIsoDate accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2026-11-02')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-11-2')).toBe(false);
    expect(isIsoDate('2026-11-02T00:00:00Z')).toBe(false);
  });
  it('rejects bad input instead of producing "Invalid Date"', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-11-02', 1.5)).toThrow(RangeError);
    expect(() => daysBetween('yesterday', '2026-11-02')).toThrow(RangeError);
  });
});

describe('the whole calendar, 0001 to 9999', () => {
  // A reference that does not map years 0–99 to the 1900s: setUTCFullYear takes the year as given.
  const reference = (date: string, days: number) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const at = new Date(0);
    at.setUTCFullYear(y, m - 1, d + days);
    const year = at.getUTCFullYear();
    return `${String(year).padStart(4, '0')}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-${String(at.getUTCDate()).padStart(2, '0')}`;
  };

  it('years below 100 are years below 100', () => {
    expect(isIsoDate('0099-12-31')).toBe(true);
    expect(addDays('0099-12-31', -29)).toBe('0099-12-02');
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('0004-02-28', 1)).toBe('0004-02-29');
    expect(addDays('0100-02-28', 1)).toBe('0100-03-01');
    expect(daysBetween('0001-01-01', '9999-12-31')).toBe(3_652_058);
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('0000-02-29')).toBe(false);
  });

  it('a window reaching past either end stops there', () => {
    expect(addDays('0001-01-05', -29)).toBe(MIN_DATE);
    expect(addDays('9999-12-25', 14)).toBe(MAX_DATE);
    expect(addDays('9999-12-31', 1)).toBe(MAX_DATE);
    expect(addDays(MIN_DATE, -1e15)).toBe(MIN_DATE);
  });

  it('addDays and daysBetween agree with a reference calendar everywhere', () => {
    const day = fc.integer({ min: 0, max: 3_652_058 }).map((n) => reference(MIN_DATE, n));
    fc.assert(
      fc.property(day, fc.integer({ min: -400_000, max: 400_000 }), (date, days) => {
        expect(isIsoDate(date)).toBe(true);
        const expected = reference(date, days);
        const inside = expected >= MIN_DATE && expected <= MAX_DATE && !expected.startsWith('-') && expected.length === 10;
        expect(addDays(date, days)).toBe(inside ? expected : days < 0 ? MIN_DATE : MAX_DATE);
        if (inside) expect(daysBetween(date, expected)).toBe(days);
      }),
      { numRuns: 5_000 },
    );
  });
});
