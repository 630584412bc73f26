// portfolio, and the global output flags every list command shares (--format and
// its shorthands, --fields, --quiet, colors), shown on this one command.
import { describe, expect } from 'vitest';
import {
  allFormats,
  ANSI,
  expectOk,
  it,
  parseCsv,
  parseJson,
  parseNdjson,
  type PortfolioRow,
} from '../../../../test/helpers/run-cli.js';

describe('portfolio', () => {
  it('in every format', async ({ cli }) => {
    const { table, json, csv } = await allFormats(cli, ['--local', 'portfolio'], (b) => (b as { communities: unknown[] }).communities);
    const body = json as { communities: PortfolioRow[]; total: number };
    expect(csv.header).toEqual(['id', 'name', 'address', 'external_community_id', 'comp_count', 'latest_pricing_date']);
    expect(body.total).toBe(body.communities.length);
    expect(body.communities.length).toBeGreaterThan(5);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+ADDRESS/);
    expect(table.stdout).toContain(body.communities[0]!.name);
    expect(csv.rows[0]!.id).toBe(body.communities[0]!.id);
  });

  it('--include-pricing adds the pricing summary; --no-comp-count drops the count', async ({ cli }) => {
    const [pricing, noCount, noCountCsv] = await Promise.all([
      cli.run(['--local', 'portfolio', '--include-pricing', '--json']),
      cli.run(['--local', 'portfolio', '--no-comp-count', '--json']),
      cli.run(['--local', 'portfolio', '--include-pricing', '--no-comp-count', '--csv']),
    ]);
    const withPricing = parseJson<{ communities: PortfolioRow[] }>(pricing.stdout).communities;
    expect(withPricing.length).toBeGreaterThan(5);
    expect(withPricing.every((c) => c.pricing_summary && typeof c.comp_count === 'number')).toBe(true);
    const without = parseJson<{ communities: PortfolioRow[] }>(noCount.stdout).communities;
    expect(without).toHaveLength(withPricing.length);
    expect(without.every((c) => !('comp_count' in c) && !('pricing_summary' in c))).toBe(true);
    const { header, rows } = parseCsv(noCountCsv.stdout);
    expect(header).toContain('avg_market_rent_cents');
    expect(header).not.toContain('comp_count');
    // Money is raw integer cents in csv: every demo community has surveys, so every row has an amount.
    expect(rows).toHaveLength(withPricing.length);
    expect(rows.map((row) => row.avg_market_rent_cents)).toEqual(rows.map(() => expect.stringMatching(/^\d+$/)));
  });

  it('an empty portfolio says so on stderr, and --quiet keeps it quiet', async ({ cli }) => {
    expectOk(await cli.run(['local', 'reset', '--empty', '--yes']));
    const table = expectOk(await cli.run(['--local', 'portfolio']));
    expect(table.stdout).toBe('');
    expect(table.stderr).toMatch(/No communities yet/);
    const quiet = expectOk(await cli.run(['--local', '--quiet', 'portfolio']));
    expect(quiet).toMatchObject({ stdout: '', stderr: '' });
    expect(parseJson(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout)).toEqual({ communities: [], total: 0 });
  });
});

