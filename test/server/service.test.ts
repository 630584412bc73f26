// The service as a whole: demo data, cached answers equal uncached ones, the response
// cache follows writes (also a second store's, as `--local` makes), and a real `rentsurvey serve` child: a race across processes, then SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { SCOPES } from '../../src/api/routes.js';
import { DEMO_ORGANIZATION } from '../../src/server/demo/generate.js';
import { inProcessCaller } from '../../src/server/data-dir.js';
import { openHttpService } from '../../src/server/serve.js';
import { DATABASE_FILE, openStore } from '../../src/server/store/index.js';
import { BIN, ROOT } from '../helpers/cli.js';
import { expectError, startService, type Answer, type TestService } from '../helpers/server.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';

describe('one demo service', () => {
  let svc: TestService;
  let key: string;
  let organizationId: string;
  let subject: { id: string; name: string };

  beforeAll(async () => {
    svc = await startService({ seed: 'demo' });
    key = inProcessCaller(svc.store).key;
    organizationId = svc.store.accounts.organizationByName(DEMO_ORGANIZATION)!.id;
    const list = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?limit=100', { key })).body);
    subject = list.communities[0]!;
  });

  afterAll(async () => {
    await svc?.close();
  });

  it('the demo portfolio: about 25 subjects, comparables, pricing; the --local key has every scope', async () => {
    const portfolio = endpoints.getPortfolio.response.parse(
      (await svc.request('GET', '/rentsurvey/portfolio?include_pricing=true', { key })).body,
    );
    expect(portfolio.total).toBeGreaterThanOrEqual(20);
    expect(portfolio.total).toBeLessThanOrEqual(30);
    expect(portfolio.communities.every((c) => (c.comp_count ?? 0) <= 10)).toBe(true);
    expect(portfolio.communities.some((c) => (c.pricing_summary?.avg_market_rent_cents ?? 0) > 0)).toBe(true);
    expect(svc.store.accounts.authenticate(key)?.scopes).toEqual(new Set(SCOPES));
    expect(inProcessCaller(svc.store).key).toBe(key);
  });

  it('cached answers equal the first ones, and those of an uncached service on the same data', async () => {
    const user = svc.store.accounts.firstAdmin(organizationId)!;
    const comps = endpoints.listComps.response.parse((await svc.request('GET', `/rentsurvey/communities/${subject.id}/comps`, { key })).body);
    const paths = [
      '/v1/rentsurvey/portfolio?include_pricing=true',
      '/v1/communities?limit=5&offset=3',
      '/v1/communities?search=a',
      `/v1/rentsurvey/communities?ids=${subject.id},${comps.comps[0]!.id}&include_comps=true`,
      `/v1/rentsurvey/communities/${subject.id}`,
      `/v1/rentsurvey/communities/${subject.id}/comps?include_pricing=true&include_inactive=true`,
      `/v1/rentsurvey/communities/${subject.id}/pricing?days=60`,
      `/v1/rentsurvey/communities/${subject.id}/pricing?latest_only=true`,
      `/v1/rentsurvey/communities/${subject.id}/floor-plans`,
      `/v1/users/${user.id}`,
      '/v1/communities?limit=0',
      `/v1/users/00000000-0000-4000-8000-000000000000`,
    ];
    const uncached = await openHttpService({ dataDir: svc.dataDir, seed: 'empty', responseCache: false });
    try {
      const uncachedOrigin = await uncached.listen({ host: '127.0.0.1', port: 0 });
      for (const path of paths) {
        const [first, cached] = [await svc.request('GET', path, { key }), await svc.request('GET', path, { key })];
        // Refusals carry no Server-Timing and are never cached.
        const ok = first.status === 200;
        expect(cached.headers.get('server-timing') ?? '', path).toMatch(ok ? /^cache;desc=hit/ : /^$/);
        const fresh = await fetch(uncachedOrigin + path, { headers: { authorization: `Bearer ${key}` } });
        expect(fresh.headers.get('server-timing') ?? '', path).toMatch(ok ? /^app;/ : /^$/);
        for (const answer of [cached, { status: fresh.status, body: (await fresh.json()) as unknown, headers: fresh.headers }]) {
          expect(answer.status, path).toBe(first.status);
          expect(answer.body, path).toEqual(first.body);
          expect(answer.headers.get('content-type')).toBe(first.headers.get('content-type'));
        }
      }
    } finally {
      await uncached.close();
    }
  });

  const timing = (answer: Answer) => answer.headers.get('server-timing') ?? '';

  it('a GET answer changes after a write over HTTP (the cache is invalidated)', async () => {
    const path = `/communities?search=${encodeURIComponent(subject.name)}`;
    const first = await svc.request('GET', path, { key });
    const second = await svc.request('GET', path, { key });
    expect(second.body).toEqual(first.body);
    expect(timing(second)).toMatch(/^cache;desc=hit/);
    const renamed = `${subject.name} Renamed`;
    expect((await svc.request('PATCH', `/communities/${subject.id}`, { key, body: { name: renamed } })).status).toBe(200);
    const after = await svc.request('GET', path, { key });
    expect(timing(after)).toMatch(/^app;/);
    expect(endpoints.listCommunities.response.parse(after.body).communities.find((c) => c.id === subject.id)?.name).toBe(renamed);
    const detail = await svc.request('GET', `/rentsurvey/communities/${subject.id}?include_comps=false`, { key });
    expect((detail.body as { community: { name: string } }).community.name).toBe(renamed);
    subject = { ...subject, name: renamed };
  });

  it('… also after a write by a SECOND store on the same data directory (a --local CLI while serve runs)', async () => {
    const second = svc.openSecondStore();
    const detailPath = `/rentsurvey/communities/${subject.id}/comps`;
    const listPath = `/communities?search=${encodeURIComponent(subject.name)}`;
    const before = await svc.request('GET', listPath, { key });
    const compsBefore = endpoints.listComps.response.parse((await svc.request('GET', detailPath, { key })).body);
    expect(timing(await svc.request('GET', listPath, { key }))).toMatch(/^cache;desc=hit/);

    second.communities.update(organizationId, subject.id, { name: `${subject.name} 2` });
    const after = await svc.request('GET', listPath.replace(/$/, ''), { key });
    expect(after.body).not.toEqual(before.body);
    expect(endpoints.listCommunities.response.parse(after.body).communities.find((c) => c.id === subject.id)?.name).toBe(`${subject.name} 2`);

    // A comparable deactivated from the second store disappears from the list.
    const victim = compsBefore.comps[0]!;
    second.comparables.setCompIncluded(organizationId, subject.id, victim.id, false);
    const compsAfter = endpoints.listComps.response.parse((await svc.request('GET', detailPath, { key })).body);
    expect(compsAfter.comps.map((c) => c.id)).not.toContain(victim.id);
    expect(compsAfter.total).toBe(compsBefore.total - 1);

    // A survey imported by the second store shows in the pricing views.
    const floorPlans = endpoints.listFloorPlans.response.parse((await svc.request('GET', `/rentsurvey/communities/${subject.id}/floor-plans`, { key })).body);
    const planIds = floorPlans.floor_plans.map((p) => p.id);
    const today = svc.store.now().slice(0, 10);
    const latestPath = `/rentsurvey/communities/${subject.id}/pricing?latest_only=true`;
    const latestBefore = endpoints.getPricingHistory.response.parse((await svc.request('GET', latestPath, { key })).body);
    expect(latestBefore.pricing.some((r) => r.market_rent_cents === 999_900)).toBe(false);
    second.imports.importObservations(organizationId, [
      { line: 2, subject_key: subject.id, date: today, floor_plan_key: planIds[0]!, market_rent_cents: 999_900, units_available: 1, concessions: '' },
    ]);
    const latestAfter = endpoints.getPricingHistory.response.parse((await svc.request('GET', latestPath, { key })).body);
    expect(latestAfter.pricing.find((r) => r.floor_plan_id === planIds[0])).toMatchObject({ as_of_date: today, market_rent_cents: 999_900 });

    // A key revoked from the second store stops working at once.
    const extra = svc.store.accounts.createApiKey({ organizationId, userId: null, scopes: SCOPES, label: 'to revoke' });
    expect((await svc.request('GET', listPath, { key: extra.key })).status).toBe(200);
    expect(second.accounts.revokeApiKey(extra.id)).toBe(true);
    expectError(await svc.request('GET', listPath, { key: extra.key }), 401, 'unauthorized');
  });
});

