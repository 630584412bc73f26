// POST /users/invite, GET /users/:id, PATCH /users/:id over real HTTP: shapes,
// the invitation e-mail in the outbox, conflicts, partial updates, deactivation;
// and GET /users, our extension (docs/api-decisions.md, "Users by e-mail").
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { DEFAULT_APP_URL } from '../../src/server/data-dir.js';
import { openHttpService } from '../../src/server/serve.js';
import { closedPort } from '../helpers/net.js';
import { smtpServer } from '../helpers/receivers.js';
import { expectError, MISSING_ID, startService, type Principal, type TestService } from '../helpers/server.js';

let svc: TestService;
let admin: Principal;
const ORG = 'Invite Org';
const DAY = 86_400_000;

beforeAll(async () => {
  svc = await startService();
  admin = svc.principal({ organization: ORG, email: 'boss@invite.example', fullName: 'The Boss' });
});

afterAll(async () => {
  await svc?.close();
});

const invite = (body: unknown, key = admin.key) => svc.request('POST', '/users/invite', { key, body });

/** The .eml files of the outbox whose headers name `to`, decoded from quoted-printable. */
async function mailsTo(to: string): Promise<string[]> {
  const dir = join(svc.dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(files.filter((f) => f.endsWith('.eml')).map((f) => readFile(join(dir, f), 'utf8')));
  return texts
    .map((text) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))))
    .filter((text) => new RegExp(`^To: .*${to.replace(/[.]/g, '\\.')}`, 'mi').test(text));
}

