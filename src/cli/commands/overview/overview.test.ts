import { describe, expect } from 'vitest';
import { allFormats, ANSI, demoSubjects, expectOk, it, MISSING_ID } from '../../../../test/helpers/run-cli.js';

describe('overview', () => {
  it('in every format, with the summary under the table', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const { json, table } = await allFormats(cli, ['--local', 'overview', subject.id], (b) => (b as { floor_plans: unknown[] }).floor_plans);
    expect(json).toHaveProperty('overall_metrics');
    expect(table.stdout.split('\n')[0]).toContain(subject.name);
    expect(table.stdout).toMatch(/^Overall PSI /m);
    expect(table.stdout).toMatch(/^CRI /m);
  });

  it('--format md: a heading naming the community and survey, the table, the overall metrics as a list', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const md = expectOk(await cli.run(['--local', 'overview', subject.id, '--format', 'md'])).stdout.split('\n');
    expect(md[0]).toMatch(new RegExp(`^### ${subject.name} — .+ — survey of \\d{4}-\\d{2}-\\d{2}$`));
    expect(md[2]).toMatch(/^\| PLAN +\| /);
    expect(md).toContainEqual(expect.stringMatching(/^- Overall PSI: asking [+-]\d+\.\d%, NER [+-]\d+\.\d%$/));
    expect(md).toContainEqual(expect.stringMatching(/^- CRI: asking \d+\.\d \([a-z-]+\), NER \d+\.\d \([a-z-]+\)$/));
    expect(md).toContainEqual(expect.stringMatching(/^- Concessions: \d+ of \d+ comps/));
  });

  it('colors with FORCE_COLOR: the same text once the colors are taken out', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const forced = expectOk(await cli.run(['--local', 'overview', subject.id], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }));
    const plain = expectOk(await cli.run(['--local', 'overview', subject.id]));
    const flag = expectOk(await cli.run(['--local', '--no-color', 'overview', subject.id], { env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }));
    expect(forced.stdout).toMatch(ANSI);
    expect(flag.stdout).not.toMatch(ANSI);
    // eslint-disable-next-line no-control-regex
    expect(forced.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain.stdout);
  });

  it('an unknown id → 4', async ({ cli }) => {
    const r = await cli.run(['--local', 'overview', MISSING_ID]);
    expect(r).toMatchObject({ exitCode: 4, stdout: '' });
  });
});
