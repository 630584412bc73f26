/**
 * In-process CLI runs: main() with captured streams, in throw-away XDG folders
 * with a copy of a demo store seeded once per test run (see demo-store.ts).
 * This is how command behaviour is tested (src/cli/commands/<group>/<action>.test.ts);
 * test/e2e keeps only what needs a real process.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { inject, test as base } from 'vitest';
import { SCOPES, type Scope } from '../../src/api/routes.js';
import { main } from '../../src/cli/main.js';
import { createTestIO } from '../../src/output/io.js';
import { openHttpService } from '../../src/server/serve.js';
import { ANSI, parseJson } from './common.js';
import { sandboxEnv } from './sandbox-env.js';

export { ANSI, MISSING_ID, parseJson } from './common.js';

export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunCliOptions {
  /** The whole environment of the run (`undefined` leaves a variable out); nothing is inherited. */
  env?: Record<string, string | undefined>;
  /** Standard input; empty (and not a terminal) by default. */
  stdin?: string;
  /** Terminal width (stdout on a TTY); else COLUMNS or 80 as for a real run. */
  columns?: number;
  /** stdin, stdout and stderr are a terminal (colors, prompts, spinners decide from it). */
  isTTY?: boolean;
  /** stdout alone is a terminal (stderr redirected): tables and colors for people, no spinner. */
  stdoutTTY?: boolean;
  now?: () => Date;
}

function definedOnly(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
}

/**
 * A terminal's input: typed once someone reads it (a prompt), and never at an end,
 * since a terminal does not close when its keys run out.
 */
function typedLater(keys: string): Readable {
  let typed = false;
  return new Readable({
    read() {
      if (typed) return;
      typed = true;
      setTimeout(() => this.push(Buffer.from(keys)), 20);
    },
  });
}

/** `rentsurvey ...argv` in this process: its exit code and everything it printed. */
export async function runCli(argv: string[], options: RunCliOptions = {}): Promise<CliResult> {
  const env = definedOnly(options.env);
  const tty = options.isTTY ?? false;
  const io = createTestIO({
    stdoutTTY: tty || options.stdoutTTY === true,
    stderrTTY: tty,
    stdinTTY: tty,
    ...(options.columns !== undefined ? { columns: options.columns } : {}),
    ...(options.stdin !== undefined ? { stdin: tty ? typedLater(options.stdin) : options.stdin } : {}),
    env,
    noColor: argv.includes('--no-color'),
  });
  const exitCode = await main(['node', 'rentsurvey', ...argv], { io, env, ...(options.now ? { now: options.now } : {}) });
  return { exitCode, stdout: io.out(), stderr: io.err() };
}

/** A run printed something it never may (an API key, colors on a pipe). */
export class SandboxViolation extends Error {}

export type StoreSeed = 'demo' | 'none';

export interface CliSandbox {
  root: string;
  configHome: string;
  dataHome: string;
  /** $XDG_DATA_HOME/rentsurvey: what --local uses without --data-dir. */
  dataDir: string;
  /** HOME and every XDG folder inside `root` (sandboxEnv), NO_COLOR=1 and RENTSURVEY_PAGER=cat (no pager; a test that wants one sets it). */
  env: Record<string, string>;
  /** Strings that must never appear in any output (API keys); the local store's own key is added by itself. */
  secrets: string[];
  /**
   * runCli with the sandbox env merged under options.env. Every result is checked:
   * no secret on stdout or stderr (unless allowSecrets), and no ANSI escape unless
   * FORCE_COLOR is set or the run is on a terminal.
   */
  run(args: string[], options?: RunCliOptions & { allowSecrets?: boolean }): Promise<CliResult>;
  cleanup(): Promise<void>;
}

/** A copy of the demo store seeded once for the run (globalSetup), ready in `dir`. */
export async function copyDemoStore(dir: string): Promise<string> {
  await cp(inject('demoStoreTemplate'), dir, { recursive: true, errorOnExist: true, force: false });
  return dir;
}

/**
 * Throw-away XDG folders, optionally with a copy of the demo store. Sandboxes made
 * outside the `it` fixture (in beforeAll, or several in one test) live under the
 * run's sandbox root, which the global setup removes when the run ends.
 */
