// login / logout / auth status, stored credentials, environment, precedence,
// authentication exit codes, network failures and secret redaction.
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, createKey, createSandbox, demoStore, parseJson, startServe, type Sandbox, type Served } from '../helpers/cli.js';

interface Status {
  profile: string;
  base_url: string | null;
  base_url_source: string;
  api_key: string | null;
  api_key_source: string;
  config_file: string;
  works: boolean | null;
}

let sb: Sandbox;
let server: Served;
let dataDir: string;
let key: string; // all scopes
let usersOnlyKey: string; // users:read only
const badKey = 'rsk_AAAAAAAA_this-is-not-a-valid-secret-value';

const configDir = () => join(sb.configHome, 'rentsurvey');
const configFile = () => join(configDir(), 'config.json');
const mode = async (path: string) => (await stat(path)).mode & 0o777;
const storedProfiles = async (): Promise<Record<string, { base_url?: string; api_key?: string }>> => {
  try {
    return (JSON.parse(await readFile(configFile(), 'utf8')) as { profiles?: Record<string, never> }).profiles ?? {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
};

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
  server = await startServe(dataDir);
  [key, usersOnlyKey] = await Promise.all([createKey(dataDir), createKey(dataDir, ['users:read'])]);
  sb.secrets.push(key, usersOnlyKey, badKey);
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

describe('login, auth status, logout', () => {
  beforeEach(async () => {
    await rm(configFile(), { force: true });
  });

  it('logs in non-interactively from stdin, shows a masked key, logs out', async () => {
    const login = await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: `${key}\n` });
    expect(login.exitCode, login.stderr).toBe(0);
    expect(login.stdout).toBe('');
    expect(login.stderr).toContain(`Logged in to ${server.baseUrl}`);
    expect(await storedProfiles()).toEqual({ default: { base_url: server.baseUrl, api_key: key } });

    const table = await sb.run(['auth', 'status']);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain(server.baseUrl);
    expect(table.stdout).toContain(key.slice(0, 6)); // recognisable, not usable
    expect(table.stdout).toMatch(/^Base URL:\s+http/m);
    expect(table.stdout).toMatch(/^API key:\s+rsk_/m);

    const json = await sb.run(['auth', 'status', '--json']);
    expect(json.exitCode).toBe(0);
    const status = parseJson<Status>(json.stdout);
    expect(status).toMatchObject({ profile: 'default', base_url: server.baseUrl, base_url_source: 'profile', api_key_source: 'profile', works: true });
    expect(status.api_key).not.toBe(key);
    expect(status.api_key!.length).toBeLessThan(16);
    expect(status.config_file).toBe(configFile());

    const portfolio = await sb.run(['portfolio', '--json']);
    expect(portfolio.exitCode, portfolio.stderr).toBe(0);

    const logout = await sb.run(['logout']);
    expect(logout.exitCode).toBe(0);
    expect(logout.stdout).toBe('');
    expect(await storedProfiles()).toEqual({});

    const after = await sb.run(['auth', 'status', '--json']);
    expect(after.exitCode).toBe(3);
    expect(parseJson<Status>(after.stdout)).toMatchObject({ base_url: null, api_key: null, works: null });
    const again = await sb.run(['portfolio']);
    expect(again.exitCode).toBe(3);
    expect(again.stdout).toBe('');
    expect(again.stderr).toMatch(/not logged in/);
  });

  it('accepts a base URL ending in /v1 and a key without a trailing newline', async () => {
    const r = await sb.run(['login', '--base-url', `${server.baseUrl}/v1/`, '--with-token'], { input: key });
    expect(r.exitCode, r.stderr).toBe(0);
    const portfolio = await sb.run(['portfolio', '--json']);
    expect(portfolio.exitCode, portfolio.stderr).toBe(0);
  });

  it('a wrong key: exit 3 and nothing saved', async () => {
    const r = await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: `${badKey}\n` });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/nothing saved/);
    expect(await storedProfiles()).toEqual({});
  });

  it('a wrong key does not replace working credentials', async () => {
    expect((await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: key })).exitCode).toBe(0);
    const r = await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: badKey });
    expect(r.exitCode).toBe(3);
    expect((await storedProfiles()).default?.api_key).toBe(key);
  });

  it('an unreachable base URL: exit 1 and nothing saved', async () => {
    const port = await closedPort();
    const r = await sb.run(['login', '--base-url', `http://127.0.0.1:${port}`, '--with-token'], { input: key });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/could not reach/);
    expect(await storedProfiles()).toEqual({});
  });

  it('without a TTY and without flags: exit 2 naming the flag, never a prompt', async () => {
    const r = await sb.run(['login'], { timeout: 10_000 });
    expect(r.timedOut).toBe(false);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--base-url');

    const noKey = await sb.run(['login', '--base-url', server.baseUrl], { timeout: 10_000 });
    expect(noKey.timedOut).toBe(false);
    expect(noKey.exitCode).toBe(2);
    expect(noKey.stderr).toContain('--with-token');
    expect(await storedProfiles()).toEqual({});
  });

  it('--with-token with empty standard input is a usage error', async () => {
    const r = await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: '\n', timeout: 10_000 });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/no API key/);
  });

  it('a base URL that is not http(s) is rejected before anything is sent', async () => {
    const r = await sb.run(['login', '--base-url', 'ftp://example.com', '--with-token'], { input: key });
    expect(r.exitCode).toBe(2);
    expect(await storedProfiles()).toEqual({});
  });

  it('logout without stored credentials succeeds and says so', async () => {
    const r = await sb.run(['logout']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/nothing to do/);
  });
});

