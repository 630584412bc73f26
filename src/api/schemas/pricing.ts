import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import {
  Cents,
  CommunityRef,
  Id,
  IdParams,
  IsoDate,
  NonNegativeInt,
  NonNegativeNumber,
  QueryBoolean,
  queryInt,
  startNotAfterEnd,
} from '../primitives.js';
import { extension } from '../markers.js';
import { routes } from '../routes.js';

export const PricingValues = z
  .object({
    as_of_date: IsoDate,
    market_rent_cents: Cents,
    net_effective_rent_cents: Cents,
    // null when the plan has no square footage, as everywhere per-square-foot is computed (domain/stats.ts).
    market_rent_per_sqft_cents: z.nullable(Cents),
    net_effective_rent_per_sqft_cents: z.nullable(Cents),
    units_available: NonNegativeInt,
    concessions: z.string().register(z.globalRegistry, { description: 'free text; empty string when none' }),
    // Extension (not in the spec; other servers may not send it): null tells "not understood" from 0 "none".
    concession_value_cents: extension(
      z.optional(z.nullable(Cents)),
      'extension: monthly value of the concession, asking − NER in cents; 0 when none; null when the text could not be valued (docs/metrics.md)',
    ),
  })
  .register(z.globalRegistry, { id: 'PricingValues' });

export const FloorPlan = z
  .object({
    id: Id,
    floor_plan_name: z.string(),
    bedrooms: NonNegativeInt,
    bathrooms: NonNegativeNumber,
    square_feet: NonNegativeInt,
    unit_count: NonNegativeInt,
    latest_pricing: z.nullable(PricingValues),
  })
  .register(z.globalRegistry, { id: 'FloorPlan' });

export const PricingQuery = z
  .strictObject({
    start_date: z.optional(IsoDate),
    end_date: z.optional(IsoDate),
    days: z._default(queryInt({ min: 1, max: 3660 }), 30),
    floor_plan_id: z.optional(Id),
    latest_only: z._default(QueryBoolean, false),
  })
  .check(startNotAfterEnd);

export const PricingRecord = z
  .extend(PricingValues, {
    floor_plan_id: Id,
    floor_plan: z.object({
      bedrooms: NonNegativeInt,
      bathrooms: NonNegativeNumber,
      floor_plan_name: z.string(),
      square_feet: NonNegativeInt,
    }),
  })
  .register(z.globalRegistry, { id: 'PricingRecord' });

export const PricingResponse = z.object({
  community: CommunityRef,
  pricing: z.array(PricingRecord),
  date_range: z.object({ start: IsoDate, end: IsoDate }),
  total_records: NonNegativeInt,
});

export const FloorPlansResponse = z.object({
  community: CommunityRef,
  floor_plans: z.array(FloorPlan),
  total: NonNegativeInt,
});

export const endpoints = {
  getPricingHistory: { ...routes.getPricingHistory, params: IdParams, query: PricingQuery, response: PricingResponse },
  listFloorPlans: { ...routes.listFloorPlans, params: IdParams, response: FloorPlansResponse },
} as const satisfies Record<string, Endpoint>;
