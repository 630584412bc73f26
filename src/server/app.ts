import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { routes, type OperationId, type Route } from '../api/routes.js';
import type { ErrorDetail } from '../api/schemas/errors.js';
import type { Mailer } from './mail.js';
import { guardServer, HEADER_LIMIT, onClientError } from './http-guards.js';
import {
  API_PREFIX,
  BODY_LIMIT,
  createOperations,
  errorBody,
  HEALTH,
  HEALTH_PATH,
  INTERNAL_ERROR,
  JSON_TYPE,
  knownErrorAnswer,
  type Answer,
  type Operations,
} from './operations.js';
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
export { HEADER_LIMIT } from './http-guards.js';
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

/**
 * The Fastify app on a server of its own (tests, --local's unusual requests); `serve` uses buildAppOn.
 * `operations`: those of a dispatcher beside it, so that both answer from one response cache.
 */
export function buildApp(options: AppOptions, operations?: Operations): FastifyInstance {
  const app = createApp(options, operations, {
    // A missing Host is answered by the first hook below, in our shape (node:http sends an empty 400).
    http: { maxHeaderSize: HEADER_LIMIT, requireHostHeader: false },
    clientErrorHandler: onClientError,
  });
  guardServer(app.server);
  return app;
}

/**
 * The Fastify app for a server that already listens (front.ts, which made it
 * and guards it): Fastify reads the requests it is handed through `handler`.
 */
export function buildAppOn(
  options: AppOptions,
  server: Server,
  operations?: Operations,
): { app: FastifyInstance; handler: (request: IncomingMessage, response: ServerResponse) => void } {
  let handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const app = createApp(options, operations, {
    serverFactory: (handle) => {
      handler = handle;
      return server;
    },
    // The server's own clientError listener (guardServer's) already answers.
    clientErrorHandler: () => {},
  });
  return { app, handler: handler! };
}

/** Which server Fastify reads from: one it makes (`http` options) or one handed over (`serverFactory`). */
interface ServerChoice {
  http?: import('node:http').ServerOptions;
  serverFactory?: (handler: (request: IncomingMessage, response: ServerResponse) => void) => Server;
  clientErrorHandler: (error: NodeJS.ErrnoException, socket: Socket) => void;
}

function createApp(options: AppOptions, shared: Operations | undefined, server: ServerChoice): FastifyInstance {
  const app = Fastify({
    // serve --log: one JSON line per request on stderr (stdout stays free for a pipe).
    logger: options.logger ? { level: 'info', stream: process.stderr } : false,
    bodyLimit: BODY_LIMIT,
    // Fastify's own 400s for querystring parsing stay ours: strict ids, no prototype games.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
    // A request under way when serve stops is answered (Fastify still closes its connection), as
    // serve's plain path does, rather than with a 503 in Fastify's shape: a write the client sent is done.
    return503OnClosing: false,
    ...server,
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
  } as FastifyServerOptions) as unknown as FastifyInstance;
  // Bodies are JSON only: anything else is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      return sendError(reply, 400, 'bad_request', 'missing Host header: an HTTP/1.1 request must send one');
  });
  const operations = shared ?? createOperations(options, { error: (details, message) => app.log.error(details, message) });

  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.scope;
    if (!scope) return;
    const admitted = operations.admit(scope, request.headers.authorization, request.method, request.url);
    if ('answer' in admitted) return send(reply, admitted.answer);
    request.principal = admitted.principal;
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

  for (const [operationId, endpoint] of Object.entries(routes) as [OperationId, Route][])
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

  app.get(HEALTH_PATH, async (_request, reply) => send(reply, HEALTH));
  return app;
}
