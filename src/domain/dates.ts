/**
 * Calendar dates as 'YYYY-MM-DD' strings, years 0001 to 9999 of the proleptic
 * Gregorian calendar (the range the contract's IsoDate accepts).
 *
 * Pure integer arithmetic on day numbers: no Date, so no time zone, no DST and
 * none of Date.UTC's mapping of years 0–99 to 1900–1999.
 */

export const MIN_DATE = '0001-01-01';
export const MAX_DATE = '9999-12-31';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function parts(value: string): [year: number, month: number, day: number] | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return [year, month, day];
}

/** True for a real calendar date in 'YYYY-MM-DD' form between 0001-01-01 and 9999-12-31 (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  return parts(value) !== undefined;
}

// Days since 0000-03-01 of the proleptic Gregorian calendar (H. Hinnant's days_from_civil):
// counting years from March puts the leap day last, so each 400-year era has the same shape.
function toDayNumber(date: string): number {
  const found = parts(date);
  if (!found) throw new RangeError(`expected a YYYY-MM-DD date between ${MIN_DATE} and ${MAX_DATE}, got ${JSON.stringify(date)}`);
  const [year, month, day] = found;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra;
}

function fromDayNumber(dayNumber: number): string {
  const era = Math.floor(dayNumber / 146_097);
  const dayOfEra = dayNumber - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const FIRST_DAY = toDayNumber(MIN_DATE);
const LAST_DAY = toDayNumber(MAX_DATE);

/**
 * `date` plus `days` (may be negative). A result beyond the calendar stops at
 * its end (0001-01-01 or 9999-12-31): every caller asks for the edge of a
 * window ("30 days before", "14 days after"), and a window cannot reach further.
 */
export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`expected a whole number of days, got ${days}`);
  return fromDayNumber(Math.min(LAST_DAY, Math.max(FIRST_DAY, toDayNumber(date) + days)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}
