// Local by default when wanted: RENTSURVEY_LOCAL=1, a profile saved with `login --local`;
// --no-local and an explicit --profile of a remote profile still reach a service.
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it as plain } from 'vitest';
import { cliSandbox, expectOk, it, parseJson, startServer, type TestServer } from '../../test/helpers/run-cli.js';
import type { Status } from './commands/auth/status.js';
import { decideLocalMode, envSwitch } from './local-mode.js';

describe('decideLocalMode', () => {
  const remote = { base_url: 'https://api.example', api_key: 'k' };
  const local = { local: true };
  plain.each([
    ['--local wins over everything', { flag: true, env: { RENTSURVEY_LOCAL: '0' }, stored: remote }, { local: true, source: 'flag' }],
    ['--no-local wins over everything', { flag: false, env: { RENTSURVEY_LOCAL: '1' }, stored: local }, { local: false, source: 'flag' }],
    ['an explicit --profile of a remote profile beats RENTSURVEY_LOCAL=1', { profileFlag: 'prod', env: { RENTSURVEY_LOCAL: '1' }, stored: remote }, { local: false, source: 'profile-flag' }],
    ['an explicit --profile of a local profile beats RENTSURVEY_LOCAL=0', { profileFlag: 'box', env: { RENTSURVEY_LOCAL: '0' }, stored: local }, { local: true, source: 'profile-flag' }],
    ['an explicit --profile nobody saved: the environment decides', { profileFlag: 'nope', env: { RENTSURVEY_LOCAL: '1' }, stored: undefined }, { local: true, source: 'env' }],
    ['RENTSURVEY_LOCAL=1 beats the profile in use', { env: { RENTSURVEY_LOCAL: '1' }, stored: remote }, { local: true, source: 'env' }],
    ['RENTSURVEY_LOCAL=0 beats a local profile in use', { env: { RENTSURVEY_LOCAL: 'false' }, stored: local }, { local: false, source: 'env' }],
    ['the profile in use, saved with login --local', { env: {}, stored: local }, { local: true, source: 'profile' }],
    ['an empty RENTSURVEY_LOCAL is unset', { env: { RENTSURVEY_LOCAL: '' }, stored: local }, { local: true, source: 'profile' }],
    ['otherwise remote', { env: {}, stored: undefined }, { local: false, source: 'default' }],
  ])('%s', (_name, given, expected) => {
    expect(decideLocalMode({ flag: undefined, profileFlag: undefined, ...given })).toEqual(expected);
  });

  plain.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['on', true],
    ['0', false],
    ['false', false],
    ['No', false],
    ['off', false],
    ['', false],
    [undefined, false],
  ])('envSwitch(%j) → %s', (value, expected) => expect(envSwitch(value)).toBe(expected));
});

const status = async (run: Promise<{ exitCode: number; stdout: string; stderr: string }>) => {
  const r = await run;
  expect(r.exitCode, r.stderr).toBe(0);
  return parseJson<Status>(r.stdout);
};

