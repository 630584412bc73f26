// Property-based fuzzing generated from the contract: thousands of valid-ish and
// malformed requests over every operation against the real service over HTTP.
// Every answer: never a 5xx; every 4xx in the one error shape; every 2xx in the
// contract's; and a rejected request changes nothing any GET shows.
import { Agent, request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints, type OperationId } from '../../src/api/endpoints.js';
import { ErrorBody } from '../../src/api/schemas/errors.js';
import { operations, TENANT, tenantDataset, tenantId, tenantPlan, TENANT_USER } from '../helpers/operations.js';
import { isoDate, MISSING_ID, startService, type TestService } from '../helpers/server.js';
import { contractRequests, rawFrames, type FuzzKeys, type FuzzRequest, type IdPool } from './lib/contract-arbitraries.js';
import { addFigures } from './lib/figures.js';
import { rawRequest } from './lib/raw-http.js';

/** Requests per run over the operations (≥ 2,000 asked; the raw frames come on top). */
const RUNS = Number(process.env.STRESS_FUZZ_RUNS ?? 2_400);
const RAW_RUNS = Number(process.env.STRESS_RAW_RUNS ?? 300);
const SEED = process.env.STRESS_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.STRESS_SEED);

const OTHER = 'Other Org';

let svc: TestService;
let keys: FuzzKeys;
let pool: IdPool;
// A connection per request: a request the fuzzer framed wrongly on purpose must not desynchronise the next one.
const agent = new Agent({ keepAlive: false });
// The snapshot's own well-formed GETs share one kept-alive connection.
const snapshotAgent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  svc = await startService();
  const today = isoDate(new Date());
  svc.importDataset(tenantDataset(today));
  svc.importDataset({ ...tenantDataset(today), organization: OTHER, users: [{ email: 'owner@other.example', full_name: 'Other Owner', role: 'admin' }], communities: tenantDataset(today).communities!.map((c) => ({ ...c, community_manager_email: undefined })) });
  const tenant = svc.store.accounts.ensureOrganization(TENANT);
  const other = svc.store.accounts.ensureOrganization(OTHER);
  // Keys of no user: the fuzzer may deactivate any user, and must keep its own key working.
  keys = { full: svc.key(tenant), readOnly: svc.key(tenant, ['rentsurvey:read']), foreign: svc.key(other) };
  const otherUser = svc.store.accounts.userByEmail(other, 'owner@other.example')!.id;
  pool = {
    community: [tenantId('s1')],
    comp: [tenantId('c1')],
    user: [TENANT_USER],
    plan: [tenantPlan('s1-a1')],
    foreign: [svc.store.communities.list(other, { limit: 1, offset: 0 }).communities[0]!.id, otherUser, MISSING_ID],
  };
});

afterAll(async () => {
  agent.destroy();
  snapshotAgent.destroy();
  await svc?.close();
});

interface Answer {
  status: number;
  contentType: string;
  body: string;
}

