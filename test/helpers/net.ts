import { createServer as createHttpServer, request as httpRequest, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer } from 'node:net';

/** A TCP port with nothing listening on it (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface TestHttpServer {
  /** http://127.0.0.1:<port> */
  url: string;
  server: Server;
  /** Stops it, cutting the connections still open (requests it holds, keep-alive). */
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1, on a port of its own. */
export async function listeningServer(listener: RequestListener): Promise<TestHttpServer> {
  const server = createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request that reached a forwardingProxy. */
export interface ProxiedRequest {
  request: IncomingMessage;
  response: ServerResponse;
  /** Sends it on to the target and its answer back as it comes (a failure of the target cuts the connection). */
  forward(): void;
}

/**
 * An HTTP proxy in front of `target` (a base URL) that hands each request to
 * `onRequest`: forward it, answer it instead, hold it until the test says, or
 * cut it. The test decides when things happen, never a timer.
 */
export function forwardingProxy(target: string, onRequest: (proxied: ProxiedRequest) => void): Promise<TestHttpServer> {
  return listeningServer((request, response) => {
    const forward = () => {
      const upstream = httpRequest(new URL(request.url ?? '/', target), { method: request.method, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    };
    onRequest({ request, response, forward });
  });
}
