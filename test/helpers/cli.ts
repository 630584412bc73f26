/**
 * End-to-end helpers: run the BUILT CLI (bin/rentsurvey.js → dist/) as a child
 * process in throw-away XDG folders, and start a real `rentsurvey serve`.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { execa, type ResultPromise } from 'execa';
import { inject } from 'vitest';
import { ANSI, ROOT } from './common.js';
import { HUNG_MS } from './limits.js';
import { sandboxEnv, SANDBOXED_VARIABLES } from './sandbox-env.js';

export { ANSI, parseJson, ROOT } from './common.js';

export const BIN = join(ROOT, 'bin', 'rentsurvey.js');

export interface RunResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

export interface RunOptions {
  /** Merged over the sandbox's env; `undefined` removes a variable. */
  env?: Record<string, string | undefined>;
  /** Standard input; without it the child's stdin is /dev/null (never a TTY). */
  input?: string;
  /** Milliseconds before the child is killed; the result then has timedOut. */
  timeout?: number;
  cwd?: string;
}

// The only variables a child takes from the test process; nothing else that would change what the CLI
// does is inherited. HOME and the XDG folders are the test run's own (home-guard.ts), never the
// developer's: a run given no sandbox lands there, and the guard fails the run.
const PASS_THROUGH = ['PATH', 'SYSTEMROOT', 'TMPDIR', 'LANG', 'TZ', ...SANDBOXED_VARIABLES];

function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASS_THROUGH) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

function mergeEnv(...layers: Array<Record<string, string | undefined> | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const layer of layers)
    for (const [key, value] of Object.entries(layer ?? {})) {
      if (value === undefined) delete out[key];
      else out[key] = value;
    }
  return out;
}

// Tests start CLI runs concurrently; more processes than cores only make each slower
// (and risk timeouts), so a worker runs a few at a time and queues the rest.
const MAX_RUNNING = availableParallelism() + 1;
let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Runs `node bin/rentsurvey.js ...args` with exactly the env given (plus PATH),
 * never rejecting: the exit code, stdout and stderr are the result.
 */
export function run(args: string[], options: RunOptions = {}): Promise<RunResult> {
  return slot(() => runNow(args, options));
}

async function runNow(args: string[], options: RunOptions): Promise<RunResult> {
  const result = await execa(process.execPath, [BIN, ...args], {
    reject: false,
    extendEnv: false,
    env: mergeEnv(baseEnv(), options.env),
    cwd: options.cwd ?? ROOT,
    stripFinalNewline: false,
    timeout: options.timeout ?? HUNG_MS,
    ...(options.input !== undefined ? { input: options.input } : { stdin: 'ignore' as const }),
  });
  return {
    exitCode: result.exitCode ?? -1,
    stdout: String(result.stdout ?? ''),
    stderr: String(result.stderr ?? ''),
    timedOut: result.timedOut === true,
  };
}

/** What every run in a sandbox must respect; a failure names the command. */
export class SecretLeak extends Error {}

export interface Sandbox {
  root: string;
  configHome: string;
  dataHome: string;
  /** HOME and every XDG folder inside `root` (sandboxEnv), and NO_COLOR=1. */
  env: Record<string, string>;
  /** Strings that must never appear in any output (API keys); see `run`. */
  secrets: string[];
  /**
   * `run` with the sandbox env. Every result is checked: no secret in stdout or
   * stderr (unless allowSecrets), and no ANSI escape unless FORCE_COLOR is set.
   */
  run(args: string[], options?: RunOptions & { allowSecrets?: boolean }): Promise<RunResult>;
  cleanup(): Promise<void>;
}

