/**
 * What serve's node:http server (http-server.ts) answers before a request
 * reaches the pipeline — an unparsable request line, headers too large,
 * CONNECT, an Expect other than 100-continue — in the service's error shape.
 */
import { STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorBody, JSON_TYPE } from './operations.js';

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
 * Answers on a bare socket, for what node:http refuses before there is a
 * request (unparsable request line, headers too large, CONNECT), in the same
 * error shape as every other answer; the connection is closed after it.
 */
export function sendSocketError(socket: Socket, status: number, code: string, message: string, head = false): void {
  if (refusedSockets.has(socket)) return;
  refusedSockets.add(socket);
  // A response already under way on this connection cannot be followed by another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean; statusCode?: number } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  // A request whose body did not arrive in time has its response unsent: serve --log reports this status for it.
  if (inFlight) inFlight.statusCode = status;
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: ${JSON_TYPE}\r\n` +
      // An answer to HEAD has no body: a client would read ours as the start of the next answer.
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`,
  );
  // Closing while the client still sends (the rest of a huge header) would reset the
  // connection, and a reset can discard the answer before the client reads it: linger a little.
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}

/** What node:http's parser (llhttp) refused, as status, code and message. */
export function clientErrorAnswer(error: NodeJS.ErrnoException & { reason?: string }): [number, string, string] {
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

/** What node:http refuses itself, answered in our shape; a server's clientError listener. */
export function onClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const head = (error as unknown as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  sendSocketError(socket, ...clientErrorAnswer(error), head);
}

/** CONNECT and unsupported Expect headers, which node:http answers itself (a closed connection, an empty 417) unless someone listens. */
export function guardServer(server: Server): void {
  server.on('connect', (request: IncomingMessage, socket: Socket) =>
    sendSocketError(socket, 404, 'not_found', `no such endpoint: CONNECT ${request.url ?? ''}`),
  );
  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify(
      errorBody('expectation_failed', `unsupported Expect header: ${String(request.headers.expect)}; only 100-continue is`),
    );
    response.writeHead(417, { 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(body) }).end(body);
  });
}
