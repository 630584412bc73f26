import { describe, expect } from 'vitest';
import { createCommunity, unique } from '../../../../test/helpers/community.js';
import { expectOk, it, MISSING_ID, parseCsv, parseJson, type CliSandbox } from '../../../../test/helpers/run-cli.js';

interface CompList {
  comps: Array<{ id: string; name: string; is_included_in_surveys: boolean }>;
}

const comps = async (cli: CliSandbox, id: string, extra: string[] = []) =>
  parseJson<CompList>(expectOk(await cli.run(['--local', 'comps', 'list', id, ...extra, '--json'])).stdout).comps;
const add = (cli: CliSandbox, id: string, name: string, extra: string[] = []) =>
  cli.run(['--local', 'comps', 'add', id, '--name', name, '--address', `${name} Oak St, Austin, TX 78704`, '--zipcode', '78704', ...extra]);

// comps add, activate and deactivate: the 10-active limit ties them together.
describe('comps add, activate, deactivate', () => {
  it('add up to 10 active; the 11th → exit 5; deactivate/activate swap', async ({ cli }) => {
    const subject = await createCommunity(cli);
    const first = expectOk(await add(cli, subject.id, unique('Comp'), ['--json']));
    const added = parseJson<{ comp_id: string; actions: string[]; message: string }>(first.stdout);
    expect(added.actions.length).toBeGreaterThan(0);
    expect(first.stderr).toContain(added.message);
    for (let i = 0; i < 9; i++) expectOk(await add(cli, subject.id, unique('Comp')));
    const active = (await comps(cli, subject.id)).filter((c) => c.is_included_in_surveys);
    expect(active).toHaveLength(10);

    const eleventh = await add(cli, subject.id, unique('Comp'));
    expect(eleventh).toMatchObject({ exitCode: 5, stdout: '' });
    expect(eleventh.stderr).toMatch(/10 active/);

    const off = expectOk(await cli.run(['--local', 'comps', 'deactivate', subject.id, added.comp_id, '--json']));
    expect(parseJson(off.stdout)).toMatchObject({ comp_id: added.comp_id, is_included_in_surveys: false });
    expect((await comps(cli, subject.id)).filter((c) => c.is_included_in_surveys)).toHaveLength(9);
    // Deactivated comparables stay listed with --include-inactive.
    expect((await comps(cli, subject.id, ['--include-inactive'])).find((c) => c.id === added.comp_id)?.is_included_in_surveys).toBe(false);
    const again = expectOk(await cli.run(['--local', 'comps', 'deactivate', subject.id, added.comp_id]));
    expect(again.stdout).toMatch(/already/);

    expectOk(await add(cli, subject.id, unique('Comp')));
    expect((await cli.run(['--local', 'comps', 'activate', subject.id, added.comp_id])).exitCode).toBe(5);
    expectOk(await cli.run(['--local', 'comps', 'deactivate', subject.id, active[1]!.id, '--csv']));
    const on = expectOk(await cli.run(['--local', 'comps', 'activate', subject.id, added.comp_id, '--csv']));
    expect(parseCsv(on.stdout).rows[0]).toMatchObject({ comp_id: added.comp_id, is_included_in_surveys: 'true' });
    expect((await comps(cli, subject.id)).filter((c) => c.is_included_in_surveys)).toHaveLength(10);
  });

  it('a duplicate comparable → 5; an unknown subject → 4; a bad zip → 2 before sending', async ({ cli }) => {
    const subject = await createCommunity(cli);
    const name = unique('Twin');
    const args = (id: string, zip = '78705') => ['--local', 'comps', 'add', id, '--name', name, '--address', '1 Twin St', '--zipcode', zip];
    expectOk(await cli.run(args(subject.id)));
    const dup = await cli.run(args(subject.id));
    const missing = await cli.run(args(MISSING_ID));
    const badZip = await cli.run(['--debug', ...args(subject.id, '123')]);
    expect([dup.exitCode, missing.exitCode, badZip.exitCode]).toEqual([5, 4, 2]);
    expect(badZip.stderr).not.toMatch(/POST local:/);
  });

  it('on the local store it says where surveys come from (no collector runs); a zip code that is not a US one is warned about', async ({ cli }) => {
    const subject = await createCommunity(cli);
    const name = unique('Far Away');
    const r = expectOk(await cli.run(['--local', 'comps', 'add', subject.id, '--name', name, '--address', '1 Nowhere Rd', '--zipcode', '00000', '--no-input']));
    expect(r.stderr).toContain(`${name} added as a comparable; no collector runs on this service: its surveys come from \`rentsurvey local import\` or \`rentsurvey sync\``);
    expect(r.stderr).not.toMatch(/data collection started/);
    expect(r.stderr).toContain(`warning: zip code 00000 is not a US zip code: ${name} has no coordinates, so no distance from its subject`);
    const listed = parseJson<{ comps: Array<{ name: string; distance_miles: number | null }> }>(expectOk(await cli.run(['--local', 'comps', 'list', subject.id, '--json'])).stdout);
    expect(listed.comps.find((c) => c.name === name)?.distance_miles ?? null).toBeNull();
    // A US zip code: no warning.
    expect(expectOk(await add(cli, subject.id, unique('Near'))).stderr).not.toMatch(/warning/);
  });

  it('activate/deactivate an unknown comparable → 4', async ({ cli }) => {
    const subject = await createCommunity(cli);
    expect((await cli.run(['--local', 'comps', 'deactivate', subject.id, MISSING_ID])).exitCode).toBe(4);
  });

  it('comps add queues collection jobs that local jobs lists', async ({ cli }) => {
    const subject = await createCommunity(cli);
    expectOk(await add(cli, subject.id, unique('Jobbed')));
    const jobs = parseJson<{ jobs: Array<{ kind: string; community_name: string; status: string }> }>(
      expectOk(await cli.run(['local', 'jobs', '--json'])).stdout,
    ).jobs;
    expect(jobs.map((j) => j.kind)).toEqual(expect.arrayContaining(['pricing']));
    const table = expectOk(await cli.run(['local', 'jobs']));
    expect(table.stdout).toMatch(/needs the network; waits for a collector/);
  });
});
