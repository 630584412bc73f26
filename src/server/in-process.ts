/**
 * The service in-process, for `--local`: a request as the CLI's client sends it
 * (a known operation, plain path segments and query values, a JSON body) goes
 * straight to the operations — the same authentication, validation, handlers
 * and answer check as `serve` (operations.ts) — without building Fastify,
 * whose loading and set-up cost more than the rest of a command. Anything
 * else (an unknown path, %-escapes or odd characters in the URL, a body that is
 * not plain JSON, one over the size limit) is answered by the Fastify app that
 * `serve` runs, built on first need, through inject: either way the answer is
 * the one `serve` would give.
 */
import { routes, takesBody, type OperationId, type Route } from '../api/routes.js';
import type { AppOptions } from './app.js';
import {
  API_PREFIX,
  BODY_LIMIT,
  createOperations,
  INTERNAL_ERROR,
  JSON_TYPE,
  knownErrorAnswer,
  SILENT,
  type Answer,
  type Operations,
} from './operations.js';

export interface InProcessRequest {
  method: string;
  /** Path with query string, starting with /v1. */
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

export interface InProcessResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** With handOver: a successful answer's value itself (body then empty), as TransportResponse.answer. */
  answer?: unknown;
}

interface MatchedRoute {
  operationId: OperationId;
  endpoint: Route;
  /** Path segments after /v1; a name for a parameter, else the literal. */
  segments: { param?: string; literal?: string }[];
}

const ROUTES: MatchedRoute[] = (Object.entries(routes) as [OperationId, Route][]).map(([operationId, endpoint]) => ({
  operationId,
  endpoint,
  segments: endpoint.path
    .slice(1)
    .split('/')
    .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { literal: segment })),
}));

// What needs no decoding and no router rule to read: ids, names without escapes. At most
// Fastify's maxParamLength (100), beyond which its router refuses the path itself.
const PLAIN_SEGMENT = /^[A-Za-z0-9._~-]{1,100}$/;
// name=value pairs whose value decodes the same whichever URL decoder reads it (no "+").
const PLAIN_QUERY = /^[A-Za-z0-9_]+=[A-Za-z0-9._~!*'(),%-]*(?:&[A-Za-z0-9_]+=[A-Za-z0-9._~!*'(),%-]*)*$/;

/** The route and its params, when the path is one Fastify's router reads plainly; else undefined. */
function matchRoute(method: string, pathname: string): { route: MatchedRoute; params: Record<string, string> } | undefined {
  if (!pathname.startsWith(`${API_PREFIX}/`)) return undefined;
  const parts = pathname.slice(API_PREFIX.length + 1).split('/');
  const candidates = ROUTES.flatMap((route) => {
    if (route.endpoint.method !== method || route.segments.length !== parts.length) return [];
    const params: Record<string, string> = {};
    for (const [i, segment] of route.segments.entries()) {
      const part = parts[i]!;
      if (segment.literal !== undefined ? segment.literal !== part : !PLAIN_SEGMENT.test(part)) return [];
      if (segment.param !== undefined) params[segment.param] = part;
    }
    return [{ route, params }];
  });
  // Two routes of one method that read the same path: the router's precedence decides, so let it.
  return candidates.length === 1 ? candidates[0] : undefined;
}

function parseQuery(search: string): Record<string, string> | undefined {
  if (search === '') return {};
  if (!PLAIN_QUERY.test(search)) return undefined;
  // Without a prototype, as Fastify's parser makes it: `__proto__=1` is then a field like any other (an unknown one).
  const query = Object.create(null) as Record<string, string>;
  for (const pair of search.split('&')) {
    const [name, value] = pair.split('=') as [string, string];
    if (Object.hasOwn(query, name)) return undefined;
    try {
      query[name] = decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return query;
}

const NOT_PLAIN = Symbol('not plain JSON');

/** The body as Fastify's JSON parser would read it, or NOT_PLAIN when it would refuse or it is unusual. */
function parseBody(request: InProcessRequest, route: Route): unknown {
  const withBody = takesBody(route);
  if (request.body === undefined) return withBody ? NOT_PLAIN : undefined;
  if (!withBody || request.headers['content-type'] !== 'application/json') return NOT_PLAIN;
  if (request.body.trim() === '' || Buffer.byteLength(request.body) > BODY_LIMIT) return NOT_PLAIN;
  let poisoned = false;
  try {
    const value: unknown = JSON.parse(request.body, (key, item: unknown) => {
      // What Fastify refuses as prototype poisoning is left to Fastify to refuse.
      if (key === '__proto__' || key === 'constructor') poisoned = true;
      return item;
    });
    return poisoned ? NOT_PLAIN : value;
  } catch {
    return NOT_PLAIN;
  }
}

function response(answer: Answer): InProcessResponse {
  const headers = { 'content-type': JSON_TYPE, ...answer.headers };
  if ('value' in answer) return { status: answer.status, headers, body: '', answer: answer.value };
  return { status: answer.status, headers, body: answer.body };
}

/**
 * The operations, for requests read plainly (a known route, plain path segments
 * and query values, no body or a plain JSON one): `answer` gives undefined for
 * any other request, which the Fastify app must read. Used in process (below)
 * and by serve's server (front.ts).
 */
export function createDispatcher(operations: Operations) {
  return {
    async answer(sent: InProcessRequest, handOver = false): Promise<Answer | undefined> {
      // Header names are case-insensitive: read them as node:http hands them to Fastify.
      const headers = Object.fromEntries(Object.entries(sent.headers).map(([name, value]) => [name.toLowerCase(), value]));
      const request = { ...sent, headers };
      const queryAt = request.url.indexOf('?');
      const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
      const matched = matchRoute(request.method, pathname);
      const query = parseQuery(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
      const body = matched ? parseBody(request, matched.route.endpoint) : NOT_PLAIN;
      if (!matched || !query || body === NOT_PLAIN) return undefined;

      const { route, params } = matched;
      const admitted = operations.admit(route.endpoint.scope, request.headers.authorization, request.method, request.url);
      if ('answer' in admitted) return admitted.answer;
      try {
        return await operations.run(route.operationId, admitted.principal, { url: request.url, params, query, body }, handOver);
      } catch (error) {
        return knownErrorAnswer(error) ?? INTERNAL_ERROR;
      }
    },
  };
}

/**
 * handOver: successful answers of the operations it runs itself come back as
 * their values (InProcessResponse.answer), not as JSON text for the caller to
 * parse again — what a long `pricing export` mostly spent its time on.
 */
export function createInProcessService(options: AppOptions, { handOver = false }: { handOver?: boolean } = {}) {
  const operations = createOperations(options, SILENT);
  const dispatcher = createDispatcher(operations);
  let fastify: Promise<import('fastify').FastifyInstance> | undefined;
  const viaFastify = async (request: InProcessRequest): Promise<InProcessResponse> => {
    fastify ??= import('./app.js').then(({ buildApp }) => buildApp(options, operations));
    const answer = await (
      await fastify
    ).inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.body !== undefined ? { payload: request.body } : {}),
    });
    return { status: answer.statusCode, headers: answer.headers as InProcessResponse['headers'], body: answer.body };
  };

  return {
    async dispatch(request: InProcessRequest): Promise<InProcessResponse> {
      const answer = await dispatcher.answer(request, handOver);
      return answer ? response(answer) : viaFastify(request);
    },
    /** Whether a request needed the Fastify app (for tests: plain ones must not). */
    get fastifyBuilt() {
      return fastify !== undefined;
    },
    async close() {
      if (fastify) await (await fastify).close();
    },
  };
}
