/**
 * The service's operations as routes: method, path, scope — what a caller needs
 * to send a request and the service to route it, without the schemas
 * (endpoints.ts adds them), so that sending a request loads no zod.
 */
export const SCOPES = [
  'rentsurvey:read',
  'rentsurvey:write',
  'users:read',
  'users:write',
  'communities:read',
  'communities:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  /** Relative to {base_url}/v1, with :name path parameters. */
  path: string;
  scope: Scope;
  summary: string;
  tag: 'pricing' | 'users' | 'communities';
  status: 200 | 201;
  /**
   * Our service's own operation, not in the spec: `serve openapi` marks it, and
   * the CLI never requires it of a service (docs/api-decisions.md, "Users by e-mail").
   */
  extension?: true;
}

export const routes = {
  getPortfolio: {
    method: 'GET',
    path: '/rentsurvey/portfolio',
    scope: 'rentsurvey:read',
    summary: 'List the communities managed by the caller',
    tag: 'pricing',
    status: 200,
  },
  batchCommunities: {
    method: 'GET',
    path: '/rentsurvey/communities',
    scope: 'rentsurvey:read',
    summary: 'Fetch up to 50 communities by id',
    tag: 'pricing',
    status: 200,
  },
  getCommunityDetail: {
    method: 'GET',
    path: '/rentsurvey/communities/:id',
    scope: 'rentsurvey:read',
    summary: 'Detail of one community with comparables and floor plans',
    tag: 'pricing',
    status: 200,
  },
  listComps: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/comps',
    scope: 'rentsurvey:read',
    summary: 'Comparables of a subject community, nearest first',
    tag: 'pricing',
    status: 200,
  },
  getPricingHistory: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/pricing',
    scope: 'rentsurvey:read',
    summary: 'Historical pricing per floor plan (last 30 days by default)',
    tag: 'pricing',
    status: 200,
  },
  listFloorPlans: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/floor-plans',
    scope: 'rentsurvey:read',
    summary: 'Floor plans with their latest pricing',
    tag: 'pricing',
    status: 200,
  },
  getVacancy: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/vacancy',
    scope: 'rentsurvey:read',
    summary: '14-day vacancy rate from the latest completed survey',
    tag: 'pricing',
    status: 200,
  },
  getOverview: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/overview',
    scope: 'rentsurvey:read',
    summary: 'Competitive positioning: PSI, CRI and concession pressure',
    tag: 'pricing',
    status: 200,
  },
  getVacancyTrend: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/vacancy-trend',
    scope: 'rentsurvey:read',
    summary: 'Vacancy per survey against the comparables, and projections',
    tag: 'pricing',
    status: 200,
  },
  addComp: {
    method: 'POST',
    path: '/rentsurvey/communities/:id/comps',
    scope: 'rentsurvey:write',
    summary: 'Add a comparable (at most 10 active) and start data collection',
    tag: 'pricing',
    status: 201,
  },
  updateComp: {
    method: 'PATCH',
    path: '/rentsurvey/communities/:id/comps/:comp_id',
    scope: 'rentsurvey:write',
    summary: 'Activate or deactivate a comparable for future surveys',
    tag: 'pricing',
    status: 200,
  },
  inviteUser: {
    method: 'POST',
    path: '/users/invite',
    scope: 'users:write',
    summary: 'Invite a user to the organization by e-mail',
    tag: 'users',
    status: 201,
  },
  getUser: {
    method: 'GET',
    path: '/users/:id',
    scope: 'users:read',
    summary: 'Read a user',
    tag: 'users',
    status: 200,
  },
  listUsers: {
    method: 'GET',
    path: '/users',
    scope: 'users:read',
    summary: 'List the organization’s users, or find one by e-mail (extension)',
    tag: 'users',
    status: 200,
    extension: true,
  },
  updateUser: {
    method: 'PATCH',
    path: '/users/:id',
    scope: 'users:write',
    summary: "Update a user's name, role or status",
    tag: 'users',
    status: 200,
  },
  listCommunities: {
    method: 'GET',
    path: '/communities',
    scope: 'communities:read',
    summary: 'List and search the organization’s communities',
    tag: 'communities',
    status: 200,
  },
  createCommunity: {
    method: 'POST',
    path: '/communities',
    scope: 'communities:write',
    summary: 'Create a community and assign its managers by e-mail',
    tag: 'communities',
    status: 201,
  },
  updateCommunity: {
    method: 'PATCH',
    path: '/communities/:id',
    scope: 'communities:write',
    summary: 'Update a community; only the fields sent change',
    tag: 'communities',
    status: 200,
  },
} as const satisfies Record<string, Route>;

export type OperationId = keyof typeof routes;
