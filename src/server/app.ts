import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { endpoints, type Endpoint, type OperationId } from '../api/endpoints.js';
import type { ErrorDetail } from '../api/schemas.js';
import type { Mailer } from './mail.js';
import { API_PREFIX, BODY_LIMIT, createOperations, errorBody, INTERNAL_ERROR, JSON_TYPE, knownErrorAnswer, type Answer } from './operations.js';
import type { Principal, Store } from './store/index.js';

export interface AppOptions {
  store: Store;
  mailer: Mailer;
  /** Base of invitation links: {appUrl}/invitations/<token>. */
  appUrl: string;
  /** Log requests (serve --debug); off for in-process use. */
  logger?: boolean;
  /** Serve repeated GETs from memory while the store is unchanged (default on). */
  responseCache?: boolean;
  /**
   * Check every answer against the strict contract before it leaves (default on).
   * Off only in process (--local), where the CLI reads each answer against the
   * contract itself (docs/api-decisions.md, "Where answers are checked").
   */
  checkAnswers?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: string;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export { API_PREFIX, BODY_LIMIT } from './operations.js';
/**
 * Request line plus headers (node:http's limit, 16 KiB by default). Large
 * enough that a URL our validation would refuse — a batch of hundreds of ids —
 * reaches it and gets the answer that says why; beyond it, a 431.
 */
export const HEADER_LIMIT = 64 * 1024;
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

function send(reply: FastifyReply, answer: Answer) {
  return reply.code(answer.status).headers(answer.headers).type(JSON_TYPE).send(answer.body);
}

// Requests are validated by the operations (operations.ts), answers serialized by them: no route has a
// Fastify schema, and naming both compilers keeps Fastify from loading ajv and fast-json-stringify.
const noSchemaController = {
  compilersFactory: {
    buildValidator: () => () => () => true,
    buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
  },
} as unknown as FastifyServerOptions['schemaController'];

export function buildApp(options: AppOptions): FastifyInstance {
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
    schemaController: noSchemaController,
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
  const operations = createOperations(options, { error: (details, message) => app.log.error(details, message) });

  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const principal = operations.authorize(scope, request.headers.authorization);
    if (!('organizationId' in principal)) return send(reply, principal);
    request.principal = principal;
    const hit = operations.cached(principal, request.method, request.url);
    if (hit) return send(reply, hit);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownErrorAnswer(error);
    if (known) return send(reply, known);
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
    return send(reply, INTERNAL_ERROR);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, 'not_found', `no such endpoint: ${request.method} ${request.url.split('?')[0]}`),
  );

  for (const [operationId, endpoint] of Object.entries(endpoints) as [OperationId, Endpoint][])
    app.route({
      method: endpoint.method,
      url: API_PREFIX + endpoint.path,
      config: { scope: endpoint.scope },
      handler: async (request: FastifyRequest, reply: FastifyReply) =>
        send(
          reply,
          await operations.run(operationId, request.principal as Principal, {
            url: request.url,
            params: request.params,
            query: request.query,
            body: request.body,
          }),
        ),
    });

  app.get(`${API_PREFIX}/health`, async () => ({ ok: true }));
  return app;
}
