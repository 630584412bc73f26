// login / logout / auth status against a real service on port 0: stored
// credentials, the environment, precedence, exit codes, and secrets never printed.
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  cliSandbox,
  copyDemoStore,
  expectOk,
  it,
  parseJson,
  startServer,
  type CliSandbox,
  type TestServer,
} from '../../../../test/helpers/run-cli.js';
import { closedPort } from '../../../../test/helpers/net.js';
import type { Status } from './status.js';

let server: TestServer;
let key: string; // all scopes
let usersOnlyKey: string; // users:read only
const badKey = 'rsk_AAAAAAAA_this-is-not-a-valid-secret-value';

beforeAll(async () => {
  const root = await cliSandbox({ store: 'none' });
  server = await startServer(await copyDemoStore(join(root.root, 'served')));
  key = server.key();
  usersOnlyKey = server.key(['users:read']);
});
afterAll(() => server?.close());

/** A sandbox without a local store, whose runs fail if they print one of the keys. */
async function sandbox(): Promise<CliSandbox> {
  const sb = await cliSandbox({ store: 'none' });
  sb.secrets.push(key, usersOnlyKey, badKey);
  return sb;
}

const configFile = (sb: CliSandbox) => join(sb.configHome, 'rentsurvey', 'config.json');
const mode = async (path: string) => (await stat(path)).mode & 0o777;
const storedProfiles = async (sb: CliSandbox): Promise<Record<string, { base_url?: string; api_key?: string }>> => {
  try {
    return (JSON.parse(await readFile(configFile(sb), 'utf8')) as { profiles?: Record<string, never> }).profiles ?? {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
};
const login = (sb: CliSandbox, token: string, flags: string[] = [], env: Record<string, string> = {}) =>
  sb.run([...flags, 'login', '--base-url', server.baseUrl, '--with-token'], { stdin: token, env });

describe('login, auth status, logout', () => {
  it('logs in non-interactively from stdin, shows a masked key, logs out', async () => {
    const sb = await sandbox();
    const r = expectOk(await login(sb, `${key}\n`));
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`Logged in to ${server.baseUrl}`);
    expect(await storedProfiles(sb)).toEqual({ default: { base_url: server.baseUrl, api_key: key } });

    const table = expectOk(await sb.run(['auth', 'status']));
    expect(table.stdout).toContain(key.slice(0, 6));
    expect(table.stdout).toMatch(/^Base URL:\s+http/m);
    expect(table.stdout).toMatch(/^API key:\s+rsk_/m);
    const status = parseJson<Status>(expectOk(await sb.run(['auth', 'status', '--json'])).stdout);
    expect(status).toMatchObject({ profile: 'default', base_url: server.baseUrl, base_url_source: 'profile', api_key_source: 'profile', works: true });
    expect(status.api_key!.length).toBeLessThan(16);
    expect(status.config_file).toBe(configFile(sb));
    expectOk(await sb.run(['portfolio', '--json']));

    const logout = expectOk(await sb.run(['logout']));
    expect(logout.stdout).toBe('');
    expect(await storedProfiles(sb)).toEqual({});
    const after = await sb.run(['auth', 'status', '--json']);
    expect(after.exitCode).toBe(3);
    expect(parseJson<Status>(after.stdout)).toMatchObject({ base_url: null, api_key: null, works: null });
    const again = await sb.run(['portfolio']);
    expect(again).toMatchObject({ exitCode: 3, stdout: '' });
    expect(again.stderr).toMatch(/not logged in/);
    const twice = expectOk(await sb.run(['logout']));
    expect(twice.stderr).toMatch(/nothing to do/);
  });

  it('accepts a base URL ending in /v1 and a key without a trailing newline', async () => {
    const sb = await sandbox();
    expectOk(await sb.run(['login', '--base-url', `${server.baseUrl}/v1/`, '--with-token'], { stdin: key }));
    expectOk(await sb.run(['portfolio', '--json']));
  });

  it('a wrong key: exit 3, nothing saved, working credentials kept', async () => {
    const sb = await sandbox();
    const r = await login(sb, `${badKey}\n`);
    expect(r).toMatchObject({ exitCode: 3, stdout: '' });
    expect(r.stderr).toMatch(/login failed, nothing saved/);
    expect(await storedProfiles(sb)).toEqual({});
    expectOk(await login(sb, key));
    expect((await login(sb, badKey)).exitCode).toBe(3);
    expect((await storedProfiles(sb)).default?.api_key).toBe(key);
  });

  it('an unreachable base URL: exit 1 and nothing saved', async () => {
    const sb = await sandbox();
    const port = await closedPort();
    const r = await sb.run(['login', '--base-url', `http://127.0.0.1:${port}`, '--with-token'], { stdin: key });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/could not reach/);
    expect(await storedProfiles(sb)).toEqual({});
  });

  it('without a terminal and without flags: exit 2 naming the flag, never a prompt', async () => {
    const sb = await sandbox();
    const r = await sb.run(['login']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toContain('--base-url');
    const noKey = await sb.run(['login', '--base-url', server.baseUrl]);
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stderr).toContain('--with-token');
    expect(await storedProfiles(sb)).toEqual({});
  });

  it('--with-token with empty input, or a base URL that is not http(s), is a usage error', async () => {
    const sb = await sandbox();
    const empty = await login(sb, '\n');
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toMatch(/no API key/);
    expect((await sb.run(['login', '--base-url', 'ftp://example.com', '--with-token'], { stdin: key })).exitCode).toBe(2);
    expect(await storedProfiles(sb)).toEqual({});
  });

  it('on a terminal, asks for what is missing on stderr (the key masked)', async () => {
    const sb = await sandbox();
    const r = expectOk(await sb.run(['login', '--base-url', server.baseUrl], { isTTY: true, stdin: `${key}\r` }));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/API key/);
    expect(await storedProfiles(sb)).toEqual({ default: { base_url: server.baseUrl, api_key: key } });
  });
});

