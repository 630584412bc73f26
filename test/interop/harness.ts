/**
 * Interop harness: run the CLI in-process (its `main`, real HTTP, fake streams) against
 * servers that are not ours — a Prism mock of the spec-only document, or a small
 * node:http server answering edge cases — and check what a user would see.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { parse as parseCsv } from 'csv-parse/sync';
import { expect } from 'vitest';
import { runCli as runInProcess, type CliResult } from '../helpers/run-cli.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';

export const SPEC_ONLY = new URL('./spec-only.openapi.json', import.meta.url);

export const FORMATS = ['table', 'json', 'csv', 'ndjson', 'md'] as const;
export type Format = (typeof FORMATS)[number];

export const ID = '0b1f2f6e-5c3a-4d8e-9a7b-3c2d1e0f9a8b';
export const OTHER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

export interface Read {
  args: string[];
  /** The request whose body `--json` must print as received. */
  path?: string;
  formats?: readonly Format[];
}

/** Every read command of the CLI, with the flags that change what it asks for or shows. */
export const READS: Read[] = [
  { args: ['portfolio'], path: '/v1/rentsurvey/portfolio' },
  { args: ['portfolio', '--include-pricing', '--no-comp-count'], path: '/v1/rentsurvey/portfolio' },
  { args: ['communities', 'list'], path: '/v1/communities' },
  { args: ['communities', 'list', '--all'] },
  { args: ['communities', 'show', ID], path: `/v1/rentsurvey/communities/${ID}` },
  { args: ['communities', 'batch', ID, OTHER, '--include-comps'], path: `/v1/rentsurvey/communities?ids=${ID}` },
  { args: ['comps', 'list', ID, '--include-pricing', '--include-inactive'], path: `/v1/rentsurvey/communities/${ID}/comps` },
  { args: ['pricing', 'history', ID], path: `/v1/rentsurvey/communities/${ID}/pricing` },
  { args: ['pricing', 'history', ID, '--chart'], formats: ['table'] },
  { args: ['pricing', 'floor-plans', ID], path: `/v1/rentsurvey/communities/${ID}/floor-plans` },
  { args: ['pricing', 'export', '--out', '-'], formats: ['csv'] },
  { args: ['pricing', 'export', '--communities', `${ID},${OTHER}`, '--out', '-'], formats: ['csv'] },
  { args: ['vacancy', ID], path: `/v1/rentsurvey/communities/${ID}/vacancy` },
  { args: ['vacancy', 'trend', ID], path: `/v1/rentsurvey/communities/${ID}/vacancy-trend` },
  { args: ['vacancy', 'trend', ID, '--chart'], formats: ['table'] },
  { args: ['overview', ID], path: `/v1/rentsurvey/communities/${ID}/overview` },
  { args: ['overview', '--all'] },
  { args: ['overview', ID, OTHER, '--basis', 'asking'] },
  { args: ['users', 'show', ID], path: `/v1/users/${ID}` },
  { args: ['pricing', 'target', ID, '--psi', '0.02'] },
  { args: ['pricing', 'target', ID, '--percentile', '60', '--basis', 'ner'] },
  { args: ['pricing', 'target', ID, '--band', 'market', '--per-sqft', '--bedrooms', '1'] },
  { args: ['digest', '--since', '2026-10-01'] },
  { args: ['digest', '--communities', `${ID},${OTHER}`, '--min-change', '25'] },
  { args: ['auth', 'status'] },
];

