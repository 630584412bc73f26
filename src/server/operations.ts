/**
 * What the service does with a request once it is known which operation it
 * is for: authentication and scopes, the response cache, validation of
 * params, body and query against src/api, the handler, the check of its
 * answer, and the error shape. The request pipeline (pipeline.ts) calls it
 * for every request, from serve's socket or from --local in process.
 */
import { readerOf } from '../api/compiled.js';
import type * as z from 'zod/mini';
import { loadEndpoint } from '../api/contract.js';
import type { Endpoint, OperationId } from '../api/endpoints.js';
import type { ErrorDetail } from '../api/schemas/errors.js';
import { ServiceError, STORE_ERROR_STATUS } from './errors.js';
import { handlers, type HandlerContext } from './handlers.js';
import type { Mailer } from './mail.js';
import { ResponseCache } from './response-cache.js';
import { StoreError, type Principal, type Store } from './store/index.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface ServiceOptions {
  store: Store;
  mailer: Mailer;
  /** Base of invitation links: {appUrl}/invitations/<token>. */
  appUrl: string;
  /** Serve repeated GETs from memory while the store is unchanged (default on). */
  responseCache?: boolean;
  /**
   * Check every answer against the strict contract before it leaves (default on).
   * Off only in process (--local), where the CLI reads each answer against the
   * contract itself (docs/api-decisions.md, "Where answers are checked").
   */
  checkAnswers?: boolean;
  /**
   * Keys already known to be who they are at the store's current version: the
   * in-process CLI's own (data-dir.ts, inProcessCaller), so that its first
   * request needs neither a lookup nor a hash.
   */
  knownCallers?: ReadonlyArray<{ key: string; principal: Principal }>;
}

/** Where the service tells what went wrong inside it (serve --log; --local --debug). */
export interface ServiceLog {
  error(details: object, message: string): void;
}

/** An answer ready to send: its body is the JSON text. */
export interface Answer {
  status: number;
  body: string;
  /** Beside content-type (always JSON_TYPE). */
  headers: Record<string, string>;
  /**
   * Handed over in process (`run`'s handOver): the handler's answer itself, what
   * JSON.parse(body) would give, and body is empty — no text written to be parsed again.
   */
  value?: unknown;
}

export function errorBody(code: string, message: string, details?: ErrorDetail[]) {
  return { error: { code, message, ...(details && details.length > 0 ? { details } : {}) } };
}

export function errorAnswer(status: number, code: string, message: string, details?: ErrorDetail[]): Answer {
  return { status, body: JSON.stringify(errorBody(code, message, details)), headers: {} };
}

type Part = 'params' | 'query' | 'body';

/** A request part that breaks the contract: our `details` (a dotted path and a message) and the 400. */
function validationAnswer(part: Part, error: z.core.$ZodError): Answer {
  const details = error.issues.map((issue): ErrorDetail => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const path = issue.path.map(String).join('/').replaceAll('/', '.');
    return {
      path: path || (keys.length > 0 ? keys.join(',') : part),
      message: keys.length > 0 ? `unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}` : (issue.message ?? 'invalid'),
    };
  });
  const first = details[0];
  return errorAnswer(400, 'validation_error', `invalid ${part}: ${first?.path ? `${first.path}: ` : ''}${first?.message ?? ''}`, details);
}

/** A refusal of the store or of the service, in our shape; anything else is a bug (undefined: the caller logs it). */
export function knownErrorAnswer(error: unknown): Answer | undefined {
  if (error instanceof StoreError) return errorAnswer(STORE_ERROR_STATUS[error.code], error.code, error.message, error.details);
  if (error instanceof ServiceError) return errorAnswer(error.status, error.code, error.message);
  return undefined;
}

export const INTERNAL_ERROR: Answer = errorAnswer(500, 'internal_error', 'internal error; the server log has the details');

/** The caller of an admitted request, and the store version it was admitted at. */
export interface Admitted {
  principal: Principal;
  /** The store it was admitted by (serve follows a replaced one: serve.ts), which answers it too. */
  store: Store;
  /**
   * What run's response cache files its answer under: read once per request (a PRAGMA).
   * The answer is built after it, so it is never older than its version says.
   */
  version: string;
}

/** The parts of a request an operation reads, as they arrived (strings, parsed JSON). */
export interface OperationRequest {
  /** Path with query string: the response cache's key. */
  url: string;
  params: unknown;
  query: unknown;
  body: unknown;
}

/** How many API keys' principals a service remembers (a few per analyst; more is a flood, and starts over). */
const KEPT_PRINCIPALS = 1000;

/** The log of a service that logs nothing. */
export const SILENT: ServiceLog = { error: () => {} };

