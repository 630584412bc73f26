/**
 * The `examples/market-changes.json` dataset (two subjects, six comparables, surveys
 * on 2026-10-26, 11-02 and 11-09 for Maple Court and 11-03, 11-10 for Pine Ridge),
 * and the CLI run in-process against it: on a local store it was imported into
 * with `rentsurvey local import`, or over HTTP against a served copy of it.
 * Hand-computed answers are in the tests and in docs/metrics.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { runCli } from './run-cli.js';
import { sandboxEnv } from './sandbox-env.js';
import { startService, type TestService } from './server.js';

export const DATASET = fileURLToPath(new URL('../../examples/market-changes.json', import.meta.url));

/**
 * `examples/digest-week.json`: one week (2026-11-06 → 11-13) for the digest's summary, with
 * answers computed by hand in src/domain/digest-summary.test.ts. Aspen Yard has six
 * comparables (Eagle Row deactivated between the surveys, Fern Court added); Birch Hollow
 * one; Cedar Knoll has no survey at all.
 */
export const DIGEST_WEEK = fileURLToPath(new URL('../../examples/digest-week.json', import.meta.url));
/**
 * `examples/concession-week.json`: a week of concessions (2026-11-06 → 11-13) with answers computed
 * by hand in src/cli/commands/digest/concessions.test.ts: Linden Park's comparables start, end and
 * change specials ("8 weeks free" on Parkside Commons' four plans), Willow Bend's start two.
 */
export const CONCESSION_WEEK = fileURLToPath(new URL('../../examples/concession-week.json', import.meta.url));
export const WEEK = {
  aspen: 'd16e5700-0000-4000-8000-000000000001',
  birch: 'd16e5700-0000-4000-8000-000000000002',
  cedar: 'd16e5700-0000-4000-8000-000000000003',
  bluff: 'd16e5700-0000-4000-8000-0000000000c1',
  crest: 'd16e5700-0000-4000-8000-0000000000c2',
  delta: 'd16e5700-0000-4000-8000-0000000000c3',
  eagle: 'd16e5700-0000-4000-8000-0000000000c4',
  fern: 'd16e5700-0000-4000-8000-0000000000c5',
  grove: 'd16e5700-0000-4000-8000-0000000000c6',
  harbor: 'd16e5700-0000-4000-8000-0000000000c7',
} as const;
export const MAPLE = '5a1e0c1e-0000-4000-8000-000000000001';
export const PINE = '5a1e0c1e-0000-4000-8000-000000000002';
export const COMP = {
  oak: '5a1e0c1e-0000-4000-8000-0000000000c1',
  birch: '5a1e0c1e-0000-4000-8000-0000000000c2',
  cedar: '5a1e0c1e-0000-4000-8000-0000000000c3',
  dogwood: '5a1e0c1e-0000-4000-8000-0000000000c4',
  elm: '5a1e0c1e-0000-4000-8000-0000000000c5',
  fir: '5a1e0c1e-0000-4000-8000-0000000000c6',
} as const;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface MarketCli {
  /** Runs `rentsurvey <args>` in-process (with --local for the local store). */
  run(args: string[], options?: { now?: string; env?: Record<string, string>; stdoutTTY?: boolean; isTTY?: boolean; color?: boolean }): Promise<CliResult>;
  /** Temp folder holding the XDG folders; state files of --since-last go to `${root}/state`. */
  root: string;
  close(): Promise<void>;
}

async function runner(root: string, baseArgs: string[], baseEnv: Record<string, string>): Promise<MarketCli['run']> {
  return async (args, options = {}) => {
    const env = {
      ...sandboxEnv(root),
      NO_COLOR: options.color ? '' : '1',
      // 200 columns, piped or not: charts and tables as wide as the pinned outputs were made.
      COLUMNS: '200',
      // Long output on a test's terminal goes straight to it, as with --no-pager.
      RENTSURVEY_PAGER: 'cat',
      ...baseEnv,
      ...options.env,
    };
    const now = options.now === undefined ? undefined : new Date(options.now);
    const result = await runCli([...baseArgs, ...args], {
      env,
      columns: 200,
      stdoutTTY: options.stdoutTTY ?? false,
      isTTY: options.isTTY ?? false,
      ...(now ? { now: () => now } : {}),
    });
    return { code: result.exitCode, stdout: result.stdout, stderr: result.stderr };
  };
}

/** The dataset (market-changes.json unless given) imported into a fresh local store with `rentsurvey local import`; commands run with --local. */
export async function localMarket(dataset = DATASET): Promise<MarketCli> {
  const root = await mkdtemp(join(tmpdir(), 'rentsurvey-market-'));
  const importRun = await runner(root, [], {});
  const imported = await importRun(['local', 'import', dataset]);
  if (imported.code !== 0) throw new Error(`local import failed: ${imported.stderr}`);
  return { run: await runner(root, ['--local'], {}), root, close: () => rm(root, { recursive: true, force: true }) };
}

/** localMarket() for the tests of one file: imported before they run, removed after; `market()` is it. */
export function marketForTests(): () => MarketCli {
  let market: MarketCli | undefined;
  beforeAll(async () => {
    market = await localMarket();
  });
  afterAll(async () => {
    await market?.close();
  });
  return () => {
    if (!market) throw new Error('the market dataset is imported in beforeAll: use it inside a test');
    return market;
  };
}

/** The dataset (or another) on a real service listening on a port; commands run against it over HTTP. */
export async function servedMarket(dataset = DATASET): Promise<MarketCli & { service: TestService }> {
  const root = await mkdtemp(join(tmpdir(), 'rentsurvey-market-'));
  const service = await startService();
  const content = JSON.parse(await readFile(dataset, 'utf8')) as Parameters<TestService['importDataset']>[0] & { organization: string };
  service.importDataset(content);
  const { key } = service.principal({ organization: content.organization });
  const run = await runner(root, [], { RENTSURVEY_BASE_URL: service.origin, RENTSURVEY_API_KEY: key });
  return {
    run,
    root,
    service,
    async close() {
      await service.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A worked example of docs/metrics.md (or of `page`, from the repository's root): a fenced block
 * tagged `cli-example=<name>` whose first line is the command (`$ rentsurvey --local …`) and the rest its output.
 */
export async function docExample(name: string, page = 'docs/metrics.md'): Promise<{ args: string[]; output: string }> {
  const text = await readFile(fileURLToPath(new URL(`../../${page}`, import.meta.url)), 'utf8');
  const match = new RegExp(`\`\`\`\\w+ cli-example=${name}\\n\\$ rentsurvey --local (.*)\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (!match) throw new Error(`${page} has no cli-example=${name}`);
  return { args: (match[1] as string).split(' '), output: match[2] as string };
}
