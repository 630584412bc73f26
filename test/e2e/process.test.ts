// What only a real process shows, on the freshly built bundle (bin/rentsurvey.js → dist/):
// start-up paths, exit codes of the binary, pipes closed early, a terminal, signals.
// Command behaviour is tested in-process beside each command (src/cli/commands/).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSI,
  BIN,
  createKey,
  createSandbox,
  demoStore,
  parseJson,
  ROOT,
  startServe,
  type Sandbox,
  type Served,
} from '../helpers/cli.js';
import { HUNG_MS } from '../helpers/limits.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

let sb: Sandbox;
let server: Served;
let env: Record<string, string>;
let subject: { id: string; name: string };

beforeAll(async () => {
  sb = await createSandbox();
  server = await startServe(await demoStore(join(sb.root, 'store')));
  const key = await createKey(server.dataDir);
  sb.secrets.push(key);
  env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
  const portfolio = parseJson<{ communities: Array<{ id: string; name: string; comp_count: number }> }>((await sb.run(['portfolio', '--json'], { env })).stdout);
  subject = portfolio.communities.find((c) => c.comp_count > 0)!;
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

describe('start-up', () => {
  it('--version and -V print the package version alone (answered before the CLI loads)', async () => {
    for (const flag of ['--version', '-V']) expect(await sb.run([flag])).toMatchObject({ exitCode: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('--help and no arguments print the help on stdout and exit 0', async () => {
    for (const args of [['--help'], []]) {
      const r = await sb.run(args);
      expect(r).toMatchObject({ exitCode: 0, stderr: '' });
      expect(r.stdout).toMatch(/^Usage: rentsurvey/);
    }
  });

  it('on a Node that package.json does not admit, any command says which Node it needs and exits 1', async () => {
    // The version is faked before the CLI starts: this machine's own Node 20 need not be there.
    const on = (version: string) =>
      execa(process.execPath, ['--import', `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`, BIN, '--local', 'portfolio'], {
        reject: false,
        env: sb.env,
      });
    for (const version of ['20.19.0', '22.12.0', '22.22.1', '23.1.0', '24.14.0']) {
      const run = await on(version);
      expect(run, version).toMatchObject({ exitCode: 1, stdout: '' });
      expect(run.stderr).toBe(`error: rentsurvey needs Node.js 22.22.2 or newer in 22, or 24.15 or newer (24 LTS recommended); this is Node.js ${version}`);
    }
    // The first of each line it admits runs as usual.
    for (const version of ['22.22.2', '24.15.0']) expect((await on(version)).exitCode, version).toBe(0);
  });

  it('--debug prints the stack of a failure naming our source files, not the (minified) chunks', async () => {
    const run = await sb.run(['--local', '--data-dir', '/dev/null/store', 'portfolio', '--debug']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/at \S+ \(\S*\/src\/server\/data-dir\.ts:\d+:\d+\)/);
    expect(run.stderr).not.toMatch(/chunks\/\S+\.cjs/);
  });

  it('a --local command that only reads never loads node:crypto (≈ 3 ms of its start-up; docs/api-decisions.md)', async () => {
    const preload = join(sb.root, 'builtins.cjs');
    writeFileSync(preload, "process.on('exit', () => process.stderr.write('builtins: ' + process.moduleLoadList.join(' ') + '\\n'));\n");
    const dataDir = join(sb.root, 'crypto-store');
    const env = { NODE_OPTIONS: `--require ${preload}` };
    const loaded = async (args: string[]) => {
      const run = await sb.run(['--local', '--data-dir', dataDir, ...args], { env });
      expect(run.exitCode, run.stderr).toBe(0);
      return /builtins: .*\bcrypto\b/.test(run.stderr);
    };
    // Seeding the store makes keys and ids: crypto then, as for any write.
    expect(await loaded(['portfolio', '--json'])).toBe(true);
    expect(await loaded(['portfolio', '--json'])).toBe(false);
    expect(await loaded(['overview', 'DR-006', '--json'])).toBe(false);
  });

  it('dist/ is newer than every source file (this project builds it before it runs)', () => {
    const built = statSync(join(ROOT, 'dist', 'cli.cjs')).mtimeMs;
    const sources = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      .map((entry) => statSync(join(entry.parentPath, entry.name)).mtimeMs);
    expect(built).toBeGreaterThanOrEqual(Math.max(...sources));
  });
});

describe('exit codes of the binary', () => {
  it('0, 2, 3, 4 and 5 as the process status', async () => {
    const runs = await Promise.all([
      sb.run(['portfolio', '--json'], { env }),
      sb.run(['portfolio', '--bogus'], { env }),
      sb.run(['portfolio'], { env: { ...env, RENTSURVEY_API_KEY: 'rsk_AAAAAAAA_not-a-valid-secret' } }),
      sb.run(['overview', '00000000-0000-4000-8000-000000000000'], { env }),
      sb.run(['comps', 'add', subject.id, '--name', 'Over', '--address', '1 St', '--zipcode', '78701'], { env }),
    ]);
    expect(runs.map((r) => r.exitCode)).toEqual([0, 2, 3, 4, 5]);
    for (const r of runs.slice(1)) {
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--local on a new data directory seeds the demo data once and says so on stderr; local reset --yes again', async () => {
    const fresh = await createSandbox();
    try {
      const r = await fresh.run(['--local', 'portfolio', '--json'], { timeout: 60_000 });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/Created demo data in .*rentsurvey/);
      expect(existsSync(join(fresh.dataHome, 'rentsurvey', 'rentsurvey.db'))).toBe(true);
      const again = await fresh.run(['--local', '--quiet', 'portfolio', '--json']);
      expect(again).toMatchObject({ exitCode: 0, stderr: '', stdout: r.stdout });
      // local reset --yes seeds it again (reset --empty and its other paths are tested in-process).
      expect((await fresh.run(['local', 'reset', '--empty', '--yes'])).exitCode).toBe(0);
      const reset = await fresh.run(['local', 'reset', '--yes'], { timeout: 60_000 });
      expect(reset.exitCode, reset.stderr).toBe(0);
      expect(reset.stderr).toMatch(/Created demo data in [\s\S]*Reset .* with the demo portfolio/);
      expect(JSON.parse((await fresh.run(['--local', 'portfolio', '--json'])).stdout)).toEqual(JSON.parse(r.stdout));
    } finally {
      await fresh.cleanup();
    }
  }, 120_000);
});

describe('pipes', () => {
  it('a reader that stops early (| true) ends the command quietly, status 0, no stack', async () => {
    const command = (args: string) => `"${process.execPath}" "${BIN}" ${args} | true; echo "status \${PIPESTATUS[0]}" >&2`;
    for (const args of [`communities show ${subject.id}`, 'pricing export --out - --days 365']) {
      const r = await execa('bash', ['-c', command(args)], { env: { ...sb.env, ...env }, extendEnv: false, reject: false, stdin: 'ignore' });
      expect(r.stderr).not.toMatch(/EPIPE|Unhandled|at /);
      expect(r.stderr).toMatch(/status 0$/);
    }
  });

  it('no ANSI escapes in piped output, even without NO_COLOR', async () => {
    for (const args of [['overview', subject.id], ['pricing', 'history', subject.id, '--chart'], ['communities', 'show', 'not-a-uuid']]) {
      const r = await sb.run(args, { env: { ...env, NO_COLOR: undefined } });
      expect(ANSI.test(r.stdout) || ANSI.test(r.stderr)).toBe(false);
    }
  });
});

// util-linux `script` gives the CLI a pseudo-terminal for stdin, stdout and stderr.
describe.skipIf(!existsSync('/usr/bin/script'))('on a terminal', () => {
  it('colors by default, none with NO_COLOR=1 or --no-color', async () => {
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
        timeout: HUNG_MS,
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

describe('signals', () => {
  it('serve prints "Listening on" even with --quiet, and SIGTERM stops it with status 0', async () => {
    const served = await startServe(join(sb.root, 'signalled'), { args: ['--empty', '--quiet'] });
    await served.stop();
    expect(served.log()).toMatch(/^Listening on http:\/\/127\.0\.0\.1:\d+\/v1\n/);
    expect(served.log()).toMatch(/Received SIGTERM: finishing requests in flight, then stopping\./);
    expect(await served.exitCode()).toBe(0);
  });

  it('serve --log writes one JSON line per request on stderr: method, URL, status, milliseconds', async () => {
    const served = await startServe(join(sb.root, 'logged'), { args: ['--empty', '--log'] });
    for (const [method, path] of [
      ['GET', '/v1/health'],
      ['GET', '/v1/rentsurvey/portfolio'],
      ['PUT', '/v1/health'],
    ])
      await (await fetch(served.baseUrl + path, { method })).text();
    await served.stop();
    const logged = served
      .log()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { method: string; url: string; status: number; ms: number });
    expect(logged.map(({ method, url, status }) => `${method} ${url} ${status}`)).toEqual([
      'GET /v1/health 200',
      'GET /v1/rentsurvey/portfolio 401',
      'PUT /v1/health 404',
    ]);
    for (const entry of logged) expect(entry.ms).toBeGreaterThanOrEqual(0);
  });

  it('SIGINT (Ctrl-C) stops serve with status 130', async () => {
    const served = await startServe(join(sb.root, 'interrupted'), { args: ['--empty'] });
    await served.stop('SIGINT');
    expect(await served.exitCode()).toBe(130);
  });
});
