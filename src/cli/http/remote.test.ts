import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError, ExitCode } from '../errors.js';
import { createApiClient } from './client.js';
import { createRemoteTransport, normaliseBaseUrl, parseRetryAfter } from './remote.js';
import type { Transport } from './transport.js';

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
let hits: Array<{ method: string; url: string; authorization: string | undefined }>;
const transports: Transport[] = [];

beforeEach(async () => {
  hits = [];
  handler = (_req, res) => res.end('{}');
  server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => handler(req, res, hits.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function setup(options: Partial<Parameters<typeof createRemoteTransport>[0]> = {}) {
  const delays: number[] = [];
  const traces: string[] = [];
  const transport = createRemoteTransport({
    baseUrl,
    sleep: async (ms) => {
      delays.push(ms);
    },
    trace: (line) => traces.push(line),
    ...options,
  });
  transports.push(transport);
  return { transport, delays, traces };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const get = (path = '/v1/ping') => ({ method: 'GET' as const, path, headers: { accept: 'application/json' } });

describe('normaliseBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/v1', 'http://127.0.0.1:8787'],
    ['http://127.0.0.1:8787/v1/', 'http://127.0.0.1:8787'],
    ['https://api.example.com/rent/v1', 'https://api.example.com/rent'],
  ])('%s → %s', (input, display) => {
    expect(normaliseBaseUrl(input).display).toBe(display);
  });

  it('rejects what is not an http(s) URL with a usage error', () => {
    expect(() => normaliseBaseUrl('localhost:8787')).toThrow(/only http and https/);
    expect(() => normaliseBaseUrl('not a url')).toThrow(/invalid base URL/);
  });

  it('sends to the same path whether or not the base URL ends in /v1', async () => {
    const { transport } = setup({ baseUrl: `${baseUrl}/v1/` });
    expect((await transport.request(get('/v1/x'))).status).toBe(200);
    expect(hits[0]!.url).toBe('/v1/x');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:05 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
});

describe('createRemoteTransport', () => {
  it('retries a GET on 503 and returns the success', async () => {
    handler = (_req, res, hit) => (hit < 3 ? json(res, 503, { error: 'busy' }) : json(res, 200, { ok: true }));
    const { transport, delays, traces } = setup();
    const response = await transport.request(get());
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    expect(hits).toHaveLength(3);
    expect(delays).toHaveLength(2);
    // Full jitter: each wait is within its exponential ceiling.
    expect(delays[0]).toBeLessThanOrEqual(250);
    expect(delays[1]).toBeLessThanOrEqual(500);
    expect(traces.filter((line) => line.startsWith('retry '))).toHaveLength(2);
    expect(traces.join('\n')).toMatch(/retry 1\/3 of GET http:\/\/127\.0\.0\.1:\d+\/v1\/ping in \d+ ms: HTTP 503 Service Unavailable/);
  });

  it.each([429, 502, 504])('retries a GET on %i', async (status) => {
    handler = (_req, res, hit) => (hit === 1 ? json(res, status, {}) : json(res, 200, {}));
    const { transport } = setup();
    expect((await transport.request(get())).status).toBe(200);
    expect(hits).toHaveLength(2);
  });

  it.each([400, 401, 404, 500])('does not retry a GET on %i', async (status) => {
    handler = (_req, res) => json(res, status, {});
    const { transport, delays } = setup();
    expect((await transport.request(get())).status).toBe(status);
    expect(hits).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('honours Retry-After in seconds and as an HTTP date', async () => {
    // Far enough ahead that however long this test takes to reach the second request, part of the wait is left.
    const date = new Date(Date.now() + 20_000).toUTCString();
    handler = (_req, res, hit) =>
      hit === 1
        ? json(res, 429, {}, { 'retry-after': '2' })
        : hit === 2
          ? json(res, 503, {}, { 'retry-after': date })
          : json(res, 200, {});
    const { transport, delays, traces } = setup({ maxRetryTimeMs: 60_000 });
    expect((await transport.request(get())).status).toBe(200);
    expect(delays[0]).toBe(2000);
    // An HTTP date has one-second resolution; the wait is what is left of it (parseRetryAfter's own test is exact).
    expect(delays[1]).toBeGreaterThan(2000);
    expect(delays[1]).toBeLessThanOrEqual(20_000);
    expect(traces.join('\n')).toContain('(Retry-After 2000 ms)');
  });

  it('caps Retry-After by the remaining retry time, then gives up and returns the last answer', async () => {
    handler = (_req, res) => json(res, 503, {}, { 'retry-after': '120' });
    const { transport, delays, traces } = setup({ retries: 10, maxRetryTimeMs: 5000 });
    const response = await transport.request(get());
    expect(response.status).toBe(503);
    expect(hits).toHaveLength(2);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeLessThanOrEqual(5000);
    expect(delays[0]).toBeGreaterThan(4000);
    expect(traces.join('\n')).toMatch(/giving up on GET .* after 2 attempts \(retry time of 5 s spent\)/);
  });

  it('stops after the configured number of retries', async () => {
    handler = (_req, res) => json(res, 502, {});
    const { transport, delays } = setup({ retries: 2 });
    expect((await transport.request(get())).status).toBe(502);
    expect(hits).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it('a spent retry budget ends as a failure with exit code 1 through the client', async () => {
    handler = (_req, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>down</body></html>');
    const { transport } = setup({ retries: 3 });
    const client = createApiClient(transport, { apiKey: 'rsk_abcdefgh_secretsecretsecret' });
    const error = await client.call('getPortfolio').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.failure);
    expect((error as CliError).message).toBe(
      `GET /v1/rentsurvey/portfolio answered 503 Service Unavailable from ${baseUrl} (not a rentsurvey error body)`,
    );
    expect(hits).toHaveLength(4);
  });

  it.each(['POST', 'PATCH'] as const)('never retries a %s', async (method) => {
    handler = (_req, res) => json(res, 503, {}, { 'retry-after': '1' });
    const { transport, delays } = setup();
    const response = await transport.request({
      method,
      path: '/v1/communities',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(503);
    expect(hits).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('retries a GET when the server drops the connection, and not a POST', async () => {
    handler = (req, res, hit) => (hit === 1 || req.method === 'POST' ? res.socket?.destroy() : json(res, 200, {}));
    const { transport, traces } = setup();
    expect((await transport.request(get())).status).toBe(200);
    expect(traces.join('\n')).toMatch(/retry 1\/3 of GET .*: connection reset/);

    const error = await transport
      .request({ method: 'POST', path: '/v1/communities', headers: {}, body: '{}' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(/^could not reach http:\/\/127\.0\.0\.1:\d+ \(connection reset\)$/);
    // The POST may have been applied: say so rather than invite a blind repeat.
    expect((error as CliError).hint).toMatch(/may have reached the service/);
    expect(hits).toHaveLength(3);
  });

  it('connection refused → one-line CliError naming the target, after the retries', async () => {
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { transport, delays } = setup({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await transport.request(get()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.failure);
    expect((error as CliError).message).toBe(`could not reach http://127.0.0.1:${port} (connection refused) after 4 attempts`);
    expect(delays).toHaveLength(3);
    // Restart so afterEach has a server to close.
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  it('a POST that is refused fails at once, without the "may have been applied" hint', async () => {
    const { port } = server.address() as AddressInfo;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { transport, delays } = setup({ baseUrl: `http://127.0.0.1:${port}` });
    const error = (await transport
      .request({ method: 'POST', path: '/v1/communities', headers: {}, body: '{}' })
      .catch((e: unknown) => e)) as CliError;
    expect(error.message).toBe(`could not reach http://127.0.0.1:${port} (connection refused)`);
    expect(error.hint).toBeUndefined();
    expect(delays).toEqual([]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  it('a server that never answers is a timeout, retried for GET', async () => {
    handler = (_req, res, hit) => (hit === 1 ? undefined : json(res, 200, {}));
    const { transport, traces } = setup({ requestTimeoutMs: 200 });
    expect((await transport.request(get())).status).toBe(200);
    expect(traces.join('\n')).toMatch(/retry 1\/3 of GET .*: no response within 0\.2 s/);
  });

  it('a body that stalls halfway is a timeout too, and one cut halfway a reset: both retried for GET', async () => {
    handler = (_req, res, hit) => {
      if (hit > 2) return json(res, 200, { whole: true });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"half":');
      if (hit === 2) res.socket?.destroy();
    };
    const { transport, traces } = setup({ requestTimeoutMs: 200 });
    const response = await transport.request(get());
    expect(JSON.parse(response.body)).toEqual({ whole: true });
    expect(traces.join('\n')).toMatch(/retry 1\/3 of GET .*: response stalled for 0\.2 s/);
    expect(traces.join('\n')).toMatch(/retry 2\/3 of GET .*: connection reset/);
  });

  it('a multi-byte character split between two chunks arrives whole', async () => {
    handler = (_req, res) => {
      const body = Buffer.from(JSON.stringify({ name: 'Résidence Zoë' }));
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      const inside = body.indexOf(Buffer.from('é')) + 1;
      res.write(body.subarray(0, inside));
      setTimeout(() => res.end(body.subarray(inside)), 20);
    };
    const { transport } = setup();
    expect(JSON.parse((await transport.request(get())).body)).toEqual({ name: 'Résidence Zoë' });
  });

  it('traces method, URL, status and duration, and never the API key', async () => {
    const key = 'rsk_abcdefgh_TOPSECRETtopsecretTOPSECRET';
    handler = (_req, res, hit) => (hit === 1 ? json(res, 503, {}) : json(res, 200, {}));
    const { transport, traces } = setup();
    await transport.request({ ...get('/v1/rentsurvey/portfolio'), headers: { authorization: `Bearer ${key}` } });
    expect(hits[0]!.authorization).toBe(`Bearer ${key}`);
    const text = traces.join('\n');
    expect(text).not.toContain(key);
    expect(text).not.toContain('TOPSECRET');
    expect(text).toContain('Authorization: Bearer ***');
    expect(text).toMatch(new RegExp(`< GET ${baseUrl}/v1/rentsurvey/portfolio 200 OK \\(\\d+ ms\\)`));
    expect(text).toMatch(/< GET .* 503 Service Unavailable \(\d+ ms\)/);
  });

  it('keeps connections alive between requests', async () => {
    const ports = new Set<number>();
    handler = (req, res) => {
      ports.add(req.socket.remotePort ?? 0);
      json(res, 200, {});
    };
    const { transport } = setup();
    for (let i = 0; i < 6; i++) await transport.request(get());
    expect(ports.size).toBe(1);
  });

  it("closes an idle connection before the server's announced Keep-Alive timeout, and opens a new one", async () => {
    // The server announces `Keep-Alive: timeout=2` but keeps idle sockets for a minute: when the first
    // connection closes, the client closed it (a second before the announced timeout). Without that,
    // it stays open and the test times out.
    server.keepAliveTimeout = 60_000;
    const firstClosed = new Promise<void>((resolve) => server.once('connection', (socket: Socket) => socket.once('close', () => resolve())));
    const ports: number[] = [];
    handler = (req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      json(res, 200, {}, { connection: 'keep-alive', 'keep-alive': 'timeout=2' });
    };
    const { transport, traces } = setup();
    await transport.request(get());
    await transport.request(get());
    await firstClosed;
    await transport.request(get());
    expect(ports[1]).toBe(ports[0]);
    expect(ports[2]).not.toBe(ports[0]);
    expect(traces.join('\n')).not.toMatch(/retry/);
  });
});
