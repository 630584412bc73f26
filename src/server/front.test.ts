import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useDemoStore } from '../../test/helpers/demo-fixture.js';
import { createFront, type Front } from './front.js';
import { serviceOptions } from './local-store.js';

const idleSockets = (agent: import('node:http').Agent) => Object.values(agent.freeSockets).flat().length;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(origin: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(origin + path, { method, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// The server suites run whole through this server (test/helpers/server.ts); here: which requests
// it answers without Fastify, that those answers are Fastify's, and that it stops promptly.
describe("serve's server (front.ts)", () => {
  const demo = useDemoStore('front');

  async function started(responseCache = false): Promise<{ front: Front; origin: string }> {
    const front = createFront(serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache }));
    return { front, origin: await front.listen({ host: '127.0.0.1', port: 0 }) };
  }
  const auth = () => ({ authorization: `Bearer ${demo.key}` });

  it('answers plain GETs — found, refused, not found, unauthorized — without building Fastify', async () => {
    const { front, origin } = await started();
    try {
      const answers = await Promise.all([
        send(origin, 'GET', '/v1/rentsurvey/portfolio?include_pricing=true', auth()),
        send(origin, 'GET', `/v1/rentsurvey/communities/${demo.subject}/overview`, auth()),
        send(origin, 'GET', `/v1/rentsurvey/communities/${demo.subject}/pricing?days=0`, auth()),
        send(origin, 'GET', '/v1/rentsurvey/communities/00000000-0000-4000-8000-000000000000', auth()),
        send(origin, 'GET', '/v1/rentsurvey/portfolio'),
        send(origin, 'GET', '/v1/health'),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 400, 404, 401, 200]);
      expect(answers[5]!.body).toBe('{"ok":true}');
      for (const answer of answers) expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answers[2]!.body)).toMatchObject({ error: { code: 'validation_error' } });
      expect(front.fastifyBuilt).toBe(false);
    } finally {
      await front.close();
    }
  });

  it('hands everything else to Fastify, and a plain GET gets the answer Fastify gives', async () => {
    const { front, origin } = await started();
    try {
      const path = `/v1/rentsurvey/communities/${demo.subject}/comps?include_pricing=true`;
      const plain = await send(origin, 'GET', path, auth());
      expect(front.fastifyBuilt).toBe(false);
      // A GET with an (empty) body is not plain: Fastify reads it.
      const viaFastify = await send(origin, 'GET', path, { ...auth(), 'content-length': '0' }, '');
      expect(front.fastifyBuilt).toBe(true);
      expect(viaFastify.status).toBe(plain.status);
      expect(viaFastify.body).toBe(plain.body);
      for (const header of ['content-type', 'content-length', 'connection', 'keep-alive'])
        expect(plain.headers[header], header).toBe(viaFastify.headers[header]);
      // HEAD, writes, unknown paths, escapes and trailing slashes: Fastify's answers.
      expect((await send(origin, 'HEAD', path, auth())).status).toBe(200);
      expect(await send(origin, 'GET', '/v1/health?from=fastify')).toMatchObject({ status: 200, body: '{"ok":true}' });
      expect((await send(origin, 'POST', '/v1/rentsurvey/portfolio', auth())).status).toBe(404);
      expect((await send(origin, 'GET', '/v1/nowhere', auth())).status).toBe(404);
      expect((await send(origin, 'GET', '/v1/rentsurvey/portfolio/', auth())).status).toBe(200);
      expect((await send(origin, 'GET', '/v1/rentsurvey/communities/%zz/overview', auth())).status).toBe(400);
    } finally {
      await front.close();
    }
  });

  it('answers from one response cache, whichever path a request takes', async () => {
    const { front, origin } = await started(true);
    try {
      const path = `/v1/rentsurvey/communities/${demo.subject}/overview`;
      const plain = await send(origin, 'GET', path, auth());
      expect(plain.headers['server-timing']).toMatch(/^app;/);
      const viaFastify = await send(origin, 'GET', path, { ...auth(), 'content-length': '0' }, '');
      expect(front.fastifyBuilt).toBe(true);
      expect(viaFastify.headers['server-timing']).toMatch(/^cache;desc=hit/);
      expect(viaFastify.body).toBe(plain.body);
    } finally {
      await front.close();
    }
  });

  /**
   * The request line and auth arrive before close(), the rest after: a request that
   * is under way when the server begins to stop (on a connection that was busy, so
   * not closed as idle). Resolves to the raw answer, read until the server closes.
   */
  async function arrivingWhileStopping(front: Front, origin: string, path: string, headers: string): Promise<string> {
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((resolve, reject) => socket.on('end', resolve).on('error', reject));
    socket.write(`GET ${path} HTTP/1.1\r\nAuthorization: Bearer ${demo.key}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = front.close();
    socket.end(`${headers}\r\n`);
    await ended;
    await closed;
    return text;
  }

  it('answers a request under way when it begins to stop, in the service shape, and closes that connection', async () => {
    for (const fastifyFirst of [false, true]) {
      const { front, origin } = await started();
      const path = `/v1/rentsurvey/communities/${demo.subject}/overview`;
      const expected = await send(origin, 'GET', path, auth());
      if (fastifyFirst) await send(origin, 'GET', path, { ...auth(), 'content-length': '0' }, '');
      expect(front.fastifyBuilt).toBe(fastifyFirst);
      // The plain path (with a Host header), and Fastify's (a GET with a body).
      const plain = await arrivingWhileStopping(front, origin, path, 'Host: rentsurvey\r\n');
      const { front: second, origin: secondOrigin } = await started();
      if (fastifyFirst) await send(secondOrigin, 'GET', path, { ...auth(), 'content-length': '0' }, '');
      const viaFastify = await arrivingWhileStopping(second, secondOrigin, path, 'Host: rentsurvey\r\nContent-Length: 0\r\n');
      for (const [label, raw] of [['plain', plain], ['via Fastify', viaFastify]] as const) {
        const [head, body] = raw.split('\r\n\r\n');
        expect(head, `${label}, Fastify built first: ${fastifyFirst}`).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
        expect(head?.toLowerCase(), `${label}, Fastify built first: ${fastifyFirst}`).toContain('connection: close');
        expect(body, label).toBe(expected.body);
      }
    }
  });

  it('a request whose answer is still being made when the stop begins gets Connection: close too', async () => {
    for (const fastifyFirst of [false, true]) {
      const { front, origin } = await started();
      if (fastifyFirst) await send(origin, 'GET', '/v1/health', { 'content-length': '0' }, '');
      expect(front.fastifyBuilt).toBe(fastifyFirst);
      // Whole headers before close(), so the request is under way; the body Fastify waits for, after.
      // (An empty invitation: refused, nothing written.)
      const socket = connect(Number(new URL(origin).port), '127.0.0.1');
      let raw = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
      const ended = new Promise<void>((resolve, reject) => socket.on('end', resolve).on('error', reject));
      socket.write(
        `POST /v1/users/invite HTTP/1.1\r\nHost: rentsurvey\r\nAuthorization: Bearer ${demo.key}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const closed = front.close();
      socket.end('{}');
      await ended;
      await closed;
      expect(raw, `Fastify built first: ${fastifyFirst}`).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(raw).toContain('"validation_error"');
      expect(raw.split('\r\n\r\n')[0]!.toLowerCase(), `Fastify built first: ${fastifyFirst}`).toContain('connection: close');
    }
  });

  it('stops promptly with a keep-alive connection open', async () => {
    const { front, origin } = await started();
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise<number>((resolve, reject) => {
      httpRequest(`${origin}/v1/rentsurvey/portfolio`, { headers: auth(), agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(200);
    expect(idleSockets(agent)).toBe(1);
    // Fastify's keep-alive timeout is 72 s: stopping must not wait for the idle connection.
    await Promise.race([front.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('close() still waiting')), 5_000))]);
    agent.destroy();
  });
});
