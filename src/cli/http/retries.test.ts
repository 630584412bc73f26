// The HTTP client against a tiny scripted server: which failures are retried,
// which are not, and what the user sees (server text never drives the terminal).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliSandbox, expectOk, parseJson, type CliSandbox } from '../../../test/helpers/run-cli.js';

const KEY = 'rsk_TESTTEST_a-key-that-must-never-be-printed';
const PORTFOLIO = {
  communities: [
    {
      id: '11111111-2222-4333-8444-555555555555',
      name: 'Scripted Court',
      address: '1 Test St, Austin, TX 78701',
      external_community_id: null,
      comp_count: 3,
      latest_pricing_date: '2026-11-15',
    },
  ],
  total: 1,
};
const UNAVAILABLE = JSON.stringify({ error: { code: 'unavailable', message: 'try again later' } });

type Handler = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;

let sb: CliSandbox;
let server: Server;
let baseUrl: string;
let handler: Handler;
let requests: Array<{ method: string; url: string; authorization: string | undefined }>;

const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
};
const run = (args: string[], options = {}) => sb.run(args, { env: { RENTSURVEY_BASE_URL: baseUrl, RENTSURVEY_API_KEY: KEY }, ...options });
const count = (method: string, path: string) => requests.filter((r) => r.method === method && r.url.split('?')[0] === path).length;

beforeAll(async () => {
  sb = await cliSandbox({ store: 'none' });
  sb.secrets.push(KEY);
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
      handler(req, res, requests.filter((r) => r.method === req.method && r.url === req.url).length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  requests = [];
  handler = (_req, res) => send(res, 404, JSON.stringify({ error: { code: 'not_found', message: 'no such route' } }));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('GET is retried', () => {
  it('503, 503, then 200: the command succeeds with the answer', async () => {
    handler = (_req, res, attempt) => (attempt <= 2 ? send(res, 503, UNAVAILABLE, { 'retry-after': '0' }) : send(res, 200, JSON.stringify(PORTFOLIO)));
    const r = expectOk(await run(['portfolio', '--json']));
    expect(parseJson(r.stdout)).toEqual(PORTFOLIO);
    expect(r.stderr).toBe('');
    expect(count('GET', '/v1/rentsurvey/portfolio')).toBe(3);
    expect(requests.every((q) => q.authorization === `Bearer ${KEY}`)).toBe(true);
  });

  it('--debug shows each attempt and the retries, with the key redacted', async () => {
    handler = (_req, res, attempt) => (attempt <= 2 ? send(res, 503, UNAVAILABLE) : send(res, 200, JSON.stringify(PORTFOLIO)));
    const r = expectOk(await run(['--debug', 'portfolio']));
    expect(r.stdout).toContain('Scripted Court');
    expect(r.stderr).toContain('Authorization: Bearer ***');
    expect(r.stderr).toMatch(/503 Service Unavailable/);
    expect(r.stderr).toMatch(/retry 1\/3 of GET/);
    expect(r.stderr).toMatch(/retry 2\/3 of GET/);
    expect(r.stderr).not.toMatch(/retry 3\/3/);
    expect(r.stderr).toMatch(/200 OK/);
  });

  it('429 with Retry-After is honoured', async () => {
    handler = (_req, res, attempt) =>
      attempt === 1
        ? send(res, 429, JSON.stringify({ error: { code: 'rate_limited', message: 'slow down' } }), { 'retry-after': '1' })
        : send(res, 200, JSON.stringify(PORTFOLIO));
    const r = expectOk(await run(['--debug', 'portfolio', '--json']));
    expect(r.stderr).toMatch(/Retry-After 1000 ms/);
    expect(count('GET', '/v1/rentsurvey/portfolio')).toBe(2);
  });

  it('503 every time: gives up after 3 retries, exit 1, one error line', async () => {
    handler = (_req, res) => send(res, 503, UNAVAILABLE, { 'retry-after': '0' });
    const r = await run(['portfolio']);
    expect(r).toMatchObject({ exitCode: 1, stdout: '' });
    expect(count('GET', '/v1/rentsurvey/portfolio')).toBe(4);
    expect(r.stderr).toMatch(/^error: GET \/v1\/rentsurvey\/portfolio answered 503 Service Unavailable: try again later\n/);
  });

  it('500 is not retried', async () => {
    handler = (_req, res) => send(res, 500, JSON.stringify({ error: { code: 'internal_error', message: 'boom' } }));
    expect((await run(['portfolio'])).exitCode).toBe(1);
    expect(count('GET', '/v1/rentsurvey/portfolio')).toBe(1);
  });

  it('a proxy error page is summarised in one line, never dumped', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html', 'retry-after': '0' });
      res.end('<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>');
    };
    const r = await run(['portfolio']);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/GET \/v1\/rentsurvey\/portfolio answered 502 Bad Gateway from http:\/\/127\.0\.0\.1:\d+ \(not a rentsurvey error body\)/);
    expect(r.stderr).not.toContain('<html>');
    expect(count('GET', '/v1/rentsurvey/portfolio')).toBe(4);
  });

  it('a 200 that breaks the contract → exit 1; unknown extra fields are tolerated and kept in --json', async () => {
    handler = (_req, res) => send(res, 200, JSON.stringify({ communities: 'nope' }));
    const broken = await run(['portfolio', '--json']);
    expect(broken).toMatchObject({ exitCode: 1, stdout: '' });
    expect(broken.stderr).toMatch(/answered with a body that breaks the API contract: communities: expected array, received "nope"/);
    const extended = { ...PORTFOLIO, next_cursor: null, communities: [{ ...PORTFOLIO.communities[0], new_field: 42 }] };
    handler = (_req, res) => send(res, 200, JSON.stringify(extended));
    expect(parseJson(expectOk(await run(['portfolio', '--json'])).stdout)).toEqual(extended);
  });
});