export async function createSandbox(): Promise<Sandbox> {
  const root = await mkdtemp(join(tmpdir(), 'rentsurvey-e2e-'));
  const env = { ...sandboxEnv(root), NO_COLOR: '1' };
  const configHome = env.XDG_CONFIG_HOME;
  const dataHome = env.XDG_DATA_HOME;
  const secrets: string[] = [];
  return {
    root,
    configHome,
    dataHome,
    env,
    secrets,
    async run(args, options = {}) {
      const merged = mergeEnv(env, options.env);
      // Unmerged: a variable the test removes (undefined) stays removed, not taken from the test process.
      const result = await run(args, { ...options, env: { ...env, ...options.env } });
      const shown = `rentsurvey ${args.join(' ')}`;
      if (!options.allowSecrets)
        for (const secret of secrets)
          if (result.stdout.includes(secret) || result.stderr.includes(secret))
            throw new SecretLeak(`${shown} printed an API key:\n${result.stdout}\n${result.stderr}`);
      if (!merged.FORCE_COLOR && (ANSI.test(result.stdout) || ANSI.test(result.stderr)))
        throw new Error(`${shown} printed ANSI escapes without a terminal:\n${JSON.stringify(result)}`);
      return result;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

export interface Served {
  /** http://127.0.0.1:PORT (what `login --base-url` takes). */
  baseUrl: string;
  dataDir: string;
  /** Everything the server wrote on stderr so far. */
  log(): string;
  /** Sends the signal (SIGTERM by default) and waits for the process to end (SIGKILL after 5 s). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** The status the process ended with. */
  exitCode(): Promise<number | undefined>;
  stop(): Promise<void>;
  /** Sends `signal` (SIGKILL for a crash) and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `rentsurvey serve --port 0 --data-dir <dataDir>` and resolves when it
 * prints "Listening on http://HOST:PORT/v1" (the demo data is seeded first on a
 * new folder, a few seconds).
 */
export async function startServe(
  dataDir: string,
  options: { env?: Record<string, string | undefined>; args?: string[] } = {},
): Promise<Served> {
  const child: ResultPromise = execa(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--data-dir', dataDir, ...(options.args ?? [])],
    {
      reject: false,
      extendEnv: false,
      env: mergeEnv(baseEnv(), { NO_COLOR: '1', ...sandboxEnv(join(dataDir, 'serve-home')) }, options.env),
      cwd: ROOT,
      stdin: 'ignore',
      buffer: false,
    },
  );
  let log = '';
  let exited = false;
  void child.finally(() => {
    exited = true;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`serve did not start within ${HUNG_MS / 1000} s:\n${log}`));
    }, HUNG_MS);
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      log += chunk;
      const match = /Listening on (http:\/\/[^\s/]+)\/v1/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stdout!.resume();
    void child.then((result) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${String(result.exitCode)}) before listening:\n${log}`));
    });
  });
  return {
    baseUrl,
    dataDir,
    log: () => log,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (!exited) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      // The last lines (what it said on the way out) may arrive after the exit.
      await Promise.all([child, finished(child.stderr!).catch(() => undefined)]);
      clearTimeout(timer);
    },
    exitCode: async () => (await child).exitCode,
    async kill(signal) {
      child.kill(signal);
      await child;
    },
  };
}

/**
 * Fills `dir` (which must not exist) with a copy of a demo store seeded once per
 * test run, so that each file's server starts at once instead of seeding anew.
 * The first caller seeds the template; the others wait for it.
 */
export async function demoStore(dir: string): Promise<string> {
  const root = inject('e2eTemplateRoot');
  const template = join(root, 'demo');
  if (!existsSync(template)) {
    let owner = true;
    try {
      await mkdir(join(root, 'lock'));
    } catch {
      owner = false;
    }
    if (owner) {
      const staging = join(root, 'staging');
      // `serve` seeds a new data directory with the demo portfolio before it listens.
      const served = await startServe(staging);
      await served.stop();
      if (!/Created demo data in /.test(served.log())) throw new Error(`serve did not seed the demo data:\n${served.log()}`);
      await rename(staging, template);
    } else {
      const deadline = Date.now() + 60_000;
      while (!existsSync(template)) {
        if (Date.now() > deadline) throw new Error('timed out waiting for the demo store template');
        await sleep(100);
      }
    }
  }
  await cp(template, dir, { recursive: true, errorOnExist: true, force: false });
  return dir;
}

/** A key for the local service on `dataDir` (`local keys create` prints only the key when piped); `extra` flags such as `--org <name>`. */
export async function createKey(dataDir: string, scopes: string[] | 'all' = 'all', env?: Record<string, string>, extra: string[] = []): Promise<string> {
  const result = await run(
    ['local', 'keys', 'create', ...(scopes === 'all' ? ['--all-scopes'] : ['--scopes', scopes.join(',')]), '--data-dir', dataDir, ...extra],
    { env: { NO_COLOR: '1', ...env } },
  );
  const key = result.stdout.trim();
  if (result.exitCode !== 0 || !/^rsk_\S+$/.test(key))
    throw new Error(`local keys create failed (${result.exitCode}):\n${result.stdout}\n${result.stderr}`);
  return key;
}


/** True when dist/cli.cjs exists (the e2e project's global setup builds it first). */
export function isBuilt(): boolean {
  return existsSync(join(ROOT, 'dist', 'cli.cjs'));
}
