import * as z from 'zod/mini';
import {
  EMAIL_LOCAL_MAX,
  EMAIL_MAX,
  hasEmailLocalPartWithinLimit,
  idListProblems,
  isDateFromYearOne,
  isStartNotAfterEnd,
  MAX_BATCH_IDS,
  QUERY_FALSE,
  QUERY_TRUE,
  type DateRange,
} from './rules.js';

// zod/mini loads no locale: without one every message would read "Invalid input".
z.config(z.locales.en());

// Any 8-4-4-4-12 hex id is accepted: callers sometimes use nil-like or
// non-v4 ids, and "no such record" (404) is a better answer than "malformed".
// Ids are read in lower case, once, here: the store keeps them so, and a caller
// may write them in either case.
export const Id = z.guid({ message: 'expected a UUID' }).check(z.toLowerCase());

/**
 * A calendar date YYYY-MM-DD, years 0001 to 9999 (what src/domain/dates.ts
 * computes with). z.iso.date checks months, days and leap years; year 0000 is
 * the one it lets through.
 */
export const IsoDate = z.iso
  .date({ message: 'expected a date YYYY-MM-DD' })
  .check(z.refine(isDateFromYearOne, { message: 'expected a date from 0001-01-01 to 9999-12-31' }));
export const Timestamp = z.iso.datetime({ precision: 3 });

export const Cents = z.int();
export const NonNegativeInt = z.int().check(z.nonnegative());

export const Zipcode = z.string().check(z.regex(/^\d{5}(-\d{4})?$/, 'expected a US zip code: 12345 or 12345-6789'));
export const Email = z.email().check(
  z.maxLength(EMAIL_MAX, { message: `at most ${EMAIL_MAX} characters` }),
  z.refine(hasEmailLocalPartWithinLimit, { message: `at most ${EMAIL_LOCAL_MAX} characters before the @` }),
);
export const Url = z.url({ protocol: /^https?$/ });

export const Role = z.enum(['admin', 'member']);
export const Status = z.enum(['active', 'inactive']);

/** Booleans arrive as strings in a query string; the client sends true/false. */
export const QueryBoolean = z.stringbool({ truthy: QUERY_TRUE, falsy: QUERY_FALSE });

/**
 * A whole number in a query string: decimal digits only, with an optional
 * minus so that a negative one is told "too small" (not 1e1, 0x10, +5, 1.0,
 * " 12" or an empty value, all of which Number() would read).
 */
export function queryInt(range: { min: number; max?: number }) {
  const value = z.int().check(z.minimum(range.min), ...(range.max === undefined ? [] : [z.maximum(range.max)]));
  const digits = z.string().check(z.regex(/^-?\d+$/, { message: 'expected a whole number (decimal digits only)' }));
  return z.pipe(z.pipe(digits, z.transform(Number)), value);
}

export const IdList = z
  .string()
  .check(
    z.minLength(1),
    z.superRefine((value, ctx) => {
      for (const message of idListProblems(value)) ctx.addIssue({ code: 'custom', message });
    }),
  )
  .register(z.globalRegistry, { description: `comma-separated community UUIDs, at most ${MAX_BATCH_IDS}` });

// ---------------------------------------------------------------- pieces the endpoint groups share

/** Text a caller must give: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
export const NonNegativeNumber = z.number().check(z.nonnegative());
export const Percent = z.number().check(z.minimum(0), z.maximum(100));

/** A query's date range: start_date not after end_date. */
export const startNotAfterEnd = z.refine<DateRange>(isStartNotAfterEnd, {
  message: 'start_date must not be after end_date',
  path: ['start_date'],
});

/** The query of a paged list (GET /communities, GET /users): search text, a page of 1 to 100 (50), from offset 0. */
export const PAGED_QUERY = {
  search: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(queryInt({ min: 1, max: 100 }), 50),
  offset: z._default(queryInt({ min: 0 }), 0),
};

/** What a page of a paged list counts beside its items. */
export const PAGE_COUNTS = { total: NonNegativeInt, limit: NonNegativeInt, offset: NonNegativeInt };

export const IdParams = z.strictObject({ id: Id });
export const CompParams = z.strictObject({ id: Id, comp_id: Id });
export const CommunityRef = z.object({ id: Id, name: z.string() });
