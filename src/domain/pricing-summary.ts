/**
 * The pricing summary of a community (portfolio, detail, comps): its floor
 * plans' latest asking rents, weighted by unit count (docs/api-decisions.md).
 */
import { roundCents } from './rounding.js';
import { weightedMean } from './stats.js';

interface PlanLatestRent {
  unitCount: number;
  /** The plan's latest pricing; null when it was never priced. */
  latest: { marketRentCents: number; asOfDate: string } | null;
}

interface PricingSummary {
  floor_plan_count: number;
  /** Σ(units · rent) / Σunits over priced plans, integer cents; null without pricing. */
  avg_market_rent_cents: number | null;
  min_rent_cents: number | null;
  max_rent_cents: number | null;
  /** The most recent date among the plans' latest pricing. */
  latest_date: string | null;
}

export function summarizePricing(plans: readonly PlanLatestRent[]): PricingSummary {
  const priced = plans.flatMap((plan) => (plan.latest ? [{ unitCount: plan.unitCount, ...plan.latest }] : []));
  const rents = priced.map((plan) => plan.marketRentCents);
  // A plan recorded with 0 units still has a price: it weighs as one unit rather than vanishing.
  const average = weightedMean(priced.map((plan) => ({ value: plan.marketRentCents, weight: Math.max(plan.unitCount, 1) })));
  return {
    floor_plan_count: plans.length,
    avg_market_rent_cents: average === null ? null : roundCents(average),
    min_rent_cents: rents.length === 0 ? null : Math.min(...rents),
    max_rent_cents: rents.length === 0 ? null : Math.max(...rents),
    latest_date: priced.reduce<string | null>((latest, plan) => (latest === null || plan.asOfDate > latest ? plan.asOfDate : latest), null),
  };
}