describe('RENTSURVEY_LOCAL=1', () => {
  it('commands use the local store without --local; auth status says so and why', async ({ cli }) => {
    const env = { RENTSURVEY_LOCAL: '1' };
    const portfolio = expectOk(await cli.run(['portfolio', '--json'], { env }));
    expect(parseJson<{ total: number }>(portfolio.stdout).total).toBeGreaterThan(5);
    expect(await status(cli.run(['auth', 'status', '--json'], { env }))).toMatchObject({
      mode: 'local',
      mode_source: 'RENTSURVEY_LOCAL=1',
      data_dir: cli.dataDir,
      works: true,
    });
    const table = expectOk(await cli.run(['auth', 'status'], { env }));
    expect(table.stdout).toMatch(/^Mode: +local \(from RENTSURVEY_LOCAL=1\)$/m);
  });

  it('--no-local reaches the remote profile (here: none, so exit 3 saying how to log in)', async ({ cli }) => {
    const r = await cli.run(['--no-local', 'portfolio'], { env: { RENTSURVEY_LOCAL: '1' } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/^error: not logged in/m);
  });

  it('sync refuses to copy the store onto itself, saying how to reach the remote profile', async ({ cli }) => {
    const r = await cli.run(['sync'], { env: { RENTSURVEY_LOCAL: '1' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/this run is local \(RENTSURVEY_LOCAL=1\)/);
    expect(r.stderr).toMatch(/hint: add --no-local/);
  });
});

describe('login --local', () => {
  let server: TestServer;
  beforeAll(async () => {
    const seeded = await cliSandbox();
    server = await startServer(seeded.dataDir);
  });
  afterAll(() => server?.close());

  it('saves the profile as local: its commands use the embedded service; logout forgets it', async ({ cli }) => {
    const saved = expectOk(await cli.run(['login', '--local']));
    expect(saved.stderr).toMatch(/Profile default is local: its commands use the embedded service on the default data directory/);
    expect(parseJson<{ total: number }>(expectOk(await cli.run(['portfolio', '--json'])).stdout).total).toBeGreaterThan(5);
    expect(await status(cli.run(['auth', 'status', '--json']))).toMatchObject({
      profile: 'default',
      mode: 'local',
      mode_source: 'profile default, saved with login --local',
    });
    expectOk(await cli.run(['logout']));
    expect((await cli.run(['portfolio'])).exitCode).toBe(3);
  });

  it('with --data-dir, the profile keeps that directory; --profile picks it', async ({ cli }) => {
    const dir = await mkdtemp(join(cli.root, 'box-'));
    expectOk(await cli.run(['--profile', 'box', '--data-dir', dir, 'login', '--local']));
    const empty = expectOk(await cli.run(['--profile', 'box', 'local', 'reset', '--empty']));
    expect(empty.stderr).toContain(dir);
    expect(parseJson(expectOk(await cli.run(['--profile', 'box', 'portfolio', '--json'])).stdout)).toEqual({ communities: [], total: 0 });
    expect(await status(cli.run(['--profile', 'box', 'auth', 'status', '--json']))).toMatchObject({ mode: 'local', data_dir: dir });
    // The default profile is untouched.
    expect((await cli.run(['portfolio'])).exitCode).toBe(3);
  });

  it('with RENTSURVEY_LOCAL=1, an explicit --profile of a service still reaches it', async ({ cli }) => {
    const key = server.key();
    cli.secrets.push(key);
    expectOk(await cli.run(['--profile', 'prod', 'login', '--base-url', server.baseUrl, '--with-token'], { stdin: key }));
    const env = { RENTSURVEY_LOCAL: '1' };
    expect(await status(cli.run(['--profile', 'prod', 'auth', 'status', '--json'], { env }))).toMatchObject({
      mode: 'remote',
      mode_source: 'profile prod',
      base_url: server.baseUrl,
      works: true,
    });
    // RENTSURVEY_PROFILE is the environment too: RENTSURVEY_LOCAL decides.
    expect(await status(cli.run(['auth', 'status', '--json'], { env: { ...env, RENTSURVEY_PROFILE: 'prod' } }))).toMatchObject({ mode: 'local' });
  });

  it('takes no --base-url or --with-token', async ({ cli }) => {
    const r = await cli.run(['login', '--local', '--with-token'], { stdin: 'k' });
    expect(r.exitCode).toBe(2);
  });
});

describe('TAB completion decides as commands do', () => {
  const names = (stdout: string) => stdout.split('\n').filter((line) => line !== '' && !line.startsWith(':')).map((line) => line.split('\t')[0]);

  it('a profile saved with login --local completes from the local store; --no-local from the remote cache', async ({ cli }) => {
    expect(names(expectOk(await cli.run(['__complete', 'overview', 'Barton C'])).stdout)).toEqual([]);
    expectOk(await cli.run(['login', '--local']));
    expect(names(expectOk(await cli.run(['__complete', 'overview', 'Barton C'])).stdout)).toEqual(['Barton Creek Terrace']);
    expect(names(expectOk(await cli.run(['__complete', '--no-local', 'overview', 'Barton C'])).stdout)).toEqual([]);
    expect(names(expectOk(await cli.run(['__complete', 'overview', 'Barton C'], { env: { RENTSURVEY_LOCAL: '0' } })).stdout)).toEqual([]);
  });
});
