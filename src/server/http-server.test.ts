import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useDemoStore } from '../../test/helpers/demo-fixture.js';
import { serviceOptions } from './data-dir.js';
import { createHttpServer, DISCARD_LIMIT, loggedUrl, type HttpServer } from './http-server.js';
import { BODY_LIMIT } from './pipeline.js';

const idleSockets = (agent: Agent) => Object.values(agent.freeSockets).flat().length;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(origin: string, method: string, path: string, headers: Record<string, string> = {}, body?: string, agent: Agent | false = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(origin + path, { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A raw connection: what it received, and a promise of its end (with the error that ended it, if one did). */
function rawConnection(origin: string): { socket: Socket; received: () => string; ended: Promise<Error | undefined> } {
  const socket = connect(Number(new URL(origin).port), '127.0.0.1');
  let text = '';
  let failure: Error | undefined;
  socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  socket.on('error', (error) => (failure ??= error));
  const ended = new Promise<Error | undefined>((resolve) => socket.on('close', () => resolve(failure)));
  return { socket, received: () => text, ended };
}

/** Resolves once the server's side of a connection has read `bytes` (node parses what it reads at once). */
async function readBy(serverSide: Socket, bytes: number): Promise<void> {
  while (serverSide.bytesRead < bytes) await new Promise((resolve) => setImmediate(resolve));
}

// What only serve's socket has: stopping, keep-alive, bodies left unread, the request log.
// Everything else a request meets is the pipeline's, tested over this server by test/server.
describe("serve's HTTP server (http-server.ts)", () => {
  const demo = useDemoStore('http-server');

  async function started(log?: (line: string) => void, requestTimeoutMs?: number): Promise<{ http: HttpServer; origin: string }> {
    const http = createHttpServer(serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache: false }), {
      log,
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
    });
    return { http, origin: await http.listen({ host: '127.0.0.1', port: 0 }) };
  }
  const auth = () => ({ authorization: `Bearer ${demo.key}` });

  /**
   * The request line and auth arrive before close(), the rest after: a request that
   * is under way when the server begins to stop (on a connection that was busy, so
   * not closed as idle). Resolves to the raw answer, read until the server closes.
   */
  async function arrivingWhileStopping(http: HttpServer, origin: string, path: string, headers: string): Promise<string> {
    const accepted = new Promise<Socket>((resolve) => http.server.once('connection', resolve));
    const { socket, received, ended } = rawConnection(origin);
    const start = `GET ${path} HTTP/1.1\r\nAuthorization: Bearer ${demo.key}\r\n`;
    socket.write(start);
    await readBy(await accepted, start.length);
    const closed = http.close();
    // Written, not ended: a client that half-closes has its request dropped by node:http.
    socket.write(`${headers}\r\n`);
    expect(await ended).toBeUndefined();
    await closed;
    return received();
  }

  it('answers a request under way when it begins to stop, in the service shape, and closes that connection', async () => {
    const { http, origin } = await started();
    const path = `/v1/rentsurvey/communities/${demo.subject}/overview`;
    const expected = await send(origin, 'GET', path, auth());
    const [head, body] = (await arrivingWhileStopping(http, origin, path, 'Host: rentsurvey\r\n')).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head?.toLowerCase()).toContain('connection: close');
    expect(body).toBe(expected.body);
  });

  it('a request whose answer is still being made when the stop begins gets Connection: close too', async () => {
    const { http, origin } = await started();
    // Whole headers before close(), so the request is under way; the body it waits for, after.
    // (An empty invitation: refused, nothing written.)
    const { socket, received, ended } = rawConnection(origin);
    const requested = new Promise((resolve) => http.server.once('request', resolve));
    socket.write(
      `POST /v1/users/invite HTTP/1.1\r\nHost: rentsurvey\r\nAuthorization: Bearer ${demo.key}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n',
    );
    await requested;
    const closed = http.close();
    socket.write('{}');
    expect(await ended).toBeUndefined();
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(received()).toContain('"validation_error"');
    expect(received().split('\r\n\r\n')[0]!.toLowerCase()).toContain('connection: close');
  });

  it('stops promptly with a keep-alive connection open', async () => {
    const { http, origin } = await started();
    const agent = new Agent({ keepAlive: true });
    expect((await send(origin, 'GET', '/v1/rentsurvey/portfolio', auth(), undefined, agent)).status).toBe(200);
    expect(idleSockets(agent)).toBe(1);
    // The keep-alive timeout is 72 s: stopping must not wait for the idle connection.
    await Promise.race([http.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('close() still waiting')), 5_000))]);
    agent.destroy();
  });

  it('after a 413, the rest of the body is read and thrown away: the connection serves its next request', async () => {
    const { http, origin } = await started();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await send(origin, 'POST', '/v1/communities', { ...auth(), 'content-type': 'application/json' }, 'x'.repeat(3 * BODY_LIMIT), agent);
      expect([tooLarge.status, tooLarge.headers.connection]).toEqual([413, 'keep-alive']);
      expect(JSON.parse(tooLarge.body)).toMatchObject({ error: { code: 'payload_too_large' } });
      const next = await send(origin, 'GET', '/v1/health', {}, undefined, agent);
      expect([next.status, next.body]).toEqual([200, '{"ok":true}']);
      // One connection for both.
      expect(idleSockets(agent)).toBe(1);
    } finally {
      agent.destroy();
      await http.close();
    }
  });

  it(`a body announced over ${DISCARD_LIMIT / 1024 / 1024} MB: the 413 at once, and the connection closes`, async () => {
    const { http, origin } = await started();
    try {
      const { socket, received, ended } = rawConnection(origin);
      socket.write(
        `POST /v1/communities HTTP/1.1\r\nHost: rentsurvey\r\nAuthorization: Bearer ${demo.key}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${DISCARD_LIMIT + 1}\r\n\r\n`,
      );
      expect(await ended).toBeUndefined();
      const [head, body] = received().split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
      expect(head?.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(body!)).toMatchObject({ error: { code: 'payload_too_large' } });
    } finally {
      await http.close();
    }
  });

  it(`a body that goes on past ${DISCARD_LIMIT / 1024 / 1024} MB is not read to its end: the connection is cut`, async () => {
    const { http, origin } = await started();
    try {
      const { socket, ended } = rawConnection(origin);
      socket.write(
        `POST /v1/communities HTTP/1.1\r\nHost: rentsurvey\r\nAuthorization: Bearer ${demo.key}\r\n` +
          'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      );
      const data = 'x'.repeat(1024 * 1024);
      const chunk = `${data.length.toString(16)}\r\n${data}\r\n`;
      let sent = 0;
      let closed = false;
      void ended.then(() => (closed = true));
      while (!closed && sent < 4 * DISCARD_LIMIT) {
        sent += data.length;
        if (!socket.write(chunk))
          await new Promise<void>((resolve) => {
            // Whichever comes first; the other listener goes too (one per chunk would pile up on the socket).
            const done = () => {
              socket.off('drain', done).off('close', done);
              resolve();
            };
            socket.on('drain', done).on('close', done);
          });
      }
      await ended;
      expect(sent).toBeGreaterThan(DISCARD_LIMIT);
      expect(sent).toBeLessThan(4 * DISCARD_LIMIT);
    } finally {
      await http.close();
    }
  });

  it('a body that stalls is cut: 408 in the service shape once the request is over its time, and the connection closes', async () => {
    let logged: (line: string) => void = () => {};
    const line = new Promise<string>((resolve) => (logged = resolve));
    const { http, origin } = await started((text) => logged(text), 500);
    try {
      const { socket, received, ended } = rawConnection(origin);
      // Headers and a third of the announced body, then nothing: the connection would be held for ever.
      socket.write(
        `POST /v1/communities HTTP/1.1\r\nHost: rentsurvey\r\nAuthorization: Bearer ${demo.key}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 300\r\n\r\n{"name": "Slow',
      );
      expect(await ended).toBeUndefined();
      const [head = '', body] = received().split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 408 /);
      expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i);
      expect(JSON.parse(body!)).toEqual({ error: { code: 'request_timeout', message: 'the request did not arrive in time' } });
      // serve --log: the status that was sent.
      expect(JSON.parse(await line)).toMatchObject({ method: 'POST', url: '/v1/communities', status: 408 });
    } finally {
      await http.close();
    }
  });

  it('HEAD: the status and headers of the GET, no body', async () => {
    const { http, origin } = await started();
    try {
      const path = `/v1/rentsurvey/communities/${demo.subject}/comps`;
      const [get, head] = [await send(origin, 'GET', path, auth()), await send(origin, 'HEAD', path, auth())];
      expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', get.headers['content-length']]);
      expect((await send(origin, 'HEAD', '/v1/nowhere', auth())).status).toBe(404);
    } finally {
      await http.close();
    }
  });

  it('serve --log: one JSON line per request, with method, URL (credentials hidden), status and milliseconds', async () => {
    const lines: string[] = [];
    const { http, origin } = await started((line) => lines.push(line));
    try {
      await send(origin, 'GET', '/v1/health');
      await send(origin, 'GET', '/v1/rentsurvey/portfolio?include_pricing=true&api_key=rsk_secret', auth());
      await send(origin, 'PUT', '/v1/health');
    } finally {
      await http.close();
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/v1/health', status: 200 },
      // (A parameter the contract does not know: a 400, logged all the same.)
      { method: 'GET', url: '/v1/rentsurvey/portfolio?include_pricing=true&api_key=[redacted]', status: 400 },
      { method: 'PUT', url: '/v1/health', status: 404 },
    ]);
    for (const entry of entries) {
      expect(entry.ms).toBeTypeOf('number');
      expect(Date.parse(entry.time as string)).not.toBeNaN();
    }
    expect(lines.join('\n')).not.toContain('rsk_secret');
  });

  it('loggedUrl hides the values of parameters named like credentials, and only those', () => {
    expect(loggedUrl('/v1/communities?search=oak&limit=5')).toBe('/v1/communities?search=oak&limit=5');
    expect(loggedUrl('/v1/communities?token=a&Password=b&search=c')).toBe('/v1/communities?token=[redacted]&Password=[redacted]&search=c');
    expect(loggedUrl('/v1/health')).toBe('/v1/health');
  });
});
