// users show and update
import { describe, expect } from 'vitest';
import { demoPeople } from '../../../../test/helpers/community.js';
import { allFormats, expectOk, it, MISSING_ID, parseCsv, parseJson } from '../../../../test/helpers/run-cli.js';

interface User {
  id: string;
  email: string;
  full_name: string;
  role: string;
  status: string;
  updated_at: string;
}

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
