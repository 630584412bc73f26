// --local runs the same service in-process on the data directory: the same answers
// as over HTTP, and both can use one store at the same time.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  cliSandbox,
  demoSubjects,
  expectOk,
  it,
  MISSING_ID,
  parseJson,
  remoteSandbox,
  startServer,
  type CliSandbox,
  type PortfolioRow,
  type TestServer,
} from '../../../test/helpers/run-cli.js';
import { createInProcessTransport } from './in-process.js';
import type { TransportRequest } from './transport.js';

let local: CliSandbox; // its demo store is the one the server serves
let remote: CliSandbox;
let server: TestServer;
let subject: PortfolioRow;

beforeAll(async () => {
  local = await cliSandbox();
  server = await startServer(local.dataDir);
  ({ sandbox: remote } = await remoteSandbox(server));
  [subject] = await demoSubjects(local);
});
afterAll(() => server?.close());

const viaHttp = (args: string[]) => remote.run(args);
const viaLocal = (args: string[]) => local.run(['--local', ...args]);

describe('the in-process transport answers as serve does (one request pipeline)', () => {
  it('the same status and JSON, for what the CLI sends and for requests it never would', async () => {
    const { transport, apiKey } = await createInProcessTransport({ dataDir: local.dataDir, notice: () => {} });
    const auth = { authorization: `Bearer ${apiKey}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const community = `/v1/communities/${subject.id}`;
    const requests: TransportRequest[] = [
      { method: 'GET', path: '/v1/rentsurvey/portfolio?include_pricing=true&include_comp_count=false', headers: auth },
      { method: 'GET', path: `/v1/rentsurvey/communities/${subject.id}/pricing?days=7`, headers: auth },
      { method: 'GET', path: `/v1/rentsurvey/communities?ids=${subject.id},${subject.id.toUpperCase()}`, headers: auth },
      { method: 'GET', path: '/v1/health', headers: {} },
      { method: 'GET', path: '/v1/rentsurvey/portfolio', headers: {} },
      { method: 'GET', path: '/v1/rentsurvey/portfolio', headers: { Authorization: `Bearer ${apiKey}` } },
      { method: 'GET', path: '/v1/rentsurvey/portfolio/', headers: auth },
      { method: 'GET', path: '/v1/rentsurvey/communities/not-a-uuid', headers: auth },
      { method: 'GET', path: `/v1/rentsurvey/communities/${subject.id}%2F..`, headers: auth },
      { method: 'GET', path: '/v1/rentsurvey/communities/%zz/overview', headers: auth },
      { method: 'GET', path: '/v1/communities?search=a+b&limit=0', headers: auth },
      { method: 'GET', path: '/v1/communities?limit=1&limit=2', headers: auth },
      { method: 'GET', path: '/v1/nowhere', headers: auth },
      { method: 'POST', path: '/v1/rentsurvey/portfolio', headers: json, body: '{}' },
      { method: 'PATCH', path: community, headers: json, body: '{"nope":1}' },
      { method: 'PATCH', path: community, headers: json, body: '{"name": ' },
      { method: 'PATCH', path: community, headers: json, body: '{"__proto__":{"x":1}}' },
      { method: 'PATCH', path: community, headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' },
      { method: 'PATCH', path: community, headers: json, body: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }) },
      { method: 'POST', path: '/v1/communities', headers: json, body: '' },
    ];
    try {
      for (const request of requests) {
        const [inProcess, http] = [
          await transport.request(request),
          await fetch(server.baseUrl + request.path, { method: request.method, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) }),
        ];
        const shown = `${request.method} ${request.path.slice(0, 80)}`;
        expect(inProcess.status, shown).toBe(http.status);
        expect(inProcess.answer ?? JSON.parse(inProcess.body), shown).toEqual(await http.json());
      }
    } finally {
      await transport.close();
    }
  });
});

describe('--local equals HTTP on the same data directory', () => {
  it('byte for byte, for JSON, tables and csv', async () => {
    for (const args of [
      ['portfolio', '--json'],
      ['overview', subject.id, '--json'],
      ['comps', 'list', subject.id, '--json'],
      ['pricing', 'history', subject.id, '--json'],
      ['portfolio', '--include-pricing', '--json'],
      ['communities', 'list', '--all', '--json'],
      ['overview', subject.id],
      ['pricing', 'history', subject.id, '--csv'],
      ['pricing', 'history', subject.id, '--json', '--fields', 'as_of_date,floor_plan_id,concession_value_cents'],
      ['comps', 'list', subject.id, '--include-pricing', '--json', '--fields', 'name,avg_market_rent_cents,address'],
    ]) {
      const [http, inProcess] = [expectOk(await viaHttp(args)), expectOk(await viaLocal(args))];
      expect(inProcess.stdout, args.join(' ')).toBe(http.stdout);
    }
  });

  it('--debug shows the body of an in-process answer as the JSON the service would send', async () => {
    const args = ['comps', 'list', subject.id, '--json'];
    const body = expectOk(await viaHttp(args)).stdout.trim();
    expect(expectOk(await viaLocal(['--debug', ...args])).stderr).toContain(`< body: ${body}`);
  });

  it('the same errors and exit codes', async () => {
    for (const args of [
      ['overview', MISSING_ID],
      ['communities', 'show', 'not-a-uuid'],
      ['pricing', 'history', subject.id, '--chart', '--json'],
    ]) {
      const [http, inProcess] = [await viaHttp(args), await viaLocal(args)];
      expect(inProcess.exitCode, args.join(' ')).toBe(http.exitCode);
      expect(inProcess.exitCode).not.toBe(0);
      expect(inProcess.stderr).toBe(http.stderr);
      expect(inProcess.stdout).toBe('');
    }
  });
});

describe('two stores on one data directory', () => {
  it('a write with --local is seen over HTTP at once, and the other way round', async () => {
    const name = `Local Write ${process.pid}`;
    const created = parseJson<{ id: string }>(
      expectOk(await viaLocal(['communities', 'create', '--name', name, '--address', '1 Main St, Austin, TX 78701', '--zipcode', '78701', '--json'])).stdout,
    );
    // The service caches GETs: it must notice the other connection's write.
    const list = async () => parseJson<{ communities: Array<{ id: string; status: string }> }>(expectOk(await viaHttp(['communities', 'list', '--search', name, '--json'])).stdout).communities;
    expect((await list()).map((c) => c.id)).toEqual([created.id]);
    expectOk(await viaHttp(['communities', 'update', created.id, '--status', 'inactive']));
    const seenLocally = parseJson<{ communities: Array<{ status: string }> }>(expectOk(await viaLocal(['communities', 'list', '--search', name, '--json'])).stdout);
    expect(seenLocally.communities[0]!.status).toBe('inactive');
    expectOk(await viaLocal(['communities', 'update', created.id, '--status', 'active']));
    expect((await list())[0]!.status).toBe('active');
  });

  it('comps changed over HTTP show in --local comps list', async () => {
    const comps = parseJson<{ comps: Array<{ id: string }> }>(expectOk(await viaLocal(['comps', 'list', subject.id, '--json'])).stdout).comps;
    const compId = comps[0]!.id;
    expectOk(await viaHttp(['comps', 'deactivate', subject.id, compId]));
    const after = parseJson<{ comps: Array<{ id: string }> }>(expectOk(await viaLocal(['comps', 'list', subject.id, '--json'])).stdout).comps;
    expect(after.map((c) => c.id)).not.toContain(compId);
    expectOk(await viaLocal(['comps', 'activate', subject.id, compId]));
    expect(expectOk(await viaLocal(['comps', 'list', subject.id, '--json'])).stdout).toBe(expectOk(await viaHttp(['comps', 'list', subject.id, '--json'])).stdout);
  });
});

describe('where --local keeps its data', () => {
  it('RENTSURVEY_DATA_DIR selects the store; --data-dir wins over it', async ({ cli }) => {
    const elsewhere = join(cli.root, 'not-this-one');
    const viaEnv = expectOk(await cli.run(['--local', 'portfolio', '--json'], { env: { RENTSURVEY_DATA_DIR: local.dataDir } }));
    const viaFlag = expectOk(await cli.run(['--local', '--data-dir', local.dataDir, 'portfolio', '--json'], { env: { RENTSURVEY_DATA_DIR: elsewhere } }));
    expect(viaEnv.stdout).toBe(viaFlag.stdout);
    expect(viaEnv.stderr).not.toMatch(/Created demo data/);
    const { existsSync } = await import('node:fs');
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('--local needs no credentials and ignores RENTSURVEY_API_KEY/BASE_URL', async ({ cli }) => {
    parseJson(expectOk(await cli.run(['--local', 'portfolio', '--json'], { env: { RENTSURVEY_API_KEY: 'rsk_bogus_key', RENTSURVEY_BASE_URL: 'http://127.0.0.1:1' } })).stdout);
  });
});