describe('POST and PATCH are never retried', () => {
  it('a POST that gets 503 is sent once, exit 1', async () => {
    handler = (_req, res) => send(res, 503, UNAVAILABLE);
    const r = await run(['communities', 'create', '--name', 'Once', '--address', '1 Main St', '--zipcode', '78701']);
    expect(r).toMatchObject({ exitCode: 1, stdout: '' });
    expect(requests.map((q) => `${q.method} ${q.url}`)).toEqual(['POST /v1/communities']);
  });

  it('a PATCH that gets 503 is sent once', async () => {
    handler = (_req, res) => send(res, 503, UNAVAILABLE);
    const r = await run(['comps', 'deactivate', PORTFOLIO.communities[0]!.id, '22222222-3333-4444-8555-666666666666']);
    expect(r.exitCode).toBe(1);
    expect(requests.map((q) => q.method)).toEqual(['PATCH']);
  });

  it('a POST whose connection drops is sent once, with a hint to check before repeating', async () => {
    handler = (req) => req.socket.destroy();
    const r = await run(['users', 'invite', '--email', 'a@b.example', '--name', 'A', '--role', 'member']);
    expect(r.exitCode).toBe(1);
    expect(count('POST', '/v1/users/invite')).toBe(1);
    expect(r.stderr).toMatch(/the request may have been applied/);
  });
});

describe('server text never drives the terminal', () => {
  // OSC (window title, clipboard), BEL, CSI (cursor, colors) and C1 controls, as a hostile or broken server might send.
  const hostile = 'bad \u001b]0;pwned\u0007title \u001b]52;c;Y2xpcA==\u0007clip \u001b[2J\u001b[1;1Hhome \u001b[31mred\u001b[0m \u0007bell \u009b31mC1';
  const ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/; // eslint-disable-line no-control-regex

  for (const tty of [false, true])
    it(`an error message from the server reaches stderr without escapes${tty ? ', on a color terminal too' : ''}`, async () => {
      handler = (_req, res) =>
        send(res, 409, JSON.stringify({ error: { code: 'conflict', message: hostile, details: [{ path: 'name', message: hostile }] } }));
      const r = await run(['communities', 'create', '--name', 'X', '--address', '1 Main St', '--zipcode', '78701'], {
        isTTY: tty,
        env: { RENTSURVEY_BASE_URL: baseUrl, RENTSURVEY_API_KEY: KEY, NO_COLOR: undefined },
      });
      expect(r.exitCode).toBe(5);
      expect(r.stderr).toContain('bad title clip home red bell');
      const withoutOurColors = r.stderr.replace(/\u001b\[(?:3\d|9\d|0|1|22|39)m/g, ''); // eslint-disable-line no-control-regex
      expect(withoutOurColors).not.toMatch(ESCAPES);
      expect(r.stderr).not.toContain('pwned\u0007');
      expect(r.stderr).not.toContain('\u001b[31mred');
    });

  it('in a table, an empty-list message and a chart legend, too', async () => {
    const name = `Evil \u001b]0;pwned\u0007Court \u001b[5mblink`;
    handler = (req, res) => {
      if (req.url?.startsWith('/v1/rentsurvey/portfolio'))
        return send(res, 200, JSON.stringify({ communities: [{ ...PORTFOLIO.communities[0], name }], total: 1 }));
      if (req.url?.includes('/pricing'))
        return send(res, 200, JSON.stringify({ community: { id: PORTFOLIO.communities[0]!.id, name }, date_range: { start: '2026-01-01', end: '2026-01-30' }, pricing: [], total_records: 0 }));
      return send(res, 404, JSON.stringify({ error: { code: 'not_found', message: 'no' } }));
    };
    for (const tty of [false, true]) {
      const env = { RENTSURVEY_BASE_URL: baseUrl, RENTSURVEY_API_KEY: KEY, NO_COLOR: undefined };
      const table = expectOk(await run(['portfolio'], { isTTY: tty, env }));
      if (!tty) expect(table.stdout).toContain('Evil Court blink');
      expect(table.stdout).not.toContain('\u001b]');
      expect(table.stdout).not.toContain('\u001b[5m');
      const empty = expectOk(await run(['pricing', 'history', PORTFOLIO.communities[0]!.id], { isTTY: tty, env }));
      expect(empty.stderr).toContain('No pricing for Evil Court blink');
      expect(empty.stderr).not.toContain('\u001b]');
      expect(empty.stderr).not.toContain('\u001b[5m');
      const chart = expectOk(await run(['pricing', 'history', PORTFOLIO.communities[0]!.id, '--chart'], { isTTY: tty, env }));
      expect(chart.stderr + chart.stdout).not.toContain('\u001b]');
    }
  });
});
