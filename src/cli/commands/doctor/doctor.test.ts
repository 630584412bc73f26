import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync, closeSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CONFIG_REPAIR } from '../../config.js';
import { bashScript } from '../completion/scripts.js';
import { cliSandbox, it, parseJson, remoteSandbox, startServer, type CliSandbox, type TestServer } from '../../../../test/helpers/run-cli.js';
import type { Check } from './checks.js';

interface Report {
  ok: boolean;
  checks: Check[];
}

/** `doctor --json` of the sandbox (its status beside the report). */
async function doctor(cli: CliSandbox, args: string[] = [], env: Record<string, string | undefined> = {}) {
  const run = await cli.run([...args, 'doctor', '--json'], { env });
  expect(run.stderr).toBe('');
  return { exitCode: run.exitCode, report: parseJson<Report>(run.stdout) };
}

const check = (report: Report, name: string) => report.checks.find((c) => c.check === name);

/** The id of a process that has ended: what a killed writer leaves in a temporary file's name. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('doctor', () => {
  it('on a sound local set-up: every check passes, one ✓ line each, exit 0', async ({ cli }) => {
    const completions = join(cli.dataHome, 'bash-completion', 'completions');
    mkdirSync(completions, { recursive: true });
    writeFileSync(join(completions, 'rentsurvey'), bashScript);
    const run = await cli.run(['--local', 'doctor'], { env: { SHELL: '/bin/bash' } });
    expect(run.exitCode, run.stdout).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('Every check passed.');
    const checks = lines.slice(0, -2);
    for (const line of checks) expect(line).toMatch(/^✓ /);
    expect(checks.join('\n')).toMatch(/^✓ Node\.js \d+\.\d+\.\d+ /m);
    expect(run.stdout).toContain(`✓ Local store ${join(cli.dataDir, 'rentsurvey.db')}: integrity ok, schema version `);
    expect(run.stdout).toMatch(/^✓ --local works in "Demo Residential" \(\d+ communities\)$/m);
    expect(run.stdout).toContain(`✓ Shell completion (bash): ${join(completions, 'rentsurvey')}`);
    expect(run.stdout).toMatch(/^✓ Free space: /m);
    expect(run.stdout).toMatch(/^✓ Profile default \(the default, not stored\): local \(--local\)/m);

    const { exitCode, report } = await doctor(cli, ['--local'], { SHELL: '/bin/bash' });
    expect(exitCode).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.check)).toEqual(['node', 'config-permissions', 'profile', 'store', 'organization', 'completion', 'free-space', 'leftovers']);
    expect(report.checks.every((c) => c.ok && c.remedy === null)).toBe(true);
  });

  it('a config.json other users can read (0644, in a 0755 folder): ✗ with the chmod that fixes it, exit 1', async ({ cli }) => {
    expect((await cli.run(['login', '--local'])).exitCode).toBe(0);
    const dir = join(cli.configHome, 'rentsurvey');
    const file = join(dir, 'config.json');
    chmodSync(file, 0o644);
    chmodSync(dir, 0o755);
    const run = await cli.run(['doctor']);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`✗ Config ${file}: the folder ${dir} is 0755, config.json is 0644: other users can read its API keys\n    fix: chmod 700 ${dir} && chmod 600 ${file}`);
    expect(run.stdout).toMatch(/^1 of \d+ checks failed\.$/m);
    // doctor only looks: the modes are as it found them.
    expect(readFileSync(file, 'utf8')).toContain('"local": true');
    const { report } = await doctor(cli);
    expect(check(report, 'config-permissions')).toMatchObject({ ok: false, remedy: `chmod 700 ${dir} && chmod 600 ${file}` });
    chmodSync(dir, 0o700);
    chmodSync(file, 0o600);
    expect(check((await doctor(cli)).report, 'config-permissions')).toMatchObject({ ok: true, detail: `Config ${file}: 0600 in a 0700 folder` });
  });

  it('a config.json that is not JSON: ✗ saying so, with the way to repair it', async ({ cli }) => {
    const dir = join(cli.configHome, 'rentsurvey');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), '{"profiles": {"default": {"base_url": ', { mode: 0o600 });
    const { exitCode, report } = await doctor(cli);
    expect(exitCode).toBe(1);
    expect(check(report, 'config')).toMatchObject({ ok: false, detail: expect.stringMatching(/config\.json is not JSON \(/), remedy: CONFIG_REPAIR });
  });

  it('a store that is not a database, and one damaged inside: ✗ naming the file, with how to start again', async ({ cli }) => {
    const store = join(cli.dataDir, 'rentsurvey.db');
    // Damaged inside: pages past the header overwritten (what a bad disk or a copy of a file being written gives).
    const fd = openSync(store, 'r+');
    writeSync(fd, Buffer.alloc(64 * 1024, 0x5a), 0, 64 * 1024, 8 * 4096);
    closeSync(fd);
    const damaged = check((await doctor(cli, ['--local'])).report, 'store')!;
    expect(damaged).toMatchObject({ ok: false, remedy: expect.stringContaining('rentsurvey local reset --data-dir') });
    expect(damaged.detail).toMatch(/integrity check|is damaged/);
    writeFileSync(store, 'this is not a database, whatever its name says\n'.repeat(200));
    const { exitCode, report } = await doctor(cli, ['--local']);
    expect(exitCode).toBe(1);
    expect(check(report, 'store')).toMatchObject({
      ok: false,
      detail: expect.stringContaining(`${store} is not a rentsurvey store`),
      remedy: expect.stringContaining(`mv ${store} ${store}.broken`),
    });
    expect(check(report, 'organization')).toBeUndefined();
  });

  it('a data folder without a store yet passes: the first --local command creates one', async () => {
    const cli = await cliSandbox({ store: 'none' });
    try {
      const { report } = await doctor(cli, ['--local']);
      expect(check(report, 'store')).toMatchObject({ ok: true, detail: expect.stringContaining('none yet') });
      expect(check(report, 'organization')).toBeUndefined();
    } finally {
      await cli.cleanup();
    }
  });

  it('a profile named by --profile or RENTSURVEY_PROFILE that is not stored: ✗ with the login for that profile', async ({ cli }) => {
    const flag = check((await doctor(cli, ['--profile', 'staging'])).report, 'profile')!;
    expect(flag).toMatchObject({ ok: false, detail: 'Profile staging (--profile, not stored): remote, with no base URL and no API key' });
    expect(flag.remedy).toMatch(/^rentsurvey --profile staging login /);
    const env = check((await doctor(cli, [], { RENTSURVEY_PROFILE: 'staging' })).report, 'profile')!;
    expect(env.detail).toBe('Profile staging (RENTSURVEY_PROFILE, not stored): remote, with no base URL and no API key');
  });

  it('the completion of the user\'s shell: missing, out of date, or loaded from its start-up file', async ({ cli }) => {
    const zsh = check((await doctor(cli, ['--local'], { SHELL: '/usr/bin/zsh' })).report, 'completion')!;
    expect(zsh).toMatchObject({ ok: false, detail: 'Shell completion (zsh): not installed' });
    expect(zsh.remedy).toMatch(/^rentsurvey completion zsh --install; .*fpath=\(~\/\.zfunc \$fpath\)/);
    const file = join(cli.dataHome, 'bash-completion', 'completions', 'rentsurvey');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, '# an older script\ncomplete -F _old rentsurvey\n');
    expect(check((await doctor(cli, ['--local'], { SHELL: '/bin/bash' })).report, 'completion')).toMatchObject({
      ok: false,
      detail: `Shell completion (bash): ${file} is not the script this rentsurvey prints (an older version?)`,
      remedy: expect.stringMatching(/^rentsurvey completion bash --install; /),
    });
    // The remedy does what it says: the script --install writes is the one doctor accepts.
    expect(await cli.run(['completion', 'bash', '--install'])).toMatchObject({ exitCode: 0 });
    expect(check((await doctor(cli, ['--local'], { SHELL: '/bin/bash' })).report, 'completion')).toMatchObject({ ok: true, detail: `Shell completion (bash): ${file}` });
    rmSync(file);
    mkdirSync(cli.env.HOME!, { recursive: true });
    writeFileSync(join(cli.env.HOME!, '.bashrc'), 'source <(rentsurvey completion bash)\n');
    expect(check((await doctor(cli, ['--local'], { SHELL: '/bin/bash' })).report, 'completion')).toMatchObject({ ok: true });
    // A shell rentsurvey has no script for has nothing to install.
    expect(check((await doctor(cli, ['--local'], { SHELL: '/bin/tcsh' })).report, 'completion')).toMatchObject({ ok: true });
  });

  it('temporary files that killed writes left in the data and state folders: ✗ naming them, with the rm; those of a live process are not', async ({ cli }) => {
    const pid = deadPid();
    const inData = join(cli.dataDir, `.rentsurvey.db.${pid}.0badf00d.tmp`);
    const stateDir = join(cli.env.XDG_STATE_HOME!, 'rentsurvey');
    mkdirSync(stateDir, { recursive: true });
    const inState = join(stateDir, `.digest.default.all.json.${pid}.deadbeef.tmp`);
    const live = join(stateDir, `.export.json.${process.pid}.12345678.tmp`);
    for (const file of [inData, inState, live]) writeFileSync(file, 'half');
    const found = check((await doctor(cli, ['--local'])).report, 'leftovers')!;
    expect(found.ok).toBe(false);
    expect(found.detail).toContain(`2 temporary files of killed writes: `);
    expect(found.detail).toContain(`${inData} (of rentsurvey.db, process ${pid})`);
    expect(found.detail).toContain(`${inState} (of digest.default.all.json, process ${pid})`);
    expect(found.detail).not.toContain(live);
    expect(found.remedy).toMatch(new RegExp(`^rm (${inData} ${inState}|${inState} ${inData}) `));
  });
});

describe('doctor against a service', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(join((await cliSandbox({ store: 'none' })).root, 'served'));
  });
  afterAll(() => server?.close());

  it('the service answers and takes the key: ✓ both, the key by its prefix only', async () => {
    const { sandbox, key } = await remoteSandbox(server);
    const { exitCode, report } = await doctor(sandbox);
    expect(exitCode).toBe(0);
    const prefix = key.slice(0, 'rsk_'.length + 8);
    expect(check(report, 'profile')!.detail).toBe(
      `Profile default (the default, not stored): remote, ${server.baseUrl} (from the environment), key ${prefix}… (from the environment)`,
    );
    expect(check(report, 'service')).toMatchObject({ ok: true, detail: `Service ${server.baseUrl} answers` });
    expect(check(report, 'key')).toMatchObject({ ok: true, detail: `API key ${prefix}… accepted` });
    expect(check(report, 'store')).toBeUndefined();
  });

  it('a key the service refuses: ✓ the service, ✗ the key, with the login that replaces it', async () => {
    const { sandbox } = await remoteSandbox(server);
    const wrong = `rsk_AAAAAAAA_${'x'.repeat(40)}`;
    sandbox.secrets.push(wrong);
    const { exitCode, report } = await doctor(sandbox, [], { RENTSURVEY_API_KEY: wrong });
    expect(exitCode).toBe(1);
    expect(check(report, 'service')!.ok).toBe(true);
    expect(check(report, 'key')).toMatchObject({ ok: false, detail: expect.stringMatching(/^API key rsk_AAAAAAAA… refused: /), remedy: 'rentsurvey login with a valid key' });
  });

  it('a service that does not answer: ✗ the service, and the key is not tried', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const { sandbox } = await remoteSandbox(server);
    const { exitCode, report } = await doctor(sandbox, [], { RENTSURVEY_BASE_URL: `http://127.0.0.1:${closed}` });
    expect(exitCode).toBe(1);
    expect(check(report, 'service')).toMatchObject({ ok: false, detail: expect.stringContaining(`Service http://127.0.0.1:${closed} does not answer`) });
    expect(check(report, 'key')).toBeUndefined();
  });
});
