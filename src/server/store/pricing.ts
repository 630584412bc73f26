import { randomUUID } from 'node:crypto';
import type { ResponseOf } from '../../api/endpoints.js';
import { MAX_ACTIVE_COMPS } from '../../api/primitives.js';
import type { Database } from './db.js';
import { conflict, notFound, StoreError } from './errors.js';
import { groupBy } from './group-by.js';

type FloorPlan = ResponseOf<'listFloorPlans'>['floor_plans'][number];
type PricingValues = NonNullable<FloorPlan['latest_pricing']>;
type Comparable = ResponseOf<'listComps'>['comps'][number];

interface PlanRow {
  id: string;
  community_id: string;
  floor_plan_name: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  unit_count: number;
}

interface ObservationRow {
  floor_plan_id: string;
  observed_on: string;
  market_rent_cents: number;
  net_effective_rent_cents: number;
  units_available: number;
  concessions: string;
}

const PLAN_COLUMNS = 'id, community_id, floor_plan_name, bedrooms, bathrooms, square_feet, unit_count';
const PLAN_ORDER = 'bedrooms, bathrooms, floor_plan_name COLLATE NOCASE, id';

const perSqft = (cents: number, squareFeet: number) => (squareFeet > 0 ? Math.round(cents / squareFeet) : 0);

export function pricingValues(plan: { square_feet: number }, o: ObservationRow): PricingValues {
  return {
    as_of_date: o.observed_on,
    market_rent_cents: o.market_rent_cents,
    net_effective_rent_cents: o.net_effective_rent_cents,
    market_rent_per_sqft_cents: perSqft(o.market_rent_cents, plan.square_feet),
    net_effective_rent_per_sqft_cents: perSqft(o.net_effective_rent_cents, plan.square_feet),
    units_available: o.units_available,
    concessions: o.concessions,
  };
}

/** Unit-weighted average of the plans' latest market rents, with min and max; nulls without pricing. */
function summarize(plans: PlanRow[], latest: Map<string, ObservationRow>) {
  let weighted = 0;
  let units = 0;
  let min: number | null = null;
  let max: number | null = null;
  let latestDate: string | null = null;
  for (const plan of plans) {
    const o = latest.get(plan.id);
    if (!o) continue;
    const weight = Math.max(plan.unit_count, 1);
    weighted += o.market_rent_cents * weight;
    units += weight;
    min = min === null ? o.market_rent_cents : Math.min(min, o.market_rent_cents);
    max = max === null ? o.market_rent_cents : Math.max(max, o.market_rent_cents);
    if (latestDate === null || o.observed_on > latestDate) latestDate = o.observed_on;
  }
  return {
    floor_plan_count: plans.length,
    avg_market_rent_cents: units > 0 ? Math.round(weighted / units) : null,
    min_rent_cents: min,
    max_rent_cents: max,
    latest_date: latestDate,
  };
}