export async function cliSandbox(options: { store?: StoreSeed } = {}): Promise<CliSandbox> {
  const root = await mkdtemp(join(inject('sandboxRoot'), 'cli-'));
  const folders = sandboxEnv(root);
  const configHome = folders.XDG_CONFIG_HOME;
  const dataHome = folders.XDG_DATA_HOME;
  const dataDir = join(dataHome, 'rentsurvey');
  await mkdir(dataHome);
  if ((options.store ?? 'demo') === 'demo') await copyDemoStore(dataDir);
  const env = {
    ...folders,
    NO_COLOR: '1',
    RENTSURVEY_PAGER: 'cat',
  };
  const secrets: string[] = [];
  const localKey = () => {
    const file = join(dataDir, 'local-cli.key');
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
  };
  return {
    root,
    configHome,
    dataHome,
    dataDir,
    env,
    secrets,
    async run(args, { allowSecrets, env: extra, ...rest } = {}) {
      const merged: Record<string, string | undefined> = { ...env, ...extra };
      const result = await runCli(args, { ...rest, env: merged });
      const shown = `rentsurvey ${args.join(' ')}`;
      if (!allowSecrets)
        for (const secret of [...secrets, localKey()])
          if (secret && (result.stdout.includes(secret) || result.stderr.includes(secret)))
            throw new SandboxViolation(`${shown} printed an API key:\n${result.stdout}\n${result.stderr}`);
      if (!merged.FORCE_COLOR && !rest.isTTY && (ANSI.test(result.stdout) || ANSI.test(result.stderr)))
        throw new SandboxViolation(`${shown} printed ANSI escapes without a terminal:\n${JSON.stringify(result)}`);
      return result;
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/**
 * `it` with a fresh sandbox per test that uses `cli` (a copy of the demo store
 * in its default data directory), removed afterwards.
 */
export const it = base.extend<{ cli: CliSandbox }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads the fixtures a function destructures
  cli: async ({}, use) => {
    const sandbox = await cliSandbox();
    await use(sandbox);
    await sandbox.cleanup();
  },
});

export interface TestServer {
  /** http://127.0.0.1:PORT, what `login --base-url` and RENTSURVEY_BASE_URL take. */
  baseUrl: string;
  dataDir: string;
  /** A new key of the store's default organization (all scopes unless given). */
  key(scopes?: readonly Scope[]): string;
  close(): Promise<void>;
}

/** The embedded service (what `serve` runs) on 127.0.0.1:0 over `dataDir`, in this process. */
export async function startServer(dataDir: string): Promise<TestServer> {
  const service = await openHttpService({ dataDir, seed: 'demo' });
  let address: string;
  try {
    address = await service.listen({ host: '127.0.0.1', port: 0 });
  } catch (error) {
    await service.close();
    throw error;
  }
  const { store } = service;
  return {
    baseUrl: new URL(address).origin,
    dataDir,
    key(scopes = SCOPES) {
      const organizationId = store.accounts.defaultOrganizationId() ?? store.accounts.ensureOrganization('Local');
      return store.accounts.createApiKey({ organizationId, userId: null, scopes, label: 'test' }).key;
    },
    close: () => service.close(),
  };
}

/** A sandbox whose runs reach `server` as a remote profile (RENTSURVEY_BASE_URL/API_KEY), with the key kept secret. */
export async function remoteSandbox(server: TestServer, options: { store?: StoreSeed } = {}) {
  const sandbox = await cliSandbox({ store: options.store ?? 'none' });
  const key = server.key();
  sandbox.secrets.push(key);
  Object.assign(sandbox.env, { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key });
  return { sandbox, key };
}

/** Lines of an ndjson output, each parsed. */
export function parseNdjson<T = Record<string, unknown>>(stdout: string): T[] {
  if (stdout !== '' && !stdout.endsWith('\n')) throw new Error('output does not end with a newline');
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => parseJson<T>(line));
}

/** CSV as a program reads it (csv-parse): the header and one object per row. */
export function parseCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const records = parse(text, { relax_column_count: false }) as string[][];
  const [header = [], ...rest] = records;
  return { header, rows: rest.map((values) => Object.fromEntries(header.map((name, i) => [name, values[i] ?? '']))) };
}

export function expectOk(result: CliResult): CliResult {
  if (result.exitCode !== 0) throw new Error(`exit ${result.exitCode}:\n${result.stderr}`);
  return result;
}

export interface PortfolioRow {
  id: string;
  name: string;
  address: string;
  comp_count?: number;
  latest_pricing_date: string | null;
  pricing_summary?: { floor_plan_count: number; avg_market_rent_cents: number | null };
}

/** Two demo communities with comparables and pricing (ids are the same in every copy of the demo store). */
export async function demoSubjects(cli: CliSandbox): Promise<[PortfolioRow, PortfolioRow]> {
  const portfolio = parseJson<{ communities: PortfolioRow[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout);
  const [subject, other] = portfolio.communities.filter((c) => (c.comp_count ?? 0) > 0 && c.latest_pricing_date);
  if (!subject || !other) throw new Error('the demo portfolio has no two communities with comparables and pricing');
  return [subject, other];
}

/**
 * One command in the four formats: json is one document, ndjson one object per
 * row, csv a header row and the same rows, table something for people.
 */
export async function allFormats(cli: CliSandbox, args: string[], rowsOf: (json: unknown) => unknown[]) {
  const [table, json, csv, ndjson] = await Promise.all([
    cli.run(args),
    cli.run([...args, '--json']),
    cli.run([...args, '--csv']),
    cli.run([...args, '--format', 'ndjson']),
  ]);
  for (const r of [table, json, csv, ndjson]) expectOk(r);
  const body = parseJson(json.stdout);
  const rows = rowsOf(body);
  const parsed = parseCsv(csv.stdout);
  if (parsed.header.length === 0) throw new Error('csv without a header');
  if (parsed.rows.length !== rows.length) throw new Error(`csv has ${parsed.rows.length} rows, json ${rows.length}`);
  const lines = parseNdjson(ndjson.stdout);
  if (lines.length !== rows.length) throw new Error(`ndjson has ${lines.length} rows, json ${rows.length}`);
  for (const line of lines)
    if (Object.keys(line).join(',') !== parsed.header.join(',')) throw new Error('ndjson keys differ from the csv header');
  if (table.stdout.length === 0 || /^\s*[[{]/.test(table.stdout)) throw new Error(`not a table:\n${table.stdout}`);
  return { table, json: body, csv: parsed, ndjson: lines };
}
