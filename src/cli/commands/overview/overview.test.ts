import { describe, expect } from 'vitest';
import { allFormats, ANSI, demoSubjects, expectOk, it, MISSING_ID, parseCsv, parseJson } from '../../../../test/helpers/run-cli.js';

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

  it('shows both percentiles, labelled: each reads as pricing target reads the same plan on that basis', async ({ cli }) => {
    for (const subject of await demoSubjects(cli)) {
      const table = expectOk(await cli.run(['--local', 'overview', subject.id])).stdout;
      const header = table.split('\n').find((line) => line.startsWith('PLAN'))!;
      expect(header.split(/\s{2,}/)).toEqual(expect.arrayContaining(['ASKING PSI', 'ASKING PCTL', 'NER PSI', 'NER PCTL']));
      const csv = parseCsv(expectOk(await cli.run(['--local', 'overview', subject.id, '--csv', '--fields', 'floor_plan,base_percentile_rank,ner_percentile_rank'])).stdout);
      for (const [basis, field] of [['ner', 'ner_percentile_rank'], ['asking', 'base_percentile_rank']] as const) {
        const target = parseJson<{ floor_plans: Array<{ floor_plan_name: string; percentile_current: number | null }> }>(
          expectOk(await cli.run(['--local', 'pricing', 'target', subject.id, '--psi', '0', '--basis', basis, '--json'])).stdout,
        );
        const byPlan = new Map(csv.rows.map((row) => [row.floor_plan!.split(' ')[0], row[field]]));
        for (const plan of target.floor_plans)
          expect(byPlan.get(plan.floor_plan_name), `${subject.name} ${plan.floor_plan_name} ${basis}`).toBe(String(plan.percentile_current ?? ''));
      }
    }
  });

  it('bathrooms read 1 and 1.5, never 1.0, in every table that shows them', async ({ cli }) => {
    // Barton Creek Terrace has 1, 1.5, 2 and 2.5 baths: number columns would line them up as 1.0 and 2.0.
    // (communities show lists its plans with pricing floor-plans' columns.)
    for (const args of [['overview'], ['pricing', 'floor-plans'], ['pricing', 'history', '--latest'], ['pricing', 'target', '--psi', '0']]) {
      const out = expectOk(await cli.run(['--local', ...args, 'Barton Creek Terrace', '--fields', 'bathrooms'])).stdout;
      const cells = out.trim().split('\n').slice(1).map((cell) => cell.trim());
      expect(cells, args.join(' ')).toEqual(expect.arrayContaining(['1', '1.5', '2']));
      expect(cells.filter((cell) => /\.0$/.test(cell)), args.join(' ')).toEqual([]);
    }
  });

  it('an unknown id → 4', async ({ cli }) => {
    const r = await cli.run(['--local', 'overview', MISSING_ID]);
    expect(r).toMatchObject({ exitCode: 4, stdout: '' });
  });
});
