/**
 * Users by e-mail against a service built from the spec alone, which has no GET /users
 * (our extension): the CLI finds a user in the user summaries of community records,
 * and `users list` says why it cannot list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityRecord } from '../helpers/community.js';
import { ID, OTHER, runCli, sendJson, startFakeService, type FakeService } from './harness.js';

const ANA = '5b7e5c1a-8f0d-4c52-9e0b-2a4f3c6d7e81';
const BO = '6c8f6d2b-9a1e-4d63-8f1c-3b5a4d7e8f92';

const summary = (id: string, email: string, full_name: string) => ({ id, email, full_name, role: 'member', status: 'active' });
type Summary = ReturnType<typeof summary>;
const record = (id: string, name: string, team: { manager: Summary; others: Summary[] }) =>
  communityRecord({ id, name, community_manager: team.manager, other_team_members: team.others });
const RECORDS = [
  record(ID, 'Maple Court', { manager: summary(ANA, 'Ana@Acme.example', 'Ana Ruiz'), others: [] }),
  // A user id the spec allows ("string (user identifier)") but GET /users/:id cannot take.
  record(OTHER, 'Oak Flats', { manager: summary('u-77', 'odd@acme.example', 'Odd Id'), others: [summary(BO, 'bo@acme.example', 'Bo Lee')] }),
];
const user = (id: string) => {
  const found = RECORDS.flatMap((r) => [r.community_manager, ...r.other_team_members]).find((p) => p?.id === id);
  return found ? { ...found, created_at: '2026-01-02T03:04:05Z', updated_at: '2026-01-02T03:04:05Z' } : undefined;
};

type Mode = 'spec only' | '405' | 'no communities:read';
let service: FakeService;
let mode: Mode;
let seen: string[] = [];

function route(req: IncomingMessage, res: ServerResponse, url: URL) {
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  if (url.pathname === '/v1/users') {
    // A service without the extension: a path it does not know (or a method it does not take).
    if (mode === '405') return sendJson(res, 405, { error: { code: 'method_not_allowed', message: 'method not allowed' } });
    return sendJson(res, 404, { error: { code: 'not_found', message: 'no such route' } });
  }
  if (url.pathname === '/v1/communities') {
    if (mode === 'no communities:read') return sendJson(res, 403, { error: { code: 'forbidden', message: 'this API key lacks the communities:read scope' } });
    // A page of one, so that every page is followed.
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return sendJson(res, 200, { communities: RECORDS.slice(offset, offset + 1), total: RECORDS.length, limit: 1, offset });
  }
  const match = /^\/v1\/users\/([^/]+)$/.exec(url.pathname);
  const found = match ? user(match[1]!) : undefined;
  if (found && req.method === 'GET') return sendJson(res, 200, found);
  if (found && req.method === 'PATCH') return sendJson(res, 200, { ...found, role: 'admin' });
  return sendJson(res, 404, { error: { code: 'not_found', message: 'not found' } });
}

beforeAll(async () => {
  service = await startFakeService();
  service.answer(route);
});
afterAll(() => service?.stop());

async function run(args: string[], how: Mode = 'spec only') {
  mode = how;
  seen = [];
  const result = await runCli(args, { RENTSURVEY_BASE_URL: service.baseUrl, RENTSURVEY_API_KEY: 'rsk_users_key' });
  return { ...result, requests: [...seen] };
}

describe('users by e-mail against a service without GET /users', () => {
  it.each<Mode>(['spec only', '405'])('%s: a community manager or team member is found in community records, in any case', async (how) => {
    const shown = await run(['users', 'show', 'ana@ACME.example', '--json'], how);
    expect(shown.exitCode, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: ANA, full_name: 'Ana Ruiz' });
    expect(shown.requests).toEqual([
      'GET /v1/users?email=ana%40ACME.example&limit=1',
      'GET /v1/communities?limit=100&offset=0',
      'GET /v1/communities?limit=100&offset=1',
      `GET /v1/users/${ANA}`,
    ]);
    const updated = await run(['users', 'update', 'bo@acme.example', '--role', 'admin', '--json'], how);
    expect(updated.exitCode, updated.stderr).toBe(0);
    expect(updated.requests.at(-1)).toBe(`PATCH /v1/users/${BO}`);
  });

  it('someone no community record names → 4, saying why e-mail finds only managers and team members there', async () => {
    const r = await run(['users', 'show', 'carla@acme.example']);
    expect(r).toMatchObject({ exitCode: 4, stdout: '' });
    expect(r.stderr).toMatch(/^error: no community record names a user with e-mail carla@acme\.example$/m);
    expect(r.stderr).toMatch(/hint: this service has no user look-up by e-mail \(GET \/v1\/users is an extension .*\), so only community managers and team members are found/);
  });

  it('a key that may not read community records → 3, saying what they were needed for', async () => {
    const r = await run(['users', 'show', 'ana@acme.example'], 'no communities:read');
    expect(r).toMatchObject({ exitCode: 3, stdout: '' });
    expect(r.stderr).toMatch(/lacks the communities:read scope \(needed to find ana@acme\.example in community records/);
  });

  it('a user id that is not a UUID cannot be read by GET /users/:id: said, exit 1', async () => {
    const r = await run(['users', 'show', 'odd@acme.example']);
    expect(r).toMatchObject({ exitCode: 1, stdout: '' });
    expect(r.stderr).toMatch(/gives odd@acme\.example the id "u-77", which is not a UUID/);
  });

  it('an id is used as it is: no look-up', async () => {
    const r = await run(['users', 'show', ANA, '--json']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toEqual([`GET /v1/users/${ANA}`]);
  });

  it.each<Mode>(['spec only', '405'])('%s: users list says it cannot list there and why, exit 1, nothing on stdout', async (how) => {
    const r = await run(['users', 'list'], how);
    expect(r).toMatchObject({ exitCode: 1, stdout: '' });
    expect(r.stderr).toMatch(/^error: this service cannot list users: GET \/v1\/users is an extension of rentsurvey’s own service, not part of the API spec \(it answered 40[45]\)$/m);
    expect(r.stderr).toMatch(/hint: find a user by e-mail with `rentsurvey users show <e-mail>`/);
  });
});
