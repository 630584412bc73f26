import { describe, expect } from 'vitest';
import { allFormats, demoSubjects, expectOk, it, MISSING_ID, parseCsv } from '../../../../test/helpers/run-cli.js';

describe('vacancy', () => {
  it('in every format, with its own labels for people', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const { json, table } = await allFormats(cli, ['--local', 'vacancy', subject.id], () => [null]);
    expect(json).toMatchObject({ community_id: subject.id, has_data: true });
    expect(table.stdout).toContain(subject.name);
    expect(table.stdout).toMatch(/^14-day vacancy:\s+\d/m);
  });

  it('--fields works on a record', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const r = expectOk(await cli.run(['--local', 'vacancy', subject.id, '--fields', 'vacancy_rate,total_units', '--csv']));
    expect(parseCsv(r.stdout).header).toEqual(['vacancy_rate', 'total_units']);
  });

  it('an unknown id → 4', async ({ cli }) => {
    const r = await cli.run(['--local', 'vacancy', MISSING_ID, '--json']);
    expect(r).toMatchObject({ exitCode: 4, stdout: '' });
    expect(r.stderr).toMatch(/^error: .*not found/);
  });
});
