import type { ResponseOf } from '../../api/endpoints.js';
import { monthlyConcessionCents } from '../../domain/concessions.js';
import { summarizePricing } from '../../domain/pricing-summary.js';
import { rentPerSqftCents } from '../../domain/stats.js';
import type { Database } from './db.js';
import { notFound } from './errors.js';
import { groupBy } from './group-by.js';
import { jsonIds, type ObservationRow, type PlanRow, type PricingQueries } from './pricing-queries.js';

type FloorPlan = ResponseOf<'listFloorPlans'>['floor_plans'][number];
type PricingValues = NonNullable<FloorPlan['latest_pricing']>;
type Comparable = ResponseOf<'listComps'>['comps'][number];

function pricingValues(plan: { square_feet: number }, o: ObservationRow): PricingValues {
  return {
    as_of_date: o.observed_on,
    market_rent_cents: o.market_rent_cents,
    net_effective_rent_cents: o.net_effective_rent_cents,
    market_rent_per_sqft_cents: rentPerSqftCents(o.market_rent_cents, plan.square_feet),
    net_effective_rent_per_sqft_cents: rentPerSqftCents(o.net_effective_rent_cents, plan.square_feet),
    units_available: o.units_available,
    concessions: o.concessions,
    // The stored NER is the recorded one, or the one derived from the text at import: one rule either way.
    concession_value_cents: monthlyConcessionCents(o.market_rent_cents, o.net_effective_rent_cents, o.concessions),
  };
}

function summarize(plans: readonly PlanRow[], latest: Map<string, ObservationRow>) {
  return summarizePricing(
    plans.map((plan) => {
      const o = latest.get(plan.id);
      return { unitCount: plan.unit_count, latest: o ? { marketRentCents: o.market_rent_cents, asOfDate: o.observed_on } : null };
    }),
  );
}

function floorPlansWithPricing(plans: readonly PlanRow[], latest: Map<string, ObservationRow>): FloorPlan[] {
  return plans.map((plan) => {
    const o = latest.get(plan.id);
    return {
      id: plan.id,
      floor_plan_name: plan.floor_plan_name,
      bedrooms: plan.bedrooms,
      bathrooms: plan.bathrooms,
      square_feet: plan.square_feet,
      unit_count: plan.unit_count,
      latest_pricing: o ? pricingValues(plan, o) : null,
    };
  });
}

type PortfolioEntry = ResponseOf<'getPortfolio'>['communities'][number];
type PortfolioQuery = { include_pricing: boolean; include_comp_count: boolean };
export interface PortfolioSubject {
  id: string;
  name: string;
  address: string;
  external_community_id: string | null;
}

