// `rentsurvey __complete` run as the shell scripts run it: community names from
// the local store (read-only) and from the per-profile cache that commands fill.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, startServe, type RunResult, type Sandbox, type Served } from '../helpers/cli.js';
import { NAMES, namesStore } from '../helpers/completion.js';

let sb: Sandbox;
let dataDir: string;

const ok = (r: RunResult) => {
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};

/** The candidates' values and the directive of `rentsurvey __complete ...words`. */
async function ask(words: string[], env: Record<string, string | undefined> = {}) {
  const r = ok(await sb.run(['__complete', ...words], { env }));
  expect(r.stderr).toBe('');
  const lines = r.stdout.trimEnd().split('\n');
  const directive = lines.pop()!;
  expect(directive).toMatch(/^:\d+$/);
  return { values: lines.map((line) => line.split('\t')[0]), lines, directive: Number(directive.slice(1)) };
}

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await namesStore(join(sb.root, 'store'), sb.root);
});
afterAll(() => sb.cleanup());

describe('__complete with the local store', () => {
  it('completes names from the store named by --local and --data-dir, with their external ids', async () => {
    const { lines, directive } = await ask(['--local', '--data-dir', dataDir, 'overview', 'B']);
    expect(lines).toEqual([`${NAMES.barton}\tTT-001`, `${NAMES.brodie}\tTT-002`]);
    expect(directive).toBe(4);
  });

  it('with RENTSURVEY_LOCAL=1 and RENTSURVEY_DATA_DIR as well', async () => {
    const { values } = await ask(['overview', ''], { RENTSURVEY_LOCAL: '1', RENTSURVEY_DATA_DIR: dataDir });
    expect(values).toEqual([NAMES.barton, NAMES.brodie, NAMES.lofts, NAMES.miller, NAMES.desert, NAMES.hidden, NAMES.yes]);
  });

  it('completes the comparables of the subject typed before that the action applies to', async () => {
    // O'Hara Commons is deactivated, Oak Flats active.
    expect((await ask(['--local', '--data-dir', dataDir, 'comps', 'activate', NAMES.barton, ''])).values).toEqual([NAMES.ohara]);
    expect((await ask(['--local', '--data-dir', dataDir, 'comps', 'deactivate', NAMES.barton, ''])).values).toEqual([NAMES.oak]);
  });

  it('completes the floor plans of the community typed before, with their layout', async () => {
    const { lines } = await ask(['--local', '--data-dir', dataDir, 'pricing', 'history', 'tt-001', '--floor-plan', '']);
    expect(lines).toEqual(['A1\t1 BR / 1 BA, 700 sq ft', 'B2 Loft\t2 BR / 2 BA, 1050 sq ft']);
    expect((await ask(['--local', '--data-dir', dataDir, 'pricing', 'history', NAMES.barton, '--floor-plan=b'])).values[0]).toBe('--floor-plan=B2 Loft');
  });

  it('completes the fields of the command typed for --fields and --sort, local or not', async () => {
    const fields = await ask(['pricing', 'history', NAMES.barton, '--fields', 'as_of_date,market_rent_c']);
    expect(fields).toMatchObject({ values: ['as_of_date,market_rent_cents'], directive: 6 });
    expect((await ask(['--local', '--data-dir', dataDir, 'portfolio', '--sort', '-comp'])).values).toEqual(['-comp_count']);
  });

  it('reads the store without changing it', async () => {
    const files = () => readdirSync(dataDir).sort();
    const digest = () => createHash('sha256').update(readFileSync(join(dataDir, 'rentsurvey.db'))).digest('hex');
    const [before, hash] = [files(), digest()];
    await ask(['--local', '--data-dir', dataDir, 'overview', '']);
    expect(files()).toEqual(before);
    expect(digest()).toBe(hash);
  });

  it('completes nothing where there is no store, and creates none (no demo data at TAB time)', async () => {
    const empty = join(sb.root, 'no-store');
    const { values } = await ask(['--local', '--data-dir', empty, 'overview', '']);
    expect(values).toEqual([]);
    expect(existsSync(empty)).toBe(false);
  });
});