export function pricingStore(db: Database, now: () => string) {
  const json = (ids: string[]) => JSON.stringify(ids);

  function plansOf(communityIds: string[]): PlanRow[] {
    return db.all<PlanRow>(
      `SELECT ${PLAN_COLUMNS} FROM floor_plans WHERE community_id IN (SELECT value FROM json_each(?)) ORDER BY ${PLAN_ORDER}`,
      json(communityIds),
    );
  }

  /**
   * The most recent observation of each plan (on or before `asOf` when given).
   * Observations are only written with a completed survey, so no survey join
   * is needed, and MAX per plan is an index lookup. A market community's plan
   * may be observed by several subjects' surveys on one date; any one serves.
   */
  function latestObservations(planIds: string[], asOf = '9999-12-31'): Map<string, ObservationRow> {
    const rows = db.all<ObservationRow>(
      `SELECT o.floor_plan_id, o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
         FROM json_each(?) p
         JOIN observations o ON o.floor_plan_id = p.value
          AND o.observed_on = (SELECT MAX(observed_on) FROM observations WHERE floor_plan_id = p.value AND observed_on <= ?)`,
      json(planIds),
      asOf,
    );
    const latest = new Map<string, ObservationRow>();
    for (const row of rows) if (!latest.has(row.floor_plan_id)) latest.set(row.floor_plan_id, row);
    return latest;
  }

  function floorPlansWithPricing(plans: PlanRow[], latest: Map<string, ObservationRow>): FloorPlan[] {
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

  function activeCompCounts(subjectIds: string[]): Map<string, number> {
    const rows = db.all<{ subject_id: string; n: number }>(
      `SELECT subject_id, count(*) AS n FROM comps
        WHERE is_included_in_surveys = 1 AND subject_id IN (SELECT value FROM json_each(?)) GROUP BY subject_id`,
      json(subjectIds),
    );
    return new Map(rows.map((row) => [row.subject_id, row.n]));
  }

  /** The limit of active comparables, checked inside the caller's transaction. */
  function assertRoomForActiveComp(subjectId: string, advice: string) {
    if ((activeCompCounts([subjectId]).get(subjectId) ?? 0) >= MAX_ACTIVE_COMPS)
      throw new StoreError(
        'comp_limit_reached',
        `community ${subjectId} already has ${MAX_ACTIVE_COMPS} active comparables; ${advice}`,
      );
  }

  function communityOrThrow(organizationId: string, id: string) {
    const subject = db.get<{ id: string; name: string; address: string; latitude: number | null; longitude: number | null; zipcode: string }>(
      'SELECT id, name, address, zipcode, latitude, longitude FROM communities WHERE id = ? AND organization_id = ?',
      id,
      organizationId,
    );
    if (!subject) throw notFound('community', id);
    return subject;
  }

  function compRows(subjectId: string, includeInactive: boolean) {
    return db.all<{
      id: string;
      name: string;
      address: string;
      zipcode: string;
      distance_miles: number | null;
      is_included_in_surveys: number;
    }>(
      `SELECT c.id, c.name, c.address, c.zipcode, k.distance_miles, k.is_included_in_surveys
         FROM comps k JOIN communities c ON c.id = k.comp_id
        WHERE k.subject_id = ? AND (? = 1 OR k.is_included_in_surveys = 1)
        ORDER BY k.distance_miles IS NULL, k.distance_miles, c.name COLLATE NOCASE, c.id`,
      subjectId,
      includeInactive ? 1 : 0,
    );
  }

  function comparables(subjectId: string, includeInactive: boolean, includePricing: boolean): Comparable[] {
    const rows = compRows(subjectId, includeInactive);
    const plans = includePricing ? plansOf(rows.map((r) => r.id)) : [];
    const latest = includePricing ? latestObservations(plans.map((p) => p.id)) : new Map<string, ObservationRow>();
    const plansByCommunity = groupBy(plans, (p) => p.community_id);
    return rows.map((row) => {
      const comp: Comparable = {
        id: row.id,
        name: row.name,
        address: row.address,
        zipcode: row.zipcode,
        distance_miles: row.distance_miles,
        is_included_in_surveys: row.is_included_in_surveys === 1,
      };
      if (includePricing) {
        const summary = summarize(plansByCommunity.get(row.id) ?? [], latest);
        comp.pricing = { floor_plan_count: summary.floor_plan_count, avg_market_rent_cents: summary.avg_market_rent_cents };
      }
      return comp;
    });
  }

  return {
    communityOrThrow,
    latestObservations,
    plansOf,

    portfolio(organizationId: string, query: { include_pricing: boolean; include_comp_count: boolean }): ResponseOf<'getPortfolio'> {
      const subjects = db.all<{ id: string; name: string; address: string; external_community_id: string | null }>(
        `SELECT id, name, address, external_community_id FROM communities
          WHERE organization_id = ? AND managed = 1 ORDER BY name COLLATE NOCASE, id`,
        organizationId,
      );
      const ids = subjects.map((s) => s.id);
      const latestDates = new Map(
        db
          .all<{ subject_id: string; d: string }>(
            `SELECT subject_id, MAX(survey_date) AS d FROM surveys
              WHERE status = 'completed' AND subject_id IN (SELECT value FROM json_each(?)) GROUP BY subject_id`,
            json(ids),
          )
          .map((row) => [row.subject_id, row.d]),
      );
      const compCounts = query.include_comp_count ? activeCompCounts(ids) : new Map<string, number>();
      const plans = query.include_pricing ? plansOf(ids) : [];
      const latest = query.include_pricing ? latestObservations(plans.map((p) => p.id)) : new Map<string, ObservationRow>();
      const plansByCommunity = groupBy(plans, (p) => p.community_id);
      const communities = subjects.map((s) => {
        const entry: ResponseOf<'getPortfolio'>['communities'][number] = {
          id: s.id,
          name: s.name,
          address: s.address,
          external_community_id: s.external_community_id,
          latest_pricing_date: latestDates.get(s.id) ?? null,
        };
        if (query.include_comp_count) entry.comp_count = compCounts.get(s.id) ?? 0;
        if (query.include_pricing) {
          const { latest_date: _, ...summary } = summarize(plansByCommunity.get(s.id) ?? [], latest);
          entry.pricing_summary = summary;
        }
        return entry;
      });
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
        json(ids.map((id) => id.toLowerCase())),
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
        plans = plans.filter((p) => p.id === range.floorPlanId?.toLowerCase());
        if (plans.length === 0) throw notFound(`floor plan of community ${id}:`, range.floorPlanId);
      }
      const planById = new Map(plans.map((p) => [p.id, p]));
      let observations: ObservationRow[];
      if (range.latestOnly) {
        observations = [...latestObservations(plans.map((p) => p.id), range.end).values()].filter(
          (o) => o.observed_on >= range.start,
        );
      } else {
        observations = db.all<ObservationRow>(
          `SELECT o.floor_plan_id, o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
             FROM observations o
            WHERE o.floor_plan_id IN (SELECT value FROM json_each(?)) AND o.observed_on BETWEEN ? AND ?
            GROUP BY o.floor_plan_id, o.observed_on
            ORDER BY o.observed_on`,
          json(plans.map((p) => p.id)),
          range.start,
          range.end,
        );
      }
      const order = new Map(plans.map((p, index) => [p.id, index]));
      observations.sort(
        (a, b) =>
          a.observed_on.localeCompare(b.observed_on) ||
          (order.get(a.floor_plan_id) ?? 0) - (order.get(b.floor_plan_id) ?? 0),
      );
      const pricing = observations.map((o) => {
        const plan = planById.get(o.floor_plan_id) as PlanRow;
        return {
          floor_plan_id: plan.id,
          floor_plan: {
            bedrooms: plan.bedrooms,
            bathrooms: plan.bathrooms,
            floor_plan_name: plan.floor_plan_name,
            square_feet: plan.square_feet,
          },
          ...pricingValues(plan, o),
        };
      });
      return {
        community: { id: community.id, name: community.name },
        pricing,
        date_range: { start: range.start, end: range.end },
        total_records: pricing.length,
      };
    },

    /**
     * Adds a market community as a comparable and queues its collection jobs, in
     * one IMMEDIATE transaction so that concurrent adds cannot pass the limit.
     */
    addComp(
      organizationId: string,
      subjectId: string,
      comp: { name: string; address: string; zipcode: string; website_url?: string | undefined },
    ) {
      return db.transaction(() => {
        const subject = db.get<{ id: string }>(
          'SELECT id FROM communities WHERE id = ? AND organization_id = ? AND managed = 1',
          subjectId,
          organizationId,
        );
        if (!subject) throw notFound('community', subjectId);
        assertRoomForActiveComp(subjectId, 'deactivate one to add another');
        const duplicate = db.get<{ id: string }>(
          `SELECT c.id FROM comps k JOIN communities c ON c.id = k.comp_id
            WHERE k.subject_id = ? AND c.name = ? COLLATE NOCASE AND c.zipcode = ?`,
          subjectId,
          comp.name,
          comp.zipcode,
        );
        if (duplicate) throw conflict(`${comp.name} (${comp.zipcode}) is already comparable ${duplicate.id} of this community`);
        const at = now();
        const compId = randomUUID();
        db.run(
          `INSERT INTO communities (id, organization_id, managed, name, address, zipcode, website_url, status, created_at, updated_at)
           VALUES (?, ?, 0, ?, ?, ?, ?, 'active', ?, ?)`,
          compId,
          organizationId,
          comp.name,
          comp.address,
          comp.zipcode,
          comp.website_url ?? null,
          at,
          at,
        );
        db.run(
          `INSERT INTO comps (subject_id, comp_id, distance_miles, is_included_in_surveys, created_at, updated_at)
           VALUES (?, ?, NULL, 1, ?, ?)`,
          subjectId,
          compId,
          at,
          at,
        );
        const jobs = (['enrichment', 'pricing'] as const).map((kind) => {
          const jobId = randomUUID();
          db.run(
            `INSERT INTO jobs (id, organization_id, kind, community_id, subject_id, status, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)`,
            jobId,
            organizationId,
            kind,
            compId,
            subjectId,
            at,
            at,
          );
          return { kind, id: jobId };
        });
        return { compId, jobs };
      });
    },

    setCompIncluded(organizationId: string, subjectId: string, compId: string, included: boolean) {
      return db.transaction(() => {
        communityOrThrow(organizationId, subjectId);
        const link = db.get<{ is_included_in_surveys: number }>(
          'SELECT is_included_in_surveys FROM comps WHERE subject_id = ? AND comp_id = ?',
          subjectId,
          compId.toLowerCase(),
        );
        if (!link) throw notFound(`comparable of community ${subjectId}:`, compId);
        if (included && link.is_included_in_surveys === 0) assertRoomForActiveComp(subjectId, 'deactivate one first');
        db.run(
          'UPDATE comps SET is_included_in_surveys = ?, updated_at = ? WHERE subject_id = ? AND comp_id = ?',
          included ? 1 : 0,
          now(),
          subjectId,
          compId.toLowerCase(),
        );
        return { changed: (link.is_included_in_surveys === 1) !== included };
      });
    },

    /** Everything the overview needs, in one round trip for the survey data. */
    overviewData(organizationId: string, subjectId: string) {
      const subject = communityOrThrow(organizationId, subjectId);
      const asOf =
        db.get<{ d: string | null }>(
          "SELECT MAX(survey_date) AS d FROM surveys WHERE subject_id = ? AND status = 'completed'",
          subjectId,
        )?.d ?? null;
      const rows = db.all<PlanRow & Partial<ObservationRow> & { is_subject: number }>(
        `WITH plans AS (
           SELECT fp.* FROM floor_plans fp
            WHERE fp.community_id = :subject
               OR fp.community_id IN (SELECT comp_id FROM comps WHERE subject_id = :subject AND is_included_in_surveys = 1)
         )
         SELECT p.id, p.community_id, p.floor_plan_name, p.bedrooms, p.bathrooms, p.square_feet, p.unit_count,
                p.community_id = :subject AS is_subject,
                o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
           FROM plans p
           LEFT JOIN observations o ON o.floor_plan_id = p.id
            AND o.observed_on = (SELECT MAX(observed_on) FROM observations WHERE floor_plan_id = p.id AND observed_on <= :asOf)
          GROUP BY p.id
          ORDER BY p.bedrooms, p.bathrooms, p.floor_plan_name COLLATE NOCASE, p.id`,
        { subject: subjectId, asOf: asOf ?? '0000-00-00' },
      );
      return { subject, asOf, rows };
    },

    /** Availability rows of the subject's completed surveys, for its plans and its active comps' plans. */
    vacancyData(organizationId: string, subjectId: string) {
      const subject = communityOrThrow(organizationId, subjectId);
      const surveys = db.all<{ id: string; survey_date: string; created_at: string }>(
        `SELECT id, survey_date, created_at FROM surveys
          WHERE subject_id = ? AND status = 'completed'
          ORDER BY survey_date`,
        subjectId,
      );
      const communities = [subjectId, ...compRows(subjectId, false).map((c) => c.id)];
      const units = db.all<{ community_id: string; units: number }>(
        `SELECT community_id, SUM(unit_count) AS units FROM floor_plans
          WHERE community_id IN (SELECT value FROM json_each(?)) GROUP BY community_id`,
        json(communities),
      );
      const availability = db.all<{ survey_id: string; community_id: string; available_from: string; units: number }>(
        `SELECT a.survey_id, fp.community_id, a.available_from, a.units
           FROM availability a JOIN floor_plans fp ON fp.id = a.floor_plan_id
          WHERE a.survey_id IN (SELECT value FROM json_each(?))
            AND fp.community_id IN (SELECT value FROM json_each(?))`,
        json(surveys.map((s) => s.id)),
        json(communities),
      );
      // Which communities a survey observed at all, so a comp without data is not counted as 0 %.
      const observed = db.all<{ survey_id: string; community_id: string }>(
        `SELECT DISTINCT o.survey_id, fp.community_id FROM observations o JOIN floor_plans fp ON fp.id = o.floor_plan_id
          WHERE o.survey_id IN (SELECT value FROM json_each(?))`,
        json(surveys.map((s) => s.id)),
      );
      return {
        subject,
        surveys,
        compIds: communities.slice(1),
        totalUnits: new Map(units.map((u) => [u.community_id, u.units])),
        availability,
        observed,
      };
    },

    jobs(organizationId?: string) {
      return db.all<{
        id: string;
        kind: string;
        community_id: string;
        community_name: string;
        subject_id: string | null;
        status: string;
        detail: string;
        created_at: string;
        updated_at: string;
      }>(
        `SELECT j.id, j.kind, j.community_id, c.name AS community_name, j.subject_id, j.status, j.detail, j.created_at, j.updated_at
           FROM jobs j JOIN communities c ON c.id = j.community_id
          WHERE ? IS NULL OR j.organization_id = ?
          ORDER BY j.created_at, j.kind`,
        organizationId ?? null,
        organizationId ?? null,
      );
    },

    finishJob(jobId: string, status: 'done' | 'failed', detail: string) {
      db.run('UPDATE jobs SET status = ?, detail = ?, updated_at = ? WHERE id = ?', status, detail, now(), jobId);
    },

    /** Sets coordinates of a market community and its distance from one subject. */
    setLocation(communityId: string, latitude: number, longitude: number, subjectId?: string, distanceMiles?: number | null) {
      db.transaction(() => {
        db.run('UPDATE communities SET latitude = ?, longitude = ?, updated_at = ? WHERE id = ?', latitude, longitude, now(), communityId);
        if (subjectId !== undefined)
          db.run('UPDATE comps SET distance_miles = ? WHERE subject_id = ? AND comp_id = ?', distanceMiles ?? null, subjectId, communityId);
      });
    },
  };
}

export type PricingStore = ReturnType<typeof pricingStore>;
