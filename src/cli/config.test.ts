import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { maskKey, openConfigStore, peekConfig, resolveConnection, type StoredProfile } from './config.js';
import { CliError, ExitCode, UsageError } from './errors.js';

let root: string;
const mode = (path: string) => statSync(path).mode & 0o777;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rentsurvey-config-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

const profile = { base_url: 'http://127.0.0.1:8787', api_key: 'rsk_abcdefgh_0123456789abcdefghijklmnop' };

describe('openConfigStore', () => {
  it('creates <dir>/config.json with 0600 in a 0700 folder', async () => {
    const dir = join(root, 'nested', 'rentsurvey');
    const store = await openConfigStore({ configDir: dir });
    expect(store.path).toBe(join(dir, 'config.json'));
    expect(mode(dir)).toBe(0o700);
    await store.setProfile('default', profile);
    expect(mode(store.path)).toBe(0o600);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({ profiles: { default: profile } });
  });

  it('tightens a folder that already existed as 0755, and a 0644 file', async () => {
    const dir = join(root, 'rentsurvey');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { old: profile } }), { mode: 0o644 });
    chmodSync(join(dir, 'config.json'), 0o644);

    const store = await openConfigStore({ configDir: dir });
    expect(mode(dir)).toBe(0o700);
    expect(mode(store.path)).toBe(0o600);
    expect(store.getProfile('old')).toEqual(profile);

    // Loosened behind our back: the next write puts it back.
    chmodSync(store.path, 0o644);
    await store.setProfile('work', profile);
    expect(mode(store.path)).toBe(0o600);
    chmodSync(store.path, 0o644);
    await store.deleteProfile('work');
    expect(mode(store.path)).toBe(0o600);
  });

  it('defaults to $XDG_CONFIG_HOME/rentsurvey', async () => {
    vi.stubEnv('XDG_CONFIG_HOME', join(root, 'xdg'));
    const store = await openConfigStore();
    expect(store.path).toBe(join(root, 'xdg', 'rentsurvey', 'config.json'));
    expect(mode(join(root, 'xdg', 'rentsurvey'))).toBe(0o700);
  });

  it('stores, lists and deletes profiles, and keeps them across opens', async () => {
    const dir = join(root, 'rentsurvey');
    const store = await openConfigStore({ configDir: dir });
    expect(store.getProfile('default')).toBeUndefined();
    expect(store.listProfiles()).toEqual([]);

    await store.setProfile('staging.eu', { base_url: 'https://eu.example', api_key: 'k1' });
    await store.setProfile('default', profile);
    expect(store.getProfile('staging.eu')).toEqual({ base_url: 'https://eu.example', api_key: 'k1' });
    expect(store.listProfiles().map((p) => p.name)).toEqual(['default', 'staging.eu']);

    const reopened = await openConfigStore({ configDir: dir });
    expect(reopened.getProfile('default')).toEqual(profile);
    expect(await reopened.deleteProfile('staging.eu')).toBe(true);
    expect(await reopened.deleteProfile('staging.eu')).toBe(false);
    expect(reopened.listProfiles()).toEqual([{ name: 'default', ...profile }]);
  });

  it('refuses profile names that are not plain words', async () => {
    const store = await openConfigStore({ configDir: join(root, 'rentsurvey') });
    for (const name of ['', '../x', 'a b', '.hidden', '__proto__', 'x'.repeat(65)])
      await expect(store.setProfile(name, profile)).rejects.toThrow(UsageError);
    expect(store.getProfile('__proto__')).toBeUndefined();
    expect(store.getProfile('toString')).toBeUndefined();
  });

  it('reads a hand-edited profile with a missing field as partial', async () => {
    const dir = join(root, 'rentsurvey');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { x: { base_url: 'http://h' } } }));
    const store = await openConfigStore({ configDir: dir });
    expect(store.getProfile('x')).toEqual({ base_url: 'http://h' });
  });

  it.each([
    ['{ not json', /^is not JSON \(.+\)$/],
    ['', /^is not JSON \(.+\)$/],
    ['[]', /^does not hold a JSON object$/],
    ['{"profiles": []}', /^has a wrong shape: "profiles" is not an object$/],
    ['{"profiles": {"a": "x", "b": {"base_url": "http://b"}}}', /^has a wrong shape: profile "a" is not an object$/],
    ['{"profiles": {"x": {"base_url": "http://h", "api_key": 42}}}', /^has a wrong shape: profile "x": api_key is not a string$/],
    ['{"profiles": {"x": {"local": "yes"}, "y": [], "z": {}}}', /^has a wrong shape: profile "x": local is not true or false \(and 1 more problem\)$/],
  ])('a file that reads %j: a CliError naming the file and what is wrong, and that login rewrites it', async (content, problem) => {
    const dir = join(root, 'rentsurvey');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), content);
    const error = await openConfigStore({ configDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    const { message, hint } = error as CliError;
    const path = join(dir, 'config.json');
    expect(message.startsWith(`${path} `), message).toBe(true);
    expect(message.slice(path.length + 1)).toMatch(problem);
    expect(hint).toBe('`rentsurvey login` rewrites it with the profiles that can be read (keeping the old file as config.json.broken), or fix it by hand');
    expect(readFileSync(path, 'utf8')).toBe(content);
  });

  it('opened to repair: the profiles that can be read, what is wrong, and a write that keeps the old file', async () => {
    const dir = join(root, 'rentsurvey');
    mkdirSync(dir, { mode: 0o700 });
    const path = join(dir, 'config.json');
    const broken = JSON.stringify({ profiles: { good: profile, bad: 'x', half: { base_url: 'http://h' } } });
    writeFileSync(path, broken);
    const store = await openConfigStore({ configDir: dir, repair: true });
    expect(store.problem).toBe('has a wrong shape: profile "bad" is not an object');
    expect(store.listProfiles().map((p) => p.name)).toEqual(['good', 'half']);
    await store.setProfile('new', profile);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ profiles: { good: profile, half: { base_url: 'http://h' }, new: profile } });
    expect(readFileSync(join(dir, 'config.json.broken'), 'utf8')).toBe(broken);
    expect(mode(path)).toBe(0o600);
    expect(mode(join(dir, 'config.json.broken'))).toBe(0o600);
    // Repaired: it opens as any other.
    expect((await openConfigStore({ configDir: dir })).problem).toBeUndefined();
  });

  it('opened to repair, a file that is not JSON is rewritten from nothing', async () => {
    const dir = join(root, 'rentsurvey');
    mkdirSync(dir, { mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), '{"profiles": {"a": ');
    const store = await openConfigStore({ configDir: dir, repair: true });
    expect(store.problem).toMatch(/^is not JSON/);
    expect(store.listProfiles()).toEqual([]);
    await store.setProfile('default', profile);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: profile } });
    expect(readFileSync(join(dir, 'config.json.broken'), 'utf8')).toBe('{"profiles": {"a": ');
  });
});