describe.concurrent('the config file', () => {
  it('is 0600 in a 0700 folder', async () => {
    const r = await sb.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: key });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(await mode(configDir())).toBe(0o700);
    expect(await mode(configFile())).toBe(0o600);
    await sb.run(['logout']);
    expect(await mode(configFile())).toBe(0o600);
  });

  it('tightens a folder that already existed 0755 and a file that was 0644', async () => {
    const other = await createSandbox();
    try {
      const dir = join(other.configHome, 'rentsurvey');
      await mkdir(dir, { recursive: true, mode: 0o755 });
      await chmod(dir, 0o755);
      const r = await other.run(['login', '--base-url', server.baseUrl, '--with-token'], { input: key });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(await mode(dir)).toBe(0o700);
      expect(await mode(join(dir, 'config.json'))).toBe(0o600);

      await chmod(dir, 0o755);
      await chmod(join(dir, 'config.json'), 0o644);
      const status = await other.run(['auth', 'status']);
      expect(status.exitCode).toBe(0);
      expect(await mode(dir)).toBe(0o700);
      expect(await mode(join(dir, 'config.json'))).toBe(0o600);
    } finally {
      await other.cleanup();
    }
  });

  it('a corrupt config file: one clean line, exit 1', async () => {
    const other = await createSandbox();
    try {
      const dir = join(other.configHome, 'rentsurvey');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const { writeFile } = await import('node:fs/promises');
      await writeFile(join(dir, 'config.json'), '{"profiles": {', { mode: 0o600 });
      const r = await other.run(['portfolio']);
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: could not read .*config\.json/);
      expect(r.stderr).not.toMatch(/this is a bug/);
    } finally {
      await other.cleanup();
    }
  });
});

