// --local runs the same service in-process on the data directory: same answers
// as `serve` over HTTP, and both can use one store at the same time.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, demoStore, parseJson, startServe, type RunResult, type Sandbox, type Served } from '../helpers/cli.js';

let sb: Sandbox;
let server: Served;
let dataDir: string;
let env: Record<string, string>;
let subject: { id: string; name: string };

const ok = (r: RunResult) => {
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};
const http = (args: string[]) => sb.run(args, { env });
const local = (args: string[]) => sb.run(['--local', '--data-dir', dataDir, ...args]);

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
  server = await startServe(dataDir);
  const key = await createKey(dataDir);
  sb.secrets.push(key);
  env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
  const portfolio = parseJson<{ communities: Array<{ id: string; name: string; comp_count: number }> }>(ok(await http(['portfolio', '--json'])).stdout);
  subject = portfolio.communities.find((c) => c.comp_count > 0)!;
  // The key --local keeps in the data directory must not be printed either.
  ok(await local(['portfolio', '--quiet']));
  sb.secrets.push((await readFile(join(dataDir, 'local-cli.key'), 'utf8')).trim());
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

describe.concurrent('--local equals HTTP on the same data directory', () => {
  const commands = (): string[][] => [
    ['portfolio', '--json'],
    ['overview', subject.id, '--json'],
    ['comps', 'list', subject.id, '--json'],
    ['pricing', 'history', subject.id, '--json'],
    ['portfolio', '--include-pricing', '--json'],
    ['communities', 'list', '--all', '--json'],
    ['overview', subject.id],
    ['pricing', 'history', subject.id, '--csv'],
  ];

  it('byte for byte, for JSON, tables and csv', async () => {
    const pairs = await Promise.all(commands().map((args) => Promise.all([http(args), local(args)])));
    for (const [i, [viaHttp, viaLocal]] of pairs.entries()) {
      const args = commands()[i]!;
      ok(viaHttp);
      ok(viaLocal);
      expect(viaLocal.stdout, args.join(' ')).toBe(viaHttp.stdout);
      if (args.includes('--json')) parseJson(viaLocal.stdout);
    }
  });

  it('the same errors and exit codes', async () => {
    for (const args of [
      ['overview', '00000000-0000-4000-8000-000000000000'],
      ['communities', 'show', 'not-a-uuid'],
      ['pricing', 'history', subject.id, '--chart', '--json'],
    ]) {
      const [viaHttp, viaLocal] = await Promise.all([http(args), local(args)]);
      expect(viaLocal.exitCode, args.join(' ')).toBe(viaHttp.exitCode);
      expect(viaLocal.stderr).toBe(viaHttp.stderr);
      expect(viaLocal.stdout).toBe('');
    }
  });
});

describe('two processes on one store', () => {
  it('a write with --local is seen over HTTP at once, and the other way round', async () => {
    const name = `Local Write ${process.pid}`;
    const created = parseJson<{ id: string }>(
      ok(await local(['communities', 'create', '--name', name, '--address', '1 Main St, Austin, TX 78701', '--zipcode', '78701', '--json'])).stdout,
    );
    // Read over HTTP before and after (the service may cache GETs: it must notice the other process's write).
    const list = async () => parseJson<{ communities: Array<{ id: string; status: string }> }>(ok(await http(['communities', 'list', '--search', name, '--json'])).stdout).communities;
    expect((await list()).map((c) => c.id)).toEqual([created.id]);

    ok(await http(['communities', 'update', created.id, '--status', 'inactive']));
    const seenLocally = parseJson<{ communities: Array<{ status: string }> }>(ok(await local(['communities', 'list', '--search', name, '--json'])).stdout);
    expect(seenLocally.communities[0]!.status).toBe('inactive');

    ok(await local(['communities', 'update', created.id, '--status', 'active']));
    expect((await list())[0]!.status).toBe('active');
  });

  it('comps changed over HTTP show in --local comps list', async () => {
    const comps = parseJson<{ comps: Array<{ id: string }> }>(ok(await local(['comps', 'list', subject.id, '--json'])).stdout).comps;
    const compId = comps[0]!.id;
    ok(await http(['comps', 'deactivate', subject.id, compId]));
    const after = parseJson<{ comps: Array<{ id: string }> }>(ok(await local(['comps', 'list', subject.id, '--json'])).stdout).comps;
    expect(after.map((c) => c.id)).not.toContain(compId);
    ok(await local(['comps', 'activate', subject.id, compId]));
    const [viaHttp, viaLocal] = await Promise.all([http(['comps', 'list', subject.id, '--json']), local(['comps', 'list', subject.id, '--json'])]);
    expect(viaLocal.stdout).toBe(viaHttp.stdout);
    expect(parseJson<{ comps: unknown[] }>(viaHttp.stdout).comps).toHaveLength(comps.length);
  });
});

