import { describe, expect, it } from 'vitest';
import { SCOPES } from '../api/routes.js';
import { useDemoStore } from '../../test/helpers/demo-fixture.js';
import { serviceOptions } from './data-dir.js';
import { createPipeline, TOO_LARGE, type ServiceRequest } from './pipeline.js';

// The pipeline over HTTP is what test/server tests (every request goes through it). Here:
// what only a caller in process uses — answers handed over as values, the check of answers
// switched off, bodies handed as text — and what a body reader tells it.
describe('the request pipeline, called in process', () => {
  const demo = useDemoStore('pipeline');
  const options = () => serviceOptions(demo.store, { dataDir: demo.dataDir, responseCache: false });
  const auth = () => ({ authorization: `Bearer ${demo.key}` });
  const json = () => ({ ...auth(), 'content-type': 'application/json' });

  it('with handOver, a successful answer is the handler’s value itself, equal to the JSON text it replaces', async () => {
    const pipeline = createPipeline(options());
    for (const url of [`/v1/rentsurvey/communities/${demo.subject}/pricing?days=30`, '/v1/rentsurvey/portfolio?include_pricing=true']) {
      const [text, handed] = [await pipeline.answer({ method: 'GET', url, headers: auth() }), await pipeline.answer({ method: 'GET', url, headers: auth() }, true)];
      expect([handed.status, handed.body]).toEqual([text.status, '']);
      expect(JSON.stringify(handed.value)).toBe(text.body);
    }
    // Refusals stay JSON text in our error shape.
    const refused = await pipeline.answer({ method: 'GET', url: '/v1/rentsurvey/communities/not-a-uuid', headers: auth() }, true);
    expect([refused.status, 'value' in refused, JSON.parse(refused.body).error.code]).toEqual([400, false, 'validation_error']);
  });

  it('the strict check of answers: on by default; off, a broken answer is handed over as it is', async () => {
    // A portfolio entry whose id is no UUID breaks the contract.
    const entry = { id: 'not-a-uuid', name: 'Broken', address: '1 Main St', external_community_id: null, latest_pricing_date: null };
    const { portfolioSubjects, portfolioEntries } = demo.store.pricing;
    demo.store.pricing.portfolioSubjects = () => [entry];
    demo.store.pricing.portfolioEntries = () => [entry];
    try {
      const request: ServiceRequest = { method: 'GET', url: '/v1/rentsurvey/portfolio', headers: auth() };
      const errors: string[] = [];
      const checked = createPipeline(options(), { error: (_, message) => errors.push(message) });
      for (const handOver of [false, true]) {
        const answer = await checked.answer(request, handOver);
        expect([answer.status, 'value' in answer, JSON.parse(answer.body).error.code]).toEqual([500, false, 'internal_error']);
      }
      // The log has what the answer does not say.
      expect(errors.join('\n')).toMatch(/getPortfolio breaks the contract/);
      const answer = await createPipeline({ ...options(), checkAnswers: false }).answer(request, true);
      expect(answer.status).toBe(200);
      expect((answer.value as { communities: unknown[] }).communities[0]).toBe(entry);
    } finally {
      Object.assign(demo.store.pricing, { portfolioSubjects, portfolioEntries });
    }
  });

  it('a known caller (--local\'s own key) is let in unhashed only at the store version it was known at: its key revoked, it is refused', async () => {
    const { accounts } = demo.store;
    const { key, prefix } = accounts.createApiKey({ organizationId: accounts.defaultOrganizationId()!, userId: null, scopes: SCOPES, label: 'known' });
    const principal = accounts.ownKeyPrincipal(key)!;
    expect(principal.scopes).toEqual(new Set(SCOPES));
    const pipeline = createPipeline({ ...options(), knownCallers: [{ key, principal }] });
    const get = async () => (await pipeline.answer({ method: 'GET', url: '/v1/rentsurvey/portfolio', headers: { authorization: `Bearer ${key}` } })).status;
    expect(await get()).toBe(200);
    expect(accounts.revokeApiKey(prefix)).toBe(true);
    expect(await get()).toBe(401);
    expect(accounts.ownKeyPrincipal(key)).toBeNull();
  });

  it('a body handed as text is held to the same limit and JSON rules as one read from a socket', async () => {
    const pipeline = createPipeline(options());
    const patch = (body: ServiceRequest['body'], headers: Record<string, string> = json()) =>
      pipeline.answer({ method: 'PATCH', url: `/v1/communities/${demo.subject}`, headers, body });
    const code = async (answer: ReturnType<typeof patch>) => {
      const { status, body } = await answer;
      return [status, (JSON.parse(body) as { error?: { code: string } }).error?.code];
    };
    expect(await code(patch(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) })))).toEqual([413, 'payload_too_large']);
    expect(await code(patch(async () => TOO_LARGE))).toEqual([413, 'payload_too_large']);
    expect(await code(patch(() => Promise.reject(new Error('reset'))))).toEqual([400, 'bad_request']);
    expect(await code(patch(''))).toEqual([400, 'invalid_json']);
    expect(await code(patch('{"name": '))).toEqual([400, 'invalid_json']);
    expect(await code(patch('{"__proto__":{"x":1}}'))).toEqual([400, 'invalid_json']);
    expect(await code(patch('{}', { ...auth(), 'content-type': 'text/plain' }))).toEqual([415, 'unsupported_media_type']);
    expect(await code(patch('{}', auth()))).toEqual([415, 'unsupported_media_type']);
    // No body and no type: for validation to refuse.
    expect(await code(patch(undefined, auth()))).toEqual([400, 'validation_error']);
    expect(await code(patch(async () => JSON.stringify({ website_url: 'https://pipeline.example' }), { ...auth(), 'content-type': 'Application/JSON; charset=utf-8' }))).toEqual([
      200,
      undefined,
    ]);
  });
});
