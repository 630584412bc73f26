// pricing export: the cron path. Atomic files, raw values, --since-last, failures.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { addDays } from '../../../domain/dates.js';
import { forwardingProxy } from '../../../../test/helpers/net.js';
import { copyDemoStore, expectOk, it, MISSING_ID, parseCsv, parseJson, startServer, type CliSandbox } from '../../../../test/helpers/run-cli.js';

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

const today = () => new Date().toISOString().slice(0, 10);
const exportTo = (cli: CliSandbox, ...flags: string[]) => cli.run(['--local', 'pricing', 'export', ...flags]);
const readCsv = async (path: string) => parseCsv(await readFile(path, 'utf8'));
const portfolio = async (cli: CliSandbox) =>
  parseJson<{ communities: Array<{ id: string; latest_pricing_date: string | null }> }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).communities;
/** Temporary files of an interrupted or failed write of `out` would show up here. */
const leftovers = async (out: string) => {
  const prefix = `.${out.split('/').at(-1)}.`;
  return (await readdir(join(out, '..'))).filter((f) => f.startsWith(prefix) && f.endsWith('.tmp'));
};

describe('pricing export --out', () => {
  it('writes the whole portfolio, last 30 days: header + rows, raw cents and ISO dates', async ({ cli }) => {
    const communities = await portfolio(cli);
    const out = join(cli.root, 'pricing.csv');
    const r = expectOk(await exportTo(cli, '--out', out));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Exported \d{1,3}(,\d{3})* pricing records of \d+ communities \(.* to .*\) to /);
    const { header, rows } = await readCsv(out);
    expect(header).toEqual(HEADER);
    expect(rows.length).toBeGreaterThan(communities.length);
    expect(new Set(rows.map((row) => row.community_id))).toEqual(new Set(communities.filter((c) => c.latest_pricing_date).map((c) => c.id)));
    for (const row of rows) {
      expect(row.as_of_date! >= addDays(today(), -29) && row.as_of_date! <= today()).toBe(true);
      for (const cents of ['market_rent_cents', 'net_effective_rent_cents', 'concession_value_cents', 'market_rent_per_sqft_cents'])
        expect(row[cents]).toMatch(/^\d+$/);
      expect(Number(row.market_rent_cents) - Number(row.net_effective_rent_cents)).toBe(Number(row.concession_value_cents));
    }
    expect(await leftovers(out)).toEqual([]);
  });

  it('--communities keeps its order; --start/--end and --days pick the window', async ({ cli }) => {
    const [a, b] = await portfolio(cli);
    const out = join(cli.root, 'two.csv');
    const start = addDays(today(), -60);
    const end = addDays(today(), -20);
    expectOk(await exportTo(cli, '--communities', `${a!.id},${b!.id}`, '--start', start, '--end', end, '--out', out));
    const { rows } = await readCsv(out);
    expect(new Set(rows.map((row) => row.community_id))).toEqual(new Set([a!.id, b!.id]));
    expect(rows[0]!.community_id).toBe(a!.id);
    expect(rows.every((row) => row.as_of_date! >= start && row.as_of_date! <= end)).toBe(true);
    const days = join(cli.root, 'days.csv');
    expectOk(await exportTo(cli, '--communities', a!.id, '--days', '90', '--out', days));
    const dates = (await readCsv(days)).rows.map((row) => row.as_of_date!);
    expect(dates.every((d) => d >= addDays(today(), -89))).toBe(true);
    expect(new Set(dates).size).toBeGreaterThan(8);
  });

  it('--since-last: the second run exports only newer dates; a third finds nothing new', async ({ cli }) => {
    const ids = (await portfolio(cli)).slice(0, 3).map((c) => c.id).join(',');
    const out = join(cli.root, 'delta.csv');
    const cut = addDays(today(), -14);
    expectOk(await exportTo(cli, '--communities', ids, '--end', cut, '--since-last', '--out', out));
    const first = (await readCsv(out)).rows;
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((row) => row.as_of_date! <= cut)).toBe(true);
    // The watermark is the latest date actually exported, not the run's end date.
    const watermark = first.map((row) => row.as_of_date!).sort().at(-1)!;
    const second = expectOk(await exportTo(cli, '--communities', ids, '--since-last', '--out', out));
    expect(second.stderr).toContain(`${addDays(watermark, 1)} to ${today()}`);
    const newer = (await readCsv(out)).rows;
    expect(newer.length).toBeGreaterThan(0);
    expect(newer.every((row) => row.as_of_date! > watermark && row.as_of_date! <= today())).toBe(true);
    const before = await readFile(out, 'utf8');
    const third = expectOk(await exportTo(cli, '--communities', ids, '--since-last', '--out', out));
    expect(third.stderr).toMatch(/Nothing new since \d{4}-\d{2}-\d{2}; .* left unchanged/);
    expect(await readFile(out, 'utf8')).toBe(before);
  });

  it('--state-name: two consumers of one file keep a state each, and neither advances the other', async ({ cli }) => {
    const ids = (await portfolio(cli)).slice(0, 2).map((c) => c.id).join(',');
    const out = join(cli.root, 'shared.csv');
    const cut = addDays(today(), -14);
    const job = (name: string, ...flags: string[]) => exportTo(cli, '--communities', ids, '--since-last', '--state-name', name, ...flags, '--out', out);
    // The warehouse loads up to two weeks ago; then the sheet's job runs for the first time: it starts 30 days back, not after the warehouse's watermark.
    expectOk(await job('warehouse', '--end', cut));
    const watermark = (await readCsv(out)).rows.map((row) => row.as_of_date!).sort().at(-1)!;
    expectOk(await job('sheet'));
    const sheet = (await readCsv(out)).rows.map((row) => row.as_of_date!);
    expect(sheet.some((date) => date <= watermark)).toBe(true);
    expect(sheet.every((date) => date >= addDays(today(), -29))).toBe(true);
    // The warehouse's next run starts after its own watermark, whatever the sheet took.
    const next = expectOk(await job('warehouse'));
    expect(next.stderr).toContain(`${addDays(watermark, 1)} to ${today()}`);
    expect((await readCsv(out)).rows.every((row) => row.as_of_date! > watermark)).toBe(true);
    // One state per name beside the file; the unnamed state is not touched.
    expect((await readdir(cli.root)).filter((f) => f.startsWith('.shared.csv.')).sort()).toEqual([
      '.shared.csv.sheet.rentsurvey-state.json',
      '.shared.csv.warehouse.rentsurvey-state.json',
    ]);
  });

  it('--since-last with a state file spoiled by hand: a warning, then a first run (30 days), and a good state again', async ({ cli }) => {
    const [good] = await portfolio(cli);
    const out = join(cli.root, 'spoiled.csv');
    const stateFile = join(cli.root, '.spoiled.csv.rentsurvey-state.json');
    for (const spoiled of ['null', '[]', '{"last_exported_date": 20261101}', '{"last_exported_date": "2026-13-01"}', '{oops']) {
      await writeFile(stateFile, spoiled);
      const r = expectOk(await exportTo(cli, '--communities', good!.id, '--since-last', '--out', out));
      // Unreadable JSON is simply no state yet; readable JSON without a date is said.
      if (spoiled !== '{oops') expect(r.stderr, spoiled).toContain(`warning: ${stateFile} holds no last exported date (YYYY-MM-DD)`);
      expect(r.stderr).not.toMatch(/bug/);
      expect(JSON.parse(await readFile(stateFile, 'utf8')).last_exported_date, spoiled).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('a failing community: the exit code of the failures, the previous file and state left unchanged', async ({ cli }) => {
    const [good] = await portfolio(cli);
    const out = join(cli.root, 'kept.csv');
    expectOk(await exportTo(cli, '--communities', good!.id, '--end', addDays(today(), -10), '--since-last', '--out', out));
    const before = await readFile(out, 'utf8');
    const stateFile = join(cli.root, '.kept.csv.rentsurvey-state.json');
    const state = await readFile(stateFile, 'utf8');
    const mtime = (await stat(out)).mtimeMs;
    const r = await exportTo(cli, '--communities', `${good!.id},${MISSING_ID}`, '--since-last', '--out', out);
    expect(r).toMatchObject({ exitCode: 4, stdout: '' }); // every failure was a 404
    // Named as the service could not: by the id it was asked for (a community of the portfolio would be by name).
    expect(r.stderr).toContain(`error: 1 of 2 communities could not be exported:\n  community ${MISSING_ID} not found: ${MISSING_ID}\n`);
    expect(r.stderr).toMatch(/export incomplete: .* left unchanged/);
    expect(await readFile(out, 'utf8')).toBe(before);
    expect((await stat(out)).mtimeMs).toBe(mtime);
    expect(await readFile(stateFile, 'utf8')).toBe(state);
    expect(await leftovers(out)).toEqual([]);
  });

  it('a failing export never creates the file; a community nobody has → 4 and the file stays', async ({ cli }) => {
    const never = join(cli.root, 'never.csv');
    expect((await exportTo(cli, '--communities', MISSING_ID, '--out', never)).exitCode).not.toBe(0);
    await expect(stat(never)).rejects.toThrow();
    const kept = join(cli.root, 'previous.csv');
    await writeFile(kept, 'previous,content\n');
    expect((await exportTo(cli, '--communities', 'not-a-uuid', '--out', kept)).exitCode).toBe(4);
    expect(await readFile(kept, 'utf8')).toBe('previous,content\n');
  });

  it('--out - writes the CSV to stdout and messages to stderr', async ({ cli }) => {
    const [first] = await portfolio(cli);
    const r = expectOk(await exportTo(cli, '--communities', first!.id, '--out', '-'));
    const { header, rows } = parseCsv(r.stdout);
    expect(header).toEqual(HEADER);
    expect(rows.length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/Exported/);
    expect(r.stderr).not.toMatch(/ to -/);
  });

  it('rejects contradictory or malformed flags before sending', async ({ cli }) => {
    const file = (n: number) => join(cli.root, `bad-${n}.csv`);
    const cases = [
      ['--since-last', '--out', '-'],
      ['--state-name', 'mail', '--out', file(7)],
      ['--since-last', '--state-name', '../up', '--out', file(8)],
      ['--since-last', '--start', '2026-01-01', '--out', file(1)],
      ['--start', '2026-02-30x', '--out', file(2)],
      ['--start', today(), '--end', addDays(today(), -5), '--out', file(3)],
      ['--days', '0', '--out', file(4)],
      ['--concurrency', '99', '--out', file(5)],
      ['--communities', ',', '--out', file(6)],
      [],
    ];
    for (const args of cases) {
      const r = await cli.run(['--local', '--debug', 'pricing', 'export', ...args]);
      expect(r.exitCode, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/GET local:/);
    }
    expect((await cli.run(['pricing', 'export'])).stderr).toContain('--out');
  });
});

type Comp = { id: string; name: string; distance_miles: number | null };
const compsOf = async (cli: CliSandbox, subject: string, ...flags: string[]) =>
  parseJson<{ comps: Comp[] }>(expectOk(await cli.run(['--local', 'comps', 'list', subject, '--json', ...flags])).stdout).comps;

describe('pricing export --include-comps (the market survey)', () => {
  it('each subject, then its active comparables nearest first, with subject_id, subject_name, role, distance_miles first', async ({ cli }) => {
    const subjects = parseJson<{ communities: { id: string; name: string }[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).communities.slice(0, 3);
    const markets = await Promise.all(subjects.map((s) => compsOf(cli, s.id)));
    const out = join(cli.root, 'market.csv');
    const r = expectOk(await exportTo(cli, '--include-comps', '--communities', subjects.map((s) => s.id).join(','), '--days', '60', '--out', out));
    const { header, rows } = await readCsv(out);
    expect(header).toEqual(['subject_id', 'subject_name', 'role', 'distance_miles', ...HEADER]);
    expect(r.stderr).toMatch(new RegExp(`Exported ${rows.length.toLocaleString('en-US')} pricing records of 3 subjects and ${markets.flat().length} comparables`));

    // The communities in order: per subject, itself, then its comparables as the service lists them (nearest first).
    const expected = subjects.flatMap((s, i) => [
      { subject: s.id, community: s.id, role: 'subject', distance: '' },
      ...markets[i]!.map((c) => ({ subject: s.id, community: c.id, role: 'comp', distance: String(c.distance_miles ?? '') })),
    ]);
    const seen: typeof expected = [];
    for (const row of rows) {
      const last = seen.at(-1);
      if (!last || last.subject !== row.subject_id || last.community !== row.community_id)
        seen.push({ subject: row.subject_id!, community: row.community_id!, role: row.role!, distance: row.distance_miles! });
    }
    // Comparables without pricing in the window have no rows: those with rows come in the expected order.
    expect(seen).toEqual(expected.filter((e) => seen.some((s) => s.subject === e.subject && s.community === e.community)));
    expect(seen.filter((s) => s.role === 'comp').length).toBeGreaterThan(5);
    expect(rows.every((row) => row.subject_name === subjects.find((s) => s.id === row.subject_id)!.name)).toBe(true);
    const distances = markets[0]!.map((c) => c.distance_miles ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Within a community: by date (then floor plan, as pricing history orders them).
    for (const community of seen) {
      const dates = rows.filter((row) => row.subject_id === community.subject && row.community_id === community.community).map((row) => row.as_of_date!);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('leaves deactivated comparables out; --include-inactive puts them back', async ({ cli }) => {
    const subject = parseJson<{ communities: { id: string }[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).communities[0]!.id;
    const comps = await compsOf(cli, subject);
    const victim = comps[1]!;
    expectOk(await cli.run(['--local', 'comps', 'deactivate', subject, victim.id]));

    const active = join(cli.root, 'active.csv');
    expectOk(await exportTo(cli, '--include-comps', '--communities', subject, '--days', '400', '--out', active));
    const activeRows = (await readCsv(active)).rows;
    expect(activeRows.some((row) => row.community_id === victim.id)).toBe(false);
    expect(new Set(activeRows.filter((row) => row.role === 'comp').map((row) => row.community_id)).size).toBe(comps.length - 1);

    const all = join(cli.root, 'all.csv');
    expectOk(await exportTo(cli, '--include-comps', '--include-inactive', '--communities', subject, '--days', '400', '--out', all));
    const allRows = (await readCsv(all)).rows;
    const victimRows = allRows.filter((row) => row.community_id === victim.id);
    expect(victimRows.length).toBeGreaterThan(0);
    expect(victimRows.every((row) => row.role === 'comp' && row.subject_id === subject)).toBe(true);
    expect(allRows.length).toBe(activeRows.length + victimRows.length);
  });

  it('--include-inactive alone is a usage error', async ({ cli }) => {
    const r = await exportTo(cli, '--include-inactive', '--out', join(cli.root, 'x.csv'));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--include-inactive goes with --include-comps/);
  });

  it('a progress bar on a terminal only; piped, only the summary line', async ({ cli }) => {
    const piped = expectOk(await exportTo(cli, '--include-comps', '--days', '14', '--out', join(cli.root, 'piped.csv')));
    expect(piped.stderr).not.toMatch(/[█░\r]|ETA/);
    expect(piped.stderr.trim().split('\n')).toHaveLength(1);
    const tty = expectOk(await cli.run(['--local', 'pricing', 'export', '--include-comps', '--days', '14', '--out', join(cli.root, 'tty.csv')], { isTTY: true }));
    expect(tty.stderr).toMatch(/\] \d+\/\d+ communities · [\d,]+ rows · /);
    expect(tty.stderr).toMatch(/Exported \d{1,3}(,\d{3})* pricing records/);
  });
});

describe('pricing export from a service that dies mid-way', () => {
  /**
   * A proxy in front of the service that dies as a stopped `serve` does, once
   * `answered` pricing answers went through: it stops listening, and drops
   * every request it still has or gets. `ok` holds the communities whose
   * pricing reached the client whole.
   */
  async function dyingProxy(target: string, answered: number) {
    const ok: string[] = [];
    const inFlight = new Set<IncomingMessage>();
    let dead = false;
    const proxy = await forwardingProxy(target, ({ request, response, forward }) => {
      if (dead) return request.socket.destroy();
      inFlight.add(request);
      response.on('finish', () => {
        inFlight.delete(request);
        const id = /\/communities\/([^/]+)\/pricing/.exec(request.url ?? '')?.[1];
        if (!id || response.statusCode !== 200) return;
        ok.push(id);
        if (ok.length === answered) {
          dead = true;
          proxy.server.close();
          for (const other of inFlight) other.socket.destroy();
        }
      });
      forward();
    });
    return { baseUrl: proxy.url, ok, close: proxy.close };
  }


  it('counts every community not exported, names each by name (ids with --debug), exit 1', async ({ cli }) => {
    const service = await startServer(await copyDemoStore(join(cli.root, 'served')));
    try {
      const key = service.key();
      cli.secrets.push(key);
      // Every unit of the export, in its order: each subject, then its active comparables.
      const call = async <T>(path: string) => (await (await fetch(`${service.baseUrl}/v1${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as T;
      const { communities } = await call<{ communities: { id: string; name: string }[] }>('/rentsurvey/portfolio');
      const units: { id: string; name: string }[] = [];
      for (const subject of communities) units.push(subject, ...(await call<{ comps: { id: string; name: string }[] }>(`/rentsurvey/communities/${subject.id}/comps`)).comps);

      const proxy = await dyingProxy(service.baseUrl, 30);
      const env = { RENTSURVEY_BASE_URL: proxy.baseUrl, RENTSURVEY_API_KEY: key };
      const r = await cli.run(['pricing', 'export', '--include-comps', '--days', '365', '--out', join(cli.root, 'market.csv')], { env });
      await proxy.close();
      expect(r.exitCode, r.stderr).toBe(1);
      const [header, ...lines] = r.stderr.split('\n');
      // Exact: every unit the proxy did not answer is counted, those tried and those never tried.
      expect(header).toBe(`error: ${units.length - proxy.ok.length} of ${units.length} communities could not be exported:`);
      const missing = [...proxy.ok].reduce((left, id) => {
        left.splice(left.findIndex((unit) => unit.id === id), 1);
        return left;
      }, [...units]);
      // Grouped by reason: those that failed (in flight when it died), and those never tried.
      const groups = lines.filter((line) => line.startsWith('  ')).map((line) => /^ {2}(could not reach .+ after \d+ attempts|not tried after the failures above): (.+)$/.exec(line));
      expect(groups.map((group) => group?.[1]?.replace(/http:\S+/, 'URL'))).toEqual(['could not reach URL (connection refused) after 4 attempts', 'not tried after the failures above']);
      const named = groups.flatMap((group) => group![2]!.split(', '));
      expect(named.sort()).toEqual(missing.map((unit) => unit.name).sort());
      expect(r.stderr).toContain('error: export incomplete: ');
      expect(r.stderr).toContain('(--debug adds their ids)');
      expect(r.stderr).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);

      // With --debug, each name carries its id.
      const debug = await dyingProxy(service.baseUrl, 30);
      const again = await cli.run(['--debug', 'pricing', 'export', '--include-comps', '--days', '365', '--out', join(cli.root, 'market.csv')], { env: { ...env, RENTSURVEY_BASE_URL: debug.baseUrl } });
      await debug.close();
      const first = missing.find((unit) => unit.name.length > 0)!;
      const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      expect(again.stderr).toMatch(new RegExp(`[:,] ${literal(`${first.name} [${first.id}]`)}(,|$)`, 'm'));
    } finally {
      await service.close();
    }
  }, 60_000);
});
