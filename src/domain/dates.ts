/** Calendar dates as 'YYYY-MM-DD' strings, computed in UTC (no time zones, no DST). */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date in 'YYYY-MM-DD' form (rejects 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value;
}

function toUtcMs(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`expected a YYYY-MM-DD date, got ${JSON.stringify(date)}`);
  return Date.parse(`${date}T00:00:00Z`);
}

/** `date` plus `days` (may be negative). */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`expected a whole number of days, got ${days}`);
  return new Date(toUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS);
}
