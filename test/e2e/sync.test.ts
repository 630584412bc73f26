import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, demoStore, parseJson, startServe, type Sandbox, type Served } from '../helpers/cli.js';

// `sync` copies what a remote profile can read into a local store; afterwards
// --local answers from the copy exactly as the remote does.
describe('sync', () => {
  let sandbox: Sandbox;
  let served: Served;
  let remote: Record<string, string>;
  let mirror: string;

  beforeAll(async () => {
    sandbox = await createSandbox();
    served = await startServe(join(sandbox.root, 'remote'));
    const key = await createKey(served.dataDir);
    sandbox.secrets.push(key);
    remote = { RENTSURVEY_BASE_URL: served.baseUrl, RENTSURVEY_API_KEY: key };
    mirror = join(sandbox.root, 'mirror');
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await sandbox?.cleanup();
  });

  it('mirrors the portfolio, comparables and pricing so that --local gives the remote answers', async () => {
    const synced = await sandbox.run(['sync', '--days', '60', '--data-dir', mirror], { env: remote, timeout: 60_000 });
    expect(synced.stderr).toMatch(/Synced \d+ communities/);
    expect(synced.exitCode).toBe(0);
    expect(synced.stdout).toBe('');

    const portfolio = await sandbox.run(['portfolio', '--json', '--include-pricing'], { env: remote });
    const local = await sandbox.run(['--local', '--data-dir', mirror, 'portfolio', '--json', '--include-pricing']);
    expect(local.exitCode).toBe(0);
    expect(parseJson(local.stdout)).toEqual(parseJson(portfolio.stdout));

    const id = parseJson<{ communities: { id: string }[] }>(portfolio.stdout).communities[0]?.id as string;
    for (const args of [['overview', id], ['comps', 'list', id, '--include-inactive'], ['pricing', 'history', id, '--days', '30']]) {
      const there = await sandbox.run([...args, '--json'], { env: remote });
      const here = await sandbox.run(['--local', '--data-dir', mirror, ...args, '--json']);
      expect(parseJson(here.stdout), args.join(' ')).toEqual(parseJson(there.stdout));
    }
  }, 90_000);

  it('syncs again in place (same ids, no duplicates)', async () => {
    const again = await sandbox.run(['sync', '--days', '60', '--data-dir', mirror], { env: remote, timeout: 60_000 });
    expect(again.exitCode).toBe(0);
    const list = await sandbox.run(['--local', '--data-dir', mirror, 'communities', 'list', '--all', '--json']);
    const there = await sandbox.run(['communities', 'list', '--all', '--json'], { env: remote });
    expect(parseJson<{ total: number }>(list.stdout).total).toBe(parseJson<{ total: number }>(there.stdout).total);
  }, 90_000);

  it('into a store that holds the same ids under another organization: says what happened and what to do, exit 5', async () => {
    // The local demo data and a `serve` of the same demo data share their ids.
    const demo = await demoStore(join(sandbox.root, 'local-demo'));
    const clash = await sandbox.run(['sync', '--days', '7', '--data-dir', demo], { env: remote, timeout: 60_000 });
    expect(clash.exitCode).toBe(5);
    expect(clash.stdout).toBe('');
    expect(clash.stderr).toMatch(/^error: the local store in \S+ already holds community [\da-f-]{36}, under another organization: the remote serves records with the same ids/m);
    expect(clash.stderr).toMatch(/^hint: sync into a folder of its own with --data-dir <dir>.*`rentsurvey local reset --empty`/m);
    expect(clash.stderr).not.toMatch(/this is a bug/);
    // Nothing was written: the store still reads as the demo portfolio.
    const local = await sandbox.run(['--local', '--data-dir', demo, 'portfolio', '--json']);
    expect(parseJson<{ total: number }>(local.stdout).total).toBe(25);

    // Following the hint works.
    expect((await sandbox.run(['local', 'reset', '--empty', '--yes', '--data-dir', demo])).exitCode).toBe(0);
    const again = await sandbox.run(['sync', '--days', '7', '--data-dir', demo], { env: remote, timeout: 60_000 });
    expect(again.exitCode, again.stderr).toBe(0);
  }, 90_000);

  it('refuses --local and needs a remote profile', async () => {
    expect((await sandbox.run(['--local', 'sync', '--data-dir', mirror])).exitCode).toBe(2);
    const none = await sandbox.run(['sync', '--data-dir', join(sandbox.root, 'other')]);
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toMatch(/not logged in/);
  });
});