describe('the config file', () => {
  it('is 0600 in a 0700 folder, and tightens looser ones', async () => {
    const sb = await sandbox();
    expectOk(await login(sb, key));
    const dir = join(sb.configHome, 'rentsurvey');
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(configFile(sb))).toBe(0o600);
    await chmod(dir, 0o755);
    await chmod(configFile(sb), 0o644);
    expectOk(await sb.run(['auth', 'status']));
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(configFile(sb))).toBe(0o600);
  });

  it('a config file that is not JSON: one clean line naming it, and login as the way out; exit 1', async () => {
    const sb = await sandbox();
    await mkdir(join(sb.configHome, 'rentsurvey'), { recursive: true, mode: 0o700 });
    await writeFile(configFile(sb), '{"profiles": {', { mode: 0o600 });
    for (const args of [['portfolio'], ['auth', 'status'], ['logout']]) {
      const r = await sb.run(args);
      expect(r, args.join(' ')).toMatchObject({ exitCode: 1, stdout: '' });
      const [error, hint, ...more] = r.stderr.split('\n');
      // What JSON.parse says is V8's wording.
      expect(error).toMatch(new RegExp(`^error: ${configFile(sb)} is not JSON \\(.+\\)$`));
      expect(hint).toBe('hint: `rentsurvey login` rewrites it with the profiles that can be read (keeping the old file as config.json.broken), or fix it by hand');
      expect(more).toEqual(['']);
    }
    expect(await readFile(configFile(sb), 'utf8')).toBe('{"profiles": {');
  });

  it('login repairs a config file of the wrong shape after saying so: the profiles it can read are kept, the old file too', async () => {
    const sb = await sandbox();
    await mkdir(join(sb.configHome, 'rentsurvey'), { recursive: true, mode: 0o700 });
    const old = JSON.stringify({ profiles: { kept: { base_url: 'http://kept.example', api_key: badKey }, lost: 'not a profile' } });
    await writeFile(configFile(sb), old, { mode: 0o600 });
    const r = expectOk(await login(sb, key, ['--profile', 'work']));
    expect(r.stderr).toBe(
      `warning: ${configFile(sb)} has a wrong shape: profile "lost" is not an object: rewriting it with the profiles that can be read (kept); ` +
        `the old file is kept as ${configFile(sb)}.broken\n` +
        `Logged in to ${server.baseUrl} (profile work); credentials saved in ${configFile(sb)}\n`,
    );
    expect(await storedProfiles(sb)).toEqual({ kept: { base_url: 'http://kept.example', api_key: badKey }, work: { base_url: server.baseUrl, api_key: key } });
    expect(await readFile(`${configFile(sb)}.broken`, 'utf8')).toBe(old);
    expect(await mode(`${configFile(sb)}.broken`)).toBe(0o600);
    // Repaired: the other commands read it again.
    expectOk(await sb.run(['--profile', 'work', 'auth', 'status']));
  });

  it('a login that fails changes nothing in a broken config file, and says nothing of repairing it', async () => {
    const sb = await sandbox();
    await mkdir(join(sb.configHome, 'rentsurvey'), { recursive: true, mode: 0o700 });
    await writeFile(configFile(sb), 'garbage', { mode: 0o600 });
    const r = await login(sb, badKey);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).not.toMatch(/rewriting/);
    expect(await readFile(configFile(sb), 'utf8')).toBe('garbage');
  });
});

