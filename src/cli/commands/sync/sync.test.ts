// `sync` copies what a remote profile can read into a local store; afterwards
// --local answers from the copy exactly as the remote does.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
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
    expect(synced.stderr).toMatch(/Synced \d+ communities, \d+ floor plans and \d+ observations .* as "default @ 127\.0\.0\.1:\d+"; --local now reads it\./);
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

  it('refuses --local, and needs a remote profile', async () => {
    expect((await sb.run(['--local', 'sync', '--data-dir', mirror])).exitCode).toBe(2);
    const none = await sb.run(['sync', '--data-dir', join(sb.root, 'other')], { env: { RENTSURVEY_API_KEY: undefined, RENTSURVEY_BASE_URL: undefined } });
    expect(none.exitCode).toBe(3);
    expect(none.stderr).toMatch(/not logged in/);
  });
});
