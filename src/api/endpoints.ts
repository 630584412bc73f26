import { z } from 'zod';
import type { Read } from './reading.js';
import * as s from './schemas.js';

export const SCOPES = [
  'rentsurvey:read',
  'rentsurvey:write',
  'users:read',
  'users:write',
  'communities:read',
  'communities:write',
] as const;
export type Scope = (typeof SCOPES)[number];

export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH';
  /** Relative to {base_url}/v1, with :name path parameters. */
  path: string;
  scope: Scope;
  summary: string;
  tag: 'pricing' | 'users' | 'communities';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status: 200 | 201;
}

// `satisfies` keeps each entry's literal schema types for the typed client.
export const endpoints = {
  getPortfolio: {
    method: 'GET',
    path: '/rentsurvey/portfolio',
    scope: 'rentsurvey:read',
    summary: 'List the communities managed by the caller',
    tag: 'pricing',
    query: s.PortfolioQuery,
    response: s.PortfolioResponse,
    status: 200,
  },
  batchCommunities: {
    method: 'GET',
    path: '/rentsurvey/communities',
    scope: 'rentsurvey:read',
    summary: 'Fetch up to 50 communities by id',
    tag: 'pricing',
    query: s.BatchQuery,
    response: s.BatchResponse,
    status: 200,
  },
  getCommunityDetail: {
    method: 'GET',
    path: '/rentsurvey/communities/:id',
    scope: 'rentsurvey:read',
    summary: 'Detail of one community with comparables and floor plans',
    tag: 'pricing',
    params: s.IdParams,
    query: s.DetailQuery,
    response: s.DetailResponse,
    status: 200,
  },
  listComps: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/comps',
    scope: 'rentsurvey:read',
    summary: 'Comparables of a subject community, nearest first',
    tag: 'pricing',
    params: s.IdParams,
    query: s.CompsQuery,
    response: s.CompsResponse,
    status: 200,
  },
  getPricingHistory: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/pricing',
    scope: 'rentsurvey:read',
    summary: 'Historical pricing per floor plan (last 30 days by default)',
    tag: 'pricing',
    params: s.IdParams,
    query: s.PricingQuery,
    response: s.PricingResponse,
    status: 200,
  },
  listFloorPlans: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/floor-plans',
    scope: 'rentsurvey:read',
    summary: 'Floor plans with their latest pricing',
    tag: 'pricing',
    params: s.IdParams,
    response: s.FloorPlansResponse,
    status: 200,
  },
  getVacancy: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/vacancy',
    scope: 'rentsurvey:read',
    summary: '14-day vacancy rate from the latest completed survey',
    tag: 'pricing',
    params: s.IdParams,
    response: s.VacancyResponse,
    status: 200,
  },
  getOverview: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/overview',
    scope: 'rentsurvey:read',
    summary: 'Competitive positioning: PSI, CRI and concession pressure',
    tag: 'pricing',
    params: s.IdParams,
    response: s.OverviewResponse,
    status: 200,
  },
  getVacancyTrend: {
    method: 'GET',
    path: '/rentsurvey/communities/:id/vacancy-trend',
    scope: 'rentsurvey:read',
    summary: 'Vacancy per survey against the comparables, and projections',
    tag: 'pricing',
    params: s.IdParams,
    query: s.VacancyTrendQuery,
    response: s.VacancyTrendResponse,
    status: 200,
  },
  addComp: {
    method: 'POST',
    path: '/rentsurvey/communities/:id/comps',
    scope: 'rentsurvey:write',
    summary: 'Add a comparable (at most 10 active) and start data collection',
    tag: 'pricing',
    params: s.IdParams,
    body: s.CompCreateBody,
    response: s.CompCreateResponse,
    status: 201,
  },
  updateComp: {
    method: 'PATCH',
    path: '/rentsurvey/communities/:id/comps/:comp_id',
    scope: 'rentsurvey:write',
    summary: 'Activate or deactivate a comparable for future surveys',
    tag: 'pricing',
    params: s.CompParams,
    body: s.CompUpdateBody,
    response: s.CompUpdateResponse,
    status: 200,
  },
  inviteUser: {
    method: 'POST',
    path: '/users/invite',
    scope: 'users:write',
    summary: 'Invite a user to the organization by e-mail',
    tag: 'users',
    body: s.InviteBody,
    response: s.InviteResponse,
    status: 201,
  },
  getUser: {
    method: 'GET',
    path: '/users/:id',
    scope: 'users:read',
    summary: 'Read a user',
    tag: 'users',
    params: s.IdParams,
    response: s.User,
    status: 200,
  },
  updateUser: {
    method: 'PATCH',
    path: '/users/:id',
    scope: 'users:write',
    summary: "Update a user's name, role or status",
    tag: 'users',
    params: s.IdParams,
    body: s.UserUpdateBody,
    response: s.User,
    status: 200,
  },
  listCommunities: {
    method: 'GET',
    path: '/communities',
    scope: 'communities:read',
    summary: 'List and search the organization’s communities',
    tag: 'communities',
    query: s.CommunityListQuery,
    response: s.CommunityListResponse,
    status: 200,
  },
  createCommunity: {
    method: 'POST',
    path: '/communities',
    scope: 'communities:write',
    summary: 'Create a community and assign its managers by e-mail',
    tag: 'communities',
    body: s.CommunityCreateBody,
    response: s.CommunityRecord,
    status: 201,
  },
  updateCommunity: {
    method: 'PATCH',
    path: '/communities/:id',
    scope: 'communities:write',
    summary: 'Update a community; only the fields sent change',
    tag: 'communities',
    params: s.IdParams,
    body: s.CommunityUpdateBody,
    response: s.CommunityRecord,
    status: 200,
  },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type OperationId = keyof Endpoints;

type Field<E, K extends string> = E extends Record<K, infer S extends z.ZodType> ? S : never;

/** The query after validation: coerced types, defaults applied (what a handler receives). */
export type QueryOutputOf<O extends OperationId> = z.output<Field<Endpoints[O], 'query'>>;
/** What a caller may send: the same values, every one optional (the server applies defaults). */
export type QueryOf<O extends OperationId> = Partial<QueryOutputOf<O>>;
export type ParamsOf<O extends OperationId> = z.output<Field<Endpoints[O], 'params'>>;
export type BodyOf<O extends OperationId> = z.input<Field<Endpoints[O], 'body'>>;
export type ResponseOf<O extends OperationId> = z.output<Endpoints[O]['response']>;
/** An answer as the client reads it from any service that follows the spec (see reading.ts). */
export type ReadOf<O extends OperationId> = Read<Endpoints[O]['response']>;
