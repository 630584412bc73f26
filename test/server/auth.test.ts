// Authentication, scopes and tenancy over real HTTP, for the 14 non-analytics operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { addDays } from '../../src/domain/dates.js';
import { operations, TENANT, TENANT_USER, tenantDataset, tenantId } from '../helpers/operations.js';
import { expectError, isoDate, SCOPES, startService, type Principal, type Scope, type TestService } from '../helpers/server.js';

let svc: TestService;
let owner: Principal; // all scopes, Tenant One
let intruder: Principal; // all scopes, another organization

beforeAll(async () => {
  svc = await startService();
  svc.importDataset(tenantDataset(addDays(isoDate(new Date()), -3)));
  owner = svc.principal({ organization: TENANT });
  intruder = svc.principal({ organization: 'Intruder Inc', email: 'intruder@intruder.example' });
  // The intruder has communities of its own, with the same names and external ids.
  svc.importDataset({
    ...tenantDataset(addDays(isoDate(new Date()), -3)),
    organization: 'Intruder Inc',
    users: [{ email: 'owner@tenant-one.example', full_name: 'Intruder Owner', role: 'admin' }],
  });
});

afterAll(async () => {
  await svc?.close();
});

const send = (op: { method: string; path: string; body?: unknown }, key?: string, headers?: Record<string, string>) =>
  svc.request(op.method, op.path, { key, body: op.body, ...(headers ? { headers } : {}) });

describe('authentication', () => {
  it('no Authorization header → 401 on every operation', async () => {
    for (const op of operations()) {
      const error = expectError(await send(op), 401, 'unauthorized');
      expect(error.message, op.id).toMatch(/Authorization: Bearer/);
    }
  });

  it('a bad key or a malformed header → 401 on every operation', async () => {
    const realPrefix = owner.key.split('_')[1]!;
    const headers = [
      'Bearer',
      'Bearer ',
      'Bearer garbage',
      `Basic ${Buffer.from(`x:${owner.key}`).toString('base64')}`,
      `Token ${owner.key}`,
      `Bearer ${owner.key}x`,
      `Bearer ${owner.key.slice(0, -1)}`,
      `Bearer rsk_${realPrefix}_${'A'.repeat(32)}`,
      `Bearer rsk_AAAAAAAA_${'A'.repeat(32)}`,
      `Bearer ${owner.key} ${owner.key}`,
      owner.key,
    ];
    for (const op of operations())
      for (const authorization of headers)
        expectError(await send(op, undefined, { authorization }), 401, 'unauthorized');
  });

  it('authentication comes before validation: an invalid body without a key is a 401', async () => {
    expectError(await svc.request('POST', '/communities', { body: { nonsense: true } }), 401, 'unauthorized');
    expectError(await svc.request('GET', '/communities?limit=0'), 401, 'unauthorized');
    expectError(await svc.request('GET', '/users/not-an-id'), 401, 'unauthorized');
  });

  it('the scheme is case-insensitive; a key without a user works', async () => {
    const answer = await svc.request('GET', '/communities', { headers: { authorization: `bearer ${owner.key}` } });
    expect(answer.status).toBe(200);
    const orgKey = svc.key(owner.organizationId, ['communities:read'], null);
    expect((await svc.request('GET', '/communities', { key: orgKey })).status).toBe(200);
  });

  it('a revoked key → 401 for good', async () => {
    const p = svc.principal({ organization: TENANT });
    expect((await svc.request('GET', '/communities', { key: p.key })).status).toBe(200);
    expect(svc.store.accounts.revokeApiKey(p.keyId)).toBe(true);
    for (const op of operations()) expectError(await send(op, p.key), 401, 'unauthorized');
  });

  it('a deactivated user’s key → 401 (deactivated with PATCH /users/:id); reactivated → works again', async () => {
    const p = svc.principal({ organization: TENANT, role: 'member' });
    expect((await svc.request('GET', `/users/${p.userId}`, { key: p.key })).status).toBe(200);
    const off = await svc.request('PATCH', `/users/${p.userId}`, { key: owner.key, body: { status: 'inactive' } });
    expect(off.status).toBe(200);
    for (const op of operations()) expectError(await send(op, p.key), 401, 'unauthorized');
    // The user's other keys too.
    const second = svc.key(p.organizationId, SCOPES, p.userId);
    expectError(await svc.request('GET', '/communities', { key: second }), 401, 'unauthorized');
    expect((await svc.request('PATCH', `/users/${p.userId}`, { key: owner.key, body: { status: 'active' } })).status).toBe(200);
    expect((await svc.request('GET', '/communities', { key: p.key })).status).toBe(200);
    expect((await svc.request('GET', '/communities', { key: second })).status).toBe(200);
  });

  it('/v1/health needs no key', async () => {
    const answer = await svc.request('GET', '/health');
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  });
});