export function createOperations(options: ServiceOptions, log: ServiceLog) {
  // Read for each request, not once: serve follows its data directory's store when it is replaced (serve.ts).
  const currentStore = () => options.store;
  const checkAnswers = options.checkAnswers !== false;
  const cache = options.responseCache === false ? undefined : new ResponseCache(500);
  // The day is part of the key: default windows ("last 30 days") move at midnight.
  const cacheKey = (store: Store, principal: Principal, url: string) => `${principal.organizationId} ${store.now().slice(0, 10)} ${url}`;
  // Keys seen lately, each with who it was at a store version. Any write moves the version (a key
  // revoked, a user deactivated, by this process or another): until then a known key skips its
  // lookup and hash, half of what a cached answer cost.
  const principals = new Map<string, { version: string; principal: Principal }>();
  for (const { key, principal } of options.knownCallers ?? []) principals.set(key, { version: currentStore().db.version(), principal });
  const authenticate = (store: Store, key: string, version: string): Principal | null => {
    const known = principals.get(key);
    if (known?.version === version) return known.principal;
    const principal = store.accounts.authenticate(key);
    if (principal) {
      if (principals.size >= KEPT_PRINCIPALS) principals.clear();
      principals.set(key, { version, principal });
    }
    return principal;
  };

  return {
    /**
     * The caller of a request that needs `scope`, or what to answer at once:
     * the 401/403 that refuses it, or a GET answered before at this store
     * version, served as it was (validated then, so neither validation nor
     * the handler needs to run again).
     */
    admit(scope: string, authorization: string | undefined, method: string, url: string): Admitted | { answer: Answer } {
      const started = performance.now();
      // One look at the store per request: the one the request is admitted, and answered, by.
      const store = currentStore();
      const version = store.db.version();
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
      if (!match) return { answer: errorAnswer(401, 'unauthorized', 'missing API key: send Authorization: Bearer <key>') };
      const principal = authenticate(store, match[1] as string, version);
      if (!principal) return { answer: errorAnswer(401, 'unauthorized', 'invalid, revoked or deactivated API key') };
      if (!principal.scopes.has(scope))
        return {
          answer: errorAnswer(403, 'forbidden', `this API key lacks the ${scope} scope`, [{ path: 'scope', message: `required: ${scope}` }]),
        };
      const hit = cache && method === 'GET' ? cache.peek(cacheKey(store, principal, url), version) : undefined;
      if (hit === undefined) return { principal, version, store };
      return { answer: { status: 200, body: hit, headers: { 'server-timing': `cache;desc=hit;dur=${(performance.now() - started).toFixed(3)}` } } };
    },

    /**
     * Validates the request's params, body and query (in that order: the first
     * part that breaks the contract is the one the 400 names), runs
     * the operation's handler and checks its answer against the contract (unless
     * checkAnswers is off). Store and service refusals are thrown (see
     * knownErrorAnswer), as are bugs. With handOver, a successful answer comes
     * back as its value (Answer.value), neither serialized nor cached.
     */
    async run(operationId: OperationId, { principal, version, store }: Admitted, request: OperationRequest, handOver = false): Promise<Answer> {
      // The operation's schemas load with its first request, not with the service (docs/api-decisions.md, "Start-up").
      const endpoint: Endpoint = await loadEndpoint(operationId);
      const parsed: Record<Part, unknown> = { params: request.params, query: request.query, body: request.body };
      for (const part of ['params', 'body', 'query'] as const) {
        const schema = endpoint[part];
        if (!schema) continue;
        const result = schema.safeParse(parsed[part]);
        if (!result.success) return validationAnswer(part, result.error);
        parsed[part] = result.data;
      }
      const handler = handlers[operationId] as (ctx: HandlerContext<OperationId>) => unknown;
      const answer = async () => {
        const result = await handler({
          store,
          principal,
          params: parsed.params as never,
          query: parsed.query as never,
          body: parsed.body as never,
          options,
        });
        if (checkAnswers) {
          const checked = (await readerOf(endpoint.response)).safeParse(result);
          if (!checked.success) {
            log.error({ issues: checked.error.issues }, `response of ${operationId} breaks the contract`);
            throw new Error(`response of ${operationId} breaks the contract`);
          }
        }
        return result;
      };
      const started = performance.now();
      if (handOver) {
        const value = await answer();
        return { status: endpoint.status, body: '', headers: { 'server-timing': `app;dur=${(performance.now() - started).toFixed(3)}` }, value };
      }
      const build = async () => JSON.stringify(await answer());
      let built = false;
      const body =
        endpoint.method === 'GET' && cache
          ? await cache.get(cacheKey(store, principal, request.url), version, () => {
              built = true;
              return build();
            })
          : ((built = true), await build());
      // Server-Timing tells operators (and bench/) what the answer cost, and whether the cache served it.
      const duration = (performance.now() - started).toFixed(3);
      return {
        status: endpoint.status,
        body,
        headers: { 'server-timing': built ? `app;dur=${duration}` : `cache;desc=hit;dur=${duration}` },
      };
    },
  };
}
