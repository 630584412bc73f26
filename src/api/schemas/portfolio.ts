import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import { Cents, Id, IsoDate, NonNegativeInt, QueryBoolean } from '../primitives.js';
import { routes } from '../routes.js';

export const PortfolioQuery = z.strictObject({
  include_pricing: z._default(QueryBoolean, false),
  include_comp_count: z._default(QueryBoolean, true),
});

export const PortfolioResponse = z.object({
  communities: z.array(
    z.object({
      id: Id,
      name: z.string(),
      address: z.string(),
      external_community_id: z.nullable(z.string()),
      comp_count: z.optional(NonNegativeInt),
      latest_pricing_date: z.nullable(IsoDate),
      pricing_summary: z.optional(
        z.object({
          floor_plan_count: NonNegativeInt,
          avg_market_rent_cents: z.nullable(Cents),
          min_rent_cents: z.nullable(Cents),
          max_rent_cents: z.nullable(Cents),
        }),
      ),
    }),
  ),
  total: NonNegativeInt,
});

export const endpoints = {
  getPortfolio: { ...routes.getPortfolio, query: PortfolioQuery, response: PortfolioResponse },
} as const satisfies Record<string, Endpoint>;