describe('scopes', () => {
  it('the spec’s scopes, and rentsurvey:read for the five reads the spec leaves open', () => {
    const expected: Record<string, Scope> = {
      getPortfolio: 'rentsurvey:read',
      batchCommunities: 'rentsurvey:read',
      getCommunityDetail: 'rentsurvey:read',
      listComps: 'rentsurvey:read',
      getPricingHistory: 'rentsurvey:read',
      listFloorPlans: 'rentsurvey:read',
      addComp: 'rentsurvey:write',
      updateComp: 'rentsurvey:write',
      inviteUser: 'users:write',
      getUser: 'users:read',
      updateUser: 'users:write',
      listCommunities: 'communities:read',
      createCommunity: 'communities:write',
      updateCommunity: 'communities:write',
    };
    for (const op of operations()) expect(endpoints[op.id].scope, op.id).toBe(expected[op.id]);
  });

  it('a key lacking the operation’s scope (holding all the others) → 403 naming that scope', async () => {
    for (const op of operations()) {
      const scope = endpoints[op.id].scope;
      const key = svc.key(owner.organizationId, SCOPES.filter((s) => s !== scope), owner.userId);
      const error = expectError(await send(op, key), 403, 'forbidden');
      expect(error.message, op.id).toContain(scope);
      expect(error.details).toEqual([{ path: 'scope', message: expect.stringContaining(scope) }]);
    }
  });

  it('the five reads without a spec scope refuse a key without rentsurvey:read, and accept one with only it', async () => {
    const open = ['batchCommunities', 'getCommunityDetail', 'listComps', 'getPricingHistory', 'listFloorPlans'];
    const withoutRead = svc.key(owner.organizationId, SCOPES.filter((s) => s !== 'rentsurvey:read'));
    const onlyRead = svc.key(owner.organizationId, ['rentsurvey:read']);
    const ops = operations().filter((op) => open.includes(op.id));
    expect(ops).toHaveLength(5);
    for (const op of ops) {
      expect(expectError(await send(op, withoutRead), 403, 'forbidden').message).toContain('rentsurvey:read');
      const answer = await send(op, onlyRead);
      expect(answer.status, op.id).toBe(200);
      endpoints[op.id].response.parse(answer.body);
    }
  });

  it('a key holding only the operation’s scope is enough for every operation', async () => {
    for (const op of operations()) {
      const key = svc.key(owner.organizationId, [endpoints[op.id].scope], owner.userId);
      const answer = await send(op, key);
      expect(answer.status, `${op.id}: ${JSON.stringify(answer.body)}`).toBe(endpoints[op.id].status);
      endpoints[op.id].response.parse(answer.body);
    }
  });

  it('a cached answer is not served to a key that lacks the scope or was revoked', async () => {
    const op = { method: 'GET', path: '/communities' };
    expect((await send(op, owner.key)).status).toBe(200);
    expect((await send(op, owner.key)).headers.get('server-timing')).toMatch(/^cache;desc=hit/);
    expectError(await send(op, svc.key(owner.organizationId, ['rentsurvey:read'])), 403, 'forbidden');
    const p = svc.principal({ organization: TENANT });
    expect((await send(op, p.key)).status).toBe(200);
    svc.store.accounts.revokeApiKey(p.keyId);
    expectError(await send(op, p.key), 401, 'unauthorized');
  });

  it('a key the service knew is refused from the next request once revoked or its user deactivated by another process', async () => {
    const op = { method: 'GET', path: '/communities' };
    const second = svc.openSecondStore(); // like `rentsurvey --local` or `local keys` while serve runs
    const revoked = svc.principal({ organization: TENANT });
    const deactivated = svc.principal({ organization: TENANT, role: 'member' });
    for (const key of [revoked.key, deactivated.key]) {
      expect((await send(op, key)).status).toBe(200);
      expect((await send(op, key)).status).toBe(200);
    }
    expect(second.accounts.revokeApiKey(revoked.keyId)).toBe(true);
    expectError(await send(op, revoked.key), 401, 'unauthorized');
    second.accounts.updateUser(deactivated.organizationId, deactivated.userId!, { status: 'inactive' });
    expectError(await send(op, deactivated.key), 401, 'unauthorized');
    expect((await send(op, owner.key)).status).toBe(200);
  });
});

