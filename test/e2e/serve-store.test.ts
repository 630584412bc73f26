// A real `serve` process follows the store of its data directory (src/server/serve.ts): after
// `local reset` replaced the database under it, it answers from the new one at once — the
// reset's keys refused, the new store's surveys read — and after `local import` into it, the
// imported data is there. Nothing waits for time: each step waits for the command before it.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, demoStore, parseJson, ROOT, startServe, type Sandbox, type Served } from '../helpers/cli.js';

let sb: Sandbox;
let server: Served;
let dataDir: string;

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
  server = await startServe(dataDir);
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

const portfolio = async (key: string) => {
  const r = await sb.run(['portfolio', '--json'], { env: { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key } });
  return { ...r, names: r.exitCode === 0 ? parseJson<{ communities: Array<{ name: string }> }>(r.stdout).communities.map((c) => c.name) : [] };
};

describe('serve on a store that local reset and local import change', () => {
  it('reset: the old key is refused at once, the new store answers; import: its data is served', async () => {
    const before = await createKey(dataDir);
    sb.secrets.push(before);
    const demo = await portfolio(before);
    expect(demo.exitCode, demo.stderr).toBe(0);
    expect(demo.names).toContain('Barton Creek Terrace');

    const reset = await sb.run(['local', 'reset', '--empty', '--yes', '--data-dir', dataDir]);
    expect(reset.exitCode, reset.stderr).toBe(0);
    // The reset removed every key: the one of a moment ago is refused by the running serve, not served from the deleted file.
    const refused = await portfolio(before);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/invalid, revoked or deactivated API key/);
    expect(server.log()).toContain(`The store in ${dataDir} was replaced: answering from the new one.`);

    const after = await createKey(dataDir);
    sb.secrets.push(after);
    const empty = await portfolio(after);
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(empty.names).toEqual([]);

    const imported = await sb.run(['local', 'import', join(ROOT, 'examples', 'market-changes.json'), '--yes', '--data-dir', dataDir]);
    expect(imported.exitCode, imported.stderr).toBe(0);
    const harbor = await createKey(dataDir, 'all', undefined, ['--org', 'Harbor Residential']);
    sb.secrets.push(harbor);
    const market = await portfolio(harbor);
    expect(market.exitCode, market.stderr).toBe(0);
    expect(market.names.sort()).toEqual(['Maple Court', 'Pine Ridge']);

    // And back to the demo: the same serve, the demo portfolio again (a new key of its own).
    expect((await sb.run(['local', 'reset', '--demo', '--yes', '--data-dir', dataDir])).exitCode).toBe(0);
    expect((await portfolio(harbor)).exitCode).toBe(3);
    const again = await createKey(dataDir);
    sb.secrets.push(again);
    expect((await portfolio(again)).names).toContain('Barton Creek Terrace');
  });
});
