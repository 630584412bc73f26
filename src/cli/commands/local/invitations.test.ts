// The user life cycle offline: invite → accept → show and update by e-mail → list.
import { describe, expect } from 'vitest';
import type { UserRecord as User } from '../../../../test/helpers/community.js';
import { expectOk, it, MISSING_ID, parseJson, type CliSandbox } from '../../../../test/helpers/run-cli.js';

interface Invitation {
  id: string;
  email: string;
  status: string;
}

const DAY = 86_400_000;

async function invite(cli: CliSandbox, email: string, name = 'Lee Park', role = 'member'): Promise<Invitation> {
  const r = expectOk(await cli.run(['--local', 'users', 'invite', '--email', email, '--name', name, '--role', role, '--json']));
  return parseJson<{ invitation: Invitation }>(r.stdout).invitation;
}

describe('local invitations accept', () => {
  it('the whole life cycle offline: invited is not a user; accepted, it is found and changed by e-mail, and listed', async ({ cli }) => {
    const email = 'lee.park@demo-residential.example';
    const invited = await invite(cli, email, 'Lee Park', 'admin');
    const said = expectOk(await cli.run(['--local', 'users', 'invite', '--email', 'x.y@demo-residential.example', '--name', 'X Y', '--role', 'member']));
    // What invite prints is the invitation, and it says so, with the way to the user.
    expect(said.stdout).toMatch(/^Invitation id: +[0-9a-f-]{36}$/m);
    expect(said.stderr).toMatch(/the invitation's, not a user id/);
    expect(said.stderr).toContain('`rentsurvey local invitations accept x.y@demo-residential.example`');

    const before = await cli.run(['--local', 'users', 'show', email]);
    expect(before).toMatchObject({ exitCode: 4, stdout: '' });
    expect(before.stderr).toMatch(/no user with e-mail lee\.park@demo-residential\.example in your organization\nhint: an invited person becomes a user once they accept/);
    expect((await cli.run(['--local', 'users', 'show', invited.id])).exitCode).toBe(4);
    const pending = expectOk(await cli.run(['local', 'invitations', 'list', '--json']));
    expect(parseJson<{ invitations: Invitation[] }>(pending.stdout).invitations).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invited.id, email, status: 'pending' })]),
    );

    const accepted = expectOk(await cli.run(['local', 'invitations', 'accept', 'Lee.Park@Demo-Residential.example', '--json']));
    const user = parseJson<User>(accepted.stdout);
    // As the service would: active, with the invitation's name and role; a user id, not the invitation's.
    expect(user).toMatchObject({ email, full_name: 'Lee Park', role: 'admin', status: 'active' });
    expect(user.id).not.toBe(invited.id);
    expect(accepted.stderr).toContain(`${email} accepted the invitation: an active admin of Demo Residential, user id ${user.id}`);

    expect(parseJson<User>(expectOk(await cli.run(['--local', 'users', 'show', email, '--json'])).stdout)).toMatchObject({ id: user.id, status: 'active' });
    const updated = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'update', 'LEE.PARK@demo-residential.example', '--role', 'member', '--json'])).stdout);
    expect(updated).toMatchObject({ id: user.id, role: 'member', full_name: 'Lee Park' });
    const listed = parseJson<{ users: User[] }>(expectOk(await cli.run(['--local', 'users', 'list', '--search', 'lee.park', '--json'])).stdout);
    expect(listed.users).toEqual([expect.objectContaining({ id: user.id, role: 'member' })]);
    const after = parseJson<{ invitations: Invitation[] }>(expectOk(await cli.run(['local', 'invitations', 'list', '--json'])).stdout);
    expect(after.invitations.find((i) => i.id === invited.id)?.status).toBe('accepted');

    // Once: accepting again, or inviting a user, is a conflict.
    const again = await cli.run(['local', 'invitations', 'accept', invited.id]);
    expect(again).toMatchObject({ exitCode: 5, stdout: '' });
    expect(again.stderr).toMatch(/is accepted, not pending/);
    expect((await cli.run(['--local', 'users', 'invite', '--email', email, '--name', 'Lee', '--role', 'member'])).exitCode).toBe(5);
  });

  it('by the invitation id; an expired invitation is refused (5), and listed as expired', async ({ cli }) => {
    const first = await invite(cli, 'first@demo-residential.example');
    expect(parseJson<User>(expectOk(await cli.run(['local', 'invitations', 'accept', first.id, '--json'])).stdout)).toMatchObject({ email: 'first@demo-residential.example' });
    const late = await invite(cli, 'late@demo-residential.example');
    const later = () => new Date(Date.now() + 8 * DAY);
    const expired = await cli.run(['local', 'invitations', 'accept', 'late@demo-residential.example'], { now: later });
    expect(expired).toMatchObject({ exitCode: 5, stdout: '' });
    expect(expired.stderr).toMatch(/the invitation of late@demo-residential\.example expired at .*; invite them again/);
    const listed = parseJson<{ invitations: Invitation[] }>(expectOk(await cli.run(['local', 'invitations', 'list', '--json'], { now: later })).stdout);
    expect(listed.invitations.find((i) => i.id === late.id)?.status).toBe('expired');
    expect((await cli.run(['--local', 'users', 'show', 'late@demo-residential.example'])).exitCode).toBe(4);
  });

  it('the demo store holds one pending invitation to try it on: Nina Shah, a member', async ({ cli }) => {
    const listed = parseJson<{ invitations: (Invitation & { name: string; role: string })[] }>(
      expectOk(await cli.run(['local', 'invitations', 'list', '--json'])).stdout,
    );
    expect(listed.invitations).toEqual([expect.objectContaining({ email: 'nina.shah@demo-residential.example', name: 'Nina Shah', role: 'member', status: 'pending' })]);
    expect((await cli.run(['--local', 'users', 'show', 'nina.shah@demo-residential.example'])).exitCode).toBe(4);
    expectOk(await cli.run(['local', 'invitations', 'accept', listed.invitations[0]!.id]));
    const nina = parseJson<User>(expectOk(await cli.run(['--local', 'users', 'show', 'nina.shah@demo-residential.example', '--json'])).stdout);
    expect(nina).toMatchObject({ full_name: 'Nina Shah', role: 'member', status: 'active' });
  });

  it('no such invitation → 4; neither an id nor an e-mail → 2', async ({ cli }) => {
    const missing = await cli.run(['local', 'invitations', 'accept', MISSING_ID]);
    expect(missing).toMatchObject({ exitCode: 4, stdout: '' });
    expect(missing.stderr).toMatch(/hint: `rentsurvey local invitations list` lists the invitations/);
    expect((await cli.run(['local', 'invitations', 'accept', 'nobody@demo-residential.example'])).exitCode).toBe(4);
    const bad = await cli.run(['local', 'invitations', 'accept', 'lee']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^error: <invitation>: "lee" is neither an invitation id \(UUID\) nor an e-mail address$/m);
  });
});
