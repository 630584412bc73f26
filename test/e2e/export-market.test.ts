// pricing export at scale: --include-comps (the market survey), the stable
// order of streamed rows, clean-up on signals, flat memory, no progress on a pipe.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioStructure, writeObservations } from '../../bench/portfolio.js';
import { BIN, createSandbox, demoStore, parseCsv, parseJson, type RunResult, type Sandbox } from '../helpers/cli.js';


let sb: Sandbox;
let dataDir: string;
let outDir: string;
let n = 0;
const local = (args: string[]) => sb.run(['--local', '--data-dir', dataDir, ...args], { cwd: outDir });
const ok = (r: RunResult) => {
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};
const file = () => join(outDir, `market-${++n}.csv`);
const today = new Date().toISOString().slice(0, 10);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Comp = { id: string; name: string; distance_miles: number | null; is_included_in_surveys: boolean };

beforeAll(async () => {
  sb = await createSandbox();
  outDir = join(sb.root, 'exports');
  await mkdir(outDir);
  dataDir = await demoStore(join(sb.root, 'store'));
});

afterAll(async () => {
  await sb?.cleanup();
});

describe('pricing export --include-comps', () => {
  it('each subject, then its active comparables nearest first, with subject_id, subject_name, role, distance_miles first', async () => {
    const portfolio = parseJson<{ communities: { id: string; name: string }[] }>(ok(await local(['portfolio', '--json'])).stdout).communities;
    const subjects = portfolio.slice(0, 3);
    const markets = await Promise.all(
      subjects.map(async (s) => parseJson<{ comps: Comp[] }>(ok(await local(['comps', 'list', s.id, '--json'])).stdout).comps),
    );
    const out = file();
    const r = ok(
      await local(['pricing', 'export', '--include-comps', '--communities', subjects.map((s) => s.id).join(','), '--days', '60', '--out', out]),
    );
    const { header, rows } = parseCsv(await readFile(out, 'utf8'));
    // The market columns, then those of the plain export.
    const plain = parseCsv(ok(await local(['pricing', 'export', '--communities', subjects[0]!.id, '--days', '7', '--out', '-'])).stdout).header;
    expect(plain[0]).toBe('community_id');
    expect(header).toEqual(['subject_id', 'subject_name', 'role', 'distance_miles', ...plain]);
    expect(r.stderr).toMatch(new RegExp(`Exported ${rows.length} pricing records of 3 subjects and ${markets.flat().length} comparables`));

    // The communities in order: per subject, itself then its comparables as the service lists them (nearest first).
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
    // Comparables without pricing in the window have no rows: the order of those with rows is the expected one.
    expect(seen).toEqual(expected.filter((e) => seen.some((s) => s.subject === e.subject && s.community === e.community)));
    expect(seen.filter((s) => s.role === 'comp').length).toBeGreaterThan(5);
    expect(rows.every((row) => row.subject_name === subjects.find((s) => s.id === row.subject_id)!.name)).toBe(true);
    const distances = markets[0]!.map((c) => c.distance_miles ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));

    // Within a community: by date, then floor plan in the service's order (each date's plans together).
    for (const community of seen) {
      const dates = rows.filter((row) => row.subject_id === community.subject && row.community_id === community.community).map((row) => row.as_of_date!);
      expect(dates).toEqual([...dates].sort());
    }
  });

  it('leaves deactivated comparables out, and --include-inactive puts them back', async () => {
    const store = await demoStore(join(sb.root, 'store-inactive'));
    const run = (args: string[]) => sb.run(['--local', '--data-dir', store, ...args], { cwd: outDir });
    const subject = parseJson<{ communities: { id: string }[] }>(ok(await run(['portfolio', '--json'])).stdout).communities[0]!.id;
    const comps = parseJson<{ comps: Comp[] }>(ok(await run(['comps', 'list', subject, '--json'])).stdout).comps;
    const victim = comps[1]!;
    ok(await run(['comps', 'deactivate', subject, victim.id]));

    const active = file();
    ok(await run(['pricing', 'export', '--include-comps', '--communities', subject, '--days', '400', '--out', active]));
    const activeRows = parseCsv(await readFile(active, 'utf8')).rows;
    expect(activeRows.some((row) => row.community_id === victim.id)).toBe(false);
    expect(new Set(activeRows.filter((row) => row.role === 'comp').map((row) => row.community_id)).size).toBe(comps.length - 1);

    const all = file();
    ok(await run(['pricing', 'export', '--include-comps', '--include-inactive', '--communities', subject, '--days', '400', '--out', all]));
    const allRows = parseCsv(await readFile(all, 'utf8')).rows;
    const victimRows = allRows.filter((row) => row.community_id === victim.id);
    expect(victimRows.length).toBeGreaterThan(0);
    expect(victimRows.every((row) => row.role === 'comp' && row.subject_id === subject)).toBe(true);
    expect(allRows.length).toBe(activeRows.length + victimRows.length);
  });

  it('--include-inactive alone is a usage error', async () => {
    const r = await local(['pricing', 'export', '--include-inactive', '--out', file()]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--include-inactive goes with --include-comps/);
  });

  it('on a pipe: no progress bar, only the summary line', async () => {
    const r = ok(await local(['pricing', 'export', '--include-comps', '--days', '14', '--out', file()]));
    expect(r.stderr).not.toMatch(/[█░\r]|ETA/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

/** A service that takes requests and never answers them: the export is caught mid-way. */
async function stallingService() {
  const requests: IncomingMessage[] = [];
  let arrived: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const server: Server = createServer((request) => {
    requests.push(request);
    arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    first,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('pricing export interrupted', () => {
  for (const [signal, status] of [
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)
    it(`${signal} while rows are on their way: the temporary file is removed, the output untouched, exit ${status}`, async () => {
      const service = await stallingService();
      const out = join(outDir, `interrupted-${signal}.csv`);
      await writeFile(out, 'previous,export\n');
      const child = execa(
        process.execPath,
        [BIN, 'pricing', 'export', '--communities', '5a1e0c1e-0000-4000-8000-000000000001', '--out', out],
        {
          reject: false,
          extendEnv: false,
          env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', HOME: sb.root, XDG_CONFIG_HOME: join(sb.root, 'xdg-config'), RENTSURVEY_BASE_URL: service.baseUrl, RENTSURVEY_API_KEY: 'rsk_test' },
          cwd: outDir,
        },
      );
      try {
        await service.first;
        const temps = (await readdir(outDir)).filter((f) => f.startsWith(`.interrupted-${signal}.csv.`) && f.endsWith('.tmp'));
        expect(temps).toHaveLength(1);
        child.kill(signal);
        const result = await child;
        expect(result.exitCode).toBe(status);
        expect(result.stderr).toContain(`interrupted (${signal})`);
        expect((await readdir(outDir)).filter((f) => f.startsWith(`.interrupted-${signal}.csv.`))).toEqual([]);
        expect(await readFile(out, 'utf8')).toBe('previous,export\n');
      } finally {
        child.kill('SIGKILL');
        service.close();
      }
    });
});

describe('pricing export memory', () => {
  // Peak RSS of the exporting process, reported by itself at exit.
  const REPORT_RSS = `data:text/javascript,${encodeURIComponent("process.on('exit',()=>process.stderr.write('maxrss='+process.resourceUsage().maxRSS+'\\n'))")}`;

  // A small fixed heap, so that what is compared is what a command keeps, not how far V8 lets garbage grow
  // (the old export and import, holding every row, would not even fit).
  const SMALL_HEAP = `--max-semi-space-size=4 --max-old-space-size=96 --import=${REPORT_RSS}`;

  async function marketStore(subjects: number) {
    const dir = join(sb.root, `market-${subjects}`);
    await mkdir(dir);
    await writeFile(join(dir, 'portfolio.json'), JSON.stringify(portfolioStructure(subjects)));
    const rows = await writeObservations(join(dir, 'observations.csv'), subjects, today);
    const store = join(dir, 'store');
    ok(await sb.run(['local', 'import', join(dir, 'portfolio.json'), '--data-dir', store]));
    // The CSV is read as a stream: its import is measured the same way.
    const imported = ok(
      await sb.run(['local', 'import', join(dir, 'observations.csv'), '--data-dir', store], { env: { NODE_OPTIONS: SMALL_HEAP }, timeout: 240_000 }),
    );
    expect(imported.stderr).toContain(`Imported ${rows} observations`);
    return { store, rows, importRss: Number(/maxrss=(\d+)/.exec(imported.stderr)?.[1]) };
  }

  async function exportRss(store: string) {
    const out = join(outDir, `memory-${++n}.csv`);
    const r = ok(
      await sb.run(['--local', '--data-dir', store, 'pricing', 'export', '--include-comps', '--start', addDays(today, -400), '--out', out], {
        env: { NODE_OPTIONS: SMALL_HEAP },
        timeout: 240_000,
      }),
    );
    const rows = parseCsv(await readFile(out, 'utf8')).rows.length;
    return { rss: Number(/maxrss=(\d+)/.exec(r.stderr)?.[1]), rows };
  }

  it('peak RSS of the CSV import and of the export stays flat when the rows grow eightfold', { timeout: 300_000 }, async () => {
    const small = await marketStore(4);
    const large = await marketStore(32);
    expect(large.importRss / small.importRss).toBeLessThan(1.3);
    const a = await exportRss(small.store);
    const b = await exportRss(large.store);
    expect(a.rows).toBe(small.rows);
    expect(b.rows).toBe(large.rows);
    expect(b.rows / a.rows).toBe(8);
    // Holding the rows (as before streaming) cost ~4 KB per row: 80,000 more rows would add ~300 MB.
    expect(b.rss / a.rss).toBeLessThan(1.3);
  });
});
