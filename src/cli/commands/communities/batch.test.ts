import { describe, expect } from 'vitest';
import { allFormats, demoSubjects, expectOk, it, MISSING_ID, parseJson } from '../../../../test/helpers/run-cli.js';

describe('communities batch', () => {
  it('several ids (spaces or commas); unknown ones reported on stderr', async ({ cli }) => {
    const [subject, other] = await demoSubjects(cli);
    const { json, table } = await allFormats(cli, ['--local', 'communities', 'batch', subject.id, `${other.id},${MISSING_ID}`], (b) =>
      (b as { communities: unknown[] }).communities,
    );
    const body = json as { communities: Array<{ id: string }>; not_found: string[] };
    expect(body.communities.map((c) => c.id)).toEqual([subject.id, other.id]);
    expect(body.not_found).toEqual([MISSING_ID]);
    expect(table.stderr).toContain(`warning: not found: ${MISSING_ID}`);
  });

  it('--include-comps adds the comparable count; --json keeps stdout pure JSON', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const r = expectOk(await cli.run(['--local', 'communities', 'batch', subject.id, MISSING_ID, '--include-comps', '--json']));
    expect(parseJson<{ communities: Array<{ comp_count: number }> }>(r.stdout).communities[0]!.comp_count).toBe(subject.comp_count);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stderr).toMatch(/^warning: not found/);
  });
});
