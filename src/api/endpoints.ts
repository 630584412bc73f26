import type * as z from 'zod/mini';
import type { Read } from './reading.js';
import { routes, type OperationId, type Route } from './routes.js';
import * as s from './schemas.js';

export type { OperationId, Scope } from './routes.js';

export interface Endpoint extends Route {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
}

// `satisfies` keeps each entry's literal schema types for the typed client.
export const endpoints = {
  getPortfolio: {
    ...routes.getPortfolio,
    query: s.PortfolioQuery,
    response: s.PortfolioResponse,
  },
  batchCommunities: {
    ...routes.batchCommunities,
    query: s.BatchQuery,
    response: s.BatchResponse,
  },
  getCommunityDetail: {
    ...routes.getCommunityDetail,
    params: s.IdParams,
    query: s.DetailQuery,
    response: s.DetailResponse,
  },
  listComps: {
    ...routes.listComps,
    params: s.IdParams,
    query: s.CompsQuery,
    response: s.CompsResponse,
  },
  getPricingHistory: {
    ...routes.getPricingHistory,
    params: s.IdParams,
    query: s.PricingQuery,
    response: s.PricingResponse,
  },
  listFloorPlans: {
    ...routes.listFloorPlans,
    params: s.IdParams,
    response: s.FloorPlansResponse,
  },
  getVacancy: {
    ...routes.getVacancy,
    params: s.IdParams,
    response: s.VacancyResponse,
  },
  getOverview: {
    ...routes.getOverview,
    params: s.IdParams,
    response: s.OverviewResponse,
  },
  getVacancyTrend: {
    ...routes.getVacancyTrend,
    params: s.IdParams,
    query: s.VacancyTrendQuery,
    response: s.VacancyTrendResponse,
  },
  addComp: {
    ...routes.addComp,
    params: s.IdParams,
    body: s.CompCreateBody,
    response: s.CompCreateResponse,
  },
  updateComp: {
    ...routes.updateComp,
    params: s.CompParams,
    body: s.CompUpdateBody,
    response: s.CompUpdateResponse,
  },
  inviteUser: {
    ...routes.inviteUser,
    body: s.InviteBody,
    response: s.InviteResponse,
  },
  getUser: {
    ...routes.getUser,
    params: s.IdParams,
    response: s.User,
  },
  updateUser: {
    ...routes.updateUser,
    params: s.IdParams,
    body: s.UserUpdateBody,
    response: s.User,
  },
  listCommunities: {
    ...routes.listCommunities,
    query: s.CommunityListQuery,
    response: s.CommunityListResponse,
  },
  createCommunity: {
    ...routes.createCommunity,
    body: s.CommunityCreateBody,
    response: s.CommunityRecord,
  },
  updateCommunity: {
    ...routes.updateCommunity,
    params: s.IdParams,
    body: s.CommunityUpdateBody,
    response: s.CommunityRecord,
  },
} as const satisfies Record<OperationId, Endpoint>;

export type Endpoints = typeof endpoints;

type Field<E, K extends string> = E extends Record<K, infer S extends z.ZodMiniType> ? S : never;

/** The query after validation: coerced types, defaults applied (what a handler receives). */
export type QueryOutputOf<O extends OperationId> = z.output<Field<Endpoints[O], 'query'>>;
/** What a caller may send: the same values, every one optional (the server applies defaults). */
export type QueryOf<O extends OperationId> = Partial<QueryOutputOf<O>>;
export type ParamsOf<O extends OperationId> = z.output<Field<Endpoints[O], 'params'>>;
export type BodyOf<O extends OperationId> = z.input<Field<Endpoints[O], 'body'>>;
export type ResponseOf<O extends OperationId> = z.output<Endpoints[O]['response']>;
/** An answer as the client reads it from any service that follows the spec (see reading.ts). */
export type ReadOf<O extends OperationId> = Read<Endpoints[O]['response']>;
