/**
 * The contract's limits and the rules its schemas refine with, without zod:
 * commands and the service read them on paths that must not load zod (start-up).
 * The schemas (primitives.ts, schemas/) use these very functions, so each is
 * written once.
 */

export const MAX_BATCH_IDS = 50;
export const MAX_ACTIVE_COMPS = 10;
export const NAME_MAX = 200;
export const ADDRESS_MAX = 500;
/** RFC 5321's limits: 254 characters in all, 64 before the @ (longer ones no mail server takes). */
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;

/** What adding a comparable sets off at the service (the answer's `actions`). */
export const COMP_ACTIONS = ['agent_3_enrichment_triggered', 'agent_2_pricing_triggered'] as const;

/** What a query boolean may be (the client sends true/false). */
export const QUERY_TRUE = ['true', '1'];
export const QUERY_FALSE = ['false', '0'];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any 8-4-4-4-12 hex id (what z.guid() accepts), without loading zod. */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/** Splits the batch `ids` query value; the one place its format is defined. Ids differing only in case are one id. */
export function splitIds(value: string): string[] {
  const ids = new Map<string, string>();
  for (const id of value.split(',').map((part) => part.trim()))
    if (id.length > 0 && !ids.has(id.toLowerCase())) ids.set(id.toLowerCase(), id);
  return [...ids.values()];
}

/** What is wrong with a batch `ids` value, in the order a caller should hear it; empty when nothing. */
export function idListProblems(value: string): string[] {
  const ids = splitIds(value);
  const problems: string[] = [];
  if (ids.length === 0) problems.push('expected at least one community id');
  if (ids.length > MAX_BATCH_IDS) problems.push(`at most ${MAX_BATCH_IDS} ids per request, got ${ids.length}`);
  const bad = ids.find((id) => !isUuid(id));
  if (bad !== undefined) problems.push(`not a UUID: ${bad}`);
  return problems;
}

/** Years 0001 to 9999 (what src/domain/dates.ts computes with); z.iso.date lets 0000 through. */
export function isDateFromYearOne(date: string): boolean {
  return date >= '0001-01-01';
}

export function hasEmailLocalPartWithinLimit(email: string): boolean {
  return email.lastIndexOf('@') <= EMAIL_LOCAL_MAX;
}

export interface DateRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** A date range's rule, for queries with start_date and end_date. */
export function isStartNotAfterEnd(query: DateRange): boolean {
  return !(query.start_date && query.end_date) || query.start_date <= query.end_date;
}

/** A PATCH body says something. */
export function isNonEmptyBody(body: object): boolean {
  return Object.keys(body).length > 0;
}

/** JSON's 12.0 is 12: any integer, of any size. */
export function isInteger(value: number): boolean {
  return Number.isInteger(value);
}

// Extended ISO 8601: seconds and their fraction optional, Z or an offset (+02:00, +0200, +02).
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/** Any ISO 8601 instant: with or without milliseconds, `Z` or an offset, a real calendar day. */
export function isIsoInstant(text: string): boolean {
  const match = ISO_INSTANT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  const sameDay = date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
  return sameDay && hour! <= 23 && minute! <= 59 && second! <= 60;
}
