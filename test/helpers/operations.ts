// The 14 non-analytics operations as requests the auth, tenancy and robustness
// tests can replay: each with a valid body, against a small dataset.
import type { DatasetInput } from '../../src/api/dataset.js';
import { endpoints, type OperationId } from '../../src/api/endpoints.js';
import { keyId } from '../../src/server/store/import.js';

export const TENANT = 'Tenant One';
export const tenantId = (key: string) => keyId(TENANT, 'community', key);
export const tenantPlan = (key: string) => keyId(TENANT, 'floor_plan', key);

/** Organization "Tenant One": a subject with a comparable, plans and one survey, and a user. */
export function tenantDataset(surveyDate: string): DatasetInput {
  return {
    organization: TENANT,
    users: [{ id: '11111111-1111-4111-8111-111111111111', email: 'owner@tenant-one.example', full_name: 'Owner One', role: 'admin' }],
    communities: [
      {
        key: 's1',
        managed: true,
        name: 'Tenant Tower',
        address: '1 Tenant Way, Austin, TX',
        zipcode: '78701',
        external_community_id: 'T1-001',
        community_manager_email: 'owner@tenant-one.example',
      },
      { key: 'c1', managed: false, name: 'Tenant Comp', address: '2 Tenant Way, Austin, TX', zipcode: '78702' },
    ],
    comps: [{ subject: 's1', comp: 'c1', distance_miles: 1 }],
    floor_plans: [
      { key: 's1-a1', community: 's1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 10 },
      { key: 'c1-a1', community: 'c1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 720, unit_count: 10 },
    ],
    surveys: [
      {
        subject: 's1',
        date: surveyDate,
        observations: [
          { floor_plan: 's1-a1', market_rent_cents: 150000 },
          { floor_plan: 'c1-a1', market_rent_cents: 140000 },
        ],
      },
    ],
  };
}

export const TENANT_USER = '11111111-1111-4111-8111-111111111111';

export interface Operation {
  id: OperationId;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
}

let serial = 0;

/** A valid request for each of the 14 operations on the tenant's records (bodies are fresh on each call). */
export function operations(ids = { subject: tenantId('s1'), comp: tenantId('c1'), user: TENANT_USER }): Operation[] {
  const n = ++serial;
  const list: Operation[] = [
    { id: 'getPortfolio', method: 'GET', path: '/rentsurvey/portfolio' },
    { id: 'batchCommunities', method: 'GET', path: `/rentsurvey/communities?ids=${ids.subject},${ids.comp}` },
    { id: 'getCommunityDetail', method: 'GET', path: `/rentsurvey/communities/${ids.subject}` },
    { id: 'listComps', method: 'GET', path: `/rentsurvey/communities/${ids.subject}/comps` },
    { id: 'getPricingHistory', method: 'GET', path: `/rentsurvey/communities/${ids.subject}/pricing` },
    { id: 'listFloorPlans', method: 'GET', path: `/rentsurvey/communities/${ids.subject}/floor-plans` },
    {
      id: 'addComp',
      method: 'POST',
      path: `/rentsurvey/communities/${ids.subject}/comps`,
      body: { name: `Added Comp ${n}`, address: `${n} Added St`, zipcode: '78702' },
    },
    {
      id: 'updateComp',
      method: 'PATCH',
      path: `/rentsurvey/communities/${ids.subject}/comps/${ids.comp}`,
      body: { is_included_in_surveys: true },
    },
    { id: 'inviteUser', method: 'POST', path: '/users/invite', body: { email: `invitee${n}@tenant.example`, name: 'Invitee', role: 'member' } },
    { id: 'getUser', method: 'GET', path: `/users/${ids.user}` },
    { id: 'updateUser', method: 'PATCH', path: `/users/${ids.user}`, body: { full_name: 'Owner One' } },
    { id: 'listCommunities', method: 'GET', path: '/communities' },
    {
      id: 'createCommunity',
      method: 'POST',
      path: '/communities',
      body: { name: `Created ${n}`, address: `${n} Created St`, zipcode: '78701' },
    },
    { id: 'updateCommunity', method: 'PATCH', path: `/communities/${ids.subject}`, body: { website_url: 'https://tenant.example' } },
  ];
  for (const op of list) {
    const endpoint = endpoints[op.id];
    if (endpoint.method !== op.method || !op.path.split('?')[0]!.match(pathPattern(endpoint.path)))
      throw new Error(`operations table out of date for ${op.id}`);
  }
  return list;
}

const pathPattern = (template: string) => new RegExp(`^${template.replace(/:[a-z_]+/g, '[^/]+')}$`);
