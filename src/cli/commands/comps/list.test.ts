import { describe, expect } from 'vitest';
import { allFormats, demoSubjects, expectOk, it, MISSING_ID, parseCsv } from '../../../../test/helpers/run-cli.js';

describe('comps list', () => {
  it('in every format, nearest first', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const { json } = await allFormats(cli, ['--local', 'comps', 'list', subject.id], (b) => (b as { comps: unknown[] }).comps);
    const comps = (json as { comps: Array<{ distance_miles: number | null }> }).comps;
    expect(comps).toHaveLength(subject.comp_count!);
    const distances = comps.map((c) => c.distance_miles ?? Infinity);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it('--include-pricing adds columns', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const r = expectOk(await cli.run(['--local', 'comps', 'list', subject.id, '--include-pricing', '--csv']));
    expect(parseCsv(r.stdout).header).toEqual(expect.arrayContaining(['floor_plan_count', 'avg_market_rent_cents']));
  });

  it('an unknown subject → 4; a missing argument → 2', async ({ cli }) => {
    const missing = await cli.run(['--local', 'comps', 'list', MISSING_ID]);
    expect(missing).toMatchObject({ exitCode: 4, stdout: '' });
    const noArg = await cli.run(['--local', 'comps', 'list']);
    expect(noArg.exitCode).toBe(2);
    expect(noArg.stderr).toMatch(/missing required argument 'community'/);
  });
});