describe('POST /users/invite', () => {
  it('201: a pending invitation expiring in 7 days, its link, and an e-mail in <data-dir>/outbox/ with that link', async () => {
    const before = Date.now();
    const answer = await invite({ email: 'Nina@Invite.Example', name: 'Nina Gold', role: 'member' });
    const after = Date.now();
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { success, message, invitation } = endpoints.inviteUser.response.parse(answer.body);
    expect(success).toBe(true);
    expect(message).toContain('nina@invite.example');
    expect(invitation).toMatchObject({ email: 'nina@invite.example', name: 'Nina Gold', role: 'member', status: 'pending' });
    const expires = Date.parse(invitation.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * DAY - 1000);
    expect(expires).toBeLessThanOrEqual(after + 7 * DAY + 1000);
    expect(invitation.invite_url).toMatch(new RegExp(`^${DEFAULT_APP_URL.replaceAll('.', '\\.')}/invitations/[A-Za-z0-9_-]{20,}$`));

    const mails = await mailsTo('nina@invite.example');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(invitation.invite_url);
    expect(mails[0]).toMatch(/^Subject: .*invite/im);
    expect(mails[0]).toContain('Nina Gold');
  });

  it('each invitation gets its own token', async () => {
    const a = endpoints.inviteUser.response.parse((await invite({ email: 'tok1@invite.example', name: 'T One', role: 'admin' })).body);
    const b = endpoints.inviteUser.response.parse((await invite({ email: 'tok2@invite.example', name: 'T Two', role: 'admin' })).body);
    expect(a.invitation.invite_url).not.toBe(b.invitation.invite_url);
    expect(a.invitation.id).not.toBe(b.invitation.id);
    expect(a.invitation.role).toBe('admin');
    // The token is stored hashed only.
    const tokenA = a.invitation.invite_url.split('/').at(-1)!;
    const row = svc.store.db.get<{ n: number }>('SELECT count(*) AS n FROM invitations WHERE token_hash = ?', tokenA);
    expect(row?.n).toBe(0);
  });

  it('inviting an existing user of the organization is a 409 (any case), and sends nothing', async () => {
    const error = expectError(await invite({ email: 'BOSS@invite.example', name: 'Again', role: 'member' }), 409, 'conflict');
    expect(error.details?.[0]?.path).toBe('email');
    expect(await mailsTo('boss@invite.example')).toHaveLength(0);
  });

  it('inviting a pending invitee is a 409, until the invitation has expired', async () => {
    expectError(await invite({ email: 'nina@invite.example', name: 'Nina', role: 'member' }), 409, 'conflict');
    expectError(await invite({ email: 'NINA@invite.example', name: 'Nina', role: 'admin' }), 409, 'conflict');
    expect(await mailsTo('nina@invite.example')).toHaveLength(1);
    svc.advance(8 * DAY);
    try {
      const again = await invite({ email: 'nina@invite.example', name: 'Nina', role: 'member' });
      expect(again.status).toBe(201);
      expect(await mailsTo('nina@invite.example')).toHaveLength(2);
    } finally {
      svc.advance(-8 * DAY);
    }
  });

  it('the same e-mail may be invited by another organization', async () => {
    const other = svc.principal({ organization: 'Another Invite Org' });
    expect((await invite({ email: 'boss@invite.example', name: 'Boss Elsewhere', role: 'member' }, other.key)).status).toBe(201);
  });

  /** An invitation sent over HTTP to a second service on the same data directory (its own mail and app URL). */
  async function inviteThrough(service: Awaited<ReturnType<typeof openHttpService>>, body: object) {
    const origin = await service.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${origin}/v1/users/invite`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.text() };
  }

  it('when the e-mail cannot be sent (SMTP down) no invitation is left behind: the invitee can be invited again', async () => {
    const smtp = await openHttpService({ dataDir: svc.dataDir, seed: 'empty', smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const answer = await inviteThrough(smtp, { email: 'unlucky@invite.example', name: 'Un Lucky', role: 'member' });
      // A mail server that is down is not a bug of the service: 502 with its own code.
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'mail_failed', message: expect.stringContaining('unlucky@invite.example') } });
      expect(answer.body).not.toMatch(/ECONNREFUSED|\n\s+at /);
    } finally {
      await smtp.close();
    }
    expect(svc.store.accounts.pendingInvitation(admin.organizationId, 'unlucky@invite.example')).toBeUndefined();
    expect((await invite({ email: 'unlucky@invite.example', name: 'Un Lucky', role: 'member' })).status).toBe(201);
  });

  it('a mail server that refuses: 502 to the client, and serve --log says why, without the password', async () => {
    const receiver = await smtpServer({ username: 'invites', password: 'the-right-one' });
    const logged: string[] = [];
    const smtp = await openHttpService({
      dataDir: svc.dataDir,
      seed: 'empty',
      smtpUrl: `smtp://invites:wrong-secret-pw@127.0.0.1:${receiver.port}`,
      log: (line) => logged.push(line),
    });
    try {
      const answer = await inviteThrough(smtp, { email: 'refused@invite.example', name: 'Re Fused', role: 'member' });
      expect(answer.status).toBe(502);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'mail_failed' } });
      expect(answer.body).not.toMatch(/535|Invalid login/);
    } finally {
      await smtp.close();
      await receiver.close();
    }
    const errors = logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.level === 'error');
    expect(errors).toEqual([
      expect.objectContaining({
        msg: expect.stringMatching(/^POST \/v1\/users\/invite failed: the invitation e-mail to refused@invite\.example could not be sent/),
        reason: expect.stringMatching(new RegExp(`^sending through smtp://127\\.0\\.0\\.1:${receiver.port} failed: Invalid login: 535 `)),
      }),
    ]);
    expect(logged.join('\n')).not.toContain('wrong-secret-pw');
    expect(receiver.received).toEqual([]);
  });

  it('invite_url follows the service’s app URL (serve --app-url), without a doubled slash', async () => {
    const custom = await openHttpService({ dataDir: svc.dataDir, seed: 'empty', appUrl: 'https://app.example.com/team/' });
    try {
      const answer = await inviteThrough(custom, { email: 'custom@invite.example', name: 'Custom Url', role: 'member' });
      expect(answer.status).toBe(201);
      const { invitation } = endpoints.inviteUser.response.parse(JSON.parse(answer.body));
      expect(invitation.invite_url).toMatch(/^https:\/\/app\.example\.com\/team\/invitations\/[A-Za-z0-9_-]{20,}$/);
      expect((await mailsTo('custom@invite.example'))[0]).toContain(invitation.invite_url);
    } finally {
      await custom.close();
    }
  });

  it('validates the body', async () => {
    const ok = { email: 'valid@invite.example', name: 'Valid', role: 'member' };
    const cases: [unknown, string][] = [
      [{ name: 'x', role: 'member' }, 'email'],
      [{ ...ok, email: 'not-an-email' }, 'email'],
      [{ ...ok, name: '' }, 'name'],
      [{ ...ok, name: 'n'.repeat(201) }, 'name'],
      [{ email: ok.email, name: 'x' }, 'role'],
      [{ ...ok, role: 'owner' }, 'role'],
      [{ ...ok, role: 'Admin' }, 'role'],
      [{ ...ok, status: 'active' }, 'status'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await invite(body), 400, 'validation_error');
      expect(JSON.stringify(error.details), JSON.stringify(body)).toContain(path);
    }
    expect(await mailsTo('valid@invite.example')).toHaveLength(0);
  });
});