describe('peekConfig', () => {
  it('reads the stored profiles like the store does, creating and changing nothing', async () => {
    const dir = join(root, 'rentsurvey');
    expect(peekConfig(dir).listProfiles()).toEqual([]);
    expect(existsSync(dir)).toBe(false);
    await (await openConfigStore({ configDir: dir })).setProfile('staging', profile);
    chmodSync(dir, 0o755);
    expect(peekConfig(dir).listProfiles()).toEqual([{ name: 'staging', ...profile }]);
    expect(peekConfig(dir).getProfile('staging')).toEqual(profile);
    expect(mode(dir)).toBe(0o755);
  });

  it('reads an unreadable file as no profiles instead of failing', () => {
    const dir = join(root, 'rentsurvey');
    mkdirSync(dir);
    writeFileSync(join(dir, 'config.json'), '{ not json');
    expect(peekConfig(dir).listProfiles()).toEqual([]);
  });
});

describe('resolveConnection', () => {
  const profiles: Record<string, StoredProfile> = {
    default: { base_url: 'http://default.example', api_key: 'key-default' },
    work: { base_url: 'http://work.example', api_key: 'key-work' },
    urlonly: { base_url: 'http://urlonly.example' },
  };
  const store = { getProfile: (name: string) => profiles[name] };

  it.each([
    // [case, flags, env, expected]
    ['nothing set: the default profile', {}, {}, ['default', 'http://default.example', 'key-default', 'default', 'profile', 'profile']],
    ['profile from env', {}, { RENTSURVEY_PROFILE: 'work' }, ['work', 'http://work.example', 'key-work', 'env', 'profile', 'profile']],
    ['profile flag beats env', { profile: 'work' }, { RENTSURVEY_PROFILE: 'urlonly' }, ['work', 'http://work.example', 'key-work', 'flag', 'profile', 'profile']],
    ['env beats profile', {}, { RENTSURVEY_BASE_URL: 'http://env.example', RENTSURVEY_API_KEY: 'key-env' }, ['default', 'http://env.example', 'key-env', 'default', 'env', 'env']],
    ['flag beats env', { baseUrl: 'http://flag.example', apiKey: 'key-flag' }, { RENTSURVEY_BASE_URL: 'http://env.example', RENTSURVEY_API_KEY: 'key-env' }, ['default', 'http://flag.example', 'key-flag', 'default', 'flag', 'flag']],
    ['mixed sources', { profile: 'urlonly' }, { RENTSURVEY_API_KEY: 'key-env' }, ['urlonly', 'http://urlonly.example', 'key-env', 'flag', 'profile', 'env']],
    ['empty env values count as unset', {}, { RENTSURVEY_PROFILE: '', RENTSURVEY_BASE_URL: '', RENTSURVEY_API_KEY: '' }, ['default', 'http://default.example', 'key-default', 'default', 'profile', 'profile']],
    ['unknown profile: nothing', { profile: 'nope' }, {}, ['nope', undefined, undefined, 'flag', 'none', 'none']],
  ] as const)('%s', (_name, flags, env, [profileName, baseUrl, apiKey, profileSource, baseUrlSource, apiKeySource]) => {
    const connection = resolveConnection({ flags, env, store });
    expect(connection).toEqual({
      profile: profileName,
      ...(baseUrl ? { baseUrl } : {}),
      ...(apiKey ? { apiKey } : {}),
      sources: { profile: profileSource, baseUrl: baseUrlSource, apiKey: apiKeySource },
    });
  });

  it('works against a real store', async () => {
    const real = await openConfigStore({ configDir: join(root, 'rentsurvey') });
    await real.setProfile('default', profile);
    expect(resolveConnection({ flags: {}, env: {}, store: real })).toMatchObject({
      baseUrl: profile.base_url,
      apiKey: profile.api_key,
    });
  });
});