describe('environment and precedence', () => {
  let sb: CliSandbox;
  beforeAll(async () => {
    sb = await sandbox();
    // "bad" holds a key the service refuses (saved without checking); "good" a working one.
    expectOk(await sb.run(['--profile', 'bad', 'login', '--base-url', server.baseUrl, '--with-token', '--no-verify'], { stdin: badKey }));
    expectOk(await login(sb, key, ['--profile', 'good']));
  });

  it('RENTSURVEY_BASE_URL + RENTSURVEY_API_KEY work without any login, and write nothing', async () => {
    const fresh = await sandbox();
    const env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
    expect(parseJson<{ communities: unknown[] }>(expectOk(await fresh.run(['portfolio', '--json'], { env })).stdout).communities.length).toBeGreaterThan(0);
    const status = parseJson<Status>(expectOk(await fresh.run(['auth', 'status', '--json'], { env })).stdout);
    expect(status).toMatchObject({ base_url_source: 'env', api_key_source: 'env', works: true });
    await expect(stat(configFile(fresh))).rejects.toThrow();
  });

  it('without credentials: exit 3 with a hint naming login, the variables and --local', async () => {
    const fresh = await sandbox();
    const r = await fresh.run(['portfolio']);
    expect(r).toMatchObject({ exitCode: 3, stdout: '' });
    expect(r.stderr).toMatch(/rentsurvey login/);
    expect(r.stderr).toMatch(/RENTSURVEY_API_KEY/);
    expect(r.stderr).toMatch(/--local/);
    const onlyUrl = await fresh.run(['portfolio'], { env: { RENTSURVEY_BASE_URL: server.baseUrl } });
    expect(onlyUrl.exitCode).toBe(3);
    expect(onlyUrl.stderr).toMatch(/API key/);
  });

  it('RENTSURVEY_PROFILE picks the stored profile; --profile wins over it', async () => {
    expectOk(await sb.run(['portfolio'], { env: { RENTSURVEY_PROFILE: 'good' } }));
    const bad = await sb.run(['portfolio'], { env: { RENTSURVEY_PROFILE: 'bad' } });
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/invalid, revoked or deactivated/);
    expectOk(await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_PROFILE: 'bad' } }));
    expect((await sb.run(['--profile', 'bad', 'portfolio'], { env: { RENTSURVEY_PROFILE: 'good' } })).exitCode).toBe(3);
    const status = await sb.run(['--profile', 'good', 'auth', 'status', '--json'], { env: { RENTSURVEY_PROFILE: 'bad' } });
    expect(parseJson<Status>(status.stdout).profile).toBe('good');
  });

  it('a refused key says where it came from: RENTSURVEY_API_KEY, --profile, RENTSURVEY_PROFILE, the stored profile', async () => {
    const refused = async (args: string[], env: Record<string, string> = {}) => {
      const r = await sb.run([...args, 'portfolio'], { env });
      expect(r).toMatchObject({ exitCode: 3, stdout: '' });
      return r.stderr;
    };
    const fromEnv = await refused(['--profile', 'good'], { RENTSURVEY_API_KEY: badKey });
    expect(fromEnv).toMatch(/^error: .*invalid, revoked or deactivated.* \(the API key of RENTSURVEY_API_KEY\)$/m);
    expect(fromEnv).toMatch(/^hint: set RENTSURVEY_API_KEY to a valid key, or unset it to use profile good's/m);
    const fromFlag = await refused(['--profile', 'bad']);
    expect(fromFlag).toMatch(/\(the API key of the stored profile bad \(--profile bad\)\)$/m);
    expect(fromFlag).toMatch(/^hint: run `rentsurvey --profile bad login` with a valid key, or set RENTSURVEY_API_KEY$/m);
    expect(await refused([], { RENTSURVEY_PROFILE: 'bad' })).toMatch(/\(the API key of the stored profile bad \(RENTSURVEY_PROFILE=bad\)\)$/m);
  });

  it('RENTSURVEY_API_KEY and RENTSURVEY_BASE_URL win over the stored ones; empty counts as unset', async () => {
    expectOk(await sb.run(['--profile', 'bad', 'portfolio'], { env: { RENTSURVEY_API_KEY: key } }));
    const status = await sb.run(['--profile', 'bad', 'auth', 'status', '--json'], { env: { RENTSURVEY_API_KEY: key } });
    expect(parseJson<Status>(status.stdout)).toMatchObject({ profile: 'bad', api_key_source: 'env', base_url_source: 'profile', works: true });
    expect((await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_API_KEY: badKey } })).exitCode).toBe(3);
    const port = await closedPort();
    const r = await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`127.0.0.1:${port}`);
    expectOk(await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_API_KEY: '', RENTSURVEY_BASE_URL: '' } }));
  });

  it('login --base-url wins over RENTSURVEY_BASE_URL; without it, login takes the variable', async () => {
    const port = await closedPort();
    expectOk(await login(sb, key, ['--profile', 'flagged'], { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}` }));
    expect((await storedProfiles(sb)).flagged?.base_url).toBe(server.baseUrl);
    expectOk(await sb.run(['--profile', 'fromenv', 'login', '--with-token'], { stdin: key, env: { RENTSURVEY_BASE_URL: server.baseUrl } }));
    expect((await storedProfiles(sb)).fromenv?.base_url).toBe(server.baseUrl);
    // Profiles are independent: logging out of one keeps the others.
    expectOk(await sb.run(['--profile', 'fromenv', 'logout']));
    const profiles = await storedProfiles(sb);
    expect(profiles).not.toHaveProperty('fromenv');
    expect(profiles).toHaveProperty('good');
  });

  it('an invalid profile name is a usage error', async () => {
    const r = await login(sb, key, ['--profile', '../evil']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/invalid profile name/);
  });
});

describe('authentication and authorization exit codes', () => {
  const env = (apiKey: string) => ({ RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: apiKey });

  it('401 (unknown key) → 3; 403 (missing scope) → 3 naming the scope', async () => {
    const sb = await sandbox();
    const unknown = await sb.run(['portfolio'], { env: env(badKey) });
    expect(unknown).toMatchObject({ exitCode: 3, stdout: '' });
    expect(unknown.stderr).toMatch(/^error: /);
    const scope = await sb.run(['portfolio', '--json'], { env: env(usersOnlyKey) });
    expect(scope).toMatchObject({ exitCode: 3, stdout: '' });
    expect(scope.stderr).toContain('rentsurvey:read');
  });

  it('a users:read key reads users but may not change them', async () => {
    const sb = await sandbox();
    const list = expectOk(await sb.run(['communities', 'list', '--limit', '1', '--json'], { env: env(key) }));
    const manager = parseJson<{ communities: Array<{ community_manager: { id: string } | null }> }>(list.stdout).communities[0]?.community_manager;
    expect(manager).toBeTruthy();
    expectOk(await sb.run(['users', 'show', manager!.id, '--json'], { env: env(usersOnlyKey) }));
    const write = await sb.run(['users', 'update', manager!.id, '--name', 'Nope'], { env: env(usersOnlyKey) });
    expect(write.exitCode).toBe(3);
    expect(write.stderr).toContain('users:write');
  });

  it('login with a key lacking rentsurvey:read saves it with a warning', async () => {
    const sb = await sandbox();
    const r = expectOk(await login(sb, usersOnlyKey));
    expect(r.stderr).toMatch(/^warning: the key works but /m);
  });

  it('a revoked key → 3', async () => {
    const sb = await sandbox();
    const revocable = server.key(['rentsurvey:read']);
    sb.secrets.push(revocable);
    const prefix = /^rsk_([^_]+)_/.exec(revocable)![1]!;
    expectOk(await sb.run(['local', 'keys', 'revoke', prefix, '--yes', '--data-dir', server.dataDir]));
    expect((await sb.run(['portfolio'], { env: env(revocable) })).exitCode).toBe(3);
  });
});

describe('network failures', () => {
  it('a closed port → exit 1 with one clean line; an unresolvable host too', async () => {
    const sb = await sandbox();
    const port = await closedPort();
    const r = await sb.run(['portfolio', '--json'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}`, RENTSURVEY_API_KEY: key } });
    expect(r).toMatchObject({ exitCode: 1, stdout: '' });
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^error: could not reach http://127\\.0\\.0\\.1:${port} \\(connection refused\\)`));
    const host = await sb.run(['portfolio'], { env: { RENTSURVEY_BASE_URL: 'http://no-such-host.invalid', RENTSURVEY_API_KEY: key } });
    expect(host.exitCode).toBe(1);
    expect(host.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(host.stderr).toMatch(/could not reach/);
  });

  it('a key with a control character is an input error (2), not a network failure', async () => {
    const sb = await sandbox();
    const r = await sb.run(['portfolio'], { env: { RENTSURVEY_BASE_URL: 'http://127.0.0.1:9', RENTSURVEY_API_KEY: 'rsk_abc\u0001def' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/control characters/);
  });
});

