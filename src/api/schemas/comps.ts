import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import {
  Cents,
  CommunityRef,
  CompParams,
  Id,
  IdParams,
  NonNegativeInt,
  NonNegativeNumber,
  QueryBoolean,
  requiredText,
  Url,
  Zipcode,
} from '../primitives.js';
import { extension } from '../markers.js';
import { routes } from '../routes.js';
import { ADDRESS_MAX, NAME_MAX } from '../rules.js';

export const CompPricing = z.object({
  floor_plan_count: NonNegativeInt,
  avg_market_rent_cents: z.nullable(Cents),
});

export const Comparable = z
  .object({
    id: Id,
    name: z.string(),
    address: extension(z.optional(z.string())),
    zipcode: extension(z.optional(z.string())),
    distance_miles: z.nullable(NonNegativeNumber),
    pricing: z.optional(CompPricing),
    is_included_in_surveys: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'Comparable' });

export const CompsQuery = z.strictObject({
  include_inactive: z._default(QueryBoolean, false),
  include_pricing: z._default(QueryBoolean, false),
});

export const CompsResponse = z.object({
  subject_community: CommunityRef,
  comps: z.array(Comparable),
  total: NonNegativeInt,
});

export const CompCreateBody = z.strictObject({
  name: requiredText(NAME_MAX),
  address: requiredText(ADDRESS_MAX),
  zipcode: Zipcode,
  website_url: z.optional(Url),
});

export const CompCreateResponse = z.object({
  success: z.boolean(),
  comp_id: Id,
  message: z.string(),
  actions: z.array(z.string()),
});

export const CompUpdateBody = z.strictObject({ is_included_in_surveys: z.boolean() });

export const CompUpdateResponse = z.object({
  success: z.boolean(),
  comp_id: Id,
  is_included_in_surveys: z.boolean(),
  message: z.string(),
});

export const endpoints = {
  listComps: { ...routes.listComps, params: IdParams, query: CompsQuery, response: CompsResponse },
  addComp: { ...routes.addComp, params: IdParams, body: CompCreateBody, response: CompCreateResponse },
  updateComp: { ...routes.updateComp, params: CompParams, body: CompUpdateBody, response: CompUpdateResponse },
} as const satisfies Record<string, Endpoint>;