/** The read views of pricing: portfolio, batch, detail, comparables, floor plans, history. */
export function pricingViewsStore(db: Database, queries: PricingQueries) {
  const { plansOf, latestObservations, activeCompCounts, communityOrThrow, compRows } = queries;

  /** Each community's pricing summary from its plans' latest observations, read once for all of them. */
  function summariesOf(communityIds: string[]) {
    const plans = plansOf(communityIds);
    const latest = latestObservations(plans.map((p) => p.id));
    const plansByCommunity = groupBy(plans, (p) => p.community_id);
    return (communityId: string) => summarize(plansByCommunity.get(communityId) ?? [], latest);
  }

  function comparables(subjectId: string, includeInactive: boolean, includePricing: boolean): Comparable[] {
    const rows = compRows(subjectId, includeInactive);
    const summaryOf = includePricing ? summariesOf(rows.map((r) => r.id)) : undefined;
    return rows.map((row) => {
      const comp: Comparable = {
        id: row.id,
        name: row.name,
        address: row.address,
        zipcode: row.zipcode,
        distance_miles: row.distance_miles,
        is_included_in_surveys: row.is_included_in_surveys === 1,
      };
      if (summaryOf) {
        const summary = summaryOf(row.id);
        comp.pricing = { floor_plan_count: summary.floor_plan_count, avg_market_rent_cents: summary.avg_market_rent_cents };
      }
      return comp;
    });
  }

  /** The organization's own communities, in the portfolio's order. */
  function portfolioSubjects(organizationId: string): PortfolioSubject[] {
    return db.all<PortfolioSubject>(
      `SELECT id, name, address, external_community_id FROM communities
        WHERE organization_id = ? AND managed = 1 ORDER BY name COLLATE NOCASE, id`,
      organizationId,
    );
  }

  /**
   * The portfolio entries of some subjects: latest survey date, active
   * comparables, pricing summary of their plans' latest observations.
   * A large portfolio is answered a slice at a time (handlers.ts) so that
   * no request holds the event loop for long.
   */
  function portfolioEntries(subjects: readonly PortfolioSubject[], query: PortfolioQuery): PortfolioEntry[] {
    const ids = subjects.map((s) => s.id);
    // The latest completed survey of each subject: one step back along (subject_id, survey_date).
    const latestDates = new Map(
      db
        .all<{ subject_id: string; d: string | null }>(
          `SELECT p.value AS subject_id,
                  (SELECT survey_date FROM surveys WHERE subject_id = p.value AND status = 'completed'
                    ORDER BY survey_date DESC LIMIT 1) AS d
             FROM json_each(?) p`,
          jsonIds(ids),
        )
        .map((row) => [row.subject_id, row.d]),
    );
    const compCounts = query.include_comp_count ? activeCompCounts(ids) : new Map<string, number>();
    const summaryOf = query.include_pricing ? summariesOf(ids) : undefined;
    return subjects.map((s) => {
      const entry: PortfolioEntry = {
        id: s.id,
        name: s.name,
        address: s.address,
        external_community_id: s.external_community_id,
        latest_pricing_date: latestDates.get(s.id) ?? null,
      };
      if (query.include_comp_count) entry.comp_count = compCounts.get(s.id) ?? 0;
      if (summaryOf) {
        const { latest_date: _, ...summary } = summaryOf(s.id);
        entry.pricing_summary = summary;
      }
      return entry;
    });
  }

  return {
    portfolioSubjects,
    portfolioEntries,

    portfolio(organizationId: string, query: PortfolioQuery): ResponseOf<'getPortfolio'> {
      const communities = portfolioEntries(portfolioSubjects(organizationId), query);
      return { communities, total: communities.length };
    },

    batch(organizationId: string, ids: string[], includeComps: boolean): ResponseOf<'batchCommunities'> {
      const rows = db.all<{
        id: string;
        name: string;
        address: string;
        zipcode: string;
        external_community_id: string | null;
        latitude: number | null;
        longitude: number | null;
        website_url: string | null;
      }>(
        `SELECT id, name, address, zipcode, external_community_id, latitude, longitude, website_url
           FROM communities WHERE organization_id = ? AND id IN (SELECT value FROM json_each(?))`,
        organizationId,
        jsonIds(ids.map((id) => id.toLowerCase())),
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      const counts = includeComps ? activeCompCounts(rows.map((r) => r.id)) : new Map<string, number>();
      const found = ids.map((id) => byId.get(id.toLowerCase())).filter((row) => row !== undefined);
      return {
        communities: found.map((row) => (includeComps ? { ...row, comp_count: counts.get(row.id) ?? 0 } : row)),
        total: found.length,
        not_found: ids.filter((id) => !byId.has(id.toLowerCase())),
      };
    },

    detail(
      organizationId: string,
      id: string,
      query: { include_comps: boolean; include_pricing_summary: boolean },
    ): ResponseOf<'getCommunityDetail'> {
      const community = communityOrThrow(organizationId, id);
      const plans = plansOf([id]);
      const compCount = activeCompCounts([id]).get(id) ?? 0;
      const result: ResponseOf<'getCommunityDetail'> = {
        community: {
          id: community.id,
          name: community.name,
          address: community.address,
          zipcode: community.zipcode,
          comp_count: compCount,
          floor_plan_count: plans.length,
        },
      };
      if (query.include_pricing_summary) {
        const latest = latestObservations(plans.map((p) => p.id));
        const summary = summarize(plans, latest);
        result.community.pricing_summary = {
          latest_date: summary.latest_date,
          avg_market_rent_cents: summary.avg_market_rent_cents,
          floor_plans: floorPlansWithPricing(plans, latest),
        };
      }
      if (query.include_comps) result.comps = comparables(id, false, true);
      return result;
    },

    comps(organizationId: string, id: string, query: { include_inactive: boolean; include_pricing: boolean }): ResponseOf<'listComps'> {
      const subject = communityOrThrow(organizationId, id);
      const comps = comparables(id, query.include_inactive, query.include_pricing);
      return { subject_community: { id: subject.id, name: subject.name }, comps, total: comps.length };
    },

    floorPlans(organizationId: string, id: string): ResponseOf<'listFloorPlans'> {
      const community = communityOrThrow(organizationId, id);
      const plans = plansOf([id]);
      const floorPlans = floorPlansWithPricing(plans, latestObservations(plans.map((p) => p.id)));
      return { community: { id: community.id, name: community.name }, floor_plans: floorPlans, total: floorPlans.length };
    },

    history(
      organizationId: string,
      id: string,
      range: { start: string; end: string; floorPlanId?: string | undefined; latestOnly: boolean },
    ): ResponseOf<'getPricingHistory'> {
      const community = communityOrThrow(organizationId, id);
      let plans = plansOf([id]);
      if (range.floorPlanId !== undefined) {
        plans = plans.filter((p) => p.id === range.floorPlanId);
        if (plans.length === 0) throw notFound(`floor plan of community ${id}:`, range.floorPlanId);
      }
      const planById = new Map(plans.map((p) => [p.id, p]));
      let observations: ObservationRow[];
      if (range.latestOnly) {
        observations = [...latestObservations(plans.map((p) => p.id), range.end).values()].filter(
          (o) => o.observed_on >= range.start,
        );
      } else {
        observations = db
          .tuples<[string, string, number, number, number, string]>(
            `SELECT fp.id, o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
               FROM floor_plans fp JOIN observations o ON o.floor_plan_seq = fp.seq
              WHERE fp.id IN (SELECT value FROM json_each(?)) AND o.observed_on BETWEEN ? AND ?`,
            jsonIds(plans.map((p) => p.id)),
            range.start,
            range.end,
          )
          .map(([floor_plan_id, observed_on, market_rent_cents, net_effective_rent_cents, units_available, concessions]) => ({
            floor_plan_id,
            observed_on,
            market_rent_cents,
            net_effective_rent_cents,
            units_available,
            concessions,
          }));
      }
      // By date, then in the plans' order; sorted here rather than by SQLite (whose GROUP BY and
      // ORDER BY each build a temporary b-tree: a fifth of a long export's reads). ISO dates compare as strings.
      const order = new Map(plans.map((p, index) => [p.id, index]));
      observations.sort((a, b) =>
        a.observed_on === b.observed_on
          ? (order.get(a.floor_plan_id) ?? 0) - (order.get(b.floor_plan_id) ?? 0)
          : a.observed_on < b.observed_on
            ? -1
            : 1,
      );
      // A comparable's plan observed by several subjects' surveys on one date is one record (any one serves).
      observations = observations.filter(
        (o, i) => i === 0 || o.observed_on !== observations[i - 1]!.observed_on || o.floor_plan_id !== observations[i - 1]!.floor_plan_id,
      );
      // One floor_plan object per plan, shared by its rows (answers are data, never changed in place).
      const floorPlans = new Map(
        plans.map((plan) => [
          plan.id,
          { bedrooms: plan.bedrooms, bathrooms: plan.bathrooms, floor_plan_name: plan.floor_plan_name, square_feet: plan.square_feet },
        ]),
      );
      const pricing = observations.map((o) => {
        const plan = planById.get(o.floor_plan_id) as PlanRow;
        return { floor_plan_id: plan.id, floor_plan: floorPlans.get(plan.id)!, ...pricingValues(plan, o) };
      });
      return {
        community: { id: community.id, name: community.name },
        pricing,
        date_range: { start: range.start, end: range.end },
        total_records: pricing.length,
      };
    },
  };
}
