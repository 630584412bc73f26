// rentsurvey as users install it: the package packed (`npm pack`), installed from the tarball
// with `npm install -g --prefix` into a fresh home, and its main jobs run from that prefix.
// A file left out of package.json's `files`, a library the build leaves external but
// package.json keeps in devDependencies, an install script, or a footprint past the budget
// (docs/contributing.md, "Dependencies") fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import ExcelJS from 'exceljs';
import { execa, type Options } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCommands } from '../../src/cli/program.js';
import type { AnyDefinition } from '../../src/cli/command.js';
import { ROOT } from '../helpers/cli.js';
import { HUNG_MS } from '../helpers/limits.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';
import { hasTmux, TmuxPane } from '../helpers/tmux.js';

const PROMPT = 'INSTALLED>';

/** The installed footprint's budget (issue 31): the prefix after `npm install -g`. */
const FOOTPRINT_BUDGET = 40 * 1024 * 1024;

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

let root: string;
let prefix: string;
let bin: string;
let installLog: string;
/** A user's environment: a fresh home, nothing of npm's or the test run's. */
let userEnv: Record<string, string>;

/** Bytes on disk under `path`, as `du` counts them (links not followed). */
function diskUsage(path: string): number {
  const stat = lstatSync(path);
  const own = stat.blocks * 512;
  if (!stat.isDirectory()) return own;
  return own + readdirSync(path).reduce((sum, name) => sum + diskUsage(join(path, name)), 0);
}

/** A `node` on PATH older than package.json's engines admit (the machine's own, beside the project's pinned one), if any. */
function olderNode(): { path: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'node');
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
    if (major < 22 || (major === 22 && (minor < 22 || (minor === 22 && patch < 2)))) return { path, version };
  }
  return undefined;
}