describe('a real `rentsurvey serve` process', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  let stderr = '';
  let origin: string;
  let exit: Promise<number | null>;

  beforeAll(async () => {
    expect(existsSync(join(ROOT, 'dist', 'cli.cjs')), 'dist/cli.cjs missing: npm run build').toBe(true);
    dataDir = await mkdtemp(join(tmpdir(), 'rentsurvey-serve-'));
    const proc = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', join(dataDir, 'store'), '--empty'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...sandboxEnv(join(dataDir, 'home')), NO_COLOR: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = proc;
    exit = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
    proc.stderr!.setEncoding('utf8');
    origin = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start:\n${stderr}`)), 15_000);
      proc.stderr!.on('data', (chunk: string) => {
        stderr += chunk;
        const match = /Listening on (http:\/\/[^\s/]+)\/v1/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exit.then((code) => reject(new Error(`serve exited (${code}) before listening:\n${stderr}`)));
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exit;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('races an in-process service on the same data: 9 active comparables, 20 adds across two processes → one 201', async () => {
    // The in-process service opens the child's data directory, as `--local` would.
    const local = await openHttpService({ dataDir: join(dataDir, 'store'), seed: 'empty' });
    try {
      const store = local.store;
      const organizationId = store.accounts.ensureOrganization('Race Org');
      const { key } = store.accounts.createApiKey({ organizationId, userId: null, scopes: SCOPES, label: 'race' });
      const subjectId = store.communities.create(organizationId, { name: 'Race Subject', address: '1 Race St', zipcode: '78701' }, { managed: true });
      for (let i = 0; i < 9; i++) store.comparables.addComp(organizationId, subjectId, { name: `Comp ${i}`, address: `${i} St`, zipcode: '78702' });
      const localOrigin = new URL(await local.listen({ host: '127.0.0.1', port: 0 })).origin;

      const post = (base: string, i: number) =>
        fetch(`${base}/v1/rentsurvey/communities/${subjectId}/comps`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Racer ${i}`, address: `${i} Racer Rd`, zipcode: '78702' }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string } } }));
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? origin : localOrigin, i)));
      const created = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status === 409);
      expect(created, JSON.stringify(answers)).toHaveLength(1);
      expect(refused).toHaveLength(19);
      expect(refused.every((a) => a.body.error?.code === 'comp_limit_reached')).toBe(true);
      const count = store.db.get<{ n: number }>('SELECT count(*) AS n FROM comps WHERE subject_id = ? AND is_included_in_surveys = 1', subjectId);
      expect(count?.n).toBe(10);
      // The child serves the same data.
      const list = await fetch(`${origin}/v1/rentsurvey/communities/${subjectId}/comps`, { headers: { authorization: `Bearer ${key}` } });
      expect(((await list.json()) as { total: number }).total).toBe(10);
    } finally {
      await local.close();
    }
  });

  it('SIGTERM: exits 0 after finishing, and the database opens consistent', async () => {
    const store = openStore(join(dataDir, 'store'));
    const organizationId = store.accounts.ensureOrganization('Race Org');
    const { key } = store.accounts.createApiKey({ organizationId, userId: null, scopes: SCOPES, label: 'sigterm' });
    store.close();
    const created = await fetch(`${origin}/v1/communities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Written Before SIGTERM', address: '1 Last St', zipcode: '78701' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    child!.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr).toMatch(/Received SIGTERM/);
    expect(stderr).not.toMatch(/error while stopping|Error:|\n\s+at /);

    const reopened = openStore(join(dataDir, 'store'));
    try {
      expect(reopened.db.get<{ integrity_check: string }>('PRAGMA integrity_check')?.integrity_check).toBe('ok');
      expect(reopened.db.all('PRAGMA foreign_key_check')).toEqual([]);
      expect(reopened.communities.recordById(organizationId, id)?.name).toBe('Written Before SIGTERM');
      expect(reopened.accounts.authenticate(key)?.organizationId).toBe(organizationId);
    } finally {
      reopened.close();
    }
    expect(existsSync(join(dataDir, 'store', DATABASE_FILE))).toBe(true);
  });
});
