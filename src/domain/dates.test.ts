import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate } from './dates.js';

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
