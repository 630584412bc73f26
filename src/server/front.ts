/**
 * serve's HTTP server. A plain GET — a known route, plain path and query, no
 * body, a Host header — goes straight to the operations (in-process.ts's
 * dispatcher), as `--local` does; every other request is handed to the
 * Fastify app (app.ts), built on the first such request. Either way the
 * answer is the one the Fastify app gives (the server tests run through
 * here), but a fresh `serve` answers its first requests without loading
 * Fastify, whose loading and set-up cost more than the rest of its start.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppOptions } from './app.js';
import { guardServer, HEADER_LIMIT, onClientError } from './http-guards.js';
import { createDispatcher } from './in-process.js';
import { createOperations, HEALTH, HEALTH_PATH, INTERNAL_ERROR, JSON_TYPE, SILENT, type Answer } from './operations.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** Fastify's defaults for the servers it makes, which serve's server keeps. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** What the dispatcher may answer without Fastify: a GET with no body, to a Host (Fastify refuses a 1.1 request without one). */
function plainHttp(request: IncomingMessage): boolean {
  const { headers } = request;
  return (
    request.method === 'GET' &&
    headers.host !== undefined &&
    headers['content-length'] === undefined &&
    headers['transfer-encoding'] === undefined &&
    headers.expect === undefined
  );
}

/** `close`: this connection ends with the answer (after a failure). A stopping server marks its answers itself (close()). */
function send(response: ServerResponse, answer: Answer, close = false): void {
  const body = answer.body;
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(body),
    ...(close ? { connection: 'close' } : {}),
  });
  response.end(body);
}

export interface Front {
  server: Server;
  /** Listens; resolves to the base address, e.g. http://127.0.0.1:8787. */
  listen(at: { host: string; port: number }): Promise<string>;
  /** The Fastify app, built when first needed (tests inject through it). */
  app(): Promise<import('fastify').FastifyInstance>;
  /** Whether a request needed the Fastify app (for tests: plain ones must not). */
  readonly fastifyBuilt: boolean;
  /** Stops accepting, lets requests in flight finish, closes the Fastify app if it was built. */
  close(): Promise<void>;
}

export function createFront(options: AppOptions): Front {
  // serve --log logs each request through Fastify's logger: everything goes there. Otherwise the
  // plain path and Fastify share one set of operations (one response cache).
  const operations = options.logger ? undefined : createOperations(options, SILENT);
  const dispatcher = operations && createDispatcher(operations);
  let fastify: Promise<{ app: import('fastify').FastifyInstance; handler: Handler }> | undefined;
  let closing = false;
  /** Requests not yet answered: those under way when the stop begins are answered with Connection: close. */
  const unanswered = new Set<ServerResponse>();

  const built = () =>
    (fastify ??= import('./app.js')
      .then(async ({ buildAppOn }) => {
        const made = buildAppOn(options, server, operations);
        await made.app.ready();
        return made;
      })
      .catch((error: unknown) => {
        // Tried again by the next request that needs it, not refused until a restart.
        fastify = undefined;
        throw error;
      }));

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (dispatcher && plainHttp(request)) {
      // A health check never waits for Fastify to be built.
      if (request.url === HEALTH_PATH) return send(response, HEALTH);
      let answer: Answer | undefined;
      try {
        answer = await dispatcher.answer({ method: 'GET', url: request.url ?? '/', headers: request.headers as Record<string, string> });
      } catch {
        answer = INTERNAL_ERROR;
      }
      if (answer) {
        send(response, answer);
        return;
      }
    }
    (await built()).handler(request, response);
  }

  const server = createServer({ maxHeaderSize: HEADER_LIMIT, requireHostHeader: false }, (request, response) => {
    // A request under way when the server begins to stop is answered, on either path, and its connection then closes.
    if (closing) response.setHeader('connection', 'close');
    else {
      unanswered.add(response);
      response.once('close', () => unanswered.delete(response));
    }
    // A connection that answered while the server stops is idle: let it go, so that stopping does not wait for keep-alive.
    response.once('finish', () => {
      if (closing) server.closeIdleConnections();
    });
    onRequest(request, response).catch(() => {
      if (!response.headersSent) send(response, INTERNAL_ERROR, true);
      else response.destroy();
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = 0;
  server.setTimeout(0);
  server.on('clientError', onClientError);
  guardServer(server);

  return {
    server,
    listen: ({ host, port }) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          const address = server.address() as AddressInfo;
          resolve(`http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`);
        });
      }),
    app: async () => (await built()).app,
    get fastifyBuilt() {
      return fastify !== undefined;
    },
    async close() {
      closing = true;
      for (const response of unanswered) if (!response.headersSent) response.setHeader('connection', 'close');
      const listening = server.listening;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (listening) await stopped;
      // Every connection has ended: the Fastify app, if a request built it (before the stop or during it), closes
      // too. One whose build failed has nothing to close, and must not keep the store open.
      if (fastify) await fastify.then(({ app }) => app.close(), () => {});
    },
  };
}
