import { describe, expect } from 'vitest';
import { countNamed, createCommunity, demoPeople, unique } from '../../../../test/helpers/community.js';
import { expectOk, it, parseCsv, parseJson, parseNdjson } from '../../../../test/helpers/run-cli.js';

const create = ['--local', 'communities', 'create', '--address', '9 Elm St, Austin, TX 78702', '--zipcode', '78702'];

describe('communities create', () => {
  it('creates in each format: the record on stdout, the message on stderr', async ({ cli }) => {
    const name = unique('Format Flats');
    const table = expectOk(await cli.run([...create, '--name', `${name} table`]));
    const json = expectOk(await cli.run([...create, '--name', `${name} json`, '--json']));
    const csv = expectOk(await cli.run([...create, '--name', `${name} csv`, '--csv']));
    const ndjson = expectOk(await cli.run([...create, '--name', `${name} ndjson`, '--format', 'ndjson']));
    for (const r of [table, json, csv, ndjson]) expect(r.stderr).toMatch(/^Created community /);
    expect(table.stdout).toMatch(/^ID:\s+[0-9a-f-]{36}$/m);
    expect(table.stdout).toMatch(new RegExp(`^Name:\\s+${name} table$`, 'm'));
    expect(parseJson(json.stdout)).toMatchObject({ name: `${name} json`, zipcode: '78702', status: 'active', email: null, other_team_members: [] });
    expect(parseCsv(csv.stdout).rows[0]).toMatchObject({ name: `${name} csv`, status: 'active' });
    expect(parseNdjson(ndjson.stdout)[0]).toMatchObject({ name: `${name} ndjson` });
    expect(await countNamed(cli, name)).toBe(4);
    const quiet = expectOk(await cli.run([...create, '--name', `${name} quiet`, '--quiet']));
    expect(quiet.stderr).toBe('');
  });

  it('assigns managers and team members by e-mail', async ({ cli }) => {
    const [a, b, c] = await demoPeople(cli);
    const created = await createCommunity(cli, [
      '--community-manager', a!.email,
      '--asset-manager', b!.email.toUpperCase(),
      '--other-team-members', `${b!.email}, ${c!.email}`,
      '--external-id', unique('EXT'),
      '--website-url', 'https://e2e.example',
      '--email', 'leasing@e2e.example',
      '--status', 'inactive',
    ]);
    expect(created.community_manager?.id).toBe(a!.id);
    expect(created.asset_manager?.id).toBe(b!.id);
    expect(created.leasing_manager).toBeNull();
    expect(created.other_team_members.map((p) => p.id)).toEqual([b!.id, c!.id]);
    expect(created).toMatchObject({ website_url: 'https://e2e.example', email: 'leasing@e2e.example', status: 'inactive' });
  });

  it('a bad zip code is rejected before sending (exit 2), nothing created', async ({ cli }) => {
    const name = unique('Bad Zip');
    const r = await cli.run(['--local', '--debug', 'communities', 'create', '--name', name, '--address', '1 Main St', '--zipcode', '7870']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toMatch(/zipcode/);
    expect(r.stderr).not.toMatch(/POST local:/);
    expect(await countNamed(cli, name)).toBe(0);
  });

  it('missing mandatory flags and bad choices are usage errors', async ({ cli }) => {
    const missing = await cli.run(['--local', 'communities', 'create', '--name', 'X']);
    expect(missing).toMatchObject({ exitCode: 2, stdout: '' });
    expect(missing.stderr).toMatch(/--address|--zipcode/);
    const status = await cli.run([...create, '--name', 'X', '--status', 'closed']);
    expect(status.exitCode).toBe(2);
    expect(status.stderr).toMatch(/closed/);
  });

  it('an unknown --fields name is refused before anything is created', async ({ cli }) => {
    const name = unique('Fields Check');
    const r = await cli.run([...create, '--name', name, '--fields', 'bogus']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown field "bogus"/);
    expect(await countNamed(cli, name)).toBe(0);
  });

  it('a duplicate external id → 409 → exit 5', async ({ cli }) => {
    const external = unique('DUP');
    await createCommunity(cli, ['--external-id', external]);
    const r = await cli.run([...create, '--name', unique('Dup'), '--external-id', external]);
    expect(r).toMatchObject({ exitCode: 5, stdout: '' });
    expect(r.stderr).toMatch(/^error: /);
  });

  it('a manager e-mail that is no user → 422 → exit 5, nothing created', async ({ cli }) => {
    const name = unique('Unknown Manager');
    const r = await cli.run([...create, '--name', name, '--community-manager', 'nobody@nowhere.example']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/community_manager_email/);
    expect(await countNamed(cli, name)).toBe(0);
  });

  it('a name the organization already has: created all the same, with a warning naming the other one (scripts see it too)', async ({ cli }) => {
    const name = unique('Twin Oaks');
    const first = await createCommunity(cli, ['--name', name, '--external-id', unique('TW')]);
    const second = expectOk(await cli.run([...create, '--name', name.toUpperCase(), '--no-input', '--json']));
    expect(parseJson<{ name: string }>(second.stdout).name).toBe(name.toUpperCase());
    expect(second.stderr).toContain(
      `warning: your organization has another community named "${name.toUpperCase()}" (external id ${first.external_community_id}, id ${first.id}): ` +
        'a command given that name now asks which one; name each by its external id or id',
    );
    expect(await countNamed(cli, name)).toBe(2);
    // A name of its own: no warning.
    expect(expectOk(await cli.run([...create, '--name', unique('Lone Pine')])).stderr).not.toMatch(/warning/);
  });

  it('a well-formed zip code that is not a US zip code: created, with a warning that it has no coordinates', async ({ cli }) => {
    const name = unique('Nowhere Flats');
    const r = expectOk(await cli.run(['--local', 'communities', 'create', '--name', name, '--address', '1 Main St', '--zipcode', '00000']));
    expect(r.stderr).toContain(`warning: zip code 00000 is not a US zip code: ${name} has no coordinates, so its comparables get no distances`);
    expect(await countNamed(cli, name)).toBe(1);
  });
});