describe('maskKey', () => {
  it('shows the first 6 and last 4 characters of a long key', () => {
    expect(maskKey('rsk_abcdefgh_0123456789abcdefghijklmnop')).toBe('rsk_ab…mnop');
  });
  it('hides a short key entirely', () => {
    expect(maskKey('short')).toBe('***');
    expect(maskKey('0123456789abcde')).toBe('***');
    expect(maskKey('')).toBe('***');
  });
});

describe('concurrent writers of config.json', () => {
  const dir = () => join(root, 'rentsurvey');
  const lock = () => join(dir(), 'config.json.lock');
  const keyOf = (i: number) => ({ base_url: `http://host${i}.example`, api_key: `rsk_key${i}_0123456789abcdef` });

  it('20 writers at once, each with a store opened before any wrote: all 20 profiles are kept', async () => {
    // Each write reads, then awaits (loading conf), then writes: without the lock, they all read the empty file.
    const stores = await Promise.all(Array.from({ length: 20 }, () => openConfigStore({ configDir: dir() })));
    await Promise.all(stores.map((store, i) => store.setProfile(`p${i}`, keyOf(i))));
    const all = (await openConfigStore({ configDir: dir() })).listProfiles();
    expect(all.map((p) => p.name).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `p${i}`).sort());
    expect(existsSync(lock())).toBe(false);
  });

  it('deletes and writes interleaved keep exactly what each one meant', async () => {
    const store = await openConfigStore({ configDir: dir() });
    for (let i = 0; i < 10; i++) await store.setProfile(`p${i}`, keyOf(i));
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => store.deleteProfile(`p${i}`)),
      ...Array.from({ length: 5 }, (_, i) => store.setProfile(`q${i}`, keyOf(i))),
    ]);
    expect(store.listProfiles().map((p) => p.name)).toEqual(['p5', 'p6', 'p7', 'p8', 'p9', 'q0', 'q1', 'q2', 'q3', 'q4']);
  });

  it('a lock left by a process that is gone is taken over at once', async () => {
    const store = await openConfigStore({ configDir: dir() });
    // A pid that is not running: a child that has exited.
    const { execFileSync } = await import('node:child_process');
    const deadPid = Number(execFileSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']));
    writeFileSync(lock(), `${deadPid} ${hostname()} abandoned`);
    // Dated in the future: it can never age out, so only its dead process lets the write through (else: refused after 15 s).
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(lock(), future, future);
    await store.setProfile('after-crash', profile);
    expect(store.getProfile('after-crash')).toEqual(profile);
    expect(existsSync(lock())).toBe(false);
  });

  it('a lock still held after the wait: nothing saved, exit 5 (a conflict with another run, as a held --since-last state)', async () => {
    const store = await openConfigStore({ configDir: dir() });
    writeFileSync(lock(), `${process.pid} ${hostname()} held-by-someone-else`);
    // Dated in the future, it never ages out; the clock runs a second a look, so the 15 s wait is over at once.
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(lock(), future, future);
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 1_000));
    const refused = await store.setProfile('blocked', profile).then(
      () => undefined,
      (error: unknown) => error,
    );
    vi.restoreAllMocks();
    expect(refused).toBeInstanceOf(CliError);
    expect(refused).toMatchObject({ exitCode: ExitCode.conflict, message: expect.stringMatching(/config\.json is being changed by another rentsurvey \(process \d+\); nothing was saved$/) });
    expect(store.getProfile('blocked')).toBeUndefined();
  });

  it('a lock of a live process is waited for, and one older than 10 s is taken over', async () => {
    const store = await openConfigStore({ configDir: dir() });
    writeFileSync(lock(), `${process.pid} ${hostname()} held-by-someone-else`);
    let done = false;
    const write = store.setProfile('waiting', profile).then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(done).toBe(false);
    // Aged past the stale limit (a holder keeps it for milliseconds): taken over.
    const old = new Date(Date.now() - 11_000);
    utimesSync(lock(), old, old);
    await write;
    expect(store.getProfile('waiting')).toEqual(profile);
  });
});
