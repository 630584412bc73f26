/**
 * Names instead of UUIDs against services that are not ours: the resolver uses only the
 * spec's endpoints and applies its own matching rules to whatever they answer, so a service
 * whose search ignores the query or the offset, or refuses the key, still resolves names.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityRecord } from '../helpers/community.js';
import { ID, OTHER, runCli, sendJson, startFakeService, type FakeService } from './harness.js';

const OAK = '3e1f2a7b-4c5d-4e6f-8a9b-0c1d2e3f4a5b';
const COMP_ZED = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const COMP_YEW = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
const PLAN_A1 = 'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f';
const PLAN_B2 = 'd4e5f6a7-b8c9-4d0e-8f1a-2b3c4d5e6f7a';

const subjects = [
  { id: ID, name: 'Maple Court', address: '100 Main St', external_community_id: 'AC-001', comp_count: 1, latest_pricing_date: null },
  { id: OTHER, name: 'Maple Grove', address: '200 Main St', external_community_id: 'AC-002', comp_count: 1, latest_pricing_date: null },
  { id: OAK, name: 'Oak Flats', address: '300 Main St', external_community_id: null, comp_count: 0, latest_pricing_date: null },
];


const compsOf: Record<string, { id: string; name: string; distance_miles: number; is_included_in_surveys: boolean }[]> = {
  [ID]: [
    { id: COMP_ZED, name: 'Zed Lofts', distance_miles: 0.5, is_included_in_surveys: true },
    { id: COMP_YEW, name: 'Yew Terrace', distance_miles: 1.5, is_included_in_surveys: false },
  ],
  [OTHER]: [{ id: COMP_YEW, name: 'Yew Terrace', distance_miles: 2.5, is_included_in_surveys: true }],
  [OAK]: [],
};

const plan = (id: string, name: string, bedrooms: number) => ({
  id,
  floor_plan_name: name,
  bedrooms,
  bathrooms: 1,
  square_feet: 700 + bedrooms * 200,
  unit_count: 40,
  latest_pricing: null,
});

type Search = 'ignores the query' | 'ignores the offset' | 'forbidden' | 'finds nothing' | 'by name';

let service: FakeService;
let search: Search;
let seen: string[] = [];
const env = () => ({ RENTSURVEY_BASE_URL: service.baseUrl, RENTSURVEY_API_KEY: 'rsk_references_key' });

function route(req: IncomingMessage, res: ServerResponse, url: URL) {
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  const path = url.pathname;
  if (path === '/v1/rentsurvey/portfolio') return sendJson(res, 200, { communities: subjects, total: subjects.length });
  if (path === '/v1/communities') {
    if (search === 'forbidden') return sendJson(res, 403, { error: { code: 'forbidden', message: 'missing scope communities:read' } });
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = search === 'ignores the offset' ? 0 : Number(url.searchParams.get('offset') ?? 0);
    const term = (url.searchParams.get('search') ?? '').toLowerCase();
    const matching =
      search === 'finds nothing' ? [] : search === 'by name' ? subjects.filter((s) => s.name.toLowerCase().includes(term)) : subjects;
    // A page of one, so that paging is exercised; `total` as the service counts it.
    const page = matching.slice(offset, offset + Math.min(limit, 1));
    return sendJson(res, 200, { communities: page.map(communityRecord), total: search === 'ignores the offset' ? 1000 : matching.length, limit: 1, offset });
  }
  const match = /^\/v1\/rentsurvey\/communities\/([^/]+)(\/[a-z-]+)?(?:\/([^/]+))?$/.exec(path);
  const [, id = '', sub = '', compId] = match ?? [];
  const name = subjects.find((s) => s.id === id)?.name ?? Object.values(compsOf).flat().find((c) => c.id === id)?.name ?? 'Somewhere';
  if (sub === '/comps' && req.method === 'PATCH')
    return sendJson(res, 200, { success: true, comp_id: compId, is_included_in_surveys: false, message: 'comparable excluded' });
  if (sub === '/comps') return sendJson(res, 200, { subject_community: { id, name }, comps: compsOf[id] ?? [], total: (compsOf[id] ?? []).length });
  if (sub === '/floor-plans') return sendJson(res, 200, { community: { id, name }, floor_plans: [plan(PLAN_A1, 'A1', 1), plan(PLAN_B2, 'B2', 2)], total: 2 });
  if (sub === '/pricing') return sendJson(res, 200, { community: { id, name }, pricing: [], date_range: { start: '2026-10-04', end: '2026-11-02' }, total_records: 0 });
  if (sub === '/vacancy')
    return sendJson(res, 200, {
      community_id: id,
      community_name: name,
      total_units: 100,
      vacancy_rate: 0.05,
      vacancy_rate_formatted: '5.0%',
      available_units_next_14_days: 5,
      available_units_formatted: '5 units',
      has_data: true,
      as_of_date: '2026-11-02',
    });
  return sendJson(res, 404, { error: { code: 'not_found', message: 'no such route' } });
}

beforeAll(async () => {
  service = await startFakeService();
  service.answer(route);
});
afterAll(() => service?.stop());

async function run(args: string[], how: Search) {
  search = how;
  seen = [];
  const result = await runCli(args, env());
  return { ...result, requests: [...seen] };
}

const vacancyOf = (id: string) => `GET /v1/rentsurvey/communities/${id}/vacancy`;

describe('community references against another service', () => {
  it('a whole UUID: no lookup at all', async () => {
    const r = await run(['vacancy', OAK, '--json'], 'by name');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests).toEqual([vacancyOf(OAK)]);
  });

  it.each<Search>(['by name', 'ignores the query', 'finds nothing', 'forbidden', 'ignores the offset'])(
    'search %s: names, external ids and id prefixes resolve by our rules',
    async (how) => {
      for (const [ref, id] of [
        ['maple court', ID],
        ['AC-002', OTHER],
        ['oak', OAK],
        [OAK.slice(0, 6), OAK],
      ] as const) {
        const r = await run(['vacancy', ref, '--json'], how);
        expect(r.exitCode, `${ref}: ${r.stderr}`).toBe(0);
        expect(r.requests.at(-1)).toBe(vacancyOf(id));
        // Paging stops on its own: a service that repeats its first page is not asked forever.
        expect(r.requests.filter((q) => q.startsWith('GET /v1/communities')).length).toBeLessThanOrEqual(subjects.length + 1);
      }
      const ambiguous = await run(['vacancy', 'maple'], how);
      expect(ambiguous).toMatchObject({ exitCode: 2, stdout: '' });
      expect(ambiguous.stderr).toMatch(new RegExp(`"maple" matches 2 communities:\\n {2}Maple Court +AC-001 +${ID}\\n {2}Maple Grove +AC-002 +${OTHER}`));
      const none = await run(['vacancy', 'birch'], how);
      expect(none).toMatchObject({ exitCode: 4, stdout: '' });
    },
  );

  it('comps deactivate by the comparable’s name, among that subject’s', async () => {
    const r = await run(['comps', 'deactivate', 'AC-001', 'zed', '--json'], 'by name');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.requests.at(-1)).toBe(`PATCH /v1/rentsurvey/communities/${ID}/comps/${COMP_ZED}`);
    expect(r.stderr).toMatch(/^Zed Lofts: comparable excluded/m);
  });

  it('pricing history of a comparable by name, --floor-plan by name', async () => {
    const r = await run(['pricing', 'history', 'yew terrace', '--floor-plan', 'b2', '--json'], 'by name');
    expect(r.exitCode, r.stderr).toBe(0);
    // No subject is called Yew Terrace: the comparables of every subject were read (one community, shared by two).
    expect(r.requests.filter((q) => /\/comps\?/.test(q))).toHaveLength(subjects.length);
    expect(r.requests.at(-1)).toMatch(new RegExp(`^GET /v1/rentsurvey/communities/${COMP_YEW}/pricing\\?.*floor_plan_id=${PLAN_B2}`));
  });
});
