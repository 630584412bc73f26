// users show and update
import { describe, expect } from 'vitest';
import { demoPeople, type UserRecord as User } from '../../../../test/helpers/community.js';
import { allFormats, expectOk, it, MISSING_ID, parseCsv, parseJson } from '../../../../test/helpers/run-cli.js';


describe('users show and update', () => {
  it('show in every format', async ({ cli }) => {
    const [person] = await demoPeople(cli);
    const { json } = await allFormats(cli, ['--local', 'users', 'show', person!.id], () => [null]);
    expect(json).toMatchObject({ id: person!.id, status: 'active' });
  });

  it('update changes only the flags given; show reflects it', async ({ cli }) => {
    const user = (await demoPeople(cli)).at(-1)!;
    const before = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'show', user.id, '--json'])).stdout);
    const renamed = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'update', user.id, '--name', 'Renamed Person', '--json'])).stdout);
    expect(renamed).toEqual({ ...before, full_name: 'Renamed Person', updated_at: renamed.updated_at });
    const role = before.role === 'admin' ? 'member' : 'admin';
    const changed = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'update', user.id, '--role', role, '--json'])).stdout);
    expect(changed).toMatchObject({ full_name: 'Renamed Person', role, status: before.status });
    expect(parseJson<User>(expectOk(await cli.run(['--local', 'users', 'show', user.id, '--json'])).stdout)).toEqual(changed);
    const csv = expectOk(await cli.run(['--local', 'users', 'show', user.id, '--csv']));
    expect(parseCsv(csv.stdout).rows[0]).toMatchObject({ id: user.id, full_name: 'Renamed Person', role });
  });

  it('deactivate and reactivate', async ({ cli }) => {
    const user = (await demoPeople(cli)).at(-2)!;
    const off = expectOk(await cli.run(['--local', 'users', 'update', user.id, '--status', 'inactive', '--json']));
    expect(parseJson<User>(off.stdout).status).toBe('inactive');
    expect(off.stderr).toMatch(/^Updated /);
    const on = expectOk(await cli.run(['--local', 'users', 'update', user.id, '--status', 'active', '--json']));
    expect(parseJson<User>(on.stdout).status).toBe('active');
  });

  it('show and update take an e-mail (any case) as well as an id', async ({ cli }) => {
    const person = (await demoPeople(cli)).at(-1)!;
    const shown = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'show', person.email.toUpperCase(), '--json'])).stdout);
    expect(shown).toMatchObject({ id: person.id, email: person.email });
    const updated = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'update', ` ${person.email} `, '--name', 'By Mail', '--json'])).stdout);
    expect(updated).toMatchObject({ id: person.id, full_name: 'By Mail' });
    const unknown = await cli.run(['--local', 'users', 'update', 'nobody@demo-residential.example', '--name', 'X']);
    expect(unknown).toMatchObject({ exitCode: 4, stdout: '' });
    expect(unknown.stderr).toMatch(/^error: no user with e-mail nobody@demo-residential\.example in your organization$/m);
    for (const ref of ['ana', '5b7e', 'not an@e-mail']) {
      const bad = await cli.run(['--local', 'users', 'show', ref]);
      expect(bad.exitCode, ref).toBe(2);
      expect(bad.stderr, ref).toMatch(/^error: <user>: /m);
    }
  });

  it('update with no flags → 2 before sending; unknown id → 4; bad role → 2', async ({ cli }) => {
    const [person] = await demoPeople(cli);
    const none = await cli.run(['--local', '--debug', 'users', 'update', person!.id]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).not.toMatch(/PATCH local:/);
    expect((await cli.run(['--local', 'users', 'update', MISSING_ID, '--name', 'X'])).exitCode).toBe(4);
    expect((await cli.run(['--local', 'users', 'update', person!.id, '--role', 'owner'])).exitCode).toBe(2);
    expect((await cli.run(['--local', 'users', 'show', MISSING_ID])).exitCode).toBe(4);
  });
});