describe('--format and its shorthands', () => {
  it('--ndjson is a shorthand for --format ndjson', async ({ cli }) => {
    const r = expectOk(await cli.run(['--local', 'portfolio', '--ndjson', '--fields', 'name,comp_count']));
    const rows = parseNdjson(r.stdout);
    expect(rows.length).toBeGreaterThan(20);
    expect(Object.keys(rows[0]!)).toEqual(['name', 'comp_count']);
  });

  it('shorthands exclude each other and a contradicting --format (exit 2)', async ({ cli }) => {
    for (const [args, message] of [
      [['--ndjson', '--json'], /only one of --json, --csv and --ndjson/],
      [['--json', '--csv'], /--json/],
      [['--json', '--format', 'csv'], /--json conflicts with --format csv/],
    ] as const) {
      const r = await cli.run(['--local', 'portfolio', ...args]);
      expect(r.exitCode).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('--fields', () => {
  it('limits and orders columns in csv, ndjson, json and table', async ({ cli }) => {
    const [csv, ndjson, json, table] = await Promise.all([
      cli.run(['--local', '--fields', 'name,id', 'portfolio', '--csv']),
      cli.run(['--local', 'portfolio', '--fields', 'name,id', '--format', 'ndjson']),
      cli.run(['--local', 'portfolio', '--fields', ' name, id ', '--json']),
      cli.run(['--local', 'portfolio', '--fields', 'name,comp_count']),
    ]);
    expect(parseCsv(csv.stdout).header).toEqual(['name', 'id']);
    expect(Object.keys(parseNdjson(ndjson.stdout)[0]!)).toEqual(['name', 'id']);
    const body = parseJson<{ communities: Array<Record<string, unknown>>; total: number }>(json.stdout);
    expect(Object.keys(body.communities[0]!)).toEqual(['name', 'id']);
    expect(body.total).toBe(body.communities.length);
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+COMPS$/);
  });

  it('an unknown field is a usage error listing the fields; an empty list too', async ({ cli }) => {
    const r = await cli.run(['--local', 'portfolio', '--fields', 'bogus']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: unknown field "bogus"; available fields: id, name, /);
    expect(r.stderr).not.toMatch(/bug/);
    const empty = await cli.run(['--local', '--fields', ',', 'portfolio']);
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toMatch(/--fields needs at least one field name/);
  });
});

describe('colors', () => {
  it('no ANSI escapes when piped, even without NO_COLOR', async ({ cli }) => {
    // The sandbox itself fails a run that prints ANSI without FORCE_COLOR.
    for (const args of [['portfolio'], ['portfolio', '--json']]) expectOk(await cli.run(['--local', ...args], { env: { NO_COLOR: undefined } }));
  });

  it('FORCE_COLOR colors tables and nothing else; NO_COLOR and --no-color win on a terminal', async ({ cli }) => {
    const forced = expectOk(await cli.run(['--local', 'portfolio', '--include-pricing'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }));
    const plain = expectOk(await cli.run(['--local', 'portfolio', '--include-pricing']));
    expect(forced.stdout).toMatch(ANSI);
    // eslint-disable-next-line no-control-regex
    expect(forced.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain.stdout);
    const json = expectOk(await cli.run(['--local', 'portfolio', '--json'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }));
    expect(json.stdout).not.toMatch(ANSI);
    const csv = expectOk(await cli.run(['--local', 'portfolio', '--csv'], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }));
    expect(csv.stdout).not.toMatch(ANSI);

    const tty = { isTTY: true, columns: 200 };
    expect(expectOk(await cli.run(['--local', 'portfolio'], { ...tty, env: { NO_COLOR: undefined } })).stdout).toMatch(ANSI);
    expect(expectOk(await cli.run(['--local', 'portfolio'], { ...tty, env: { NO_COLOR: '1' } })).stdout).not.toMatch(ANSI);
    expect(expectOk(await cli.run(['--local', '--no-color', 'portfolio'], { ...tty, env: { NO_COLOR: undefined } })).stdout).not.toMatch(ANSI);
  });

  it('a terminal gets a boxed table fitted to its width; a pipe gets plain columns', async ({ cli }) => {
    const tty = expectOk(await cli.run(['--local', 'portfolio'], { isTTY: true, columns: 100 }));
    // One column too many: the survey date, the same on every row, is said once above the table instead.
    expect(tty.stdout).toMatch(/^LATEST SURVEY \d{4}-\d\d-\d\d \(every row\)\n┌/);
    for (const line of tty.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(100);
    const piped = expectOk(await cli.run(['--local', 'portfolio']));
    expect(piped.stdout).not.toMatch(/[┌│]/);
  });
});
