// What a SIGKILL of an export leaves, for real: the export is killed while it writes (its
// service holds a pricing request, so the moment is an event, not a guess), its temporary file
// stays beside the untouched target, `doctor` reports it, and the next export to the same path
// removes it and says so on stderr.
import { once } from 'node:events';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createKey, createSandbox, demoStore, parseJson, ROOT, startServe, type Sandbox, type Served } from '../helpers/cli.js';
import { forwardingProxy, type ProxiedRequest, type TestHttpServer } from '../helpers/net.js';

let sb: Sandbox;
let served: Served;
let proxy: TestHttpServer;
let key: string;
/** Pricing requests the proxy holds instead of forwarding, while `holding`. */
let holding = true;
const held: ProxiedRequest[] = [];
let pricingRequested: () => void;
const firstPricingRequest = new Promise<void>((resolve) => (pricingRequested = resolve));

beforeAll(async () => {
  sb = await createSandbox();
  served = await startServe(await demoStore(join(sb.root, 'store')));
  key = await createKey(served.dataDir);
  sb.secrets.push(key);
  proxy = await forwardingProxy(served.baseUrl, (proxied) => {
    if (holding && /\/pricing(\?|$)/.test(proxied.request.url ?? '')) {
      held.push(proxied);
      pricingRequested();
    } else proxied.forward();
  });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await served?.stop();
  await sb?.cleanup();
});

const temps = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.tmp'));

describe('an export killed with SIGKILL while it writes', () => {
  it('leaves its temporary file beside the untouched target; doctor reports it; the next export removes it, saying so', async () => {
    const env = { RENTSURVEY_BASE_URL: proxy.url, RENTSURVEY_API_KEY: key };
    // A cron job's export into the data folder, over last night's file.
    const dataDir = join(sb.dataHome, 'rentsurvey');
    mkdirSync(dataDir, { recursive: true });
    const out = join(dataDir, 'pricing.csv');
    await writeFile(out, 'last night\n');

    const child = execa(process.execPath, [BIN, 'pricing', 'export', '--out', out], {
      reject: false,
      extendEnv: false,
      env: { ...sb.env, ...env, PATH: process.env.PATH ?? '' },
      cwd: ROOT,
      stdin: 'ignore',
    });
    // Its temporary file is made before any pricing is asked for: it exists once a request is held.
    await firstPricingRequest;
    const [left] = await temps(dataDir);
    expect(left).toMatch(new RegExp(`^\\.pricing\\.csv\\.${child.pid}\\.[0-9a-f]{8}\\.tmp$`));
    const exited = once(child.nodeChildProcess, 'exit');
    child.kill('SIGKILL');
    expect((await exited)[1]).toBe('SIGKILL');
    await child;
    for (const request of held.splice(0)) request.response.destroy();
    holding = false;

    expect(await readFile(out, 'utf8')).toBe('last night\n');
    expect(await temps(dataDir)).toEqual([left]);

    const doctor = await sb.run(['doctor', '--json'], { env });
    const leftovers = parseJson<{ checks: Array<{ check: string; ok: boolean; detail: string; remedy: string }> }>(doctor.stdout).checks.find(
      (check) => check.check === 'leftovers',
    );
    expect(doctor.exitCode).toBe(1);
    expect(leftovers).toMatchObject({ ok: false, detail: `1 temporary file of killed writes: ${join(dataDir, left!)} (of pricing.csv, process ${child.pid})` });

    const next = await sb.run(['pricing', 'export', '--out', out], { env });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.stderr).toContain(`removed ${join(dataDir, left!)}: what a write of pricing.csv left when it was killed (its process ${child.pid} is gone)`);
    expect(await temps(dataDir)).toEqual([]);
    expect(await readFile(out, 'utf8')).toMatch(/^community_id,/);

    const after = parseJson<{ checks: Array<{ check: string; ok: boolean }> }>((await sb.run(['doctor', '--json'], { env })).stdout);
    expect(after.checks.find((check) => check.check === 'leftovers')?.ok).toBe(true);
  }, 120_000);
});