describe('GET and PATCH /users/:id', () => {
  let member: Principal;
  type User = ReturnType<typeof endpoints.getUser.response.parse>;
  let user: User;

  beforeAll(async () => {
    member = svc.principal({ organization: ORG, email: 'mo@invite.example', fullName: 'Mo Member', role: 'member' });
    const answer = await svc.request('GET', `/users/${member.userId}`, { key: admin.key });
    expect(answer.status).toBe(200);
    user = endpoints.getUser.response.parse(answer.body);
  });

  const patch = (id: string, body: unknown, key = admin.key) => {
    svc.advance(5);
    return svc.request('PATCH', `/users/${id}`, { key, body });
  };

  it('GET: the user record, exactly the contract fields', async () => {
    expect(user).toEqual({
      id: member.userId,
      email: 'mo@invite.example',
      full_name: 'Mo Member',
      role: 'member',
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.any(String),
    });
    const raw = (await svc.request('GET', `/users/${member.userId!.toUpperCase()}`, { key: admin.key })).body;
    expect(raw).toEqual(user);
  });

  it('GET: 404 for an unknown id, 400 for a malformed one', async () => {
    expectError(await svc.request('GET', `/users/${MISSING_ID}`, { key: admin.key }), 404, 'not_found');
    const error = expectError(await svc.request('GET', '/users/me', { key: admin.key }), 400, 'validation_error');
    expect(error.details?.[0]?.path).toBe('id');
  });

  it('PATCH changes only the fields given, and updated_at', async () => {
    const renamed = endpoints.updateUser.response.parse((await patch(user.id, { full_name: 'Mo Renamed' })).body);
    expect(renamed).toEqual({ ...user, full_name: 'Mo Renamed', updated_at: expect.any(String) });
    expect(renamed.updated_at > user.updated_at).toBe(true);
    const promoted = endpoints.updateUser.response.parse((await patch(user.id, { role: 'admin' })).body);
    expect(promoted).toEqual({ ...renamed, role: 'admin', updated_at: expect.any(String) });
    expect(promoted.updated_at > renamed.updated_at).toBe(true);
    const both = endpoints.updateUser.response.parse((await patch(user.id, { role: 'member', full_name: '  Mo Member  ' })).body);
    expect(both).toMatchObject({ role: 'member', full_name: 'Mo Member', status: 'active', created_at: user.created_at });
    expect((await svc.request('GET', `/users/${user.id}`, { key: admin.key })).body).toEqual(both);
    user = both;
  });

  it('PATCH validation: empty body, unknown fields, enums, empty name → 400, nothing changes', async () => {
    const empty = expectError(await patch(user.id, {}), 400, 'validation_error');
    expect(empty.message).toMatch(/at least one/);
    const cases: [unknown, string][] = [
      [{ email: 'new@invite.example' }, 'email'],
      [{ role: 'owner' }, 'role'],
      [{ status: 'deleted' }, 'status'],
      [{ full_name: '' }, 'full_name'],
      [{ full_name: 'n'.repeat(201) }, 'full_name'],
      [{ full_name: null }, 'full_name'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await patch(user.id, body), 400, 'validation_error');
      expect(JSON.stringify(error), JSON.stringify(body)).toContain(path);
    }
    expect((await svc.request('GET', `/users/${user.id}`, { key: admin.key })).body).toEqual(user);
  });

  it('PATCH: 404 for an unknown id, 400 for a malformed one', async () => {
    expectError(await patch(MISSING_ID, { role: 'admin' }), 404, 'not_found');
    expectError(await patch('12345', { role: 'admin' }), 400, 'validation_error');
  });

  it('deactivation keeps the user and its data; the user’s keys answer 401 until reactivated', async () => {
    const community = await svc.request('POST', '/communities', {
      key: admin.key,
      body: { name: 'Managed By Mo', address: '1 Mo St', zipcode: '78701', community_manager_email: 'mo@invite.example' },
    });
    expect(community.status).toBe(201);
    expect((await svc.request('GET', `/users/${user.id}`, { key: member.key })).status).toBe(200);

    const off = endpoints.updateUser.response.parse((await patch(user.id, { status: 'inactive' })).body);
    expect(off).toMatchObject({ status: 'inactive', full_name: user.full_name, email: user.email });
    const refused = expectError(await svc.request('GET', `/users/${user.id}`, { key: member.key }), 401, 'unauthorized');
    expect(refused.message).toMatch(/deactivated/);
    expectError(await svc.request('GET', '/communities', { key: member.key }), 401, 'unauthorized');
    // Kept: readable by others, still the manager of its community.
    expect(endpoints.getUser.response.parse((await svc.request('GET', `/users/${user.id}`, { key: admin.key })).body).status).toBe('inactive');
    const list = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?search=managed%20by%20mo', { key: admin.key })).body);
    expect(list.communities[0]?.community_manager).toMatchObject({ id: user.id, status: 'inactive' });

    const on = endpoints.updateUser.response.parse((await patch(user.id, { status: 'active' })).body);
    expect(on.status).toBe('active');
    expect(on.updated_at > off.updated_at).toBe(true);
    expect((await svc.request('GET', `/users/${user.id}`, { key: member.key })).status).toBe(200);
  });

  it('users of another organization answer 404 (GET and PATCH), and are not changed', async () => {
    const stranger = svc.principal({ organization: 'Stranger Org', email: 'str@stranger.example' });
    expectError(await svc.request('GET', `/users/${stranger.userId}`, { key: admin.key }), 404, 'not_found');
    expectError(await patch(stranger.userId!, { status: 'inactive' }), 404, 'not_found');
    expect((await svc.request('GET', `/users/${stranger.userId}`, { key: stranger.key })).status).toBe(200);
    expectError(await svc.request('GET', `/users/${admin.userId}`, { key: stranger.key }), 404, 'not_found');
  });
});

