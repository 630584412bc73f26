// Every read command against a real `serve`, in each output format; --fields;
// stdout/stderr discipline; colors.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSI,
  BIN,
  createKey,
  createSandbox,
  demoStore,
  parseCsv,
  parseJson,
  parseNdjson,
  startServe,
  type RunResult,
  type Sandbox,
  type Served,
} from '../helpers/cli.js';

interface PortfolioRow {
  id: string;
  name: string;
  address: string;
  comp_count?: number;
  latest_pricing_date: string | null;
  pricing_summary?: { floor_plan_count: number; avg_market_rent_cents: number | null };
}
interface Pricing {
  community: { id: string; name: string };
  date_range: { start: string; end: string };
  pricing: Array<{ as_of_date: string; floor_plan_id: string; market_rent_cents: number; floor_plan: { floor_plan_name: string } }>;
}
interface CommunityPage {
  communities: Array<{ id: string; name: string; address: string; external_community_id: string | null; community_manager: { id: string } | null }>;
  total: number;
  limit: number;
  offset: number;
}

let sb: Sandbox;
let server: Served;
let env: Record<string, string>;
let subject: PortfolioRow; // a community with comparables and pricing
let other: PortfolioRow;
let userId: string;
let today: string;

const run = (args: string[], options: { env?: Record<string, string | undefined> } = {}) =>
  sb.run(args, { env: { ...env, ...options.env } });