describe.concurrent('where --local keeps its data', () => {
  it('RENTSURVEY_DATA_DIR selects the store; --data-dir wins over it', async () => {
    const viaEnv = ok(await sb.run(['--local', 'portfolio', '--json'], { env: { RENTSURVEY_DATA_DIR: dataDir } }));
    const viaFlag = ok(await local(['portfolio', '--json']));
    expect(viaEnv.stdout).toBe(viaFlag.stdout);
    expect(viaEnv.stderr).not.toMatch(/Created demo data/);

    const elsewhere = join(sb.root, 'not-this-one');
    const both = ok(await sb.run(['--local', '--data-dir', dataDir, 'portfolio', '--json'], { env: { RENTSURVEY_DATA_DIR: elsewhere } }));
    expect(both.stdout).toBe(viaFlag.stdout);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('a new data directory (default $XDG_DATA_HOME/rentsurvey) gets the demo data, said on stderr', async () => {
    const fresh = await createSandbox();
    try {
      const r = ok(await fresh.run(['--local', 'portfolio', '--json']));
      expect(r.stderr).toMatch(/Created demo data in .*rentsurvey/);
      expect(parseJson<{ communities: unknown[] }>(r.stdout).communities.length).toBeGreaterThan(5);
      expect(existsSync(join(fresh.dataHome, 'rentsurvey', 'rentsurvey.db'))).toBe(true);
      // Demo data is made once.
      const again = ok(await fresh.run(['--local', '--quiet', 'portfolio', '--json']));
      expect(again.stderr).toBe('');
      expect(again.stdout).toBe(r.stdout);
    } finally {
      await fresh.cleanup();
    }
  });

  it('--local needs no credentials and ignores RENTSURVEY_API_KEY/BASE_URL', async () => {
    const r = ok(await sb.run(['--local', '--data-dir', dataDir, 'portfolio', '--json'], { env: { RENTSURVEY_API_KEY: 'rsk_bogus_key', RENTSURVEY_BASE_URL: 'http://127.0.0.1:1' } }));
    parseJson(r.stdout);
  });

  it('local keys create prints only the key when piped; the key works over HTTP', async () => {
    const r = await sb.run(['local', 'keys', 'create', '--scopes', 'rentsurvey:read', '--data-dir', dataDir], { allowSecrets: true });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^rsk_[A-Za-z0-9]+_\S+\n$/);
    expect(r.stderr).toBe('');
    const key = r.stdout.trim();
    sb.secrets.push(key);
    const portfolio = await sb.run(['portfolio', '--json'], { env: { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key } });
    expect(portfolio.exitCode, portfolio.stderr).toBe(0);
    const listed = ok(await sb.run(['local', 'keys', 'list', '--data-dir', dataDir, '--json']));
    expect(listed.stdout).toContain(key.split('_')[1]!); // the prefix, never the secret
    const [none, unknown] = await Promise.all([
      sb.run(['local', 'keys', 'create', '--data-dir', dataDir]),
      sb.run(['local', 'keys', 'create', '--scopes', 'rentsurvey:everything', '--data-dir', dataDir]),
    ]);
    expect(none.exitCode).toBe(2);
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain('rentsurvey:everything');
  });
});
