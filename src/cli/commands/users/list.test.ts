import { describe, expect } from 'vitest';
import { expectOk, it, parseCsv, parseJson } from '../../../../test/helpers/run-cli.js';

interface Page {
  users: { id: string; email: string; full_name: string; status: string }[];
  total: number;
  limit: number;
  offset: number;
}

describe('users list (GET /users, our extension)', () => {
  it('the organization’s users by e-mail, a page at a time like communities list', async ({ cli }) => {
    const all = parseJson<Page>(expectOk(await cli.run(['--local', 'users', 'list', '--json'])).stdout);
    expect(all).toMatchObject({ total: 8, limit: 50, offset: 0 });
    const emails = all.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(all.users.find((u) => u.email.startsWith('james.carter'))?.status).toBe('inactive');

    const page = await cli.run(['--local', 'users', 'list', '--limit', '3', '--offset', '3']);
    expect(page.exitCode).toBe(0);
    expect(page.stderr).toBe('Showing 4–6 of 8; use --offset 6 or --all.\n');
    expect(page.stdout.split('\n').filter(Boolean).slice(1).map((line) => line.split(/\s+/)[1])).toEqual(emails.slice(3, 6));

    const csv = parseCsv(expectOk(await cli.run(['--local', 'users', 'list', '--all', '--csv', '--sort', '-email'])).stdout);
    expect(csv.rows.map((r) => r.email)).toEqual([...emails].reverse());
    expect(csv.header).toEqual(['id', 'email', 'full_name', 'role', 'status', 'created_at', 'updated_at']);
  });

  it('--search: a part of the e-mail or the name; nothing found says so', async ({ cli }) => {
    const found = parseJson<Page>(expectOk(await cli.run(['--local', 'users', 'list', '--search', 'JOHNSON', '--json'])).stdout);
    expect(found.users.map((u) => u.full_name)).toEqual(['Marcus Johnson']);
    const none = expectOk(await cli.run(['--local', 'users', 'list', '--search', 'zzz']));
    expect(none.stderr).toBe('No users match "zzz".\n');
    expect((await cli.run(['--local', 'users', 'list', '--search', 'x'.repeat(201)])).exitCode).toBe(2);
    expect((await cli.run(['--local', 'users', 'list', '--sort', 'email', '--offset', '2'])).exitCode).toBe(2);
  });
});
