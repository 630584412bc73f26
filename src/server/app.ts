import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { endpoints, type Endpoint, type OperationId } from '../api/endpoints.js';
import type { ErrorDetail } from '../api/schemas.js';
import { handlers, type HandlerContext } from './handlers.js';
import type { Mailer } from './mail.js';
import { ResponseCache } from './response-cache.js';
import { ServiceError, STORE_ERROR_STATUS } from './errors.js';
import { StoreError, type Principal, type Store } from './store/index.js';

export interface AppOptions {
  store: Store;
  mailer: Mailer;
  /** Base of invitation links: {appUrl}/invitations/<token>. */
  appUrl: string;
  /** Log requests (serve --debug); off for in-process use. */
  logger?: boolean;
  /** Serve repeated GETs from memory while the store is unchanged (default on). */
  responseCache?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: string;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const API_PREFIX = '/v1';
export const BODY_LIMIT = 1024 * 1024;
/**
 * Request line plus headers (node:http's limit, 16 KiB by default). Large
 * enough that a URL our validation would refuse — a batch of hundreds of ids —
 * reaches it and gets the answer that says why; beyond it, a 431.
 */
export const HEADER_LIMIT = 64 * 1024;
const JSON_TYPE = 'application/json; charset=utf-8';

function errorBody(code: string, message: string, details?: ErrorDetail[]) {
  return { error: { code, message, ...(details && details.length > 0 ? { details } : {}) } };
}

/** Sockets already answered by sendSocketError: the parser reports each further chunk again. */
const refusedSockets = new WeakSet<Socket>();
/** How long a refused connection may still send before it is closed (see sendSocketError). */
const REFUSED_LINGER_MS = 1_000;

/**
 * Answers on a bare socket, for what node:http refuses before Fastify sees a
 * request (unparsable request line, headers too large, CONNECT), in the same
 * error shape as every other answer; the connection is closed after it.
 */
/**
 * node:http's reason phrase. Required, not imported: an ESM import of node:http
 * evaluates all its exports, and its lazy WebSocket getter loads Node's bundled
 * undici — 20–70 ms of every `serve` and `--local` start.
 */
function statusText(status: number): string {
  return (createRequire(import.meta.url)('node:http') as typeof import('node:http')).STATUS_CODES[status] ?? '';
}

function sendSocketError(socket: Socket, status: number, code: string, message: string, head = false): void {
  if (refusedSockets.has(socket)) return;
  refusedSockets.add(socket);
  // A response already under way on this connection cannot be followed by another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      // An answer to HEAD has no body: a client would read ours as the start of the next answer.
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
  );
  // Closing while the client still sends (the rest of a huge header) would reset the
  // connection, and a reset can discard the answer before the client reads it: linger a little.
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

/** What node:http's parser (llhttp) refused, as status, code and message. */
function clientErrorAnswer(error: NodeJS.ErrnoException & { reason?: string }): [number, string, string] {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'headers_too_large', `request line and headers larger than ${HEADER_LIMIT} bytes`];
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request_timeout', 'the request did not arrive in time'];
    case 'HPE_INVALID_METHOD':
      return [400, 'bad_request', 'unknown HTTP method: the service answers GET, HEAD, POST and PATCH'];
  }
  return [400, 'bad_request', `malformed HTTP request (${(error.reason ?? error.message).replace(/^Parse Error: /, '')})`];
}

function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: ErrorDetail[]) {
  return reply.code(status).type('application/json').send(errorBody(code, message, details));
}

/** Turns fastify's zod validation entries into our `details`: a dotted path and a message. */
function validationDetails(error: FastifyError & { validation: { instancePath: string; message?: string; params: Record<string, unknown> }[] }, context?: string) {
  return error.validation.map((entry): ErrorDetail => {
    const keys = Array.isArray(entry.params.keys) ? (entry.params.keys as string[]) : [];
    const path = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return {
      path: path || (keys.length > 0 ? keys.join(',') : (context ?? '')),
      message: keys.length > 0 ? `unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}` : (entry.message ?? 'invalid'),
    };
  });
}

const zodOnlySchemaController = {
  compilersFactory: {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
  },
} as unknown as FastifyServerOptions['schemaController'];

