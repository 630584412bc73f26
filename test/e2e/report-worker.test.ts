// The built CLI draws a report's charts on a worker thread (src/output/report/drawing.ts, built
// as dist/chunks/chart-worker.cjs); run from source, the command draws them in its own thread.
// Both must write the same file, and a worker that dies must end the report cleanly: a message,
// exit 1, no file.
import { cp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createTestIO } from '../../src/output/io.js';
import { createKey, createSandbox, demoStore, startServe, type Sandbox } from '../helpers/cli.js';
import { ROOT } from '../helpers/common.js';

let sb: Sandbox;
let dataDir: string;

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
}, 180_000);

afterAll(() => sb?.cleanup());

/** `report` run in this process from source: no built worker, the charts drawn in-thread. */
async function reportFromSource(args: string[]): Promise<{ exitCode: number; stderr: string }> {
  const env = { ...sb.env };
  const io = createTestIO({ env, noColor: true });
  const exitCode = await main(['node', 'rentsurvey', ...args], { io, env });
  return { exitCode, stderr: io.err() };
}

describe('report: charts drawn on a worker thread', () => {
  it('the built CLI (worker) writes byte for byte the report the command writes drawing in its own thread, portfolio included', async () => {
    expect(existsSync(join(ROOT, 'dist', 'chunks', 'chart-worker.cjs'))).toBe(true);
    const args = (out: string) => ['--local', '--data-dir', dataDir, 'report', '--all', '--out', out];
    const built = await sb.run(args(join(sb.root, 'worker.html')), { timeout: 180_000 });
    expect(built.exitCode, built.stderr).toBe(0);
    const source = await reportFromSource(args(join(sb.root, 'thread.html')));
    expect(source.exitCode, source.stderr).toBe(0);
    const [worker, thread] = await Promise.all([readFile(join(sb.root, 'worker.html'), 'utf8'), readFile(join(sb.root, 'thread.html'), 'utf8')]);
    expect(worker.match(/<svg/g)?.length).toBeGreaterThan(100);
    // ECharts numbers each chart's ids in the thread that draws it: one thread, ids unique in the document.
    const clipIds = [...worker.matchAll(/<clipPath id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(clipIds).size).toBe(clipIds.length);
    expect(worker === thread).toBe(true);
  });

  /** `report --all` by a copy of the built CLI whose chart worker is `worker` (its source); --local unless `env` names a service. */
  async function reportWithWorker(name: string, worker: string, service: { args: string[]; env: Record<string, string>; flags?: string[] } = { args: ['--local', '--data-dir', dataDir], env: {} }) {
    const copy = join(sb.root, name);
    await cp(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    await cp(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
    await cp(join(ROOT, 'package.json'), join(copy, 'package.json'));
    await writeFile(join(copy, 'dist', 'chunks', 'chart-worker.cjs'), worker);
    const out = join(sb.root, `${name}.html`);
    const r = await execa(process.execPath, [join(copy, 'bin', 'rentsurvey.js'), ...service.args, 'report', '--all', '--out', out, ...(service.flags ?? [])], {
      env: { ...sb.env, ...service.env },
      extendEnv: false,
      reject: false,
      timeout: 180_000,
    });
    return { ...r, wrote: existsSync(out) };
  }

  it('a chart worker that dies ends the report with a message and exit 1, and writes no file', async () => {
    const r = await reportWithWorker('dead-worker', 'process.exit(3);\n');
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toContain("the report's chart worker stopped (exit code 3)");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.wrote).toBe(false);
  });

  it("a section the worker cannot draw ends the report naming its community, exit 1, no file, though the worker's other answers are still coming", async () => {
    // Every section drawn but the third; the others answered after the failure is known (the command closes the worker meanwhile).
    const worker = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  if (id === 2) parentPort.postMessage({ id, error: { message: 'cannot draw this one' } });
  else parentPort.postMessage({ id, html: '<section>' + job.section.name + '</section>' });
});
`;
    const r = await reportWithWorker('failing-section', worker);
    expect(r.exitCode, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/error: drawing .+: cannot draw this one/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.wrote).toBe(false);
  });

  it('once a section could not be drawn, the report reads no more communities: against a service, the rest are never asked for', async () => {
    const served = await startServe(await demoStore(join(sb.root, 'served')), { args: ['--log'] });
    try {
      const key = await createKey(served.dataDir);
      // The worker dies on the first section it is sent; communities are read one at a time.
      const r = await reportWithWorker('dies-on-first', "require('node:worker_threads').parentPort.on('message', () => process.exit(3));\n", {
        args: [],
        flags: ['--concurrency', '1'],
        env: { RENTSURVEY_LOCAL: '0', RENTSURVEY_BASE_URL: served.baseUrl, RENTSURVEY_API_KEY: key },
      });
      expect(r.exitCode, r.stderr).toBe(1);
      expect(r.stderr).toContain("the report's chart worker stopped (exit code 3)");
      expect(r.stderr).not.toContain('could not be read');
      expect(r.wrote).toBe(false);
      // `serve --log`: a JSON line per request. The portfolio has 25 communities; at most the first two were read.
      const overviews = served.log().split('\n').filter((line) => /"url":"[^"]*\/communities\/[^/"]+\/overview"/.test(line));
      expect(overviews.length).toBeGreaterThanOrEqual(1);
      expect(overviews.length).toBeLessThanOrEqual(2);
    } finally {
      await served.stop();
    }
  });
});
