import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { communityRecord } from '../../../test/helpers/community.js';
import { ApiError, CliError, ExitCode, UsageError } from '../errors.js';
import { createApiClient, serialiseQuery } from './client.js';
import { createRemoteTransport } from './remote.js';
import type { Transport } from './transport.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Reply {
  status: number;
  body: string;
  contentType?: string;
}

let server: Server;
let baseUrl: string;
let transport: Transport;
let seen: Seen[];
let reply: Reply;

const KEY = 'rsk_abcdefgh_0123456789abcdefghijklmnop';
const USER_ID = '6f1c2b9e-8a4d-4f3b-9c2e-1d5a7b8c9e0f';
const COMM_ID = '0d6e8f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a';
const COMP_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const user = {
  id: USER_ID,
  email: 'ana@acme.example',
  full_name: 'Ana Ruiz',
  role: 'admin',
  status: 'active',
  created_at: '2026-01-02T03:04:05.678Z',
  updated_at: '2026-01-02T03:04:05.678Z',
};

function answer(status: number, body: unknown, contentType = 'application/json') {
  reply = { status, body: typeof body === 'string' ? body : JSON.stringify(body), contentType };
}
function errorBody(code: string, message: string, details?: Array<{ path: string; message: string }>) {
  return { error: { code, message, ...(details ? { details } : {}) } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(reply.status, reply.contentType ? { 'content-type': reply.contentType } : {});
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No retries: these tests are about the client, remote.test.ts covers retrying.
  transport = createRemoteTransport({ baseUrl, retries: 0 });
});

afterAll(async () => {
  await transport.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  answer(200, user);
});

