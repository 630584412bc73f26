import { describe, expect } from 'vitest';
import { expectOk, it, parseJson } from '../../../../test/helpers/run-cli.js';

describe('users invite', () => {
  it('the invitation on stdout, the message on stderr; again → 409 → exit 5', async ({ cli }) => {
    const email = 'invitee@e2e.example';
    const r = expectOk(await cli.run(['--local', 'users', 'invite', '--email', email, '--name', 'In Vitee', '--role', 'member', '--json']));
    const body = parseJson<{ invitation: { email: string; status: string; role: string; invite_url: string } }>(r.stdout);
    expect(body.invitation).toMatchObject({ email, status: 'pending', role: 'member' });
    expect(body.invitation.invite_url).toMatch(/\/invitations\//);
    expect(r.stderr).toMatch(/invitation sent/);
    const table = expectOk(await cli.run(['--local', 'users', 'invite', '--email', `t-${email}`, '--name', 'Table Person', '--role', 'admin']));
    expect(table.stdout).toMatch(/^Status:\s+pending$/m);
    const again = await cli.run(['--local', 'users', 'invite', '--email', email, '--name', 'In Vitee', '--role', 'member']);
    expect(again).toMatchObject({ exitCode: 5, stdout: '' });
  });

  it('a bad e-mail → 2; a bad role → 2', async ({ cli }) => {
    expect((await cli.run(['--local', 'users', 'invite', '--email', 'not-an-email', '--name', 'X', '--role', 'member'])).exitCode).toBe(2);
    const role = await cli.run(['--local', 'users', 'invite', '--email', 'a@b.example', '--name', 'A', '--role', 'boss']);
    expect(role.exitCode).toBe(2);
    expect(role.stderr).toMatch(/boss/);
  });
});
