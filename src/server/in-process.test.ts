import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDemoStore } from '../../test/helpers/run-cli.js';
import { buildApp } from './app.js';
import { createInProcessService } from './in-process.js';
import { localCliKey, openLocalStore, serviceOptions } from './local-store.js';
import type { Store } from './store/index.js';

// The server suites run whole through the dispatcher too (vitest project server-in-process);
// here: which requests it answers itself, and that those it hands on get Fastify's answer.
describe('the in-process dispatcher of --local', () => {
  let dataDir: string;
  let store: Store;
  let key: string;
  let subject: string;

  beforeAll(async () => {
    dataDir = await copyDemoStore(join(await mkdtemp(join(tmpdir(), 'rentsurvey-in-process-')), 'store'));
    store = openLocalStore({ dataDir, seed: 'empty' });
    key = localCliKey(store);
    subject = store.pricing.portfolioSubjects(store.accounts.defaultOrganizationId()!)[0]!.id;
  });

  afterAll(async () => {
    store.close();
    await rm(join(dataDir, '..'), { recursive: true, force: true });
  });

  const fresh = () => createInProcessService(serviceOptions(store, { dataDir, responseCache: false }));
  const auth = () => ({ authorization: `Bearer ${key}` });

  it('answers what the CLI sends without building Fastify: reads, writes, and their refusals', async () => {
    const service = fresh();
    const requests = [
      { method: 'GET', url: '/v1/rentsurvey/portfolio?include_pricing=true&include_comp_count=false', headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities/${subject}/pricing?days=7`, headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities?ids=${subject},${subject.toUpperCase()}`, headers: auth() },
      { method: 'GET', url: '/v1/rentsurvey/communities/not-a-uuid', headers: auth() },
      { method: 'GET', url: '/v1/communities?limit=0', headers: auth() },
      { method: 'GET', url: '/v1/rentsurvey/portfolio', headers: {} },
      { method: 'PATCH', url: `/v1/communities/${subject}`, headers: { ...auth(), 'content-type': 'application/json' }, body: '{"nope":1}' },
      { method: 'POST', url: '/v1/communities', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"name":"A","address":"1 Main St","zipcode":"78701"}' },
    ];
    const statuses = [];
    for (const request of requests) statuses.push((await service.dispatch(request)).status);
    expect(statuses).toEqual([200, 200, 200, 400, 400, 401, 400, 201]);
    expect(service.fastifyBuilt).toBe(false);
    await service.close();
  });

  it('hands anything unusual to the Fastify app, whose answers it returns as they are', async () => {
    const app = buildApp(serviceOptions(store, { dataDir, responseCache: false }));
    const json = { ...auth(), 'content-type': 'application/json' };
    for (const request of [
      { method: 'GET', url: '/v1/nowhere', headers: auth() },
      { method: 'GET', url: '/v1/rentsurvey/portfolio/', headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities/${subject}%2F..`, headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities/${'a'.repeat(101)}`, headers: auth() },
      { method: 'GET', url: '/v1/communities?search=a+b', headers: auth() },
      { method: 'GET', url: '/v1/communities?limit=1&limit=2', headers: auth() },
      { method: 'DELETE', url: `/v1/communities/${subject}`, headers: auth() },
      { method: 'PATCH', url: `/v1/communities/${subject}`, headers: json, body: '{"name": ' },
      { method: 'PATCH', url: `/v1/communities/${subject}`, headers: json, body: '{"__proto__":{"x":1}}' },
      { method: 'PATCH', url: `/v1/communities/${subject}`, headers: { ...auth(), 'content-type': 'text/plain' }, body: '{}' },
      { method: 'POST', url: '/v1/communities', headers: json, body: '' },
    ]) {
      const service = fresh();
      const answer = await service.dispatch(request);
      expect(service.fastifyBuilt, request.url).toBe(true);
      const expected = await app.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.body === undefined ? {} : { payload: request.body }) });
      expect([answer.status, answer.body], `${request.method} ${request.url}`).toEqual([expected.statusCode, expected.body]);
      await service.close();
    }
    await app.close();
  });
});