function expectOk(r: RunResult) {
  expect(r.exitCode, `${r.stderr}`).toBe(0);
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  sb = await createSandbox();
  const dataDir = await demoStore(join(sb.root, 'store'));
  server = await startServe(dataDir);
  const key = await createKey(dataDir);
  sb.secrets.push(key);
  env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
  const portfolio = parseJson<{ communities: PortfolioRow[] }>((await run(['portfolio', '--json'])).stdout).communities;
  const withComps = portfolio.filter((c) => (c.comp_count ?? 0) > 0 && c.latest_pricing_date);
  subject = withComps[0]!;
  other = withComps[1]!;
  const page = parseJson<CommunityPage>((await run(['communities', 'list', '--limit', '5', '--json'])).stdout);
  userId = page.communities.find((c) => c.community_manager)!.community_manager!.id;
  today = new Date().toISOString().slice(0, 10);
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

/**
 * One command in the four formats: json is one document, ndjson one object per
 * row, csv a header row and the same rows, table something for people.
 */
async function allFormats(args: string[], rowsOf: (json: unknown) => unknown[], options: { csvHeader?: string[] } = {}) {
  const [table, json, csv, ndjson] = await Promise.all([
    run(args),
    run([...args, '--json']),
    run([...args, '--csv']),
    run([...args, '--format', 'ndjson']),
  ]);
  for (const r of [table, json, csv, ndjson]) expectOk(r);
  const body = parseJson(json.stdout);
  const rows = rowsOf(body);
  const parsed = parseCsv(csv.stdout);
  expect(parsed.header.length).toBeGreaterThan(0);
  expect(parsed.rows).toHaveLength(rows.length);
  if (options.csvHeader) expect(parsed.header).toEqual(options.csvHeader);
  const lines = parseNdjson(ndjson.stdout);
  expect(lines).toHaveLength(rows.length);
  for (const line of lines) expect(Object.keys(line)).toEqual(parsed.header);
  expect(table.stdout.length).toBeGreaterThan(0);
  expect(table.stdout).not.toMatch(/^\s*[[{]/); // not JSON
  return { table, json: body, csv: parsed, ndjson: lines };
}

describe.concurrent('portfolio', () => {
  it('in every format', async () => {
    const { table, json, csv } = await allFormats(['portfolio'], (b) => (b as { communities: unknown[] }).communities, {
      csvHeader: ['id', 'name', 'address', 'external_community_id', 'comp_count', 'latest_pricing_date'],
    });
    const body = json as { communities: PortfolioRow[]; total: number };
    expect(body.total).toBe(body.communities.length);
    expect(body.communities.length).toBeGreaterThan(5);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+ADDRESS/);
    expect(table.stdout).toContain(subject.name);
    expect(csv.rows[0]!.id).toBe(body.communities[0]!.id);
  });

  it('--include-pricing adds the pricing summary; --no-comp-count drops the count', async () => {
    const [pricing, noCount, noCountCsv] = await Promise.all([
      run(['portfolio', '--include-pricing', '--json']),
      run(['portfolio', '--no-comp-count', '--json']),
      run(['portfolio', '--include-pricing', '--no-comp-count', '--csv']),
    ]);
    const withPricing = parseJson<{ communities: PortfolioRow[] }>(pricing.stdout).communities;
    expect(withPricing.every((c) => c.pricing_summary && typeof c.comp_count === 'number')).toBe(true);
    const without = parseJson<{ communities: PortfolioRow[] }>(noCount.stdout).communities;
    expect(without.every((c) => !('comp_count' in c) && !('pricing_summary' in c))).toBe(true);
    const header = parseCsv(noCountCsv.stdout).header;
    expect(header).toContain('avg_market_rent_cents');
    expect(header).not.toContain('comp_count');
    // Money is raw integer cents in csv.
    for (const row of parseCsv(noCountCsv.stdout).rows)
      if (row.avg_market_rent_cents) expect(row.avg_market_rent_cents).toMatch(/^\d+$/);
  });
});

describe.concurrent('communities', () => {
  it('list in every format, 50 per page by default', async () => {
    const { json } = await allFormats(['communities', 'list'], (b) => (b as CommunityPage).communities);
    const page = json as CommunityPage;
    expect(page.offset).toBe(0);
    expect(page.communities.length).toBe(Math.min(page.total, 50));
  });

  it('--limit and --offset page through the same order; table says there is more', async () => {
    const [all, page, table] = await Promise.all([
      run(['communities', 'list', '--all', '--json']),
      run(['communities', 'list', '--limit', '3', '--offset', '2', '--json']),
      run(['communities', 'list', '--limit', '3']),
    ]);
    const every = parseJson<CommunityPage>(all.stdout);
    const slice = parseJson<CommunityPage>(page.stdout);
    expect(slice).toMatchObject({ limit: 3, offset: 2, total: every.total });
    expect(slice.communities.map((c) => c.id)).toEqual(every.communities.slice(2, 5).map((c) => c.id));
    expect(table.stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(table.stderr).toMatch(/Showing 1–3 of \d+; use --offset 3 or --all/);
  });

  it('--all prints one JSON document with every row', async () => {
    const r = await run(['communities', 'list', '--all', '--json']);
    expectOk(r);
    const page = parseJson<CommunityPage>(r.stdout);
    expect(page.communities).toHaveLength(page.total);
    expect(new Set(page.communities.map((c) => c.id)).size).toBe(page.total);
    const csv = await run(['communities', 'list', '--all', '--csv']);
    expect(parseCsv(csv.stdout).rows).toHaveLength(page.total);
  });

  it('--search filters by name, address or external id, case-insensitively', async () => {
    const city = subject.address.split(',').at(-2)!.trim(); // "Austin"
    const r = await run(['communities', 'list', '--search', city.toUpperCase(), '--all', '--json']);
    expectOk(r);
    const page = parseJson<CommunityPage>(r.stdout);
    expect(page.total).toBeGreaterThan(0);
    for (const c of page.communities) expect(`${c.name} ${c.address} ${c.external_community_id}`.toLowerCase()).toContain(city.toLowerCase());
    const none = await run(['communities', 'list', '--search', 'zz-no-such-community-zz']);
    expectOk(none);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/No communities match/);
    const noneJson = await run(['communities', 'list', '--search', 'zz-no-such-community-zz', '--json']);
    expect(parseJson<CommunityPage>(noneJson.stdout)).toMatchObject({ communities: [], total: 0 });
  });

  it('show: a record for people, the full detail in --json, one row in csv/ndjson', async () => {
    const [table, json, csv, ndjson] = await Promise.all([
      run(['communities', 'show', subject.id]),
      run(['communities', 'show', subject.id, '--json']),
      run(['communities', 'show', subject.id, '--csv']),
      run(['communities', 'show', subject.id, '--format', 'ndjson']),
    ]);
    for (const r of [table, json, csv, ndjson]) expectOk(r);
    expect(table.stdout).toContain(subject.name);
    expect(table.stdout).toContain('Floor plans');
    expect(table.stdout).toContain('Active comparables');
    const detail = parseJson<{ community: { id: string; pricing_summary: unknown }; comps: unknown[] }>(json.stdout);
    expect(detail.community.id).toBe(subject.id);
    expect(detail.comps.length).toBe(subject.comp_count);
    const rows = parseCsv(csv.stdout);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.id).toBe(subject.id);
    expect(parseNdjson(ndjson.stdout)).toHaveLength(1);
    const lean = parseJson<Record<string, unknown>>((await run(['communities', 'show', subject.id, '--no-comps', '--json'])).stdout);
    expect(lean).not.toHaveProperty('comps');
  });

  it('batch: several ids (spaces or commas), unknown ones reported on stderr', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const { json, table } = await allFormats(['communities', 'batch', subject.id, `${other.id},${missing}`], (b) => (b as { communities: unknown[] }).communities);
    const body = json as { communities: Array<{ id: string }>; not_found: string[] };
    expect(body.communities.map((c) => c.id)).toEqual([subject.id, other.id]);
    expect(body.not_found).toEqual([missing]);
    expect(table.stderr).toContain(`not found: ${missing}`);
    const withComps = parseJson<{ communities: Array<{ comp_count: number }> }>(
      (await run(['communities', 'batch', subject.id, '--include-comps', '--json'])).stdout,
    );
    expect(withComps.communities[0]!.comp_count).toBe(subject.comp_count);
  });
});

