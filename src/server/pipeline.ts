/**
 * The service's one way from a request to its answer, whatever carried the
 * request: serve's node:http server (http-server.ts) and --local's in-process
 * transport (src/cli/http/in-process.ts) both call `answer`. Here, once: the
 * health path, routing (404, malformed URL 400), authentication, scopes and
 * the response cache (operations.ts), the media type (415), the body's size
 * (413) and JSON (400), then validation, the handler and the error shape.
 * Only what a socket has — header limits, Host, keep-alive, stopping — is
 * http-server.ts's.
 */
import {
  createOperations,
  errorAnswer,
  INTERNAL_ERROR,
  knownErrorAnswer,
  SILENT,
  type Answer,
  type ServiceLog,
  type ServiceOptions,
} from './operations.js';
import { ServiceError } from './errors.js';
import { API_PREFIX, parseQuery, route } from './router.js';

export const BODY_LIMIT = 1024 * 1024;
/** Liveness, without authentication: what load balancers and scripts ask. */
export const HEALTH_PATH = `${API_PREFIX}/health`;
const HEALTH: Answer = { status: 200, body: '{"ok":true}', headers: {} };

/** What a body reader gives for a body over the limit it was handed. */
export const TOO_LARGE = Symbol('body over the limit');

export interface ServiceRequest {
  method: string;
  /** Path and query as on the request line: /v1/… */
  url: string;
  /** Names in lower case, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
  /**
   * Absent when no body came. In process, its text; over HTTP, a reader that
   * stops at `limit` bytes (TOO_LARGE), so that a huge body is never held, and
   * rejects when the body is cut off.
   */
  body?: string | ((limit: number) => Promise<string | typeof TOO_LARGE>) | undefined;
}

const header = (request: ServiceRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

const UNSUPPORTED_MEDIA_TYPE = errorAnswer(415, 'unsupported_media_type', 'send the body as JSON with Content-Type: application/json');
const invalidJson = (message: string) => errorAnswer(400, 'invalid_json', message);

/**
 * The body of a POST or PATCH as a value, or the answer that refuses it. No
 * Content-Type and no body: undefined, for validation to refuse if the
 * operation needs one.
 */
async function readJsonBody(request: ServiceRequest): Promise<{ value: unknown } | { refused: Answer }> {
  const type = header(request, 'content-type');
  if (type === undefined) return request.body === undefined ? { value: undefined } : { refused: UNSUPPORTED_MEDIA_TYPE };
  // The media type without its parameters (charset); names are case-insensitive.
  if (type.split(';')[0]!.trim().toLowerCase() !== 'application/json') return { refused: UNSUPPORTED_MEDIA_TYPE };
  let text: string | typeof TOO_LARGE;
  const { body } = request;
  if (typeof body === 'function') {
    try {
      text = await body(BODY_LIMIT);
    } catch {
      return { refused: errorAnswer(400, 'bad_request', 'the request body was cut off before its end') };
    }
  } else text = body === undefined || Buffer.byteLength(body) <= BODY_LIMIT ? (body ?? '') : TOO_LARGE;
  if (text === TOO_LARGE) return { refused: errorAnswer(413, 'payload_too_large', `request body larger than ${BODY_LIMIT} bytes`) };
  if (text.trim() === '') return { refused: invalidJson('the request body is empty; send a JSON object') };
  let reserved: string | undefined;
  let value: unknown;
  try {
    value = JSON.parse(text, function (key, item: unknown) {
      // JSON.parse makes "__proto__" an own field, harmless here; refused anyway, as code that
      // copies the object field by field could set a prototype with it.
      if (key === '__proto__' || (key === 'constructor' && typeof item === 'object' && item !== null && 'prototype' in item)) reserved ??= key;
      return item;
    });
  } catch (error) {
    return { refused: invalidJson(`the request body is not valid JSON: ${(error as Error).message}`) };
  }
  if (reserved !== undefined) return { refused: invalidJson(`the request body may not hold a field named "${reserved}"`) };
  return { value };
}

/** `log`: where a bug's details go (the answer says only "internal error"). */
export function createPipeline(options: ServiceOptions, log: ServiceLog = SILENT) {
  const operations = createOperations(options, log);

  async function answerOrThrow(request: ServiceRequest, handOver: boolean): Promise<Answer> {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
    if (pathname === HEALTH_PATH && (request.method === 'GET' || request.method === 'HEAD')) return HEALTH;
    const routed = route(request.method, pathname);
    if ('refused' in routed)
      return routed.refused === 'malformed'
        ? errorAnswer(400, 'validation_error', 'malformed URL: a path segment is not valid percent-encoding')
        : errorAnswer(404, 'not_found', `no such endpoint: ${request.method} ${pathname}`);

    const admitted = operations.admit(routed.route.scope, header(request, 'authorization'), routed.route.method, request.url);
    if ('answer' in admitted) return admitted.answer;
    let body: unknown;
    // A GET's body, if any, is not read (and the HTTP server discards it).
    if (routed.route.method !== 'GET') {
      const read = await readJsonBody(request);
      if ('refused' in read) return read.refused;
      body = read.value;
    }
    const query = parseQuery(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
    return operations.run(routed.operationId, admitted, { url: request.url, params: routed.params, query, body }, handOver);
  }

  return {
    /**
     * The answer to a request, never a rejection: refusals of the store and the
     * service in our error shape, anything else a logged 500. With handOver (in
     * process), a successful answer comes back as its value (Answer.value).
     */
    async answer(request: ServiceRequest, handOver = false): Promise<Answer> {
      try {
        return await answerOrThrow(request, handOver);
      } catch (error) {
        const known = knownErrorAnswer(error);
        const failed = `${request.method} ${request.url.split('?')[0]} failed`;
        if (known) {
          if (error instanceof ServiceError && error.reason !== undefined) log.error({ reason: error.reason }, `${failed}: ${error.message}`);
          return known;
        }
        log.error({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, failed);
        return INTERNAL_ERROR;
      }
    },
  };
}