describe('__complete for a remote profile', () => {
  let server: Served;

  beforeAll(async () => {
    server = await startServe(dataDir);
    const key = await createKey(dataDir);
    sb.secrets.push(key);
    ok(await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: `${key}\n` }));
  });
  afterAll(() => server.stop());

  it('completes nothing before a command has listed the communities: TAB never calls the service', async () => {
    expect((await ask(['overview', ''])).values).toEqual([]);
  });

  it('completes what `portfolio` and `comps list` listed, from the profile’s cache file', async () => {
    const portfolio = JSON.parse(ok(await sb.run(['portfolio', '--json'])).stdout) as { communities: Array<{ id: string; name: string }> };
    expect(existsSync(join(sb.env.XDG_CACHE_HOME!, 'rentsurvey', 'communities.default.json'))).toBe(true);
    expect((await ask(['overview', 'TT'])).lines).toEqual([`TT-001\t${NAMES.barton}`, `TT-002\t${NAMES.brodie}`]);
    const barton = portfolio.communities.find((c) => c.name === NAMES.barton)!;
    expect((await ask(['overview', barton.id.slice(0, 8)])).lines).toEqual([`${barton.id}\t${NAMES.barton}`]);

    expect((await ask(['comps', 'deactivate', NAMES.barton, ''])).values).toEqual([]);
    ok(await sb.run(['comps', 'list', barton.id, '--include-inactive']));
    expect((await ask(['comps', 'deactivate', 'tt-001', ''])).values).toEqual([NAMES.oak]);
    expect((await ask(['comps', 'activate', 'tt-001', ''])).values).toEqual([NAMES.ohara]);
  });

  it('after `comps deactivate` and `activate`, TAB offers the comparable to the other action', async () => {
    ok(await sb.run(['comps', 'deactivate', 'TT-001', NAMES.oak]));
    expect((await ask(['comps', 'activate', 'tt-001', ''])).values).toEqual([NAMES.oak, NAMES.ohara]);
    expect((await ask(['comps', 'deactivate', 'tt-001', ''])).values).toEqual([]);
    ok(await sb.run(['comps', 'activate', 'TT-001', NAMES.oak]));
    expect((await ask(['comps', 'deactivate', 'tt-001', ''])).values).toEqual([NAMES.oak]);
    // `comps list` without --include-inactive lists the active ones: the others it knew are inactive.
    ok(await sb.run(['comps', 'list', 'TT-001']));
    expect((await ask(['comps', 'activate', 'tt-001', ''])).values).toEqual([NAMES.ohara]);
  });

  it('keeps that cache in ~/.cache/rentsurvey when XDG_CACHE_HOME is not set', async () => {
    const cache = join(sb.env.HOME!, '.cache', 'rentsurvey', 'communities.default.json');
    expect(existsSync(cache)).toBe(false);
    ok(await sb.run(['portfolio', '--json'], { env: { XDG_CACHE_HOME: undefined } }));
    expect(existsSync(cache)).toBe(true);
  });

  it('completes the floor plans `pricing floor-plans` (or a --floor-plan looked up by name) listed', async () => {
    const words = ['pricing', 'history', NAMES.barton, '--floor-plan', ''];
    expect((await ask(words)).values).toEqual([]);
    ok(await sb.run(['pricing', 'floor-plans', 'TT-001']));
    expect((await ask(words)).lines).toEqual(['A1\t1 BR / 1 BA, 700 sq ft', 'B2 Loft\t2 BR / 2 BA, 1050 sq ft']);
  });

  it('`pricing export` and `digest` over the portfolio fill the cache too', async () => {
    const cache = join(sb.env.XDG_CACHE_HOME!, 'rentsurvey', 'communities.default.json');
    for (const args of [['pricing', 'export', '--out', '-', '--days', '7'], ['digest', '--json']]) {
      rmSync(cache);
      expect((await ask(['overview', 'TT'])).values).toEqual([]);
      ok(await sb.run(args));
      expect((await ask(['overview', 'TT'])).values, args.join(' ')).toEqual(['TT-001', 'TT-002']);
    }
  });

  it('completes nothing for another service, another profile, or once logged out', async () => {
    expect((await ask(['overview', ''])).values).not.toEqual([]);
    expect((await ask(['overview', ''], { RENTSURVEY_BASE_URL: 'http://127.0.0.1:9' })).values).toEqual([]);
    expect((await ask(['--profile', 'other', 'overview', ''])).values).toEqual([]);
    ok(await sb.run(['logout']));
    expect((await ask(['overview', ''])).values).toEqual([]);
  });
});
