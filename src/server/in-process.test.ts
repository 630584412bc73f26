import { describe, expect, it } from 'vitest';
import { useDemoStore } from '../../test/helpers/demo-fixture.js';
import { buildApp } from './app.js';
import { createInProcessService } from './in-process.js';
import { serviceOptions } from './local-store.js';

// The server suites run whole through the dispatcher too (vitest project server-in-process);
// here: which requests it answers itself, and that those it hands on get Fastify's answer.
describe('the in-process dispatcher of --local', () => {
  const demo = useDemoStore('in-process');

  const fresh = () => createInProcessService(serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache: false }));
  const auth = () => ({ authorization: `Bearer ${demo.key}` });

  it('answers what the CLI sends without building Fastify: reads, writes, and their refusals', async () => {
    const service = fresh();
    const requests = [
      { method: 'GET', url: '/v1/rentsurvey/portfolio?include_pricing=true&include_comp_count=false', headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities/${demo.subject}/pricing?days=7`, headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities?ids=${demo.subject},${demo.subject.toUpperCase()}`, headers: auth() },
      { method: 'GET', url: '/v1/rentsurvey/communities/not-a-uuid', headers: auth() },
      { method: 'GET', url: '/v1/communities?limit=0', headers: auth() },
      { method: 'GET', url: '/v1/rentsurvey/portfolio', headers: {} },
      { method: 'PATCH', url: `/v1/communities/${demo.subject}`, headers: { ...auth(), 'content-type': 'application/json' }, body: '{"nope":1}' },
      { method: 'POST', url: '/v1/communities', headers: { ...auth(), 'content-type': 'application/json' }, body: '{"name":"A","address":"1 Main St","zipcode":"78701"}' },
    ];
    const statuses = [];
    for (const request of requests) statuses.push((await service.dispatch(request)).status);
    expect(statuses).toEqual([200, 200, 200, 400, 400, 401, 400, 201]);
    expect(service.fastifyBuilt).toBe(false);
    await service.close();
  });

  it('with handOver, a successful answer is the handler’s object itself, equal to the JSON text it replaces', async () => {
    const [plain, handing] = [fresh(), createInProcessService(serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache: false }), { handOver: true })];
    for (const url of [`/v1/rentsurvey/communities/${demo.subject}/pricing?days=30`, '/v1/rentsurvey/portfolio?include_pricing=true']) {
      const [text, handed] = [await plain.dispatch({ method: 'GET', url, headers: auth() }), await handing.dispatch({ method: 'GET', url, headers: auth() })];
      expect([handed.status, handed.body, handed.headers['content-type']]).toEqual([text.status, '', text.headers['content-type']]);
      expect(JSON.stringify(handed.answer)).toBe(text.body);
    }
    // Refusals stay JSON text in our error shape.
    const refused = await handing.dispatch({ method: 'GET', url: '/v1/rentsurvey/communities/not-a-uuid', headers: auth() });
    expect([refused.status, refused.answer, JSON.parse(refused.body).error.code]).toEqual([400, undefined, 'validation_error']);
    await Promise.all([plain.close(), handing.close()]);
  });

  it('the strict check of answers: on by default; off, a broken answer is handed over as it is', async () => {
    // A portfolio entry whose id is no UUID breaks the contract.
    const entry = { id: 'not-a-uuid', name: 'Broken', address: '1 Main St', external_community_id: null, latest_pricing_date: null };
    const { portfolioSubjects, portfolioEntries } = demo.store.pricing;
    demo.store.pricing.portfolioSubjects = () => [entry];
    demo.store.pricing.portfolioEntries = () => [entry];
    try {
      const request = { method: 'GET', url: '/v1/rentsurvey/portfolio', headers: auth() };
      const options = serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache: false });
      for (const service of [createInProcessService(options), createInProcessService(options, { handOver: true })]) {
        const answer = await service.dispatch(request);
        expect([answer.status, answer.answer, JSON.parse(answer.body).error.code]).toEqual([500, undefined, 'internal_error']);
      }
      const unchecked = createInProcessService({ ...options, checkAnswers: false }, { handOver: true });
      const answer = await unchecked.dispatch(request);
      expect(answer.status).toBe(200);
      expect((answer.answer as { communities: unknown[] }).communities[0]).toBe(entry);
      // Over HTTP (serve) the check is always on.
      const app = buildApp({ ...options });
      expect((await app.inject({ method: 'GET', url: request.url, headers: request.headers })).statusCode).toBe(500);
      await app.close();
    } finally {
      Object.assign(demo.store.pricing, { portfolioSubjects, portfolioEntries });
    }
  });

  it('hands anything unusual to the Fastify app, whose answers it returns as they are', async () => {
    const app = buildApp(serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache: false }));
    const json = { ...auth(), 'content-type': 'application/json' };
    for (const request of [
      { method: 'GET', url: '/v1/nowhere', headers: auth() },
      { method: 'GET', url: '/v1/rentsurvey/portfolio/', headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities/${demo.subject}%2F..`, headers: auth() },
      { method: 'GET', url: `/v1/rentsurvey/communities/${'a'.repeat(101)}`, headers: auth() },
      { method: 'GET', url: '/v1/communities?search=a+b', headers: auth() },
      { method: 'GET', url: '/v1/communities?limit=1&limit=2', headers: auth() },
      { method: 'DELETE', url: `/v1/communities/${demo.subject}`, headers: auth() },
      { method: 'PATCH', url: `/v1/communities/${demo.subject}`, headers: json, body: '{"name": ' },
      { method: 'PATCH', url: `/v1/communities/${demo.subject}`, headers: json, body: '{"__proto__":{"x":1}}' },
      { method: 'PATCH', url: `/v1/communities/${demo.subject}`, headers: { ...auth(), 'content-type': 'text/plain' }, body: '{}' },
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
