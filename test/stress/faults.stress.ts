// The built CLI through a fault-injecting proxy in front of `serve`: GETs are
// retried through delays, dropped answers, 429 and 503; a POST or PATCH is sent
// exactly once whatever happens, and says when it may have been applied; exit
// codes are the documented ones.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, parseJson, startServe, type RunResult, type Sandbox, type Served } from '../helpers/cli.js';
import { FAULTS, FORWARDED, startFaultProxy, type Fault, type FaultProxy } from './lib/fault-proxy.js';
import { addFigures } from './lib/figures.js';
import { api, localKey } from './lib/serve.js';

let root: string;
let sb: Sandbox;
let server: Served;
let proxy: FaultProxy;
let key: string;
let subject: string;
let comp: string;
let survived = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rentsurvey-stress-faults-'));
  const dataDir = join(root, 'store');
  server = await startServe(dataDir, { args: ['--empty'] });
  key = await localKey(dataDir, 'Fault Org');
  const created = await api<{ id: string }>(server.baseUrl, key, 'POST', '/communities', { name: 'Fault Court', address: '1 Fault St', zipcode: '78701' });
  subject = created.body.id;
  comp = (await api<{ comp_id: string }>(server.baseUrl, key, 'POST', `/rentsurvey/communities/${subject}/comps`, { name: 'Fault Comp', address: '2 Fault St', zipcode: '78702' })).body.comp_id;
  proxy = await startFaultProxy(server.baseUrl);
  sb = await createSandbox();
  sb.secrets.push(key);
});

afterAll(async () => {
  addFigures({ faultsSurvived: survived });
  await proxy?.close();
  await server?.stop();
  await sb?.cleanup();
  await rm(root, { recursive: true, force: true });
});

/** The built CLI against the proxy; a 3 s request timeout makes 'delay' a timeout (and stays well above a loaded machine's answers). */
const viaProxy = (args: string[]) =>
  sb.run(['--request-timeout', '3', ...args], { env: { RENTSURVEY_BASE_URL: proxy.url, RENTSURVEY_API_KEY: key }, timeout: 60_000 });
const direct = (args: string[]) => sb.run(args, { env: { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key } });

function reset() {
  proxy.arrived.length = 0;
  proxy.forwarded.length = 0;
}
const count = (list: string[], method: string) => list.filter((line) => line.startsWith(`${method} `)).length;
const shown = (r: RunResult) => `exit ${r.exitCode}\n${r.stderr}`;

describe('GET is retried through the faults that retrying can cure', () => {
  const retryable: Fault[] = ['delay', 'drop', '429', '503'];

  it.each(retryable)('%s, then a good answer: exit 0 and the same data as without the proxy', async (fault) => {
    const expected = parseJson((await direct(['portfolio', '--json'])).stdout);
    reset();
    proxy.plan(fault);
    const r = await viaProxy(['portfolio', '--json']);
    expect(r.exitCode, shown(r)).toBe(0);
    expect(parseJson(r.stdout)).toEqual(expected);
    expect(count(proxy.arrived, 'GET')).toBe(2);
    survived++;
  });

  it('three faults in a row (all the retries), then a good answer: exit 0', async () => {
    reset();
    proxy.plan('503', 'drop', '429');
    const r = await viaProxy(['comps', 'list', subject, '--json']);
    expect(r.exitCode, shown(r)).toBe(0);
    expect(count(proxy.arrived, 'GET')).toBe(4);
    survived += 3;
  });

  it('four 503s: gives up after 3 retries, exit 1, one line on stderr', async () => {
    reset();
    proxy.plan('503', '503', '503', '503');
    const r = await viaProxy(['portfolio']);
    expect(r.exitCode, shown(r)).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/503/);
    expect(count(proxy.arrived, 'GET')).toBe(4);
    survived += 4;
  });

  it.each(['truncated', 'html200'] as const)('%s: not a rentsurvey answer; exit 1, no data on stdout', async (fault) => {
    reset();
    proxy.plan(fault);
    const r = await viaProxy(['portfolio', '--json']);
    expect(r.exitCode, shown(r)).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/answered 200 OK from \S+ with a body that is not JSON/);
    survived++;
  });
});

describe('a write is sent once, whatever the fault', () => {
  it.each(FAULTS)('POST with %s: one POST, applied once at most, the right exit code and warning', async (fault) => {
    const external = `fault-${fault}-${Date.now()}`;
    const create = ['communities', 'create', '--name', `Fault ${fault}`, '--address', '3 Fault St', '--zipcode', '78701', '--external-id', external];
    reset();
    proxy.plan(fault);
    const r = await viaProxy(create);
    expect(count(proxy.arrived, 'POST'), 'the POST was repeated').toBe(1);
    expect(count(proxy.forwarded, 'POST')).toBe(FORWARDED.has(fault) ? 1 : 0);
    const found = await api<{ total: number }>(server.baseUrl, key, 'GET', `/communities?search=${external}`);
    expect(found.body.total, 'applied more than once, or a refused request applied').toBe(FORWARDED.has(fault) ? 1 : 0);
    expect(r.exitCode, shown(r)).toBe(1);
    expect(r.stdout).toBe('');
    if (fault === '429') expect(r.stderr).not.toMatch(/may have been applied/);
    else expect(r.stderr).toMatch(new RegExp(`the request may have been applied[\\s\\S]*check with \`rentsurvey communities list --search ${external}\``));
    // Doing what the warning says tells the two cases apart: a retry is refused (409, exit 5) if the first one was applied.
    const retry = await direct(create);
    expect(retry.exitCode, shown(retry)).toBe(FORWARDED.has(fault) ? 5 : 0);
    survived++;
  });

  it.each(['drop', 'delay', 'truncated'] as const)('PATCH with %s: one PATCH, "may have been applied", exit 1', async (fault) => {
    reset();
    proxy.plan(fault);
    const r = await viaProxy(['comps', 'deactivate', subject, comp]);
    expect(count(proxy.arrived, 'PATCH')).toBe(1);
    expect(r.exitCode, shown(r)).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`may have been applied[\\s\\S]*rentsurvey comps list ${subject} --include-inactive`));
    // It was applied (the proxy forwarded it): the list says so.
    const list = await api<{ comps: { id: string; is_included_in_surveys: boolean }[] }>(server.baseUrl, key, 'GET', `/rentsurvey/communities/${subject}/comps?include_inactive=true`);
    expect(list.body.comps.find((c) => c.id === comp)?.is_included_in_surveys).toBe(false);
    await api(server.baseUrl, key, 'PATCH', `/rentsurvey/communities/${subject}/comps/${comp}`, { is_included_in_surveys: true });
    survived++;
  });
});
