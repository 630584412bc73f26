import type * as z from 'zod/mini';
import type { Read } from './reading.js';
import type { OperationId, Route } from './routes.js';
import * as communities from './schemas/communities.js';
import * as comps from './schemas/comps.js';
import * as overview from './schemas/overview.js';
import * as portfolio from './schemas/portfolio.js';
import * as pricing from './schemas/pricing.js';
import * as users from './schemas/users.js';
import * as vacancy from './schemas/vacancy.js';

export type { OperationId, Scope } from './routes.js';

export interface Endpoint extends Route {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response: z.ZodMiniType;
}

/**
 * Every operation with its schemas, from the module of each endpoint group
 * (src/api/schemas): loading this loads the whole contract. At run time the
 * client and the service load one operation's group at a time (contract.ts).
 */
export const endpoints = {
  ...portfolio.endpoints,
  ...communities.endpoints,
  ...comps.endpoints,
  ...pricing.endpoints,
  ...vacancy.endpoints,
  ...overview.endpoints,
  ...users.endpoints,
} satisfies Record<OperationId, Endpoint>;

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
