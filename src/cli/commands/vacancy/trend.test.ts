import { describe, expect } from 'vitest';
import { addDays } from '../../../domain/dates.js';
import { allFormats, demoSubjects, expectOk, it, MISSING_ID } from '../../../../test/helpers/run-cli.js';

// The trend of the whole demo year takes seconds to compute: these runs ask for the last ~10 weeks.
const since = () => ['--start', addDays(new Date().toISOString().slice(0, 10), -70)];

describe('vacancy trend', () => {
  it('in every format, with projections under the table', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const { json, table } = await allFormats(cli, ['--local', 'vacancy', 'trend', subject.id, ...since()], (b) => (b as { trends: unknown[] }).trends);
    const trends = (json as { trends: Array<{ date: string }> }).trends;
    expect(trends.length).toBeGreaterThan(5);
    expect(trends.every((t) => t.date.slice(0, 10) >= since()[1]!)).toBe(true);
    expect(table.stdout).toMatch(/Projected vacancy from available-from dates: 14d /);
  });

  it('--chart draws subject and comparables; with --json it is refused before sending', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const chart = expectOk(await cli.run(['--local', 'vacancy', 'trend', subject.id, ...since(), '--chart']));
    expect(chart.stdout).toContain(subject.name);
    expect(chart.stdout).toContain('comparables');
    expect(chart.stdout).toMatch(/┤/);
    const bad = await cli.run(['--local', '--debug', 'vacancy', 'trend', subject.id, '--chart', '--json']);
    expect(bad).toMatchObject({ exitCode: 2, stdout: '' });
    expect(bad.stderr).not.toMatch(/GET local:/);
  });

  it('an unknown id → 4', async ({ cli }) => {
    expect((await cli.run(['--local', 'vacancy', 'trend', MISSING_ID])).exitCode).toBe(4);
  });
});
