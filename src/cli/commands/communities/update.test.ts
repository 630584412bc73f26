import { describe, expect } from 'vitest';
import { createCommunity, demoPeople, unique, type Community } from '../../../../test/helpers/community.js';
import { expectOk, it, MISSING_ID, parseJson, type CliSandbox } from '../../../../test/helpers/run-cli.js';

const update = (cli: CliSandbox, id: string, flags: string[], options = {}) =>
  cli.run(['--local', 'communities', 'update', id, ...flags], options);

async function current(cli: CliSandbox, id: string): Promise<Community> {
  const page = parseJson<{ communities: Community[] }>(expectOk(await cli.run(['--local', 'communities', 'list', '--all', '--json'])).stdout);
  const found = page.communities.find((c) => c.id === id);
  if (!found) throw new Error(`community ${id} not listed`);
  return found;
}

describe('communities update', () => {
  it('changes only the flags given', async ({ cli }) => {
    const [a] = await demoPeople(cli);
    const created = await createCommunity(cli, ['--email', 'a@e2e.example', '--external-id', unique('UPD'), '--website-url', 'https://u.example', '--community-manager', a!.email]);
    const status = parseJson<Community>(expectOk(await update(cli, created.id, ['--status', 'inactive', '--json'])).stdout);
    expect(status).toEqual({ ...created, status: 'inactive', updated_at: status.updated_at });
    expect(status.updated_at >= created.updated_at).toBe(true);
    const renamed = parseJson<Community>(expectOk(await update(cli, created.id, ['--name', 'Renamed Court', '--json'])).stdout);
    expect(renamed).toEqual({ ...status, name: 'Renamed Court', updated_at: renamed.updated_at });
    const unassigned = parseJson<Community>(expectOk(await update(cli, created.id, ['--community-manager', 'none', '--json'])).stdout);
    expect(unassigned.community_manager).toBeNull();
    expect(unassigned).toMatchObject({ name: 'Renamed Court', status: 'inactive', email: 'a@e2e.example', website_url: 'https://u.example' });
    expect(await current(cli, created.id)).toEqual(unassigned);
    // "none" clears a plain field too: the API's null.
    const cleared = parseJson<Community>(expectOk(await update(cli, created.id, ['--email', 'none', '--json'])).stdout);
    expect(cleared.email).toBeNull();
    expect(expectOk(await update(cli, created.id, ['--status', 'active'])).stderr).toMatch(/^Updated community Renamed Court/);
  });

  it('--other-team-members needs --yes without a terminal (exit 2, nothing changed)', async ({ cli }) => {
    const [a, b, c] = await demoPeople(cli);
    const created = await createCommunity(cli, ['--other-team-members', a!.email]);
    const refused = await update(cli, created.id, ['--other-team-members', `${b!.email},${c!.email}`]);
    expect(refused).toMatchObject({ exitCode: 2, stdout: '' });
    expect(refused.stderr).toContain('--yes');
    expect((await current(cli, created.id)).other_team_members.map((p) => p.id)).toEqual([a!.id]);
    const replaced = parseJson<Community>(expectOk(await update(cli, created.id, ['--other-team-members', `${b!.email},${c!.email}`, '--yes', '--json'])).stdout);
    expect(replaced.other_team_members.map((p) => p.id)).toEqual([b!.id, c!.id]);
    const emptied = parseJson<Community>(expectOk(await update(cli, created.id, ['--other-team-members', '', '-y', '--json'])).stdout);
    expect(emptied.other_team_members).toEqual([]);
  });

  it('on a terminal, asks before replacing the team list; no keeps it', async ({ cli }) => {
    const [a, b] = await demoPeople(cli);
    const created = await createCommunity(cli, ['--other-team-members', a!.email]);
    // "n" then Enter answers the confirmation; the prompt draws on stderr, never stdout.
    const r = expectOk(await update(cli, created.id, ['--other-team-members', b!.email], { isTTY: true, stdin: 'n\n' }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/Replace the whole team member list with/);
    expect(r.stderr).toMatch(/Nothing changed\./);
    expect((await current(cli, created.id)).other_team_members.map((p) => p.id)).toEqual([a!.id]);
  });

  it('no flags → exit 2 before sending', async ({ cli }) => {
    const created = await createCommunity(cli);
    const r = await cli.run(['--local', '--debug', 'communities', 'update', created.id]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to update/);
    expect(r.stderr).not.toMatch(/PATCH local:/);
  });

  it('an unknown id → 4; a name nobody has → 4; a bad zip → 2', async ({ cli }) => {
    const missing = await update(cli, MISSING_ID, ['--status', 'inactive']);
    const malformed = await update(cli, 'nope', ['--status', 'inactive']);
    const zip = await update(cli, MISSING_ID, ['--zipcode', 'ABCDE']);
    expect([missing.exitCode, malformed.exitCode, zip.exitCode]).toEqual([4, 4, 2]);
    for (const r of [missing, malformed, zip]) expect(r.stdout).toBe('');
  });

  it('renamed to a name another community has, or given a zip code that is not a US one: done, with a warning', async ({ cli }) => {
    const taken = await createCommunity(cli, ['--external-id', unique('TK')]);
    const other = await createCommunity(cli);
    const renamed = expectOk(await update(cli, other.id, ['--name', taken.name, '--zipcode', '00000', '--no-input']));
    expect(renamed.stderr).toContain(`warning: your organization has another community named "${taken.name}" (external id ${taken.external_community_id}, id ${taken.id})`);
    expect(renamed.stderr).toContain(`warning: zip code 00000 is not a US zip code: ${taken.name} has no coordinates, so its comparables get no distances`);
    // Its own name given again: the twin is said again; no name given: nothing to say.
    expect(expectOk(await update(cli, taken.id, ['--name', taken.name])).stderr).toContain(`another community named "${taken.name}"`);
    expect(expectOk(await update(cli, other.id, ['--status', 'active'])).stderr).not.toMatch(/warning/);
  });
});