describe('secrets', () => {
  // Every run here already fails on a key in stdout/stderr (see cliSandbox); these are the likeliest to print one.
  it('--debug traces requests with Authorization: Bearer *** and never the key', async () => {
    const sb = await sandbox();
    const r = expectOk(await sb.run(['--debug', 'portfolio', '--json'], { env: { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key } }));
    expect(r.stderr).toContain('Authorization: Bearer ***');
    expect(r.stderr).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/v1\/rentsurvey\/portfolio/);
    expect(r.stderr).toMatch(/< GET .* 200 OK/);
    parseJson(r.stdout);
  });

  it('--debug on failures and on login/status does not print the key either', async () => {
    const sb = await sandbox();
    const env = { RENTSURVEY_BASE_URL: server.baseUrl };
    const runs = [
      await sb.run(['--debug', 'portfolio'], { env: { ...env, RENTSURVEY_API_KEY: badKey } }),
      await sb.run(['--debug', 'communities', 'show', '00000000-0000-4000-8000-000000000000'], { env: { ...env, RENTSURVEY_API_KEY: key } }),
      await sb.run(['--debug', '--profile', 'dbg', 'login', '--base-url', server.baseUrl, '--with-token'], { stdin: key }),
      await sb.run(['--debug', 'auth', 'status'], { env: { ...env, RENTSURVEY_API_KEY: key } }),
      await sb.run(['--debug', 'auth', 'status', '--json'], { env: { ...env, RENTSURVEY_API_KEY: key } }),
      await sb.run(['--debug', 'portfolio'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${await closedPort()}`, RENTSURVEY_API_KEY: key } }),
    ];
    expect(runs.map((r) => r.exitCode)).toEqual([3, 4, 0, 0, 0, 1]);
    for (const r of runs.slice(0, 5)) expect(r.stderr).toContain('Bearer ***');
  });

  it('the sandbox itself catches a printed key', async () => {
    const leaky = await cliSandbox({ store: 'none' });
    leaky.secrets.push('rsk_');
    await expect(leaky.run(['local', 'keys', 'create', '--all-scopes', '--data-dir', server.dataDir])).rejects.toThrow(/printed an API key/);
  });
});

it('the status of an unreachable profile says why on stdout and exits 1', async () => {
  const sb = await sandbox();
  const port = await closedPort();
  const r = await sb.run(['auth', 'status', '--json'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}`, RENTSURVEY_API_KEY: key } });
  expect(r.exitCode).toBe(1);
  expect(parseJson<Status>(r.stdout)).toMatchObject({ works: false, detail: expect.stringMatching(/could not reach/) });
});