describe('GET /users (extension): users by e-mail, and the list', () => {
  const LIST_ORG = 'List Org';
  let reader: Principal;
  const list = (query: string, key = reader.key) => svc.request('GET', `/users${query}`, { key });
  const page = async (query: string) => {
    const answer = await list(query);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return endpoints.listUsers.response.parse(answer.body);
  };

  beforeAll(() => {
    reader = svc.principal({ organization: LIST_ORG, email: 'carla@list.example', fullName: 'Carla Reader', scopes: ['users:read'] });
    svc.principal({ organization: LIST_ORG, email: 'ann@list.example', fullName: 'Ann Able', role: 'member' });
    svc.principal({ organization: LIST_ORG, email: 'ben_50%@list.example', fullName: 'Ben Percent', role: 'member' });
    // Same address in another organization: never seen from this one.
    svc.principal({ organization: 'Other List Org', email: 'ann@list.example', fullName: 'Ann Elsewhere' });
  });

  it('one e-mail, in any case: a page of that one user with the record of GET /users/:id; none is an empty page, not a 404', async () => {
    const found = await page('?email=ANN@List.Example');
    expect(found).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(found.users[0]).toMatchObject({ email: 'ann@list.example', full_name: 'Ann Able', role: 'member', status: 'active' });
    expect((await svc.request('GET', `/users/${found.users[0]!.id}`, { key: reader.key })).body).toEqual(found.users[0]);
    expect(await page('?email=nobody@list.example')).toEqual({ users: [], total: 0, limit: 50, offset: 0 });
  });

  it('lists the caller’s organization only, by e-mail, a page at a time, with total', async () => {
    const all = await page('');
    expect(all.users.map((u) => u.email)).toEqual(['ann@list.example', 'ben_50%@list.example', 'carla@list.example']);
    expect(all.total).toBe(3);
    const second = await page('?limit=1&offset=1');
    expect(second).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(second.users.map((u) => u.email)).toEqual(['ben_50%@list.example']);
  });

  it('search: a part of the e-mail or the name, any case, % and _ literal', async () => {
    expect((await page('?search=percent')).users.map((u) => u.full_name)).toEqual(['Ben Percent']);
    expect((await page('?search=LIST.EXAMPLE')).total).toBe(3);
    expect((await page(`?search=${encodeURIComponent('_50%')}`)).users.map((u) => u.email)).toEqual(['ben_50%@list.example']);
    expect((await page('?search=%25')).total).toBe(1);
  });

  it('needs users:read (403 naming it), validates its query like GET /communities (400)', async () => {
    const noScope = svc.principal({ organization: LIST_ORG, scopes: ['communities:read'] });
    const refused = expectError(await list('', noScope.key), 403, 'forbidden');
    expect(refused.message).toContain('users:read');
    for (const [query, path] of [
      ['?email=not-an-email', 'email'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?offset=-1', 'offset'],
      ['?role=admin', 'role'],
    ] as const) {
      const error = expectError(await list(query), 400, 'validation_error');
      expect(JSON.stringify(error), query).toContain(path);
    }
  });
});
