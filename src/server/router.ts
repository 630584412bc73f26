/**
 * The service's router: which operation of the contract (src/api/routes.ts) a
 * method and URL name, with the path parameters decoded and the query read.
 * One table for every request, from serve's socket or from --local (pipeline.ts).
 */
import { routes, type OperationId, type Route } from '../api/routes.js';

export const API_PREFIX = '/v1';

export type Routed =
  | { operationId: OperationId; route: Route; params: Record<string, string> }
  /** No operation has this path for this method (HTTP's other methods included: a 404, not a 405, as docs/api-decisions.md says). */
  | { refused: 'not_found' }
  /** A path segment that is not valid percent-encoding: nothing can be said about where it points. */
  | { refused: 'malformed' };

interface Candidate {
  operationId: OperationId;
  route: Route;
  /** Path segments after /v1: a literal, or the name of a parameter. */
  segments: ({ literal: string } | { param: string })[];
}

/**
 * The routes of each method, the more literal ones first: where a literal and a
 * parameter could both read a segment, the literal wins (as in any router).
 */
const BY_METHOD = new Map<string, Candidate[]>();
for (const [operationId, route] of Object.entries(routes) as [OperationId, Route][]) {
  const segments = route.path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { literal: segment }));
  BY_METHOD.set(route.method, [...(BY_METHOD.get(route.method) ?? []), { operationId, route, segments }]);
}
const specificity = (candidate: Candidate) => candidate.segments.map((segment) => ('literal' in segment ? '0' : '1')).join('');
// Compared as plain strings: localeCompare would load ICU's collator, ~20 ms of every start.
const bySpecificity = (a: Candidate, b: Candidate) => (specificity(a) < specificity(b) ? -1 : specificity(a) > specificity(b) ? 1 : 0);
for (const candidates of BY_METHOD.values()) candidates.sort(bySpecificity);

/** Splits "/v1/a/b/" into its decoded segments after /v1 (a trailing slash is tolerated); undefined when malformed. */
function segmentsOf(pathname: string): string[] | undefined {
  const path = pathname.length > API_PREFIX.length + 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const parts = path.slice(API_PREFIX.length + 1).split('/');
  try {
    return parts.map((part) => (part.includes('%') ? decodeURIComponent(part) : part));
  } catch {
    return undefined;
  }
}

/** The operation a request is for. HEAD reads as GET (the HTTP server sends no body with it). */
export function route(method: string, pathname: string): Routed {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return { refused: 'not_found' };
  const parts = segmentsOf(pathname);
  if (!parts) return { refused: 'malformed' };
  for (const candidate of BY_METHOD.get(method === 'HEAD' ? 'GET' : method) ?? []) {
    if (candidate.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = candidate.segments.every((segment, i) => {
      const part = parts[i]!;
      if ('literal' in segment) return segment.literal === part;
      params[segment.param] = part;
      return part !== '';
    });
    if (matches) return { operationId: candidate.operationId, route: candidate.route, params };
  }
  return { refused: 'not_found' };
}

/**
 * The query as the contract reads it: each name once with its decoded value,
 * a name given twice an array (which the contract refuses). No prototype:
 * `__proto__=1` is a parameter like any other (an unknown one).
 */
export function parseQuery(search: string): Record<string, string | string[]> {
  const query = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}
