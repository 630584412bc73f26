/**
 * A subject's surveys as the spec's endpoints show them, for commands that
 * compute from them in the CLI (`pricing target`, `digest`) and so work against
 * any service following the spec: floor plans with their latest pricing, the
 * comparables, and each floor plan's latest pricing on or before a date.
 */
import type { ReadOf } from '../api/endpoints.js';
import type { CompInput } from '../domain/overview.js';
import { mapLimited } from './concurrency.js';
import type { ApiClient } from './http/client.js';

export type PricingRecord = ReadOf<'getPricingHistory'>['pricing'][number];
export type Comparable = ReadOf<'listComps'>['comps'][number];

/** Requests in flight at once when reading many comparables. */
export const CONCURRENCY = 4;

// "On or before" reaches back to a community's first survey: the range starts before any.
const BEFORE_ANY_SURVEY = '1970-01-01';

/**
 * Each floor plan's latest pricing on or before `date` (GET …/pricing with
 * latest_only and an explicit range, so that no server clock is involved).
 * Plans not priced by then are absent.
 */
export async function pricingOnOrBefore(api: ApiClient, communityId: string, date: string): Promise<PricingRecord[]> {
  const { data } = await api.call('getPricingHistory', {
    params: { id: communityId },
    // A date another service sent may be older than BEFORE_ANY_SURVEY: the range must not be reversed.
    query: { start_date: date < BEFORE_ANY_SURVEY ? date : BEFORE_ANY_SURVEY, end_date: date, latest_only: true },
  });
  return data.pricing;
}

/** The same for many communities, in their order. */
export function pricingOfEachOnOrBefore(api: ApiClient, communityIds: readonly string[], date: string): Promise<PricingRecord[][]> {
  return mapLimited(communityIds, CONCURRENCY, (id) => pricingOnOrBefore(api, id, date));
}

/** Each floor plan's unit count, by floor plan id (lower case), of each community in turn (GET …/floor-plans). */
export async function unitCountsOfEach(api: ApiClient, communityIds: readonly string[]): Promise<Map<string, number>[]> {
  return mapLimited(communityIds, CONCURRENCY, async (id) => {
    const { data } = await api.call('listFloorPlans', { params: { id } });
    return new Map(data.floor_plans.map((plan) => [plan.id.toLowerCase(), plan.unit_count]));
  });
}

/** The latest of some ISO dates (they sort as text); null when there is none. */
export function latestDate(dates: Iterable<string | null | undefined>): string | null {
  let latest: string | null = null;
  for (const date of dates) if (date && (latest === null || date > latest)) latest = date;
  return latest;
}

/** A comparable's pricing records as the overview's domain input (docs/metrics.md, "Which comparables count"). */
export function compInput(id: string, records: readonly PricingRecord[]): CompInput {
  return {
    id,
    floorPlans: records.map((record) => ({
      bedrooms: record.floor_plan.bedrooms,
      bathrooms: record.floor_plan.bathrooms,
      square_feet: record.floor_plan.square_feet,
      marketRentCents: record.market_rent_cents,
      nerCents: record.net_effective_rent_cents,
      concessions: record.concessions,
    })),
  };
}
