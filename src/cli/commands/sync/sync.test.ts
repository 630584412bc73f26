// `sync` copies what a remote profile can read into a local store; afterwards
// --local answers from the copy exactly as the remote does.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ROOT } from '../../../../test/helpers/common.js';
import { cliSandbox, copyDemoStore, expectOk, it, parseJson, remoteSandbox, startServer, type CliSandbox, type TestServer } from '../../../../test/helpers/run-cli.js';

let server: TestServer;
let sb: CliSandbox;
let mirror: string;

beforeAll(async () => {
  const holder = await cliSandbox({ store: 'none' });
  server = await startServer(await copyDemoStore(join(holder.root, 'remote')));
  ({ sandbox: sb } = await remoteSandbox(server));
  mirror = join(sb.root, 'mirror');
});
afterAll(() => server?.close());

describe('sync', () => {
  it('mirrors the portfolio, comparables and pricing so that --local gives the remote answers; again in place', async () => {
    const synced = expectOk(await sb.run(['sync', '--days', '21', '--data-dir', mirror]));
    expect(synced.stdout).toBe('');
    expect(synced.stderr).toMatch(/Synced [\d,]+ communities, [\d,]+ floor plans and \d{1,3}(,\d{3})* observations .* as "default @ 127\.0\.0\.1:\d+"; --local now reads it\./);
    const remote = parseJson(expectOk(await sb.run(['portfolio', '--json', '--include-pricing'])).stdout);
    const local = parseJson(expectOk(await sb.run(['--local', '--data-dir', mirror, 'portfolio', '--json', '--include-pricing'])).stdout);
    expect(local).toEqual(remote);
    const id = (remote as { communities: { id: string }[] }).communities[0]!.id;
    for (const args of [['overview', id], ['comps', 'list', id, '--include-inactive'], ['pricing', 'history', id, '--days', '21']]) {
      const there = parseJson(expectOk(await sb.run([...args, '--json'])).stdout);
      const here = parseJson(expectOk(await sb.run(['--local', '--data-dir', mirror, ...args, '--json'])).stdout);
      expect(here, args.join(' ')).toEqual(there);
    }
    expectOk(await sb.run(['sync', '--days', '21', '--data-dir', mirror]));
    const list = parseJson<{ total: number }>(expectOk(await sb.run(['--local', '--data-dir', mirror, 'communities', 'list', '--all', '--json'])).stdout);
    const there = parseJson<{ total: number }>(expectOk(await sb.run(['communities', 'list', '--all', '--json'])).stdout);
    expect(list.total).toBe(there.total);
  }, 60_000);

  it('into a store that holds the same ids under another organization: says what happened and what to do, exit 5', async () => {
    // The local demo data and a service of the same demo data share their ids.
    const demo = await copyDemoStore(join(sb.root, 'local-demo'));
    const clash = await sb.run(['sync', '--days', '7', '--data-dir', demo]);
    expect(clash).toMatchObject({ exitCode: 5, stdout: '' });
    expect(clash.stderr).toMatch(/^error: the local store in \S+ already holds (?:community|user) [\da-f-]{36}, under another organization: the remote serves records with the same ids/m);
    expect(clash.stderr).toMatch(/^hint: sync into a folder of its own with --data-dir <dir>.*`rentsurvey local reset --empty`/m);
    expect(clash.stderr).not.toMatch(/this is a bug/);
    // Nothing was written: the store still reads as the demo portfolio.
    expect(parseJson<{ total: number }>(expectOk(await sb.run(['--local', '--data-dir', demo, 'portfolio', '--json'])).stdout).total).toBe(25);
    // Following the hint works.
    expectOk(await sb.run(['local', 'reset', '--empty', '--yes', '--data-dir', demo]));
    expectOk(await sb.run(['sync', '--days', '7', '--data-dir', demo]));
  }, 60_000);

  it('into a store that works in another organization: --local switches to the mirror, and stderr says so with the way back', async () => {
    const acme = join(sb.root, 'acme');
    expectOk(await sb.run(['local', 'import', join(ROOT, 'examples', 'dataset.json'), '--data-dir', acme]));
    const switched = expectOk(await sb.run(['sync', '--days', '7', '--data-dir', acme])).stderr;
    expect(switched).not.toMatch(/--local now reads it/);
    expect(switched).toMatch(/--local now works in "default @ 127\.0\.0\.1:\d+", no longer in "Acme Residential" \(kept as it was\); go back with `rentsurvey .*local organizations use .*Acme Residential.*`/);
    // Syncing again is no switch.
    expect(expectOk(await sb.run(['sync', '--days', '7', '--data-dir', acme])).stderr).toMatch(/; --local now reads it\.\n(?![\s\S]*no longer in)/);
    expectOk(await sb.run(['local', 'organizations', 'use', 'Acme Residential', '--data-dir', acme]));
    const names = parseJson<{ communities: { name: string }[] }>(expectOk(await sb.run(['--local', '--data-dir', acme, 'portfolio', '--json'])).stdout);
    expect(names.communities.map((c) => c.name)).toContain('Maple Court');
  }, 60_000);

  it('refuses --local, and needs a remote profile', async () => {
    expect((await sb.run(['--local', 'sync', '--data-dir', mirror])).exitCode).toBe(2);
    const none = await sb.run(['sync', '--data-dir', join(sb.root, 'other')], { env: { RENTSURVEY_API_KEY: undefined, RENTSURVEY_BASE_URL: undefined } });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toMatch(/not logged in/);
  });
});