describe.concurrent('comps list', () => {
  it('in every format, nearest first', async () => {
    const { json } = await allFormats(['comps', 'list', subject.id], (b) => (b as { comps: unknown[] }).comps);
    const comps = (json as { comps: Array<{ distance_miles: number | null; is_included_in_surveys: boolean }> }).comps;
    expect(comps).toHaveLength(subject.comp_count!);
    const distances = comps.map((c) => c.distance_miles ?? Infinity);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('--include-pricing adds columns', async () => {
    const r = await run(['comps', 'list', subject.id, '--include-pricing', '--csv']);
    expectOk(r);
    expect(parseCsv(r.stdout).header).toEqual(expect.arrayContaining(['floor_plan_count', 'avg_market_rent_cents']));
  });
});

describe.concurrent('pricing', () => {
  it('history in every format: the last 30 days by default', async () => {
    const { json, csv } = await allFormats(['pricing', 'history', subject.id], (b) => (b as Pricing).pricing);
    const body = json as Pricing;
    expect(body.date_range).toEqual({ start: addDays(today, -29), end: today });
    expect(body.pricing.length).toBeGreaterThan(0);
    for (const row of csv.rows) {
      expect(row.as_of_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.market_rent_cents).toMatch(/^\d+$/);
    }
  });

  it('--days, --start/--end, --latest, --floor-plan', async () => {
    const [days, range, latest, all] = await Promise.all([
      run(['pricing', 'history', subject.id, '--days', '60', '--json']),
      run(['pricing', 'history', subject.id, '--start', addDays(today, -45), '--end', addDays(today, -20), '--json']),
      run(['pricing', 'history', subject.id, '--latest', '--json']),
      run(['pricing', 'history', subject.id, '--days', '365', '--json']),
    ]);
    const d = parseJson<Pricing>(days.stdout);
    expect(d.date_range).toEqual({ start: addDays(today, -59), end: today });
    expect(d.pricing.every((p) => p.as_of_date >= d.date_range.start && p.as_of_date <= today)).toBe(true);
    const year = parseJson<Pricing>(all.stdout);
    expect(year.pricing.length).toBeGreaterThan(d.pricing.length);

    const r = parseJson<Pricing>(range.stdout);
    expect(r.date_range).toEqual({ start: addDays(today, -45), end: addDays(today, -20) });
    expect(r.pricing.length).toBeGreaterThan(0);
    expect(r.pricing.every((p) => p.as_of_date >= r.date_range.start && p.as_of_date <= r.date_range.end)).toBe(true);

    const l = parseJson<Pricing>(latest.stdout);
    const plans = l.pricing.map((p) => p.floor_plan_id);
    expect(new Set(plans).size).toBe(plans.length);
    expect(plans.length).toBeGreaterThan(0);

    const plan = plans[0]!;
    const one = await run(['pricing', 'history', subject.id, '--floor-plan', plan, '--days', '90', '--json']);
    const onePlan = parseJson<Pricing>(one.stdout);
    expect(onePlan.pricing.length).toBeGreaterThan(1);
    expect(onePlan.pricing.every((p) => p.floor_plan_id === plan)).toBe(true);
  });

  it('--chart draws a chart in table mode; with --json it is a usage error', async () => {
    const chart = await run(['pricing', 'history', subject.id, '--days', '120', '--chart']);
    expectOk(chart);
    expect(chart.stdout).toContain(subject.name);
    expect(chart.stdout).toMatch(/┤/);
    expect(chart.stdout).toMatch(/└─+/);
    const ner = await run(['pricing', 'history', subject.id, '--days', '120', '--chart', '--ner']);
    expectOk(ner);
    expect(ner.stdout).toContain('net effective');
    for (const args of [['--json'], ['--csv'], ['--format', 'ndjson']]) {
      const bad = await run(['pricing', 'history', subject.id, '--chart', ...args]);
      expect(bad.exitCode).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toMatch(/--chart/);
    }
  });

  it('invalid dates are rejected before sending', async () => {
    const r = await run(['--debug', 'pricing', 'history', subject.id, '--start', '2026-13-45']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toMatch(/> GET/);
  });

  it('floor-plans in every format', async () => {
    const { json } = await allFormats(['pricing', 'floor-plans', subject.id], (b) => (b as { floor_plans: unknown[] }).floor_plans);
    expect((json as { floor_plans: unknown[] }).floor_plans.length).toBeGreaterThan(0);
  });
});

describe.concurrent('vacancy and overview', () => {
  it('vacancy in every format', async () => {
    const { json, table } = await allFormats(['vacancy', subject.id], () => [null]);
    expect(json).toMatchObject({ community_id: subject.id, has_data: true });
    expect(table.stdout).toContain(subject.name);
    expect(table.stdout).toMatch(/^14-day vacancy:\s+\d/m); // the command's own label, not one made from the key
  });

  it('vacancy trend in every format, with projections in the table', async () => {
    const { json, table } = await allFormats(['vacancy', 'trend', subject.id], (b) => (b as { trends: unknown[] }).trends);
    expect((json as { trends: unknown[] }).trends.length).toBeGreaterThan(10);
    expect(table.stdout).toMatch(/Projected vacancy/);
  });

  it('vacancy trend --chart draws subject and comparables; with --json it is a usage error', async () => {
    const chart = await run(['vacancy', 'trend', subject.id, '--chart']);
    expectOk(chart);
    expect(chart.stdout).toContain(subject.name);
    expect(chart.stdout).toContain('comparables');
    expect(chart.stdout).toMatch(/┤/);
    const bad = await run(['--debug', 'vacancy', 'trend', subject.id, '--chart', '--json']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).not.toMatch(/> GET/); // refused before sending, like pricing history --chart
  });

  it('overview in every format, with the summary under the table', async () => {
    const { json, table } = await allFormats(['overview', subject.id], (b) => (b as { floor_plans: unknown[] }).floor_plans);
    expect(json).toHaveProperty('overall_metrics');
    expect(table.stdout).toMatch(/Overall PSI/);
    expect(table.stdout).toMatch(/CRI/);
  });
});

describe.concurrent('users show', () => {
  it('in every format', async () => {
    const { json } = await allFormats(['users', 'show', userId], () => [null]);
    expect(json).toMatchObject({ id: userId, status: 'active' });
  });
});

describe.concurrent('--fields', () => {
  it('limits and orders columns in csv, ndjson, json and table', async () => {
    const [csv, ndjson, json, table] = await Promise.all([
      run(['--fields', 'name,id', 'portfolio', '--csv']),
      run(['portfolio', '--fields', 'name,id', '--format', 'ndjson']),
      run(['portfolio', '--fields', 'name,id', '--json']),
      run(['portfolio', '--fields', 'name,comp_count']),
    ]);
    expect(parseCsv(csv.stdout).header).toEqual(['name', 'id']);
    expect(Object.keys(parseNdjson(ndjson.stdout)[0]!)).toEqual(['name', 'id']);
    const body = parseJson<{ communities: Array<Record<string, unknown>>; total: number }>(json.stdout);
    expect(Object.keys(body.communities[0]!)).toEqual(['name', 'id']);
    expect(body.total).toBe(body.communities.length);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+COMPS$/);
  });

  it('works on record commands', async () => {
    const r = await run(['vacancy', subject.id, '--fields', 'vacancy_rate,total_units', '--csv']);
    expectOk(r);
    expect(parseCsv(r.stdout).header).toEqual(['vacancy_rate', 'total_units']);
  });

  it('an unknown field is a usage error (exit 2) listing the fields', async () => {
    for (const args of [['portfolio'], ['communities', 'show', subject.id], ['pricing', 'history', subject.id, '--csv']]) {
      const r = await run([...args, '--fields', 'bogus']);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/unknown field "bogus"/);
      expect(r.stderr).not.toMatch(/bug/);
    }
  });
});

describe.concurrent('errors', () => {
  it('404 → 4 for an unknown uuid, on every read command', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const runs = await Promise.all(
      [
        ['communities', 'show', missing],
        ['comps', 'list', missing],
        ['pricing', 'history', missing],
        ['pricing', 'floor-plans', missing],
        ['vacancy', missing],
        ['vacancy', 'trend', missing],
        ['overview', missing],
        ['users', 'show', missing],
      ].map((args) => run([...args, '--json'])),
    );
    for (const r of runs) {
      expect(r.exitCode, r.stderr).toBe(4);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: .*not found/);
    }
  });

  it('a malformed uuid → 2, rejected before sending', async () => {
    const r = await run(['--debug', 'communities', 'show', 'not-a-uuid']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/expected a UUID/);
    expect(r.stderr).not.toMatch(/> GET/);
  });
});

