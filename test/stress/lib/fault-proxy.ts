/**
 * An HTTP proxy in front of `serve` that breaks answers on request: each
 * incoming request takes the next fault of the plan (or passes). It counts what
 * arrived and what it forwarded, so a test can tell a retried GET from a
 * duplicated POST.
 */
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault =
  /** Forwarded; the answer held back longer than the client waits. */
  | 'delay'
  /** Forwarded; the connection cut halfway through the answer. */
  | 'drop'
  /** Not forwarded: 429 with Retry-After: 1. */
  | '429'
  /** Not forwarded: a proxy's 503 page. */
  | '503'
  /** Forwarded; half of the answer's JSON, framed as if whole. */
  | 'truncated'
  /** Not forwarded: a captive portal's HTML page with 200. */
  | 'html200'
  | 'pass';

export const FAULTS: readonly Exclude<Fault, 'pass'>[] = ['delay', 'drop', '429', '503', 'truncated', 'html200'];
export const FORWARDED: ReadonlySet<Fault> = new Set(['delay', 'drop', 'truncated', 'pass']);

export interface FaultProxy {
  url: string;
  /** Faults for the next requests, in order; then requests pass. */
  plan(...faults: Fault[]): void;
  /** Requests that reached the proxy / the service, as "METHOD /path". */
  arrived: string[];
  forwarded: string[];
  close(): Promise<void>;
}

// Longer than the 3 s the stress tests give the CLI (--request-timeout 3).
const HOLD_MS = 5_000;

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const target = new URL(upstream);
  const queue: Fault[] = [];
  const arrived: string[] = [];
  const forwarded: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };

  const pass = (req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> =>
    new Promise((resolve, reject) => {
      forwarded.push(`${req.method} ${req.url}`);
      const headers = { ...req.headers, host: target.host } as unknown as Record<string, string>;
      const out = forward({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined && !['connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) kept[name] = String(value);
          resolve({ status: res.statusCode ?? 502, headers: kept, body: Buffer.concat(chunks) });
        });
      });
      out.on('error', reject);
      out.end(body);
    });

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    arrived.push(`${req.method} ${req.url}`);
    const fault = queue.shift() ?? 'pass';
    switch (fault) {
      case '429':
        return res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/plain' }).end('Too Many Requests');
      case '503':
        return res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body><h1>503 Service Unavailable</h1></body></html>');
      case 'html200':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Please sign in to the Wi-Fi</body></html>');
    }
    const answer = await pass(req, body);
    switch (fault) {
      case 'pass':
        return res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) }).end(answer.body);
      case 'delay':
        return later(HOLD_MS, () => {
          if (!res.destroyed) res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) }).end(answer.body);
        });
      case 'drop':
        res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
        res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
        return later(20, () => res.socket?.destroy());
      case 'truncated': {
        const half = answer.body.subarray(0, Math.floor(answer.body.length / 2));
        return res.writeHead(answer.status, { ...answer.headers, 'content-length': String(half.length) }).end(half);
      }
    }
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch(() => res.socket?.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    plan: (...faults) => queue.push(...faults),
    arrived,
    forwarded,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