/** `rentsurvey <args>` in this process, with only `env` (plus throw-away XDG folders) as its environment. */
export async function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const home = await mkdtemp(join(tmpdir(), 'rentsurvey-interop-'));
  try {
    return await runInProcess(args, { env: { ...sandboxEnv(home), NO_COLOR: '1', ...env } });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

// Terminal controls: ESC, BEL, C1 (CSI 0x9b, OSC 0x9d …). What must never reach a terminal raw.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROL = /[\u0007\u001b\u0080-\u009f]/;

/**
 * What every run must respect, whatever the server sent: a known exit code; no stack
 * trace; no raw terminal control on stderr, nor on stdout outside --json; and either
 * whole output in the asked format, or nothing on stdout and an error on stderr.
 */
export function expectCleanRun(result: CliResult, format: Format, label: string): void {
  const shown = `${label}\n--- exit ${result.exitCode}\n--- stdout\n${result.stdout.slice(0, 3000)}\n--- stderr\n${result.stderr.slice(0, 3000)}`;
  expect([0, 1, 2, 3, 4, 5], shown).toContain(result.exitCode);
  expect(result.stderr, shown).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(result.stderr, shown).not.toMatch(/this is a bug/);
  expect(TERMINAL_CONTROL.test(result.stderr), `raw terminal control on stderr: ${shown}`).toBe(false);
  if (format !== 'json') expect(TERMINAL_CONTROL.test(result.stdout), `raw terminal control on stdout: ${shown}`).toBe(false);
  if (result.exitCode !== 0) {
    expect(result.stderr, shown).toMatch(/^error: /m);
    // `auth status` prints the whole status (works: no, and why) and then fails, like `gh auth status`.
    if (label.includes(' auth status')) expectWhole(result.stdout, format, shown);
    else expect(result.stdout, `stdout must be empty on failure: ${shown}`).toBe('');
    return;
  }
  expect(result.stderr, shown).not.toMatch(/^error: /m);
  expectWhole(result.stdout, format, shown);
}

/** The output parses whole in its format. */
export function expectWhole(stdout: string, format: Format, shown: string): void {
  if (stdout !== '') expect(stdout.endsWith('\n'), `output ends without a newline: ${shown}`).toBe(true);
  switch (format) {
    case 'json':
      expect(() => JSON.parse(stdout) as unknown, shown).not.toThrow();
      return;
    case 'ndjson':
      for (const line of stdout.split('\n').filter(Boolean)) expect(() => JSON.parse(line) as unknown, shown).not.toThrow();
      return;
    case 'csv': {
      const rows = parseCsv(stdout, { relax_column_count: false }) as string[][];
      expect(rows.length, `a CSV has at least its header: ${shown}`).toBeGreaterThan(0);
      return;
    }
    case 'table':
    case 'md':
      // A table, a record or a summary: every line printable (stripping styles changes nothing when piped).
      expect(stripVTControlCharacters(stdout), shown).toBe(stdout);
      return;
  }
}

// ---------------------------------------------------------------- Prism

export interface Mock {
  baseUrl: string;
  seed: string;
  stop(): Promise<void>;
}

/**
 * The spec's paths are relative to {base_url}/v1, and Prism ignores a server URL's path:
 * serve the document with /v1 written into each path, as a client sends them.
 */
async function specWithV1(dir: string): Promise<string> {
  const doc = JSON.parse(await readFile(SPEC_ONLY, 'utf8')) as { paths: Record<string, unknown>; servers?: unknown };
  doc.paths = Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [`/v1${path}`, item]));
  delete doc.servers;
  const file = join(dir, 'spec-only.v1.openapi.json');
  await writeFile(file, JSON.stringify(doc));
  return file;
}

const prismBin = join(dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

/** `prism mock --dynamic --seed <seed>` of the spec-only document on a free port. */
export async function startPrism(seed: string): Promise<Mock> {
  const dir = await mkdtemp(join(tmpdir(), 'rentsurvey-prism-'));
  const spec = await specWithV1(dir);
  const child: ChildProcess = spawn(process.execPath, [prismBin, 'mock', '--dynamic', '--seed', seed, '--port', '0', '--host', '127.0.0.1', spec], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', ...sandboxEnv(join(dir, 'home')), NO_COLOR: '1', SCARF_ANALYTICS: 'false' },
  });
  let log = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start within 60 s:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log += stripVTControlCharacters(chunk.toString('utf8'));
      const match = /listening on (http:\/\/[\d.]+:\d+)/i.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${String(code)}) before listening:\n${log}`));
    });
  });
  // Keep draining its request log so that the pipe never fills.
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    baseUrl,
    seed,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- a fake service of our own

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => void;

export interface FakeService {
  baseUrl: string;
  /** Answers every request until replaced. */
  answer(route: Route): void;
  requests: string[];
  stop(): Promise<void>;
}

export async function startFakeService(): Promise<FakeService> {
  let route: Route = (_req, res) => {
    res.writeHead(404).end();
  };
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    req.resume();
    req.on('end', () => route(req, res, url));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    answer(next) {
      route = next;
    },
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON answer written as given (a string is sent verbatim: `12.0`, huge numbers, escapes). */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}
