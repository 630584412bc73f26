// local keys create | list | revoke
import { describe, expect } from 'vitest';
import { cliSandbox, expectOk, it, parseJson, startServer } from '../../../../test/helpers/run-cli.js';

describe('local keys', () => {
  it('create prints only the key when piped; the key works over HTTP; list shows its prefix, never the secret', async ({ cli }) => {
    const r = expectOk(await cli.run(['local', 'keys', 'create', '--scopes', 'rentsurvey:read'], { allowSecrets: true }));
    expect(r.stdout).toMatch(/^rsk_[A-Za-z0-9]+_\S+\n$/);
    expect(r.stderr).toBe('');
    const key = r.stdout.trim();
    cli.secrets.push(key);
    const server = await startServer(cli.dataDir);
    try {
      const remote = await cliSandbox({ store: 'none' });
      remote.secrets.push(key);
      expectOk(await remote.run(['portfolio', '--json'], { env: { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key } }));
      const write = await remote.run(['users', 'invite', '--email', 'x@y.example', '--name', 'X', '--role', 'member'], {
        env: { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key },
      });
      expect(write.exitCode).toBe(3);
    } finally {
      await server.close();
    }
    const listed = expectOk(await cli.run(['local', 'keys', 'list', '--json']));
    expect(listed.stdout).toContain(key.split('_')[1]!);
    expect(parseJson<{ keys: Array<{ scopes: string }> }>(listed.stdout).keys.some((k) => k.scopes === 'rentsurvey:read')).toBe(true);
  });

  it('on a terminal, the key and a note on stderr that it is shown once', async ({ cli }) => {
    const r = expectOk(await cli.run(['local', 'keys', 'create', '--all-scopes', '--label', 'mine'], { isTTY: true, allowSecrets: true }));
    expect(r.stdout).toMatch(/^rsk_\S+\n$/);
    expect(r.stderr).toMatch(/It is shown once; store it now\./);
  });

  it('--org makes a second, isolated organization; --email ties the key to a user', async ({ cli }) => {
    const other = expectOk(await cli.run(['local', 'keys', 'create', '--all-scopes', '--org', 'Other Co'], { allowSecrets: true })).stdout.trim();
    cli.secrets.push(other);
    const unknown = await cli.run(['local', 'keys', 'create', '--all-scopes', '--email', 'nobody@nowhere.example']);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toMatch(/no user nobody@nowhere.example/);
    const keys = parseJson<{ keys: Array<{ organization: string }> }>(expectOk(await cli.run(['local', 'keys', 'list', '--json'])).stdout).keys;
    expect(keys.map((k) => k.organization)).toContain('Other Co');
  });

  it('needs --scopes or --all-scopes, only known scopes, not both (exit 2)', async ({ cli }) => {
    const none = await cli.run(['local', 'keys', 'create']);
    const unknown = await cli.run(['local', 'keys', 'create', '--scopes', 'rentsurvey:everything']);
    const both = await cli.run(['local', 'keys', 'create', '--scopes', 'rentsurvey:read', '--all-scopes']);
    expect([none.exitCode, unknown.exitCode, both.exitCode]).toEqual([2, 2, 2]);
    expect(unknown.stderr).toContain('rentsurvey:everything');
    expect(none.stderr).toMatch(/hint: scopes: /);
  });

  it('revoke by prefix; an unknown one → 4', async ({ cli }) => {
    const key = expectOk(await cli.run(['local', 'keys', 'create', '--all-scopes'], { allowSecrets: true })).stdout.trim();
    cli.secrets.push(key);
    const prefix = /^rsk_([^_]+)_/.exec(key)![1]!;
    expect(expectOk(await cli.run(['local', 'keys', 'revoke', prefix, '--yes'])).stderr).toMatch(`Revoked key ${prefix}`);
    expect((await cli.run(['local', 'keys', 'revoke', prefix, '--yes'])).exitCode).toBe(4);
    const table = expectOk(await cli.run(['local', 'keys', 'list']));
    expect(table.stdout).toMatch(/REVOKED/);
    const row = (start: string) => table.stdout.split('\n').find((line) => line.includes(` ${start} `)) ?? '';
    expect(row(prefix)).toMatch(/\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(table.stdout.split('\n').filter((line) => / no$/.test(line)).length).toBeGreaterThan(0);
  });
});
