// pricing export: the cron path. Atomic files, raw values, --since-last, failures.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, demoStore, parseCsv, parseJson, startServe, type RunResult, type Sandbox, type Served } from '../helpers/cli.js';

const HEADER = [
  'community_id',
  'community_name',
  'as_of_date',
  'floor_plan_name',
  'bedrooms',
  'bathrooms',
  'square_feet',
  'market_rent_cents',
  'net_effective_rent_cents',
  'concession_value_cents',
  'market_rent_per_sqft_cents',
  'net_effective_rent_per_sqft_cents',
  'units_available',
  'concessions',
  'floor_plan_id',
];
const MISSING = '00000000-0000-4000-8000-000000000000';

let sb: Sandbox;
let server: Served;
let env: Record<string, string>;
let outDir: string;
let portfolio: Array<{ id: string; name: string; latest_pricing_date: string | null }>;
let today: string;
let n = 0;

const run = (args: string[]) => sb.run(args, { env, cwd: outDir });
const ok = (r: RunResult) => {
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const file = (name = 'pricing') => join(outDir, `${name}-${++n}.csv`);
const readCsv = async (path: string) => parseCsv(await readFile(path, 'utf8'));
/** Temporary files of an interrupted or failed write of `out` would show up here. */
const leftovers = async (out: string) => {
  const prefix = `.${out.split('/').at(-1)}.`;
  return (await readdir(outDir)).filter((f) => f.startsWith(prefix) && f.endsWith('.tmp'));
};

beforeAll(async () => {
  sb = await createSandbox();
  outDir = join(sb.root, 'exports');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(outDir);
  const dataDir = await demoStore(join(sb.root, 'store'));
  server = await startServe(dataDir);
  const key = await createKey(dataDir);
  sb.secrets.push(key);
  env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
  portfolio = parseJson<{ communities: typeof portfolio }>(ok(await run(['portfolio', '--json'])).stdout).communities;
  today = new Date().toISOString().slice(0, 10);
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

describe.concurrent('pricing export --out', () => {
  it('writes the whole portfolio, last 30 days: header + rows, raw cents and ISO dates', async () => {
    const out = file();
    const r = ok(await run(['pricing', 'export', '--out', out]));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Exported \d+ pricing records of \d+ communities/);
    const { header, rows } = await readCsv(out);
    expect(header).toEqual(HEADER);
    expect(rows.length).toBeGreaterThan(portfolio.length);
    const ids = new Set(portfolio.map((c) => c.id));
    expect(new Set(rows.map((row) => row.community_id))).toEqual(new Set(portfolio.filter((c) => c.latest_pricing_date).map((c) => c.id)));
    for (const row of rows) {
      expect(ids.has(row.community_id!)).toBe(true);
      expect(row.as_of_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.as_of_date! >= addDays(today, -29) && row.as_of_date! <= today).toBe(true);
      for (const cents of ['market_rent_cents', 'net_effective_rent_cents', 'concession_value_cents', 'market_rent_per_sqft_cents'])
        expect(row[cents]).toMatch(/^\d+$/);
      expect(Number(row.market_rent_cents) - Number(row.net_effective_rent_cents)).toBe(Number(row.concession_value_cents));
    }
    expect(await leftovers(out)).toEqual([]);
  });

  it('--communities and --start/--end limit the rows', async () => {
    const [a, b] = portfolio;
    const out = file();
    const start = addDays(today, -60);
    const end = addDays(today, -20);
    ok(await run(['pricing', 'export', '--communities', `${a!.id},${b!.id}`, '--start', start, '--end', end, '--out', out]));
    const { rows } = await readCsv(out);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.community_id))).toEqual(new Set([a!.id, b!.id]));
    // The order of --communities is kept.
    expect(rows[0]!.community_id).toBe(a!.id);
    expect(rows.every((row) => row.as_of_date! >= start && row.as_of_date! <= end)).toBe(true);
  });

  it('--days picks the window', async () => {
    const out = file();
    ok(await run(['pricing', 'export', '--communities', portfolio[0]!.id, '--days', '90', '--out', out]));
    const dates = (await readCsv(out)).rows.map((row) => row.as_of_date!);
    expect(dates.every((d) => d >= addDays(today, -89))).toBe(true);
    expect(new Set(dates).size).toBeGreaterThan(8);
  });

  it('--since-last: the second run exports only newer dates', async () => {
    const out = file();
    const ids = portfolio.slice(0, 3).map((c) => c.id).join(',');
    const cut = addDays(today, -14);
    ok(await run(['pricing', 'export', '--communities', ids, '--end', cut, '--since-last', '--out', out]));
    const first = (await readCsv(out)).rows;
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((row) => row.as_of_date! <= cut)).toBe(true);

    // The watermark is the latest date actually exported (surveys are weekly, so before the cut),
    // not the run's end date: pricing that arrives later for a day after it is still picked up.
    const watermark = first.map((row) => row.as_of_date!).sort().at(-1)!;
    const second = ok(await run(['pricing', 'export', '--communities', ids, '--since-last', '--out', out]));
    expect(second.stderr).toContain(`${addDays(watermark, 1)} to ${today}`);
    const newer = (await readCsv(out)).rows;
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.every((row) => row.as_of_date! > watermark && row.as_of_date! <= today)).toBe(true);

    // Same day again: nothing new, so the previous delta stays in place for whoever has not loaded it.
    const before = await readFile(out, 'utf8');
    const third = ok(await run(['pricing', 'export', '--communities', ids, '--since-last', '--out', out]));
    expect(third.stderr).toMatch(/Nothing new since \d{4}-\d{2}-\d{2}; .* left unchanged/);
    expect(await readFile(out, 'utf8')).toBe(before);
  });

  it('a failing community: non-zero exit, the previous file (and state) left unchanged', async () => {
    const out = file();
    const good = portfolio[0]!.id;
    ok(await run(['pricing', 'export', '--communities', good, '--end', addDays(today, -10), '--since-last', '--out', out]));
    const before = await readFile(out, 'utf8');
    const stateFile = join(outDir, `.${out.split('/').at(-1)}.rentsurvey-state.json`);
    const state = await readFile(stateFile, 'utf8');
    const mtime = (await stat(out)).mtimeMs;

    const r = await run(['pricing', 'export', '--communities', `${good},${MISSING}`, '--since-last', '--out', out]);
    expect(r.exitCode).toBe(4); // every failure was a 404
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(MISSING);
    expect(r.stderr).toMatch(/left unchanged/);
    expect(await readFile(out, 'utf8')).toBe(before);
    expect((await stat(out)).mtimeMs).toBe(mtime);
    expect(await readFile(stateFile, 'utf8')).toBe(state);
    expect(await leftovers(out)).toEqual([]);
  });

  it('a failing export never creates the file', async () => {
    const out = file();
    const r = await run(['pricing', 'export', '--communities', MISSING, '--out', out]);
    expect(r.exitCode).not.toBe(0);
    await expect(stat(out)).rejects.toThrow();
  });

  it('a malformed id in --communities → 2, the file left as it was', async () => {
    const out = file();
    await writeFile(out, 'previous,content\n');
    const r = await run(['pricing', 'export', '--communities', 'not-a-uuid', '--out', out]);
    expect(r.exitCode).toBe(2);
    expect(await readFile(out, 'utf8')).toBe('previous,content\n');
  });

  it('--out - writes the CSV to stdout and messages to stderr', async () => {
    const r = ok(await run(['pricing', 'export', '--communities', portfolio[0]!.id, '--out', '-']));
    const { header, rows } = parseCsv(r.stdout);
    expect(header).toEqual(HEADER);
    expect(rows.length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/Exported/);
    expect(r.stderr).not.toMatch(/ to -/);
  });

  it('rejects contradictory or malformed flags before sending', async () => {
    const cases = [
      ['--since-last', '--out', '-'],
      ['--since-last', '--start', '2026-01-01', '--out', file()],
      ['--start', '2026-02-30x', '--out', file()],
      ['--start', today, '--end', addDays(today, -5), '--out', file()],
      ['--days', '0', '--out', file()],
      ['--concurrency', '99', '--out', file()],
      ['--communities', ',', '--out', file()],
    ];
    const results = await Promise.all(cases.map((args) => run(['--debug', 'pricing', 'export', ...args])));
    for (const [i, r] of results.entries()) {
      expect(r.exitCode, `${cases[i]!.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/> GET/);
    }
  });

  it('--out is required', async () => {
    const r = await run(['pricing', 'export']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--out');
  });
});
