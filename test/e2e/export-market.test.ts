// pricing export and local import as processes: clean-up on signals, and flat
// memory (peak RSS) as the rows grow. Order and --include-comps are tested
// in-process beside the command (src/cli/commands/pricing/export.test.ts).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioStructure, writeObservations } from '../../bench/portfolio.js';
import { addDays } from '../../src/domain/dates.js';
import { BIN, createSandbox, type RunResult, type Sandbox } from '../helpers/cli.js';
import { listeningServer } from '../helpers/net.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';
import { parseCsv } from '../helpers/run-cli.js';


let sb: Sandbox;
let outDir: string;
let n = 0;
const ok = (r: RunResult) => {
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  sb = await createSandbox();
  outDir = join(sb.root, 'exports');
  await mkdir(outDir);
});

afterAll(async () => {
  await sb?.cleanup();
});

/**
 * A service that answers the portfolio (the export names its subjects from it), then takes
 * requests and never answers them: the export is caught mid-way. `first` is the first such request.
 */
async function stallingService() {
  let arrived: () => void;
  const first = new Promise<void>((resolve) => (arrived = resolve));
  const server = await listeningServer((request, response) => {
    if (request.url?.startsWith('/v1/rentsurvey/portfolio')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"communities":[],"total":0}');
      return;
    }
    arrived();
  });
  return { baseUrl: server.url, first, close: server.close };
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
          env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...sandboxEnv(join(sb.root, `home-${signal}`)), RENTSURVEY_BASE_URL: service.baseUrl, RENTSURVEY_API_KEY: 'rsk_test' },
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
        await service.close();
      }
    });
});

describe('pricing export in the process that was started', () => {
  // Each Node process of the run says, at exit, which flags it was started with.
  const REPORT_FLAGS = `--import=data:text/javascript,${encodeURIComponent("process.on('exit',()=>process.stderr.write('execArgv='+JSON.stringify(process.execArgv)+'\\n'))")}`;

  it('starts no second Node (one that could outlive a killed first: issue 23)', async () => {
    const out = join(outDir, 'flags.csv');
    const args = ['--local', '--data-dir', join(sb.root, 'flags-store'), 'pricing', 'export', '--days', '7', '--out', out];
    const run = ok(await sb.run(args, { env: { NODE_OPTIONS: REPORT_FLAGS } }));
    expect(run.stderr.match(/^execArgv=.*$/gm)).toEqual(['execArgv=[]']);
    expect(run.stderr).toMatch(/^Exported \d{1,3}(,\d{3})* pricing records/m);
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
    expect(imported.stderr).toContain(`Imported ${rows.toLocaleString('en-US')} observations`);
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
