import { describe, expect } from 'vitest';
import { demoSubjects, expectOk, it, MISSING_ID, parseCsv, parseJson, parseNdjson } from '../../../../test/helpers/run-cli.js';

describe('communities show', () => {
  it('a record for people, the full detail in --json, one row in csv/ndjson', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const show = ['--local', 'communities', 'show', subject.id];
    const [table, json, csv, ndjson] = await Promise.all([
      cli.run(show),
      cli.run([...show, '--json']),
      cli.run([...show, '--csv']),
      cli.run([...show, '--format', 'ndjson']),
    ]);
    for (const r of [table, json, csv, ndjson]) expectOk(r);
    expect(table.stdout).toContain(subject.name);
    expect(table.stdout).toMatch(/^Name:\s+/m);
    expect(table.stdout).toContain('\nFloor plans\n');
    expect(table.stdout).toContain('\nActive comparables\n');
    const detail = parseJson<{ community: { id: string }; comps: unknown[] }>(json.stdout);
    expect(detail.community.id).toBe(subject.id);
    expect(detail.comps.length).toBe(subject.comp_count);
    const rows = parseCsv(csv.stdout).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(subject.id);
    expect(parseNdjson(ndjson.stdout)).toHaveLength(1);
  });

  it('--no-comps and --no-pricing-summary leave parts out', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const lean = parseJson<Record<string, unknown>>(
      expectOk(await cli.run(['--local', 'communities', 'show', subject.id, '--no-comps', '--json'])).stdout,
    );
    expect(lean).not.toHaveProperty('comps');
    const table = expectOk(await cli.run(['--local', 'communities', 'show', subject.id, '--no-comps', '--no-pricing-summary']));
    expect(table.stdout).not.toContain('\nFloor plans\n');
    expect(table.stdout).not.toContain('\nActive comparables\n');
  });

  it('an unknown id → 4; a name nobody has → 4 after looking; an unknown --fields name → 2', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const missing = await cli.run(['--local', 'communities', 'show', MISSING_ID, '--json']);
    expect(missing).toMatchObject({ exitCode: 4, stdout: '' });
    expect(missing.stderr).toMatch(/^error: .*not found/);
    const unknown = await cli.run(['--local', 'communities', 'show', 'not-a-uuid']);
    expect(unknown).toMatchObject({ exitCode: 4, stdout: '' });
    expect(unknown.stderr).toMatch(/^error: no community or comparable matches "not-a-uuid" \(by id, external id or name\)$/m);
    const fields = await cli.run(['--local', 'communities', 'show', subject.id, '--fields', 'bogus']);
    expect(fields).toMatchObject({ exitCode: 2, stdout: '' });
    expect(fields.stderr).toMatch(/unknown field "bogus"/);
  });
});
