import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectOk, it, parseJson } from '../../../../test/helpers/run-cli.js';

describe('local reset', () => {
  it('--empty --yes leaves an empty store that stays empty: the next command does not re-seed the demo', async ({ cli }) => {
    const reset = expectOk(await cli.run(['local', 'reset', '--empty', '--yes']));
    expect(reset.stderr).toMatch(/the store is empty/);
    const portfolio = expectOk(await cli.run(['--local', 'portfolio', '--json']));
    expect(portfolio.stderr).not.toMatch(/demo data/i);
    expect(parseJson(portfolio.stdout)).toEqual({ communities: [], total: 0 });
  });

  // `local reset --yes` seeds the demo portfolio again: seconds of work, so it is
  // tested with the other seeding runs in test/e2e/process.test.ts.

  it('without --yes and without a terminal: exit 2 naming --yes, nothing deleted; --demo and --empty conflict', async ({ cli }) => {
    const r = await cli.run(['local', 'reset']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toMatch(/confirmation needed/);
    expect(r.stderr).toMatch(/hint: add --yes/);
    expect(existsSync(join(cli.dataDir, 'rentsurvey.db'))).toBe(true);
    expect((await cli.run(['local', 'reset', '--demo', '--empty', '--yes'])).exitCode).toBe(2);
  });

  it('on a terminal, asks first; no cancels', async ({ cli }) => {
    const r = await cli.run(['local', 'reset', '--empty'], { isTTY: true, stdin: 'n\r' });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/Delete the local store in [\s\S]* start\s+empty\?/);
    expect(r.stderr).toMatch(/reset cancelled; nothing changed/);
    expect(parseJson<{ total: number }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).total).toBeGreaterThan(5);
  });
});