describe.concurrent('streams and colors', () => {
  it('--json puts only JSON on stdout and messages on stderr', async () => {
    const r = await run(['communities', 'batch', subject.id, '00000000-0000-4000-8000-000000000000', '--json']);
    expectOk(r);
    parseJson(r.stdout);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stderr).toMatch(/^warning: not found/);
  });

  it('no ANSI escapes in piped output, even without NO_COLOR', async () => {
    const runs = await Promise.all(
      [
        ['portfolio'],
        ['overview', subject.id],
        ['comps', 'list', subject.id],
        ['pricing', 'history', subject.id, '--chart'],
        ['vacancy', 'trend', subject.id, '--chart'],
        ['communities', 'show', subject.id],
        ['portfolio', '--json'],
        ['communities', 'show', 'not-a-uuid'],
      ].map((args) => run(args, { env: { NO_COLOR: undefined } })),
    );
    for (const r of runs) {
      expect(ANSI.test(r.stdout)).toBe(false);
      expect(ANSI.test(r.stderr)).toBe(false);
    }
  });

  it('FORCE_COLOR=1 colors tables; NO_COLOR=1 and --no-color do not', async () => {
    const [forced, noColor, flag, json, csv] = await Promise.all([
      run(['overview', subject.id], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }),
      run(['overview', subject.id], { env: { NO_COLOR: '1' } }),
      run(['--no-color', 'overview', subject.id], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }),
      run(['overview', subject.id, '--json'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }),
      run(['overview', subject.id, '--csv'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }),
    ]);
    expect(ANSI.test(forced.stdout)).toBe(true);
    expect(ANSI.test(noColor.stdout)).toBe(false);
    expect(ANSI.test(flag.stdout)).toBe(false);
    // Machine formats never carry color.
    expect(ANSI.test(json.stdout)).toBe(false);
    parseJson(json.stdout);
    expect(ANSI.test(csv.stdout)).toBe(false);
    // Same text once the colors are taken out.
    // eslint-disable-next-line no-control-regex
    expect(forced.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(noColor.stdout);
  });

  it('--quiet drops success messages but keeps the data', async () => {
    const r = await run(['--quiet', 'communities', 'list', '--limit', '2']);
    expectOk(r);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(3);
  });

  it('a reader that stops early (| head) ends the command quietly, without a stack', async () => {
    const command = (args: string) => `"${process.execPath}" "${BIN}" ${args} | true; echo "status \${PIPESTATUS[0]}" >&2`;
    for (const args of [`communities show ${subject.id}`, 'pricing export --out - --days 365']) {
      const r = await execa('bash', ['-c', command(args)], { env: { ...sb.env, ...env }, extendEnv: false, reject: false, stdin: 'ignore' });
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled|at /);
      expect(r.stderr).toMatch(/status 0$/);
    }
  });

  // util-linux `script` gives the CLI a pseudo-terminal for stdin, stdout and stderr.
  it.skipIf(!existsSync('/usr/bin/script'))('on a terminal: colors by default, none with NO_COLOR=1 or --no-color', async () => {
    const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
    const tty = (args: string[], extra: Record<string, string | undefined>) => {
      const merged: Record<string, string> = {};
      for (const [name, value] of Object.entries({ ...sb.env, ...env, TERM: 'xterm-256color', PATH: process.env.PATH, ...extra }))
        if (value !== undefined) merged[name] = value;
      return execa('/usr/bin/script', ['-qec', [process.execPath, BIN, ...args].map(quote).join(' '), '/dev/null'], {
        env: merged,
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
        timeout: 20_000,
      });
    };
    const args = ['vacancy', subject.id];
    const [plain, noColor, flag] = await Promise.all([
      tty(args, { NO_COLOR: undefined }),
      tty(args, { NO_COLOR: '1' }),
      tty(['--no-color', ...args], { NO_COLOR: undefined }),
    ]);
    for (const r of [plain, noColor, flag]) expect(r.exitCode, String(r.stdout)).toBe(0);
    expect(ANSI.test(String(plain.stdout))).toBe(true);
    expect(ANSI.test(String(noColor.stdout))).toBe(false);
    expect(ANSI.test(String(flag.stdout))).toBe(false);
    expect(String(noColor.stdout)).toContain(subject.name);
  });
});
