/**
 * Problems with what was typed, said in the terms it was typed in. The API's
 * schemas (src/api) check every request before it is sent; their messages name
 * API fields (`start_date: expected a date YYYY-MM-DD`). A command declares,
 * once, which flag fills which field (a `FlagNames` table) and checks its
 * request here first, so the user reads `--start: "2026-13-01" is not a date
 * (YYYY-MM-DD)`. Flags that fill no field (digest --since) use `checkFlag`.
 */
import type * as z from 'zod/mini';
import { loadEndpoint } from '../api/contract.js';
import type { BodyOf, Endpoint, OperationId, QueryOf } from '../api/endpoints.js';
import { ApiError, UsageError } from './errors.js';
import { serialiseQuery } from './http/client.js';

/** For the fields of a request part a command fills, the flag (or argument) the user gives each with. */
export type FlagNames<T> = { readonly [K in keyof T]?: string };

type Issue = z.core.$ZodIssue;

const FORMATS: Record<string, string> = {
  date: 'is not a date (YYYY-MM-DD)',
  email: 'is not an e-mail address',
  url: 'is not a web address (http:// or https://)',
  guid: 'is not a UUID',
  uuid: 'is not a UUID',
};

/** What is wrong with a value, as the end of a sentence about it ("is not a date (YYYY-MM-DD)"). */
function complaint(issue: Issue): string {
  // The contract's own messages read "expected a US zip code: 12345 or 12345-6789".
  const expected = /^expected (.*)$/i.exec(issue.message)?.[1];
  switch (issue.code) {
    case 'invalid_format':
      return FORMATS[issue.format] ?? (expected ? `is not ${expected}` : `is not valid (${issue.message})`);
    case 'invalid_value':
      return `is not one of ${issue.values.map(String).join(', ')}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `is longer than ${String(issue.maximum)} characters`
        : issue.origin === 'array'
          ? `lists more than ${String(issue.maximum)}`
          : `is more than ${String(issue.maximum)}`;
    case 'too_small':
      return issue.origin === 'string' ? 'is empty' : issue.origin === 'array' ? 'lists nothing' : `is less than ${String(issue.minimum)}`;
    default:
      return expected ? `is not ${expected}` : `is not valid: ${issue.message}`;
  }
}

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value));

/** The value at `path` in what was checked: what the user typed for that field. */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined), values);
}

const mentions = (message: string, field: string) => new RegExp(`\\b${field}\\b`).test(message);

/** One issue in flag terms; API field names inside a message become flags too. */
function describe(issue: Issue, values: unknown, names: Record<string, string>): string {
  const inFlagTerms = (text: string) =>
    Object.entries(names).reduce((out, [field, flag]) => out.replace(new RegExp(`\\b${field}\\b`, 'g'), flag), text);
  const mentioned = Object.keys(names).filter((field) => mentions(issue.message, field));
  // A rule between fields ("start_date must not be after end_date") says it in its own words, with the values given.
  if (issue.code === 'custom' && mentioned.length > 0) {
    const given = mentioned.filter((field) => valueAt(values, [field]) !== undefined).map((field) => `${names[field]} ${shown(valueAt(values, [field]))}`);
    return `${inFlagTerms(issue.message)}${given.length > 0 ? ` (${given.join(', ')})` : ''}`;
  }
  const [field] = issue.path;
  const flag = typeof field === 'string' ? names[field] : undefined;
  if (!flag) return inFlagTerms(issue.message);
  const value = valueAt(values, issue.path);
  return value === undefined ? `${flag}: ${complaint(issue)}` : `${flag}: ${shown(value)} ${complaint(issue)}`;
}

type Part = 'query' | 'body';

/** Checks a request part against the contract (loaded on first use) and names the flag of its first problem. */
async function check(operation: OperationId, part: Part, checked: unknown, typed: unknown, names: Record<string, string>): Promise<void> {
  const endpoint: Endpoint = await loadEndpoint(operation);
  const result = endpoint[part]?.safeParse(checked);
  if (!result || result.success) return;
  const [first, ...rest] = result.error.issues;
  const more = rest.length > 0 ? ` (and ${rest.length} more problem${rest.length > 1 ? 's' : ''})` : '';
  throw new UsageError(`${describe(first!, typed, names)}${more}`);
}

/**
 * Checks a query as the client will send it (values as strings) and throws a
 * UsageError naming the flag of the first problem. Fields left undefined are not sent.
 */
export async function checkQuery<O extends OperationId>(operation: O, query: QueryOf<O>, names: FlagNames<QueryOf<O>>): Promise<void> {
  await check(operation, 'query', serialiseQuery(query as Record<string, unknown>), query, names as Record<string, string>);
}

/** Checks a request body before it is sent, naming the flag of the first problem. */
export async function checkBody<O extends OperationId>(operation: O, body: BodyOf<O>, names: FlagNames<BodyOf<O>>): Promise<void> {
  await check(operation, 'body', body, body, names as Record<string, string>);
}

/** A flag that fills no API field, checked with one of the contract's primitives (a date, a UUID). */
export function checkFlag<T>(flag: string, schema: z.ZodMiniType<T>, value: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(`${flag}: ${shown(value)} ${complaint(result.error.issues[0]!)}`);
  return result.data;
}

/**
 * A service's refusal of a request whose fields came from flags, said in the flags' terms: the
 * API's field names in its message and details become the flags that filled them
 * (`start_date 2027-01-01 is after …` → `--start 2027-01-01 is after …`).
 */
export async function inFlagTerms<T>(request: Promise<T>, names: Record<string, string | undefined>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const known = Object.entries(names).filter((entry): entry is [string, string] => entry[1] !== undefined);
    const rename = (text: string) => known.reduce((out, [field, flag]) => out.replace(new RegExp(`\\b${field}\\b`, 'g'), flag), text);
    const details = error.details.map((detail) => ({ ...detail, path: detail.path === undefined ? detail.path : rename(String(detail.path)), message: rename(detail.message) }));
    throw new ApiError(error.status, error.code, rename(error.message), details, error.hint === undefined ? undefined : rename(error.hint));
  }
}
