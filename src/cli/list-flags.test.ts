// The global flags for lists, through real commands: --sort, --limit, --dollars, the pager
// (--no-pager) and their usage errors. Exact dollar figures come from the market dataset
// (examples/market-changes.json, hand-computed in digest.test.ts and target.test.ts).
import { describe, expect } from 'vitest';
import { MAPLE, marketForTests } from '../../test/helpers/market-changes.js';
import { expectOk, it, parseCsv, parseJson, parseNdjson, type PortfolioRow } from '../../test/helpers/run-cli.js';

const market = marketForTests();
const NOW = '2026-11-12T15:00:00.000Z';

type Page = { communities: Array<{ name: string }>; total: number; limit: number; offset: number };

describe('--sort and --limit', () => {
  it('order and cut csv, ndjson, tables and md the same way', async ({ cli }) => {
    const all = parseJson<{ communities: PortfolioRow[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).communities;
    // Stable: equal counts keep the service's order.
    const expected = all
      .map((c, i) => ({ ...c, i }))
      .sort((a, b) => (b.comp_count ?? 0) - (a.comp_count ?? 0) || a.i - b.i)
      .slice(0, 5)
      .map((c) => c.name);
    const flags = ['--sort', '-comp_count', '--limit', '5'];
    const csv = parseCsv(expectOk(await cli.run(['--local', 'portfolio', ...flags, '--csv'])).stdout);
    expect(csv.rows.map((r) => r.name)).toEqual(expected);
    const ndjson = parseNdjson<{ name: string }>(expectOk(await cli.run(['--local', 'portfolio', '--ndjson', '--sort=-comp_count', '--limit=5'])).stdout);
    expect(ndjson.map((r) => r.name)).toEqual(expected);
    const tableRun = expectOk(await cli.run(['--local', 'portfolio', ...flags]));
    const table = tableRun.stdout.trimEnd().split('\n');
    expect(table).toHaveLength(6);
    // A table says what --limit left out (on stderr); csv and ndjson do not.
    expect(tableRun.stderr).toContain(`The first 5 of ${all.length} rows (--limit)`);
    expect(expectOk(await cli.run(['--local', 'portfolio', ...flags, '--csv'])).stderr).not.toContain('--limit');
    expected.forEach((name, i) => expect(table[i + 1]).toContain(name));
    const md = expectOk(await cli.run(['--local', 'portfolio', ...flags, '--format', 'md'])).stdout.trimEnd().split('\n');
    expect(md).toHaveLength(7);
    expect(md[2]).toContain(expected[0]);
  });

  it('sorts text by name, case-insensitively, and by any column, shown or not', async ({ cli }) => {
    const names = parseCsv(expectOk(await cli.run(['--local', 'portfolio', '--sort', 'NAME', '--csv', '--fields', 'name'])).stdout).rows.map((r) => r.name!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' })));
    const byId = expectOk(await cli.run(['--local', 'portfolio', '--sort', '-id', '--fields', 'name', '--limit', '1']));
    expect(byId.stdout.split('\n')).toHaveLength(3);
  });

  it('a column the list does not have: exit 2, naming those it has; nothing printed', async ({ cli }) => {
    const r = await cli.run(['--local', 'portfolio', '--sort', 'nope']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toMatch(/^error: --sort: no column "nope"; available columns: id, name, address, external_community_id, comp_count, latest_pricing_date \(prefix - for descending\)$/m);
  });

  it('--limit must be a whole number of rows; --sort needs a column', async ({ cli }) => {
    for (const [args, message] of [
      [['--limit', '0'], /--limit: "0" is not a whole number from 1 up\nhint: leave --limit out to print every row/],
      [['--limit', 'all'], /--limit: "all" is not a whole number from 1 up/],
      [['--sort', '-'], /--sort needs a column name/],
    ] as const) {
      const r = await cli.run(['--local', 'portfolio', ...args]);
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toMatch(message);
    }
  });

  it('--json is the service answer as it came: --sort and --limit are refused, except where --limit is the page asked for', async ({ cli }) => {
    const sorted = await cli.run(['--local', 'portfolio', '--json', '--sort', 'name']);
    expect(sorted).toMatchObject({ exitCode: 2, stdout: '' });
    expect(sorted.stderr).toMatch(/--sort orders table, csv, ndjson and md output; --json prints the service's answer as it came/);
    const limited = await cli.run(['--local', 'portfolio', '--json', '--limit', '3']);
    expect(limited).toMatchObject({ exitCode: 2, stdout: '' });
    expect(limited.stderr).toMatch(/--limit cuts table, csv, ndjson and md output/);
    const page = parseJson<Page>(expectOk(await cli.run(['--local', 'communities', 'list', '--json', '--limit', '3'])).stdout);
    expect(page.communities).toHaveLength(3);
    expect(page).toMatchObject({ limit: 3, offset: 0 });
  });

  it('communities list: --limit is the page (followed past 100), --sort orders every community, not a page', async ({ cli }) => {
    const all = parseJson<Page>(expectOk(await cli.run(['--local', 'communities', 'list', '--all', '--json'])).stdout);
    expect(all.total).toBeGreaterThan(20);
    const big = parseJson<Page>(expectOk(await cli.run(['--local', 'communities', 'list', '--json', '--limit', '150'])).stdout);
    expect(big.communities.map((c) => c.name)).toEqual(all.communities.map((c) => c.name));
    expect(big).toMatchObject({ total: all.total, offset: 0 });
    const names = all.communities.map((c) => c.name).sort((a, b) => b.localeCompare(a, 'en', { numeric: true, sensitivity: 'base' }));
    const sorted = parseCsv(expectOk(await cli.run(['--local', 'communities', 'list', '--sort', '-name', '--limit', '4', '--csv'])).stdout);
    expect(sorted.rows.map((r) => r.name)).toEqual(names.slice(0, 4));
    const offset = await cli.run(['--local', 'communities', 'list', '--sort', 'name', '--offset', '5']);
    expect(offset).toMatchObject({ exitCode: 2, stdout: '' });
    expect(offset.stderr).toMatch(/--offset pages through the service's order; --sort orders every community/);
    const page = expectOk(await cli.run(['--local', 'communities', 'list', '--limit', '5']));
    expect(page.stdout.trimEnd().split('\n')).toHaveLength(6);
    expect(page.stderr).toMatch(/Showing 1–5 of \d+; use --offset 5 or --all\./);
  });

  it('digest: --sort and --limit order and cut the changes in csv and ndjson', async () => {
    const r = await market().run(['digest', '--since', '2026-11-02', '--ndjson', '--sort', '-move', '--limit', '3'], { now: NOW });
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { before: number; after: number });
    expect(rows.map((row) => row.after - row.before)).toEqual([9_375, 2_500, 2_500]);
  });

  it('digest for people (table, md) is a summary: --sort and --limit are refused there', async () => {
    for (const format of ['table', 'md']) {
      const r = await market().run(['digest', '--since', '2026-11-02', '--format', format, '--limit', '3'], { now: NOW });
      expect(r).toMatchObject({ code: 2, stdout: '' });
      expect(r.stderr).toMatch(/summarizes the changes; --sort and --limit are for --csv and --ndjson/);
    }
  });
});

describe('--dollars', () => {
  it('pricing history: every *_cents column in dollars with two decimals, renamed *_dollars', async () => {
    const cents = parseCsv((await market().run(['pricing', 'history', MAPLE, '--latest', '--csv'], { now: NOW })).stdout);
    const r = await market().run(['pricing', 'history', MAPLE, '--latest', '--csv', '--dollars'], { now: NOW });
    expect(r.code, r.stderr).toBe(0);
    const dollars = parseCsv(r.stdout);
    expect(dollars.header).toEqual(cents.header.map((h) => h.replace(/_cents$/, '_dollars')));
    expect(dollars.header).toContain('net_effective_rent_per_sqft_dollars');
    const a1 = dollars.rows.find((row) => row.floor_plan_name === 'A1')!;
    expect(a1).toMatchObject({ market_rent_dollars: '1800.00', net_effective_rent_dollars: '1700.00', concession_value_dollars: '100.00' });
    for (const [i, row] of dollars.rows.entries())
      for (const key of cents.header.filter((h) => h.endsWith('_cents'))) {
        const value = cents.rows[i]![key]!;
        expect(row[key.replace(/_cents$/, '_dollars')]).toBe(value === '' ? '' : (Math.round(Number(value)) / 100).toFixed(2));
      }
  });

  it('overview in ndjson: dollars as JSON numbers with two decimals; a range in dollars too', async () => {
    const r = await market().run(['overview', MAPLE, '--ndjson', '--dollars'], { now: NOW });
    expect(r.code, r.stderr).toBe(0);
    const first = r.stdout.split('\n')[0]!;
    expect(first).toContain('"base_subject_rent":1800.00');
    expect(first).toContain('"market_range":"1750.00-1900.00"');
    expect(parseNdjson(r.stdout)[0]).toMatchObject({ base_subject_rent: 1800, ner_subject_rent: 1700 });
  });

  it('digest: rent and NER changes in dollars, vacancy and units as they are', async () => {
    const r = await market().run(['digest', '--since', '2026-11-02', '--csv', '--dollars'], { now: NOW });
    expect(r.code, r.stderr).toBe(0);
    const rows = parseCsv(r.stdout).rows;
    expect(rows.find((c) => c.kind === 'ner' && c.floor_plan_name === 'B-B2')).toMatchObject({ before: '2400.00', after: '2123.08' });
    expect(rows.find((c) => c.kind === 'vacancy')).toMatchObject({ before: '2.5', after: '5' });
    expect(rows.find((c) => c.kind === 'units_available' && c.floor_plan_name === 'B2')).toMatchObject({ before: '2', after: '5' });
  });

  it('records (communities show) and target in csv; --fields and --sort take either name', async () => {
    const show = parseCsv((await market().run(['communities', 'show', MAPLE, '--csv', '--dollars'], { now: NOW })).stdout);
    expect(show.header).toContain('avg_market_rent_dollars');
    expect(show.rows[0]!.avg_market_rent_dollars).toMatch(/^\d+\.\d\d$/);
    const target = await market().run(['pricing', 'target', MAPLE, '--band', 'market', '--csv', '--dollars', '--fields', 'floor_plan_name,target_rent_cents,change_dollars', '--sort', 'target_rent_dollars'], { now: NOW });
    expect(target.code, target.stderr).toBe(0);
    const { header, rows } = parseCsv(target.stdout);
    expect(header).toEqual(['floor_plan_name', 'target_rent_dollars', 'change_dollars']);
    const targets = rows.map((row) => row.target_rent_dollars);
    // Dollars with two decimals, or empty where a plan has no target; at least one plan has one.
    expect(targets).toEqual(rows.map(() => expect.stringMatching(/^(\d+\.\d\d)?$/)));
    expect(targets.filter((target) => target !== '').length).toBeGreaterThan(0);
  });

  it('pricing export writes dollars the same way, through the same transform', async () => {
    const args = ['pricing', 'export', '--out', '-', '--start', '2026-10-20', '--end', '2026-11-12'];
    const cents = parseCsv((await market().run(args, { now: NOW })).stdout);
    const r = await market().run([...args, '--dollars'], { now: NOW });
    expect(r.code, r.stderr).toBe(0);
    const dollars = parseCsv(r.stdout);
    expect(dollars.header).toEqual(cents.header.map((h) => h.replace(/_cents$/, '_dollars')));
    expect(dollars.rows).toHaveLength(cents.rows.length);
    expect(dollars.rows[0]!.market_rent_dollars).toBe((Number(cents.rows[0]!.market_rent_cents) / 100).toFixed(2));
  });

  it('with a table, md or --json it says what it is for (exit 2)', async ({ cli }) => {
    for (const args of [[], ['--format', 'table'], ['--json'], ['--format', 'md']]) {
      const r = await cli.run(['--local', 'portfolio', '--include-pricing', '--dollars', ...args]);
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toMatch(/--dollars is for --format csv or ndjson \(and pricing export\)/);
    }
    const csv = parseCsv(expectOk(await cli.run(['--local', 'portfolio', '--include-pricing', '--dollars', '--csv'])).stdout);
    expect(csv.header).toContain('avg_market_rent_dollars');
  });
});

describe('the pager', () => {
  // A pager that marks what went through it; a test's terminal gets what the pager prints.
  const pager = { RENTSURVEY_PAGER: "sed 's/^/paged: /'" };

  it('long output on a terminal goes through it; short output, --no-pager and a pipe do not', async ({ cli }) => {
    const long = expectOk(await cli.run(['--local', 'portfolio'], { isTTY: true, columns: 120, env: pager }));
    expect(long.stdout.trimEnd().split('\n').every((line) => line.startsWith('paged: '))).toBe(true);
    // What the table left out is said after the pager quits, on stderr.
    expect(long.stderr).toMatch(/^Not shown: ID/m);
    const short = expectOk(await cli.run(['--local', 'portfolio', '--limit', '3'], { isTTY: true, columns: 120, env: pager }));
    expect(short.stdout).not.toMatch(/paged: /);
    expect(short.stdout).toMatch(/^┌/);
    const off = expectOk(await cli.run(['--local', 'portfolio', '--no-pager'], { isTTY: true, columns: 120, env: pager }));
    expect(off.stdout).not.toMatch(/paged: /);
    const piped = expectOk(await cli.run(['--local', 'portfolio'], { env: pager }));
    expect(piped.stdout).not.toMatch(/paged: /);
  });

  it('$PAGER when $RENTSURVEY_PAGER is not set; a pager that is missing shows the output itself, exit 0', async ({ cli }) => {
    const fromPager = expectOk(await cli.run(['--local', 'portfolio'], { isTTY: true, env: { RENTSURVEY_PAGER: undefined, PAGER: "sed 's/^/more: /'" } }));
    // At 80 columns the survey date, the same for every community, is said once above the table.
    expect(fromPager.stdout).toMatch(/^more: LATEST SURVEY \d{4}-\d\d-\d\d \(every row\)\nmore: ┌/);
    const missing = await cli.run(['--local', 'portfolio'], { isTTY: true, env: { RENTSURVEY_PAGER: 'no-such-pager-rentsurvey' } });
    expect(missing.exitCode).toBe(0);
    expect(missing.stdout).toMatch(/^LATEST SURVEY \d{4}-\d\d-\d\d \(every row\)\n┌/);
    expect(missing.stdout.trimEnd().split('\n').length).toBeGreaterThan(25);
  });
});
