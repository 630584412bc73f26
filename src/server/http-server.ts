/**
 * serve's HTTP server: node:http around the request pipeline (pipeline.ts),
 * which answers every request here as it does for --local in process. This
 * file keeps only what a socket has: the header limit and what node's parser
 * refuses (http-guards.ts), the Host header HTTP/1.1 requires, keep-alive, a
 * body its answer did not need, stopping with requests under way, and the
 * request log of `serve --log`.
 */
import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { guardServer, HEADER_LIMIT, onClientError } from './http-guards.js';
import { errorAnswer, INTERNAL_ERROR, JSON_TYPE, SILENT, type Answer, type ServiceOptions } from './operations.js';
import { createPipeline, TOO_LARGE } from './pipeline.js';

/** How long an idle keep-alive connection stays open (announced in Keep-Alive: timeout=72). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * How much of a body its answer did not need (a 413's, a 401's) is read and
 * thrown away before the answer is sent. A client writes its whole body before
 * it reads: answered early, node's own client stalls (keep-alive) or fails
 * with EPIPE (Connection: close), the answer unread. Beyond this, or when the
 * body is announced larger, the answer goes at once and the connection closes.
 */
export const DISCARD_LIMIT = 64 * 1024 * 1024;

/**
 * How long a request may take to arrive, body included: a slow link gets minutes,
 * a body that stalls (or drips a byte at a time) does not hold its connection for
 * ever — it is answered 408 in the service's shape and the connection closed.
 * The limit ends once the request has arrived: an answer takes as long as it takes.
 */
export const REQUEST_TIMEOUT_MS = 5 * 60_000;

const MISSING_HOST = errorAnswer(400, 'bad_request', 'missing Host header: an HTTP/1.1 request must send one');

/** `close`: this connection ends with the answer (a failure, a body past DISCARD_LIMIT). A stopping server marks its answers itself (close()). */
function send(response: ServerResponse, answer: Answer, close = false): void {
  response.writeHead(answer.status, {
    ...answer.headers,
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(answer.body),
    ...(close ? { connection: 'close' } : {}),
  });
  // node:http sends no body with the answer to a HEAD.
  response.end(answer.body);
}

/** Whether a body follows the headers: chunks, or a Content-Length over 0 (as node's parser reads them). */
function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The pipeline's reader of a body: its text, or TOO_LARGE as soon as it is known to pass `limit`. */
function bodyReader(request: IncomingMessage) {
  return (limit: number) =>
    new Promise<string | typeof TOO_LARGE>((resolve, reject) => {
      if (Number(request.headers['content-length']) > limit) return resolve(TOO_LARGE);
      const chunks: Buffer[] = [];
      let size = 0;
      const stop = () => request.off('data', onData).off('end', onEnd).off('error', onEnd).off('close', onClose);
      function onData(chunk: Buffer) {
        size += chunk.length;
        if (size <= limit) return void chunks.push(chunk);
        // The rest waits for discardUnread.
        stop();
        request.pause();
        resolve(TOO_LARGE);
      }
      function onEnd(error?: Error) {
        stop();
        if (error) reject(error);
        else resolve(Buffer.concat(chunks, size).toString('utf8'));
      }
      const onClose = () => onEnd(new Error('the connection closed before the body ended'));
      request.on('data', onData).on('end', onEnd).on('error', onEnd).on('close', onClose);
    });
}

/**
 * Reads and drops what is left of a body (see DISCARD_LIMIT). Resolves true
 * once it has ended, false when the connection must close instead: the body
 * is larger than the limit, or the connection is gone.
 */
function discardUnread(request: IncomingMessage): Promise<boolean> {
  if (request.complete) return Promise.resolve(true);
  if (Number(request.headers['content-length']) > DISCARD_LIMIT) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const stop = (ended: boolean) => {
      request.off('data', count).off('end', onEnd).off('close', onClose);
      // Past the limit: no more is read; the connection closes after the answer.
      if (!ended) request.pause();
      resolve(ended);
    };
    const count = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > DISCARD_LIMIT) stop(false);
    };
    const onEnd = () => stop(true);
    const onClose = () => stop(request.complete);
    request.on('data', count).on('end', onEnd).on('close', onClose);
    request.resume();
  });
}

/** A query value whose name says it is a credential is not written to the log. */
const SECRET_NAME = /key|token|secret|pass|auth|sig/i;

/** The URL as the request log shows it: as sent, but for the values of parameters named like credentials. */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const pairs = url.slice(queryAt + 1).split('&');
  const shown = pairs.map((pair) => {
    const name = pair.split('=')[0]!;
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replaceAll('+', ' '));
    } catch {
      // Not percent-encoding: the name as sent.
    }
    return SECRET_NAME.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, queryAt)}?${shown.join('&')}`;
}

export interface HttpServer {
  server: Server;
  /** Listens; resolves to the base address, e.g. http://127.0.0.1:8787. */
  listen(at: { host: string; port: number }): Promise<string>;
  /** Stops accepting, answers the requests under way (Connection: close), closes idle connections. */
  close(): Promise<void>;
}

/**
 * `log` (serve --log): receives one JSON line per request — method, URL,
 * status, milliseconds — and one per failure of the service, with its details.
 * `requestTimeoutMs`: see REQUEST_TIMEOUT_MS.
 */
export function createHttpServer(
  options: ServiceOptions,
  { log, requestTimeoutMs = REQUEST_TIMEOUT_MS }: { log?: ((line: string) => void) | undefined; requestTimeoutMs?: number } = {},
): HttpServer {
  const pipeline = createPipeline(
    options,
    log ? { error: (details, message) => log(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: message, ...details })) } : SILENT,
  );
  let closing = false;
  /** Requests not yet answered: those under way when the stop begins are answered with Connection: close. */
  const unanswered = new Set<ServerResponse>();

  async function onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer =
      request.httpVersion === '1.1' && request.headers.host === undefined
        ? MISSING_HOST
        : await pipeline.answer({
            method: request.method ?? 'GET',
            url: request.url ?? '/',
            headers: request.headers,
            body: hasBody(request) ? bodyReader(request) : undefined,
          });
    send(response, answer, !(await discardUnread(request)));
  }

  const limits: ServerOptions = {
    maxHeaderSize: HEADER_LIMIT,
    requireHostHeader: false,
    requestTimeout: requestTimeoutMs,
    // node looks for late requests every 30 s; a tenth of a shorter limit keeps the cut near it.
    connectionsCheckingInterval: Math.min(30_000, requestTimeoutMs / 10),
  };
  const server = createServer(limits, (request, response) => {
    if (log) {
      const started = performance.now();
      response.once('close', () =>
        log(
          JSON.stringify({
            time: new Date().toISOString(),
            level: 'info',
            method: request.method,
            url: loggedUrl(request.url ?? '/'),
            status: response.statusCode,
            ms: Number((performance.now() - started).toFixed(1)),
            // The client left before the whole answer was sent.
            ...(response.writableFinished ? {} : { aborted: true }),
          }),
        ),
      );
    }
    // A request under way when the server begins to stop is answered, and its connection then closes.
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
    async close() {
      closing = true;
      for (const response of unanswered) if (!response.headersSent) response.setHeader('connection', 'close');
      const listening = server.listening;
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (listening) await stopped;
    },
  };
}
