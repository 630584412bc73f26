// A large portfolio is answered a slice of subjects at a time (so that other
// requests run in between): the answer must be the same as in one pass.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import type { DatasetInput } from '../../src/api/dataset.js';
import { portfolioStructure } from '../../bench/portfolio.js';
import { startService, type TestService } from '../helpers/server.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ seed: 'empty', responseCache: false });
}, 60_000);
afterAll(() => svc?.close());

it('a portfolio of 250 subjects (three slices) is whole, in order, and equal to one pass', async () => {
  svc.importDataset(portfolioStructure(250) as DatasetInput);
  const organizationId = svc.store.accounts.organizationByName('Scale Residential')!.id;
  const key = svc.key(organizationId);
  for (const query of ['?include_pricing=true', '', '?include_comp_count=false']) {
    const answer = await svc.request('GET', `/rentsurvey/portfolio${query}`, { key });
    const body = endpoints.getPortfolio.response.parse(answer.body);
    expect(body.total).toBe(250);
    expect(body.communities.map((c) => c.name)).toEqual([...body.communities.map((c) => c.name)].sort());
    expect(new Set(body.communities.map((c) => c.id)).size).toBe(250);
    const flags = { include_pricing: query.includes('include_pricing=true'), include_comp_count: !query.includes('include_comp_count=false') };
    expect(body).toEqual(svc.store.pricing.portfolio(organizationId, flags));
    if (flags.include_comp_count) expect(body.communities.every((c) => c.comp_count === 10)).toBe(true);
  }
}, 60_000);
