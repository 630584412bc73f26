// Uniqueness rules under 20 concurrent requests, against one `serve` and against
// two `serve` processes on the same data directory: each race has exactly one
// winner, the losers a 409 in our shape, and the store holds one record.
import { readdir, readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../src/api/schemas/errors.js';
import { MAX_ACTIVE_COMPS } from '../../src/api/rules.js';
import { addFigures } from './lib/figures.js';
import { startServe, type Served } from '../helpers/cli.js';
import { api, localKey, type JsonAnswer } from './lib/serve.js';

const RACERS = 20;
const ROUNDS = Number(process.env.STRESS_RACE_ROUNDS ?? 3);

let root: string;
let dataDir: string;
let servers: Served[];
let key: string;
let decided = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rentsurvey-stress-races-'));
  dataDir = join(root, 'store');
  const first = await startServe(dataDir, { args: ['--empty'] });
  servers = [first, await startServe(dataDir)];
  key = await localKey(dataDir, 'Race Org');
});

afterAll(async () => {
  addFigures({ racesDecided: decided });
  await Promise.all((servers ?? []).map((server) => server.stop()));
  await rm(root, { recursive: true, force: true });
});

let serial = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

/** `RACERS` requests at once, spread over `processes` servers; resolves to their answers. */
function race(processes: 1 | 2, method: string, path: (i: number) => string, body: (i: number) => unknown): Promise<JsonAnswer[]> {
  return Promise.all(Array.from({ length: RACERS }, (_, i) => api(servers[i % processes]!.baseUrl, key, method, path(i), body(i))));
}

/** One winner with `status`, every other a 409 `code` in our error shape. */
function expectOneWinner(answers: JsonAnswer[], status: number, code: string) {
  const shown = answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`).join('\n');
  expect(answers.filter((a) => a.status === status), shown).toHaveLength(1);
  const losers = answers.filter((a) => a.status !== status);
  for (const loser of losers) {
    expect(loser.status, shown).toBe(409);
    expect(ErrorBody.parse(loser.body).error.code, shown).toBe(code);
  }
  decided++;
}

async function subjectWithComps(active: number, inactive = 0): Promise<{ subject: string; inactive: string[] }> {
  const base = servers[0]!.baseUrl;
  const subject = (await api<{ id: string }>(base, key, 'POST', '/communities', { name: unique('Race Subject'), address: '1 Race St', zipcode: '78701' })).body.id;
  const inactiveIds: string[] = [];
  for (let i = 0; i < active + inactive; i++) {
    const comp = await api<{ comp_id: string }>(base, key, 'POST', `/rentsurvey/communities/${subject}/comps`, { name: unique('Existing Comp'), address: `${i} Comp St`, zipcode: '78702' });
    expect(comp.status).toBe(201);
    if (i >= active) {
      await api(base, key, 'PATCH', `/rentsurvey/communities/${subject}/comps/${comp.body.comp_id}`, { is_included_in_surveys: false });
      inactiveIds.push(comp.body.comp_id);
    }
  }
  return { subject, inactive: inactiveIds };
}

async function activeComps(subject: string): Promise<number> {
  const list = await api<{ comps: unknown[] }>(servers[0]!.baseUrl, key, 'GET', `/rentsurvey/communities/${subject}/comps`);
  return list.body.comps.length;
}

describe.each([1, 2] as const)('20 concurrent requests, %i server process(es)', (processes) => {
  it(`the ${MAX_ACTIVE_COMPS}-active-comparable limit: one of 20 new comparables gets the last place`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { subject } = await subjectWithComps(MAX_ACTIVE_COMPS - 1);
      const answers = await race(processes, 'POST', () => `/rentsurvey/communities/${subject}/comps`, (i) => ({ name: unique(`Racer ${i}`), address: `${i} Racer Rd`, zipcode: '78703' }));
      expectOneWinner(answers, 201, 'comp_limit_reached');
      expect(await activeComps(subject)).toBe(MAX_ACTIVE_COMPS);
    }
  });

  it(`re-activating: one of 20 inactive comparables gets the last place`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { subject, inactive } = await subjectWithComps(MAX_ACTIVE_COMPS - 1, RACERS);
      const answers = await race(processes, 'PATCH', (i) => `/rentsurvey/communities/${subject}/comps/${inactive[i]}`, () => ({ is_included_in_surveys: true }));
      expectOneWinner(answers, 200, 'comp_limit_reached');
      expect(await activeComps(subject)).toBe(MAX_ACTIVE_COMPS);
    }
  });

  it('the same comparable (name and zip) added 20 times: one is kept', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { subject } = await subjectWithComps(0);
      const name = unique('Same Comp');
      const answers = await race(processes, 'POST', () => `/rentsurvey/communities/${subject}/comps`, () => ({ name, address: '5 Same St', zipcode: '78704' }));
      expectOneWinner(answers, 201, 'conflict');
      expect(await activeComps(subject)).toBe(1);
    }
  });

  it('a unique external_community_id: one community of 20', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const external = unique('EXT');
      const answers = await race(processes, 'POST', () => '/communities', (i) => ({ name: `Ext ${i}`, address: `${i} Ext St`, zipcode: '78701', external_community_id: external }));
      expectOneWinner(answers, 201, 'conflict');
      const found = await api<{ total: number }>(servers[0]!.baseUrl, key, 'GET', `/communities?search=${external}`);
      expect(found.body.total).toBe(1);
    }
  });

  it('the same invitation 20 times: one invitation, one e-mail', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const email = `${unique('invitee')}@race.example`;
      const answers = await race(processes, 'POST', () => '/users/invite', () => ({ email, name: 'Race Invitee', role: 'member' }));
      expectOneWinner(answers, 201, 'conflict');
      const outbox = join(dataDir, 'outbox');
      const mails = await Promise.all((await readdir(outbox)).map((file) => readFile(join(outbox, file), 'utf8')));
      expect(mails.filter((text) => text.includes(email)), 'e-mails sent').toHaveLength(1);
    }
  });
});
