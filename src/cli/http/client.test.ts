import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  it('tolerates unknown extra fields: dropped from data, kept in raw', async () => {
    answer(200, { ...user, nickname: 'ana', preferences: { theme: 'dark' } });
    const { data, raw } = await client().call('getUser', { params: { id: USER_ID } });
    expect(data).toEqual(user);
    expect(raw).toEqual({ ...user, nickname: 'ana', preferences: { theme: 'dark' } });
  });

  it('a response that breaks the contract is exit 1 naming the field', async () => {
    answer(200, { ...user, id: 'not-a-uuid' });
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error.exitCode).toBe(ExitCode.failure);
    expect(error.message).toBe('the service answered with an unexpected response: id: expected a UUID');

    answer(200, { communities: [{ id: COMM_ID }], total: 1 });
    const nested = await failure(client().call('getPortfolio'));
    expect(nested.message).toMatch(/^the service answered with an unexpected response: communities\.0\.name: /);
  });

  it('a 2xx that is not JSON is exit 1', async () => {
    answer(200, '<html>hello</html>', 'text/html');
    const error = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(error.exitCode).toBe(ExitCode.failure);
    expect(error.message).toBe(
      `the service answered with an unexpected response: GET /v1/users/${USER_ID}: not JSON (text/html)`,
    );
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
    expect(error.message).toBe(`the ${code} message`);
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
    expect(error.message).toBe(`HTTP 502 Bad Gateway from ${baseUrl} (not a rentsurvey error body)`);
    expect(error.message).not.toMatch(/[<\n]/);
  });

  it("another server's JSON or an empty body is not taken for ours", async () => {
    answer(404, { message: 'Not Found', statusCode: 404 });
    const other = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(other.exitCode).toBe(ExitCode.notFound);
    expect(other.message).toBe(`HTTP 404 Not Found from ${baseUrl} (not a rentsurvey error body)`);

    answer(401, '', undefined);
    const empty = await failure(client().call('getUser', { params: { id: USER_ID } }));
    expect(empty.exitCode).toBe(ExitCode.auth);
    expect(empty.message).toBe(`HTTP 401 Unauthorized from ${baseUrl} (not a rentsurvey error body)`);
    expect(empty.hint).toMatch(/rentsurvey login/);
  });
});
