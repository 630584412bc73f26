import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import { Cents, Id, IdParams, IsoDate, NonNegativeInt, NonNegativeNumber, Percent } from '../primitives.js';
import { extension, notShown } from '../markers.js';
import { routes } from '../routes.js';

// The spec shows neither the type nor the unit of the rent amounts; ours are integer cents.
const RentAmount = notShown(z.nullable(Cents));

const RentPosition = z.object({
  subject_rent: RentAmount,
  avg_comp_rent: RentAmount,
  psi: z.nullable(z.number()),
  rent_variation: RentAmount,
  rent_per_sqft_variation: z.nullable(z.number()),
  percentile_rank: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  market_low: RentAmount,
  market_high: RentAmount,
  comps_with_data: NonNegativeInt,
});

export const OverviewResponse = z.object({
  community: z.object({ id: Id, name: z.string(), address: z.string() }),
  as_of_date: extension(z.nullable(IsoDate), 'date of the survey the metrics are computed from'),
  floor_plans: z.array(
    z.object({
      floor_plan_id: extension(z.optional(Id)),
      floor_plan_name: extension(z.optional(z.string())),
      bedrooms: NonNegativeInt,
      bathrooms: NonNegativeNumber,
      square_feet: NonNegativeInt,
      unit_count: extension(z.optional(NonNegativeInt)),
      base_rent: RentPosition,
      ner: z.extend(RentPosition, {
        comps_offering_concessions: NonNegativeInt,
        pct_comps_offering_concessions: Percent,
      }),
    }),
  ),
  overall_metrics: z.object({
    overall_psi_base: z.nullable(z.number()),
    overall_psi_ner: z.nullable(z.number()),
    cri_base: z.nullable(Percent),
    cri_ner: z.nullable(Percent),
    market_concession_pressure: z.object({
      pct_comps_offering: Percent,
      avg_concession_value: z.number().register(z.globalRegistry, { description: 'average monthly concession value, integer cents' }),
      total_comps: NonNegativeInt,
      comps_with_concessions: NonNegativeInt,
    }),
  }),
});

export const endpoints = {
  getOverview: { ...routes.getOverview, params: IdParams, response: OverviewResponse },
} as const satisfies Record<string, Endpoint>;
