/**
 * The contract at run time: an operation's endpoint (its route and schemas),
 * loaded on first use. Each endpoint group's schemas are one module of
 * src/api/schemas, so a command loads zod/mini and the schemas of the
 * operations it calls, not the whole contract (docs/api-decisions.md,
 * "Start-up"). endpoints.ts is the same table, loaded whole, for what needs
 * every operation (the OpenAPI document, tests).
 */
import type { Endpoint, Endpoints } from './endpoints.js';
import type { OperationId } from './routes.js';

// For each operation, the module that declares it: the type below holds each one to it.
const modules = {
  getPortfolio: () => import('./schemas/portfolio.js'),
  batchCommunities: () => import('./schemas/communities.js'),
  getCommunityDetail: () => import('./schemas/communities.js'),
  listComps: () => import('./schemas/comps.js'),
  getPricingHistory: () => import('./schemas/pricing.js'),
  listFloorPlans: () => import('./schemas/pricing.js'),
  getVacancy: () => import('./schemas/vacancy.js'),
  getOverview: () => import('./schemas/overview.js'),
  getVacancyTrend: () => import('./schemas/vacancy.js'),
  addComp: () => import('./schemas/comps.js'),
  updateComp: () => import('./schemas/comps.js'),
  inviteUser: () => import('./schemas/users.js'),
  getUser: () => import('./schemas/users.js'),
  listUsers: () => import('./schemas/users.js'),
  updateUser: () => import('./schemas/users.js'),
  listCommunities: () => import('./schemas/communities.js'),
  createCommunity: () => import('./schemas/communities.js'),
  updateCommunity: () => import('./schemas/communities.js'),
} satisfies { [O in OperationId]: () => Promise<{ endpoints: Record<O, Endpoint> }> };

/** An operation's endpoint, its group's schemas loaded (with zod/mini) the first time. */
export async function loadEndpoint<O extends OperationId>(operation: O): Promise<Endpoints[O]> {
  const { endpoints } = await modules[operation]();
  return (endpoints as Partial<Endpoints>)[operation] as Endpoints[O];
}