const rentsurvey = (args: string[], options: Options = {}) =>
  execa(bin, args, { reject: false, extendEnv: false, env: userEnv, cwd: root, stdin: 'ignore', timeout: HUNG_MS, ...options });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rentsurvey-install-'));
  prefix = join(root, 'prefix');
  // PATH for `node` and `npm` (the project's pinned Node first, as under `npm test`); no npm_config_* of the run that started the tests.
  userEnv = { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...sandboxEnv(join(root, 'user')), NO_COLOR: '1' };
  await mkdir(userEnv.HOME!, { recursive: true });
  const npm = (args: string[]) =>
    execa('npm', [...args, '--no-audit', '--no-fund', '--no-update-notifier'], {
      extendEnv: false,
      // npm's cache in the fresh home too: what a dependency would need, it fetches as a user's npm would.
      env: { ...userEnv, npm_config_cache: join(root, 'npm-cache') },
      cwd: ROOT,
      all: true,
    });
  // dist/ is built (the e2e project's global setup): packed as it is, without building again under the other tests.
  const packed = await npm(['pack', '--ignore-scripts', '--pack-destination', root, '--json']);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  const installed = await npm(['install', '--global', '--prefix', prefix, join(root, filename)]);
  installLog = String(installed.all);
  bin = join(prefix, 'bin', 'rentsurvey');
}, 300_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('npm install -g of the packed package', () => {
  it(`installs nothing but the package (no dependency, no install script, no warning) in at most ${FOOTPRINT_BUDGET / 1024 / 1024} MB`, () => {
    expect(installLog).not.toMatch(/install.?scripts|allowScripts|npm warn/i);
    expect(existsSync(join(prefix, 'lib', 'node_modules', pkg.name, 'node_modules'))).toBe(false);
    const footprint = diskUsage(prefix);
    expect(footprint, `${(footprint / 1024 / 1024).toFixed(1)} MB installed`).toBeLessThanOrEqual(FOOTPRINT_BUDGET);
  });

  it("on an older Node of the machine (this one's own 20, when it has one), says which Node it needs and exits 1", async () => {
    const older = olderNode();
    if (!older) return expect.soft(older, 'no Node older than 22.22.2 on PATH: nothing to try').toBeUndefined();
    const run = await execa(older.path, [bin, '--local', 'portfolio'], { reject: false, extendEnv: false, env: userEnv, stdin: 'ignore' });
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr).toBe(`error: rentsurvey needs Node.js 22.22.2 or newer in 22, or 24.15 or newer (24 LTS recommended); this is Node.js ${older.version}`);
  });

  it('--version', async () => {
    expect(await rentsurvey(['--version'])).toMatchObject({ exitCode: 0, stdout: pkg.version, stderr: '' });
  });

  it('--local overview --all: positioning rows of the demo portfolio it creates', async () => {
    const run = await rentsurvey(['--local', 'overview', '--all', '--json']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(run.stderr).toMatch(/Created demo data in /);
    const { communities } = JSON.parse(String(run.stdout)) as { communities: Array<{ community: { name: string }; band: string | null }> };
    expect(communities.length).toBeGreaterThan(0);
    expect(communities.every((row) => typeof row.community.name === 'string')).toBe(true);
  });

  it('pricing export --format xlsx: a workbook that reads back', async () => {
    const out = join(root, 'pricing.xlsx');
    const run = await rentsurvey(['--local', 'pricing', 'export', '--format', 'xlsx', '--out', out]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const [, records] = /Exported ([\d,]+) pricing records/.exec(String(run.stderr)) ?? [];
    expect(records).toBeDefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    const rows = workbook.worksheets.reduce((sum, sheet) => sum + sheet.actualRowCount - 1, 0);
    expect(rows).toBe(Number(records!.replaceAll(',', '')));
    expect(workbook.worksheets[0]!.getRow(1).values).toContain('community_name');
  });

  it('report --all: an HTML report with its charts', async () => {
    const out = join(root, 'report.html');
    const run = await rentsurvey(['--local', 'report', '--all', '--out', out]);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html.match(/<svg/g)?.length).toBeGreaterThan(3);
  });

  it('digest', async () => {
    const run = await rentsurvey(['--local', 'digest']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    expect(run.stdout).toMatch(/^Market digest: /);
  });

  it('forecast: the market per bedroom count, from the backtested methods', async () => {
    const run = await rentsurvey(['--local', 'forecast', 'DR-006', '--json']);
    expect(run.exitCode, String(run.stderr)).toBe(0);
    const [community] = (JSON.parse(String(run.stdout)) as { communities: Array<{ series: Array<{ kind: string; forecasts: unknown[] }> }> }).communities;
    expect(community!.series.some((series) => series.kind === 'market_ner' && series.forecasts.length > 0)).toBe(true);
  });

  it.skipIf(!hasTmux())('dashboard draws the portfolio in a terminal (Ink, its layout engine from the bundle) and q quits with 0', async () => {
    const rc = join(root, 'dashboard-rc');
    writeFileSync(rc, `PS1='${PROMPT} '\n`);
    const pane = TmuxPane.open(join(root, 'tmux'), ['bash', '--noprofile', '--rcfile', rc, '-i'], {
      width: 100,
      height: 30,
      env: { ...userEnv, TERM: 'xterm-256color', PATH: `${join(prefix, 'bin')}:${userEnv.PATH}` },
      cwd: root,
    });
    try {
      await pane.until((screen) => screen.endsWith(PROMPT), 'the prompt');
      pane.type('rentsurvey --local dashboard; echo "status=$?"');
      pane.press('Enter');
      await pane.until((screen) => screen.includes('Gap to market') && screen.startsWith('Portfolio'), 'the portfolio');
      pane.type('q');
      expect(await pane.until((screen) => /status=\d+/.test(screen), 'the shell back')).toContain('status=0');
    } finally {
      pane.close();
    }
  });

  it('completion bash', async () => {
    const run = await rentsurvey(['completion', 'bash']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('rentsurvey __complete');
  });

  it('serve answers a request', async () => {
    const dataDir = join(root, 'served');
    const key = String((await rentsurvey(['local', 'keys', 'create', '--all-scopes', '--data-dir', dataDir])).stdout).trim();
    expect(key).toMatch(/^rsk_/);
    const serve = rentsurvey(['serve', '--port', '0', '--data-dir', dataDir], { buffer: false });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        let said = '';
        serve.stderr!.setEncoding('utf8');
        serve.stderr!.on('data', (chunk: string) => {
          said += chunk;
          const match = /Listening on (http:\/\/\S+\/v1)/.exec(said);
          if (match) resolve(match[1]!);
        });
        void serve.then(() => reject(new Error(`serve ended before listening:\n${said}`)));
      });
      const answer = await fetch(`${baseUrl}/rentsurvey/portfolio`, { headers: { authorization: `Bearer ${key}` } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { communities: unknown[] }).communities.length).toBeGreaterThan(0);
    } finally {
      serve.kill('SIGTERM');
      await serve;
    }
  });

  it('doctor runs, one line per check', async () => {
    const run = await rentsurvey(['doctor']);
    expect([0, 1]).toContain(run.exitCode);
    expect(run.stdout).toMatch(/^✓ Node\.js /m);
  });

  it('man rentsurvey finds the page under the prefix; it renders and names every command', async () => {
    const env = { ...userEnv, MANPATH: join(prefix, 'share', 'man'), MANWIDTH: '200', MANPAGER: 'cat', PAGER: 'cat' };
    const where = await execa('man', ['-w', 'rentsurvey'], { extendEnv: false, env, reject: false });
    expect(where.exitCode, `man -w: ${String(where.stderr)} (man-db installed? .ci/run installs it)`).toBe(0);
    // The link npm made under share/man, resolved: the page in the installed package.
    expect(String(where.stdout).trim()).toBe(join(prefix, 'lib', 'node_modules', pkg.name, 'dist', 'rentsurvey.1'));
    const page = await execa('man', ['-l', String(where.stdout).trim()], { extendEnv: false, env });
    expect(page.stderr).toBe('');
    const text = String(page.stdout);
    const paths = (definitions: readonly AnyDefinition[], parents: string[] = []): string[] =>
      definitions.flatMap((d) => [[...parents, d.name].join(' '), ...paths(d.subcommands ?? [], [...parents, d.name])]);
    for (const path of paths(await loadCommands())) expect(text, path).toMatch(new RegExp(`^ {2,}rentsurvey ${path}( |$)`, 'm'));
    expect(text).toMatch(/^ENVIRONMENT$/m);
    expect(text).toMatch(/^EXIT STATUS$/m);
    expect(text).toMatch(/^FILES$/m);
  });
});