describe('environment and precedence', () => {
  beforeAll(async () => {
    await sb.run(['logout']);
    // "bad" holds a key the service refuses (saved without checking); "good" a working one.
    const bad = await sb.run(['--profile', 'bad', 'login', '--base-url', server.baseUrl, '--with-token', '--no-verify'], { input: badKey });
    expect(bad.exitCode, bad.stderr).toBe(0);
    const good = await sb.run(['--profile', 'good', 'login', '--base-url', server.baseUrl, '--with-token'], { input: key });
    expect(good.exitCode, good.stderr).toBe(0);
  });

  it('RENTSURVEY_BASE_URL + RENTSURVEY_API_KEY work without any login', async () => {
    const fresh = await createSandbox();
    try {
      const env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
      const r = await fresh.run(['portfolio', '--json'], { env });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(parseJson<{ communities: unknown[] }>(r.stdout).communities.length).toBeGreaterThan(0);
      const status = await fresh.run(['auth', 'status', '--json'], { env });
      expect(parseJson<Status>(status.stdout)).toMatchObject({ base_url_source: 'env', api_key_source: 'env', works: true });
      // Nothing was written.
      await expect(stat(join(fresh.configHome, 'rentsurvey', 'config.json'))).rejects.toThrow();
    } finally {
      await fresh.cleanup();
    }
  });

  it('without credentials: exit 3 with a hint naming login, the variables and --local', async () => {
    const fresh = await createSandbox();
    try {
      const r = await fresh.run(['portfolio']);
      expect(r.exitCode).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/rentsurvey login/);
      expect(r.stderr).toMatch(/RENTSURVEY_API_KEY/);
      expect(r.stderr).toMatch(/--local/);
      const onlyUrl = await fresh.run(['portfolio'], { env: { RENTSURVEY_BASE_URL: server.baseUrl } });
      expect(onlyUrl.exitCode).toBe(3);
      expect(onlyUrl.stderr).toMatch(/API key/);
    } finally {
      await fresh.cleanup();
    }
  });

  it('RENTSURVEY_PROFILE picks the stored profile', async () => {
    expect((await sb.run(['portfolio'], { env: { RENTSURVEY_PROFILE: 'good' } })).exitCode).toBe(0);
    const bad = await sb.run(['portfolio'], { env: { RENTSURVEY_PROFILE: 'bad' } });
    expect(bad.exitCode).toBe(3);
    expect(bad.stderr).toMatch(/invalid, revoked or deactivated/);
  });

  it('--profile wins over RENTSURVEY_PROFILE', async () => {
    expect((await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_PROFILE: 'bad' } })).exitCode).toBe(0);
    expect((await sb.run(['--profile', 'bad', 'portfolio'], { env: { RENTSURVEY_PROFILE: 'good' } })).exitCode).toBe(3);
    const status = await sb.run(['--profile', 'good', 'auth', 'status', '--json'], { env: { RENTSURVEY_PROFILE: 'bad' } });
    expect(parseJson<Status>(status.stdout).profile).toBe('good');
  });

  it('RENTSURVEY_API_KEY wins over the stored key', async () => {
    const r = await sb.run(['--profile', 'bad', 'portfolio'], { env: { RENTSURVEY_API_KEY: key } });
    expect(r.exitCode, r.stderr).toBe(0);
    const status = await sb.run(['--profile', 'bad', 'auth', 'status', '--json'], { env: { RENTSURVEY_API_KEY: key } });
    expect(parseJson<Status>(status.stdout)).toMatchObject({ profile: 'bad', api_key_source: 'env', base_url_source: 'profile', works: true });
    // ...and a bad key in the environment breaks a good profile.
    expect((await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_API_KEY: badKey } })).exitCode).toBe(3);
  });

  it('RENTSURVEY_BASE_URL wins over the stored base URL', async () => {
    const port = await closedPort();
    const r = await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}` } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain(`127.0.0.1:${port}`);
  });

  it('an empty variable counts as unset', async () => {
    const r = await sb.run(['--profile', 'good', 'portfolio'], { env: { RENTSURVEY_API_KEY: '', RENTSURVEY_BASE_URL: '' } });
    expect(r.exitCode, r.stderr).toBe(0);
  });

  it('login --base-url (flag) wins over RENTSURVEY_BASE_URL', async () => {
    const port = await closedPort();
    const r = await sb.run(['--profile', 'flagged', 'login', '--base-url', server.baseUrl, '--with-token'], {
      input: key,
      env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}` },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect((await storedProfiles()).flagged?.base_url).toBe(server.baseUrl);
  });

  it('login without --base-url takes RENTSURVEY_BASE_URL', async () => {
    const r = await sb.run(['--profile', 'fromenv', 'login', '--with-token'], { input: key, env: { RENTSURVEY_BASE_URL: server.baseUrl } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect((await storedProfiles()).fromenv?.base_url).toBe(server.baseUrl);
  });

  it('profiles are independent: logging out of one keeps the others', async () => {
    expect((await sb.run(['--profile', 'fromenv', 'logout'])).exitCode).toBe(0);
    const profiles = await storedProfiles();
    expect(profiles).not.toHaveProperty('fromenv');
    expect(profiles).toHaveProperty('good');
    expect(profiles).toHaveProperty('bad');
  });

  it('an invalid profile name is a usage error', async () => {
    const r = await sb.run(['--profile', '../evil', 'login', '--base-url', server.baseUrl, '--with-token'], { input: key });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/invalid profile name/);
  });
});