export function buildApp(options: AppOptions): FastifyInstance {
  const { store } = options;
  const app = Fastify({
    logger: options.logger ? { level: 'info' } : false,
    bodyLimit: BODY_LIMIT,
    // Fastify's own 400s for querystring parsing stay ours: strict ids, no prototype games.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
    // A missing Host is answered by the first hook below, in our shape (node:http sends an empty 400).
    http: { maxHeaderSize: HEADER_LIMIT, requireHostHeader: false },
    clientErrorHandler: (error, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const head = (error as unknown as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
      sendSocketError(socket, ...clientErrorAnswer(error), head);
    },
    // Validation is zod's (the contract); answers are serialized by the handlers. Naming both
    // compilers keeps Fastify from loading ajv and fast-json-stringify, ~35 ms of start-up.
    schemaController: zodOnlySchemaController,
    // The router's own rejections (a path parameter over maxParamLength, a malformed
    // %-escape) would otherwise answer in Fastify's shape, with a 414 for the first.
    frameworkErrors: (error, _request, reply) =>
      sendError(
        reply,
        400,
        'validation_error',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'a path parameter is too long to be an id'
          : 'malformed URL: a path segment is not valid percent-encoding',
      ),
  });
  // Bodies are JSON only: anything else is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('principal', null);
  // node:http answers these itself (a closed connection, an empty 417) unless someone listens.
  app.server.on('connect', (request: { url?: string }, socket: Socket) =>
    sendSocketError(socket, 404, 'not_found', `no such endpoint: CONNECT ${request.url ?? ''}`),
  );
  app.server.on('checkExpectation', (request: FastifyRequest['raw'], response: import('node:http').ServerResponse) => {
    const body = JSON.stringify(
      errorBody('expectation_failed', `unsupported Expect header: ${String(request.headers.expect)}; only 100-continue is`),
    );
    response.writeHead(417, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      return sendError(reply, 400, 'bad_request', 'missing Host header: an HTTP/1.1 request must send one');
  });
  const cache = options.responseCache === false ? undefined : new ResponseCache(500);
  // The day is part of the key: default windows ("last 30 days") move at midnight.
  const cacheKey = (principal: Principal, url: string) => `${principal.organizationId} ${store.now().slice(0, 10)} ${url}`;

  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) return sendError(reply, 401, 'unauthorized', 'missing API key: send Authorization: Bearer <key>');
    const principal = store.accounts.authenticate(match[1] as string);
    if (!principal) return sendError(reply, 401, 'unauthorized', 'invalid, revoked or deactivated API key');
    if (!principal.scopes.has(scope))
      return sendError(reply, 403, 'forbidden', `this API key lacks the ${scope} scope`, [
        { path: 'scope', message: `required: ${scope}` },
      ]);
    request.principal = principal;
    // A GET answered before at this store version is served as it was: it was
    // validated then, so neither validation nor the handler needs to run again.
    if (cache && request.method === 'GET') {
      const started = performance.now();
      const hit = cache.peek(cacheKey(principal, request.url), store.db.version());
      if (hit !== undefined)
        return reply
          .code(200)
          .header('server-timing', `cache;desc=hit;dur=${(performance.now() - started).toFixed(3)}`)
          .type(JSON_TYPE)
          .send(hit);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error as never, error.validationContext);
      const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      return sendError(reply, 400, 'validation_error', `invalid ${where}: ${details[0]?.path ? `${details[0].path}: ` : ''}${details[0]?.message ?? ''}`, details);
    }
    if (error instanceof StoreError) return sendError(reply, STORE_ERROR_STATUS[error.code], error.code, error.message, error.details);
    if (error instanceof ServiceError) return sendError(reply, error.status, error.code, error.message);
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, 'payload_too_large', `request body larger than ${BODY_LIMIT} bytes`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, 415, 'unsupported_media_type', 'send the body as JSON with Content-Type: application/json');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, 'invalid_json', 'the request body is empty; send a JSON object');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendError(reply, 400, 'invalid_json', `the request body is not valid JSON: ${error.message}`);
    }
    if (error instanceof SyntaxError || error.statusCode === 400)
      return sendError(reply, 400, 'invalid_json', `malformed request: ${error.message}`);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
      return sendError(reply, error.statusCode, 'bad_request', error.message);
    request.log.error(error);
    return sendError(reply, 500, 'internal_error', 'internal error; the server log has the details');
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'not_found', `no such endpoint: ${request.method} ${request.url.split('?')[0]}`),
  );

  for (const [operationId, endpoint] of Object.entries(endpoints) as [OperationId, Endpoint][]) {
    const handler = handlers[operationId] as (ctx: HandlerContext<OperationId>) => unknown;
    app.route({
      method: endpoint.method,
      url: API_PREFIX + endpoint.path,
      config: { scope: endpoint.scope },
      schema: {
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const principal = request.principal as Principal;
        const run = async () => {
          const result = await handler({
            store,
            principal,
            params: request.params as never,
            query: request.query as never,
            body: request.body as never,
            options,
          });
          const checked = endpoint.response.safeParse(result);
          if (!checked.success) {
            request.log.error({ issues: checked.error.issues }, `response of ${operationId} breaks the contract`);
            throw new Error(`response of ${operationId} breaks the contract`);
          }
          return JSON.stringify(result);
        };
        const started = performance.now();
        let built = false;
        const build = () => {
          built = true;
          return run();
        };
        const body =
          endpoint.method === 'GET' && cache
            ? await cache.get(cacheKey(principal, request.url), store.db.version(), build)
            : await build();
        // Server-Timing tells operators (and bench/) what the answer cost, and whether the cache served it.
        const duration = (performance.now() - started).toFixed(3);
        return reply
          .code(endpoint.status)
          .header('server-timing', built ? `app;dur=${duration}` : `cache;desc=hit;dur=${duration}`)
          .type(JSON_TYPE)
          .send(body);
      },
    });
  }

  app.get(`${API_PREFIX}/health`, async () => ({ ok: true }));
  return app;
}