const client = (apiKey: string | undefined = KEY) => createApiClient(transport, { apiKey, userAgent: 'rentsurvey/test' });
const anonymous = () => createApiClient(transport, { userAgent: 'rentsurvey/test' });

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('requests', () => {
  it('builds the path from the endpoint table, under /v1', async () => {
    await client().call('getUser', { params: { id: USER_ID } });
    answer(200, { success: true, comp_id: COMP_ID, is_included_in_surveys: false, message: 'ok' });
    await client().call('updateComp', {
      params: { id: COMM_ID, comp_id: COMP_ID },
      body: { is_included_in_surveys: false },
    });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET /v1/users/${USER_ID}`,
      `PATCH /v1/rentsurvey/communities/${COMM_ID}/comps/${COMP_ID}`,
    ]);
  });

  it('serialises booleans as true/false, numbers as digits, and skips undefined', async () => {
    answer(200, { communities: [], total: 0 });
    await client().call('getPortfolio', { query: { include_pricing: true, include_comp_count: false } });
    answer(200, { communities: [], total: 0, limit: 10, offset: 0 });
    await client().call('listCommunities', { query: { search: 'oak & elm', limit: 10, offset: undefined } });
    answer(200, { communities: [], total: 0, not_found: [] });
    await client().call('batchCommunities', { query: { ids: `${COMM_ID},${COMP_ID}` } });
    answer(200, { communities: [], total: 0 });
    await client().call('getPortfolio');
    expect(seen.map((s) => s.url)).toEqual([
      '/v1/rentsurvey/portfolio?include_pricing=true&include_comp_count=false',
      '/v1/communities?search=oak%20%26%20elm&limit=10',
      `/v1/rentsurvey/communities?ids=${COMM_ID},${COMP_ID}`,
      '/v1/rentsurvey/portfolio',
    ]);
    expect(serialiseQuery({ a: 1.5, b: false, c: undefined, d: null, e: ['x', 'y'] })).toEqual({
      a: '1.5',
      b: 'false',
      e: 'x,y',
    });
  });

  it('sends JSON with the bearer key, and no Authorization header without a key', async () => {
    answer(201, { success: true, comp_id: COMP_ID, message: 'added', actions: ['agent_2_pricing_triggered'] });
    const body = { name: 'Oak Flats', address: '9 Elm St, Austin, TX 78702', zipcode: '78702' };
    await client().call('addComp', { params: { id: COMM_ID }, body });
    const post = seen[0]!;
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(post.headers['user-agent']).toBe('rentsurvey/test');
    expect(JSON.parse(post.body)).toEqual(body);

    answer(200, user);
    await anonymous().call('getUser', { params: { id: USER_ID } });
    expect(seen[1]!.headers.authorization).toBeUndefined();
    expect(seen[1]!.headers['content-type']).toBeUndefined();
  });
});

describe('validation before sending', () => {
  it.each([
    ['a bad path id', () => client().call('getUser', { params: { id: 'abc' } }), /^id: expected a UUID$/],
    [
      'a bad zip code in a body',
      () =>
        client().call('createCommunity', {
          body: { name: 'Maple Court', address: '100 Main St', zipcode: '7870' },
        }),
      /^zipcode: expected a US zip code/,
    ],
    ['a missing body field', () => client().call('inviteUser', { body: { email: 'a@b.example', role: 'member' } as never }), /^name: required$/],
    ['an out-of-range query number', () => client().call('listCommunities', { query: { limit: 500 } }), /^limit: /],
    ['an unknown query key', () => client().call('getPortfolio', { query: { bogus: true } as never }), /^bogus: not a known field$/],
    [
      'a bad batch id list',
      () => client().call('batchCommunities', { query: { ids: 'nope' } }),
      /^ids: not a UUID: nope$/,
    ],
    ['an empty update', () => client().call('updateUser', { params: { id: USER_ID }, body: {} }), /^provide at least one of/],
    [
      'a reversed date range',
      () =>
        client().call('getPricingHistory', {
          params: { id: COMM_ID },
          query: { start_date: '2026-03-01', end_date: '2026-02-01' },
        }),
      /^start_date: start_date must not be after end_date$/,
    ],
  ])('rejects %s with exit 2 and makes no request', async (_name, call, message) => {
    const error = await failure(call());
    expect(error).toBeInstanceOf(UsageError);
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toMatch(message);
    expect(seen).toEqual([]);
  });
});

describe('responses', () => {
  it('keeps unknown extra fields, in data and in raw', async () => {
    answer(200, { ...user, nickname: 'ana', preferences: { theme: 'dark' } });
    const { data, raw } = await client().call('getUser', { params: { id: USER_ID } });
    expect(data).toEqual({ ...user, nickname: 'ana', preferences: { theme: 'dark' } });
    expect(raw).toEqual({ ...user, nickname: 'ana', preferences: { theme: 'dark' } });
  });

  it('reads the spec, not our exact output: any ISO instant, integers as 12.0, any user id, new enum values', async () => {
    for (const stamp of ['2026-08-24T14:15:22Z', '2026-08-24T14:15:22.1+02:00', '2026-08-24T16:15:22.123456-05:00', '2026-08-24T14:15Z']) {
      answer(200, { ...user, created_at: stamp, role: 'owner' });
      const { data } = await client().call('getUser', { params: { id: USER_ID } });
      expect(data.created_at).toBe(stamp);
      expect(data.role).toBe('owner');
    }
    answer(200, `{"communities":[],"total":12.0,"limit":50.0,"offset":0}`);
    expect((await client().call('listCommunities')).data.total).toBe(12);

    const manager = { id: 'u-42', email: 'kim@x.example', full_name: 'Kim', role: 'member', status: 'active' };
    const record = communityRecord({ id: COMM_ID, name: 'Maple', community_manager: manager, other_team_members: [manager] });
    answer(200, { communities: [record], total: 1, limit: 50, offset: 0 });
    expect((await client().call('listCommunities')).data.communities[0]?.community_manager?.id).toBe('u-42');
  });

  it('reads our extensions as absent when another service leaves them out or sends something else', async () => {
    const place = {
      id: COMM_ID,
      name: 'Maple',
      address: '1 Main St',
      zipcode: '78701',
      external_community_id: 'M-1',
      latitude: 30.1,
      longitude: -97.7,
      website_url: 'https://maple.example',
    };
    answer(200, { communities: [place], total: 1 });
    expect((await client().call('batchCommunities', { query: { ids: COMM_ID } })).data.not_found).toBeUndefined();
    answer(200, { communities: [place], total: 1, not_found: 'nope' });
    expect((await client().call('batchCommunities', { query: { ids: COMM_ID } })).data.not_found).toBeUndefined();
    answer(200, { communities: [place], total: 1, not_found: [COMP_ID] });
    expect((await client().call('batchCommunities', { query: { ids: COMM_ID } })).data.not_found).toEqual([COMP_ID]);
  });

  it('reads shapes the spec does not show best effort: unreadable parts dropped, never an error', async () => {
    answer(200, {
      community: { id: COMM_ID, name: 'Maple', address: '1 Main St', zipcode: '78701', comp_count: 1, floor_plan_count: 2, pricing_summary: { latest_date: null, avg_market_rent_cents: null, floor_plans: [{ floor_plan_name: 'A1', bedrooms: 'one' }, 'junk', 42] } },
      comps: [{ id: COMP_ID, name: 'Oak' }, null],
    });
    const { data } = await client().call('getCommunityDetail', { params: { id: COMM_ID } });
    expect(data.community.pricing_summary?.floor_plans).toEqual([{ floor_plan_name: 'A1', bedrooms: undefined }]);
    expect(data.comps).toEqual([{ id: COMP_ID, name: 'Oak' }]);
  });

  it('an answer that breaks the contract is exit 1 naming the request, operation, field and what came, with a --debug hint', async () => {
    answer(200, { ...user, id: 'not-a-uuid' });
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.failure);
    expect(error.message).toBe(
      `GET /v1/users/${USER_ID} (getUser) answered with a body that breaks the API contract: id: expected a UUID, received "not-a-uuid"`,
    );
    expect(error.hint).toMatch(/--debug/);

    answer(200, { communities: [{ id: COMM_ID, name: null }], total: 1 });
    const nested = await failure(client().call('getPortfolio'));
    expect(nested.message).toMatch(
      /^GET \/v1\/rentsurvey\/portfolio \(getPortfolio\) answered with a body that breaks the API contract: communities\.0\.name: expected string, received null; communities\.0\.address: missing; and 2 more$/,
    );
  });

  it('an answer of the wrong shape altogether, or a long hostile value, is quoted short and clean', async () => {
    answer(200, [1, 2]);
    const whole = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(whole.message).toMatch(/breaks the API contract: \(the whole answer\): expected object, received \[1,2\]$/);

    answer(200, { ...user, created_at: `\u001b[2J${'x'.repeat(200)}` });
    const long = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(long.message).toMatch(/created_at: expected an ISO 8601 timestamp .*, received "(\\u001b\[2J)?x+…$/);
    expect(long.message).not.toContain('\u001b');
    expect(long.message.length).toBeLessThan(300);
  });

  it('a 2xx that is not JSON is exit 1 naming the request and what came', async () => {
    answer(200, '<html>hello</html>', 'text/html');
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error.exitCode).toBe(ExitCode.failure);
    expect(error.message).toBe(`GET /v1/users/${USER_ID} answered 200 OK from ${baseUrl} with a body that is not JSON (text/html)`);
    expect(error.hint).toMatch(/base URL.*--debug/);
  });

  it('--debug traces the body of every answer', async () => {
    const lines: string[] = [];
    answer(200, user);
    await createApiClient(transport, { apiKey: KEY, trace: (line) => lines.push(line) }).call('getUser', { params: { id: USER_ID } });
    expect(lines).toEqual([`< body: ${JSON.stringify(user)}`]);
  });

  it('an answer handed over in process (no JSON text) is read by the strict contract: checked, kept as raw, traced as JSON', async () => {
    const inProcess = (answer: unknown): Transport => ({
      target: 'local store',
      request: async () => ({ status: 200, headers: {}, body: '', answer }),
      close: async () => undefined,
    });
    const lines: string[] = [];
    const result = await createApiClient(inProcess(user), { trace: (line) => lines.push(line) }).call('getUser', { params: { id: USER_ID } });
    expect(result.raw).toBe(user);
    expect(result.data).toEqual(user);
    expect(lines).toEqual([`< body: ${JSON.stringify(user)}`]);
    // Our own service promises the strict contract: what the tolerant reading of another service's answer lets
    // through (a role we do not have, a timestamp without milliseconds) is refused in process.
    for (const [field, broken] of [
      ['id', { ...user, id: 'not-a-uuid' }],
      ['role', { ...user, role: 'owner' }],
      ['created_at', { ...user, created_at: '2026-01-02T03:04:05Z' }],
    ] as const) {
      const error = await failure(createApiClient(inProcess(broken)).call('getUser', { params: { id: USER_ID } }));
      expect(error.message).toMatch(new RegExp(`getUser\\) answered with a body that breaks the API contract: ${field}: `));
    }
  });

  it('server text in error messages is neutralised: no terminal controls, one line', async () => {
    answer(500, errorBody('internal_error', 'boom\u001b]0;pwned\u0007\n\u001b[2Jagain'));
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error.message).toBe(`GET /v1/users/${USER_ID} answered 500 Internal Server Error: boom again`);
  });

  it.each([
    [400, 'validation_error', ExitCode.usage],
    [401, 'unauthorized', ExitCode.auth],
    [403, 'forbidden', ExitCode.auth],
    [404, 'not_found', ExitCode.notFound],
    [409, 'conflict', ExitCode.conflict],
    [422, 'comp_limit_reached', ExitCode.conflict],
    [500, 'internal_error', ExitCode.failure],
  ])('our error body with %i → ApiError %s, exit %i', async (status, code, exitCode) => {
    answer(status, errorBody(code, `the ${code} message`));
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(exitCode);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).code).toBe(code);
    // A 5xx names the request and status (a failing service, not a failing network); a 4xx says what the user can fix.
    expect(error.message).toBe(
      status >= 500 ? `GET /v1/users/${USER_ID} answered 500 Internal Server Error: the ${code} message` : `the ${code} message`,
    );
  });

  it('401 hints at login; 403 keeps the message naming the scope', async () => {
    answer(401, errorBody('unauthorized', 'missing or invalid API key'));
    const unauthorized = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(unauthorized.hint).toBe('run `rentsurvey login` or set RENTSURVEY_API_KEY');

    answer(403, errorBody('forbidden', 'this key lacks the users:read scope'));
    const forbidden = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(forbidden.message).toBe('this key lacks the users:read scope');
  });

  it('keeps the details of a validation error', async () => {
    answer(400, errorBody('validation_error', 'invalid request body', [{ path: 'zipcode', message: 'expected a US zip code' }]));
    const error = (await failure(
      client().call('createCommunity', { body: { name: 'Maple', address: '1 Main St', zipcode: '78701' } }),
    )) as ApiError;
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toBe('invalid request body (zipcode: expected a US zip code)');
    expect(error.details).toEqual([{ path: 'zipcode', message: 'expected a US zip code' }]);
  });

  it('an HTML 502 from a proxy is one clean line', async () => {
    answer(502, '<html>\n<head><title>502 Bad Gateway</title></head>\n<body>nginx</body>\n</html>\n', 'text/html');
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.failure);
    expect(error.message).toBe(`GET /v1/users/${USER_ID} answered 502 Bad Gateway from ${baseUrl} (not a rentsurvey error body)`);
    expect(error.message).not.toMatch(/[<\n]/);
  });

  it("another server's JSON or an empty body is not taken for ours", async () => {
    answer(404, { message: 'Not Found', statusCode: 404 });
    const other = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(other.exitCode).toBe(ExitCode.notFound);
    expect(other.message).toBe(`GET /v1/users/${USER_ID} answered 404 Not Found from ${baseUrl} (not a rentsurvey error body)`);

    answer(401, '', undefined);
    const empty = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(empty.exitCode).toBe(ExitCode.auth);
    expect(empty.message).toBe(`GET /v1/users/${USER_ID} answered 401 Unauthorized from ${baseUrl} (not a rentsurvey error body)`);
    expect(empty.hint).toMatch(/rentsurvey login/);
  });
});