function send(request: FuzzRequest, via = agent): Promise<Answer> {
  const { hostname, port } = new URL(svc.origin);
  return new Promise((resolve, reject) => {
    // Framed by Content-Length whatever the method: node sends a GET's or HEAD's body unframed otherwise.
    const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
    const req = httpRequest(
      { host: hostname, port, method: request.method, path: request.path, headers, agent: via },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** What every GET of the fuzzed organization and of the other one shows. */
async function snapshot(): Promise<string> {
  const gets = [
    ...operations().filter((op) => op.method === 'GET'),
    ...(['getVacancy', 'getOverview', 'getVacancyTrend'] as const).map((id) => ({ id, path: endpoints[id].path.replace(':id', tenantId('s1')) })),
    { id: 'getPricingHistory', path: `/rentsurvey/communities/${tenantId('s1')}/pricing?start_date=0001-01-01&end_date=9999-12-31` },
    { id: 'listComps', path: `/rentsurvey/communities/${tenantId('s1')}/comps?include_inactive=true&include_pricing=true` },
    { id: 'listCommunities', path: '/communities?limit=100' },
    { id: 'getPortfolio', path: '/rentsurvey/portfolio?include_pricing=true' },
  ];
  const answers: string[] = [];
  for (const key of [keys.full, keys.foreign])
    for (const get of gets) {
      const answer = await send({ operation: get.id as OperationId, method: 'GET', path: `/v1${get.path}`, headers: { authorization: `Bearer ${key}` }, mutations: [] }, snapshotAgent);
      answers.push(`${get.path} ${answer.status} ${answer.body}`);
    }
  return answers.join('\n');
}

const STACK = /\n\s+at |\bat [\w.<>]+ \(|node:internal|\/src\/|\.ts:\d+|"stack"/;

function checkShape(answer: { status: number; contentType: string; body: string }, shown: string, method = 'GET') {
  expect(answer.status, shown).toBeGreaterThanOrEqual(200);
  expect(answer.status, `a 5xx: ${shown}`).toBeLessThan(500);
  expect(answer.body, shown).not.toMatch(STACK);
  if (method === 'HEAD') expect(answer.body, shown).toBe('');
  else if (answer.status >= 400) {
    expect(answer.contentType, shown).toMatch(/^application\/json/);
    let json: unknown;
    expect(() => (json = JSON.parse(answer.body)), shown).not.toThrow();
    expect(z.strictObject(ErrorBody.shape).safeParse(json).success, `not the error shape: ${shown}`).toBe(true);
  }
}

describe('contract fuzzing', () => {
  it(`${RUNS} generated requests over every operation: no 5xx, the error shape, nothing changed by a rejection`, async () => {
    const tried = new Map<string, number>();
    const statuses = new Map<number, number>();
    let expected = await snapshot();
    let rejectedSinceSnapshot = false;
    await fc.assert(
      fc.asyncProperty(contractRequests(pool, keys), async (request) => {
        // A write may change what GETs show: first make sure the rejections since the last snapshot changed nothing.
        if (request.method !== 'GET' && rejectedSinceSnapshot) {
          expect(await snapshot(), 'a rejected request changed what a GET shows').toBe(expected);
          rejectedSinceSnapshot = false;
        }
        const version = svc.store.db.version();
        const answer = await send(request);
        const shown = `${request.method} ${request.path.slice(0, 300)} [${request.mutations.join('; ')}] body=${(request.body ?? '').slice(0, 200)} → ${answer.status} ${answer.body.slice(0, 300)}`;
        tried.set(request.operation, (tried.get(request.operation) ?? 0) + 1);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        checkShape(answer, shown, request.method);
        const endpoint = endpoints[request.operation];
        if (answer.status >= 400) {
          // A refusal writes nothing at all: not even a row a GET would not show.
          expect(svc.store.db.version(), `a rejected request wrote: ${shown}`).toBe(version);
          rejectedSinceSnapshot = true;
        } else {
          if (request.method !== 'HEAD' && request.method === endpoint.method && answer.status === endpoint.status && request.mutations.every((m) => !m.startsWith('path')))
            expect(endpoint.response.safeParse(JSON.parse(answer.body)).success, `answer breaks the contract: ${shown}`).toBe(true);
          if (request.method !== 'GET' && request.method !== 'HEAD') expected = await snapshot();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (rejectedSinceSnapshot) expect(await snapshot(), 'a rejected request changed what a GET shows').toBe(expected);
    addFigures({ requestsTried: RUNS });
    // Every operation was tried, and tried often.
    for (const operation of Object.keys(endpoints)) expect(tried.get(operation) ?? 0, operation).toBeGreaterThan(RUNS / Object.keys(endpoints).length / 3);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    process.stdout.write(`fuzz (seed ${SEED}): ${RUNS} requests, ${byStatus}\n`);
    // Valid-ish requests must mostly be accepted, or the fuzzer only tests validation.
    const accepted = [...statuses].filter(([status]) => status < 300).reduce((sum, [, count]) => sum + count, 0);
    expect(accepted).toBeGreaterThan(RUNS / 5);
  });

  it(`${RAW_RUNS} raw frames node:http refuses or barely accepts: our shape, never a 5xx, nothing written`, async () => {
    const version = svc.store.db.version();
    await fc.assert(
      fc.asyncProperty(rawFrames(keys.full), async (frame) => {
        const answer = await rawRequest(svc.origin, Buffer.from(frame.bytes, 'latin1'));
        checkShape({ status: answer.status, contentType: answer.headers['content-type'] ?? '', body: answer.body }, `${frame.name} → ${answer.text.slice(0, 300)}`);
      }),
      { numRuns: RAW_RUNS, seed: SEED, endOnFailure: true },
    );
    expect(svc.store.db.version()).toBe(version);
    addFigures({ requestsTried: RAW_RUNS, rawFrames: RAW_RUNS });
  });
});