describe.concurrent('authentication and authorization exit codes', () => {
  const env = () => ({ RENTSURVEY_BASE_URL: server.baseUrl });

  it('401 (unknown key) → 3', async () => {
    const r = await sb.run(['portfolio'], { env: { ...env(), RENTSURVEY_API_KEY: badKey } });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: /);
  });

  it('403 (a users:read key calling portfolio) → 3, naming the scope', async () => {
    const r = await sb.run(['portfolio', '--json'], { env: { ...env(), RENTSURVEY_API_KEY: usersOnlyKey } });
    expect(r.exitCode).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('rentsurvey:read');
  });

  it('a key with only users:read still reads users', async () => {
    const list = await sb.run(['communities', 'list', '--limit', '1', '--json'], { env: { ...env(), RENTSURVEY_API_KEY: key } });
    const manager = parseJson<{ communities: Array<{ community_manager: { id: string } | null }> }>(list.stdout).communities[0]
      ?.community_manager;
    expect(manager).toBeTruthy();
    const r = await sb.run(['users', 'show', manager!.id, '--json'], { env: { ...env(), RENTSURVEY_API_KEY: usersOnlyKey } });
    expect(r.exitCode, r.stderr).toBe(0);
    const write = await sb.run(['users', 'update', manager!.id, '--name', 'Nope'], { env: { ...env(), RENTSURVEY_API_KEY: usersOnlyKey } });
    expect(write.exitCode).toBe(3);
    expect(write.stderr).toContain('users:write');
  });

  it('login with a key lacking rentsurvey:read saves it with a warning', async () => {
    const r = await sb.run(['--profile', 'usersonly', 'login', '--base-url', server.baseUrl, '--with-token'], { input: usersOnlyKey });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning:/);
    expect((await sb.run(['--profile', 'usersonly', 'logout'])).exitCode).toBe(0);
  });

  it('a revoked key → 3', async () => {
    const revocable = await createKey(dataDir, ['rentsurvey:read']);
    sb.secrets.push(revocable);
    const prefix = /^rsk_([^_]+)_/.exec(revocable)![1]!;
    const revoke = await sb.run(['local', 'keys', 'revoke', prefix, '--data-dir', dataDir]);
    expect(revoke.exitCode, revoke.stderr).toBe(0);
    const r = await sb.run(['portfolio'], { env: { ...env(), RENTSURVEY_API_KEY: revocable } });
    expect(r.exitCode).toBe(3);
  });
});

describe.concurrent('network failures', () => {
  it('a closed port → exit 1 with one clean line', async () => {
    const port = await closedPort();
    const r = await sb.run(['portfolio', '--json'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${port}`, RENTSURVEY_API_KEY: key } });
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^error: could not reach http://127\\.0\\.0\\.1:${port} \\(connection refused\\)`));
  });

  it('an unresolvable host → exit 1, not retried', async () => {
    const r = await sb.run(['portfolio'], { env: { RENTSURVEY_BASE_URL: 'http://no-such-host.invalid', RENTSURVEY_API_KEY: key } });
    expect(r.exitCode).toBe(1);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/could not reach/);
  });
});

describe.concurrent('secrets', () => {
  // Every run of this file already fails on a key in stdout/stderr (see createSandbox);
  // these runs are the likeliest to print one.
  it('--debug traces requests with Authorization: Bearer *** and never the key', async () => {
    const env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
    const r = await sb.run(['--debug', 'portfolio', '--json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Authorization: Bearer ***');
    expect(r.stderr).toMatch(/> GET http:\/\/127\.0\.0\.1:\d+\/v1\/rentsurvey\/portfolio/);
    expect(r.stderr).toMatch(/< GET .* 200 OK/);
    parseJson(r.stdout); // the trace stays on stderr
  });

  it('--debug on failures and on login/status does not print the key either', async () => {
    const env = { RENTSURVEY_BASE_URL: server.baseUrl };
    const runs = await Promise.all([
      sb.run(['--debug', 'portfolio'], { env: { ...env, RENTSURVEY_API_KEY: badKey } }),
      sb.run(['--debug', 'communities', 'show', '00000000-0000-4000-8000-000000000000'], { env: { ...env, RENTSURVEY_API_KEY: key } }),
      sb.run(['--debug', '--profile', 'dbg', 'login', '--base-url', server.baseUrl, '--with-token'], { input: key }),
      sb.run(['--debug', 'auth', 'status'], { env: { ...env, RENTSURVEY_API_KEY: key } }),
      sb.run(['--debug', 'auth', 'status', '--json'], { env: { ...env, RENTSURVEY_API_KEY: key } }),
      sb.run(['--debug', 'portfolio'], { env: { RENTSURVEY_BASE_URL: `http://127.0.0.1:${await closedPort()}`, RENTSURVEY_API_KEY: key } }),
    ]);
    expect(runs.map((r) => r.exitCode)).toEqual([3, 4, 0, 0, 0, 1]);
    for (const r of runs.slice(0, 5)) expect(r.stderr).toContain('Bearer ***');
  });
});