describe('tenancy', () => {
  const snapshot = async () => {
    const read = async (path: string) => (await svc.request('GET', path, { key: owner.key })).body;
    return {
      list: await read('/communities'),
      comps: await read(`/rentsurvey/communities/${tenantId('s1')}/comps?include_inactive=true`),
      user: await read(`/users/${TENANT_USER}`),
      jobs: svc.store.jobs.list(owner.organizationId).length,
    };
  };

  it('another organization’s key gets 404 for every id of this one, and changes nothing', async () => {
    const before = await snapshot();
    for (const op of operations()) {
      if (!/:id/.test(endpoints[op.id].path)) continue;
      const error = expectError(await send(op, intruder.key), 404, 'not_found');
      expect(error.message, op.id).not.toContain('Tenant Tower');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('batch lists another organization’s ids as not_found', async () => {
    const answer = await svc.request('GET', `/rentsurvey/communities?ids=${tenantId('s1')},${tenantId('c1')}`, { key: intruder.key });
    expect(endpoints.batchCommunities.response.parse(answer.body)).toEqual({
      communities: [],
      total: 0,
      not_found: [tenantId('s1'), tenantId('c1')],
    });
  });

  it('lists never show another organization’s communities, not even when searched', async () => {
    const intruderIds = new Set<string>();
    const list = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?limit=100', { key: intruder.key })).body);
    for (const c of list.communities) intruderIds.add(c.id);
    expect(intruderIds.has(tenantId('s1'))).toBe(false);
    expect(list.communities.map((c) => c.name)).toEqual(['Tenant Tower']); // its own, same name
    const search = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?search=T1-001', { key: intruder.key })).body);
    expect(search.communities.map((c) => c.id)).toEqual([...intruderIds]);
    const portfolio = endpoints.getPortfolio.response.parse((await svc.request('GET', '/rentsurvey/portfolio', { key: intruder.key })).body);
    expect(portfolio.communities.map((c) => c.id)).toEqual([...intruderIds]);
    // And the other way round.
    const own = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?limit=100', { key: owner.key })).body);
    expect(own.communities.some((c) => intruderIds.has(c.id))).toBe(false);
  });

  it('the same URL gives each organization its own answer (the response cache is per organization)', async () => {
    for (let i = 0; i < 2; i++) {
      const mine = endpoints.getPortfolio.response.parse((await svc.request('GET', '/rentsurvey/portfolio', { key: owner.key })).body);
      const theirs = endpoints.getPortfolio.response.parse((await svc.request('GET', '/rentsurvey/portfolio', { key: intruder.key })).body);
      expect(mine.communities.some((c) => c.id === tenantId('s1'))).toBe(true);
      expect(theirs.communities.some((c) => c.id === tenantId('s1'))).toBe(false);
    }
  });

  it('managers are looked up in the caller’s organization only', async () => {
    const answer = await svc.request('POST', '/communities', {
      key: owner.key,
      body: { name: 'Cross Org', address: '1 X St', zipcode: '78701', asset_manager_email: 'intruder@intruder.example' },
    });
    expectError(answer, 422, 'unknown_user');
  });
});
