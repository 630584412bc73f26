// pricing target and digest as a user runs them: the built CLI on a dataset brought
// with `local import`, offline (--local) and against a running `rentsurvey serve`.
// The numbers themselves are checked in-process (src/cli/commands/{pricing,digest}).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, parseJson, startServe, type Sandbox, type Served } from '../helpers/cli.js';
import { docExample, MAPLE } from '../helpers/market-changes.js';

let sandbox: Sandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  dataDir = join(sandbox.root, 'store');
  const imported = await sandbox.run(['local', 'import', 'examples/market-changes.json', '--data-dir', dataDir]);
  expect(imported.exitCode, imported.stderr).toBe(0);
});
afterAll(() => sandbox?.cleanup());

describe('offline, on the imported dataset', () => {
  it('digest --format md piped: the e-mail body of the docs, nothing else on stdout', async () => {
    const { args, output } = await docExample('digest-md');
    const result = await sandbox.run(['--local', '--data-dir', dataDir, ...args]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toBe(output);
    expect(result.stderr).toBe('');
  });

  it('pricing target: JSON for scripts; contradictory targets exit 2 naming the flags, with nothing on stdout', async () => {
    const ok = await sandbox.run(['--local', '--data-dir', dataDir, 'pricing', 'target', MAPLE, '--band', 'market', '--json']);
    expect(ok.exitCode, ok.stderr).toBe(0);
    // The market band (30–59): A1 is at 50 already and keeps its NER; B2 comes down to 33 (docs/metrics.md's worked example).
    expect(parseJson<{ floor_plans: Array<{ target_rent_cents: number | null }> }>(ok.stdout).floor_plans.map((p) => p.target_rent_cents)).toEqual([
      170_000, 210_900, null,
    ]);
    const both = await sandbox.run(['--local', '--data-dir', dataDir, 'pricing', 'target', MAPLE, '--band', 'market', '--percentile', '60']);
    expect(both.exitCode).toBe(2);
    expect(both.stdout).toBe('');
    expect(both.stderr).toMatch(/^error: give one target, not --percentile and --band/m);
  });

  it('digest with nothing new: exit 0, empty stdout, the reason on stderr', async () => {
    const result = await sandbox.run(['--local', '--data-dir', dataDir, 'digest', '--since', '2026-11-10', '--format', 'md']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Nothing changed/);
  });
});

describe('against rentsurvey serve', () => {
  let served: Served;
  let env: Record<string, string>;
  beforeAll(async () => {
    served = await startServe(dataDir);
    const key = await createKey(dataDir);
    sandbox.secrets.push(key);
    env = { RENTSURVEY_BASE_URL: served.baseUrl, RENTSURVEY_API_KEY: key };
  });
  afterAll(() => served?.stop());

  it('both commands answer as they do offline', async () => {
    for (const args of [
      ['pricing', 'target', MAPLE, '--psi', '0.02', '--basis', 'asking', '--json'],
      ['digest', '--since', '2026-11-05', '--json'],
      ['digest', '--since', '2026-11-05', '--format', 'md'],
    ]) {
      const [remote, offline] = await Promise.all([sandbox.run(args, { env }), sandbox.run(['--local', '--data-dir', dataDir, ...args])]);
      expect(remote.exitCode, remote.stderr).toBe(0);
      expect(remote.stdout).toBe(offline.stdout);
    }
  });
});
