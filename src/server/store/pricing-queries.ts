import type { Database } from './db.js';
import { notFound } from './errors.js';

/** A floor plan row; shared by the read views, comparable writes and analytics inputs. */
export interface PlanRow {
  id: string;
  community_id: string;
  floor_plan_name: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  unit_count: number;
}

/** One floor plan's pricing on one survey date. */
export interface ObservationRow {
  floor_plan_id: string;
  observed_on: string;
  market_rent_cents: number;
  net_effective_rent_cents: number;
  units_available: number;
  concessions: string;
}

const PLAN_COLUMNS = 'id, community_id, floor_plan_name, bedrooms, bathrooms, square_feet, unit_count';
const PLAN_ORDER = 'bedrooms, bathrooms, floor_plan_name COLLATE NOCASE, id';

export const jsonIds = (ids: readonly string[]) => JSON.stringify(ids);

/** The queries every pricing idea of the store needs: plans, latest prices, a community, its comparables. */
export function pricingQueries(db: Database) {
  return {
    plansOf(communityIds: string[]): PlanRow[] {
      return db.all<PlanRow>(
        `SELECT ${PLAN_COLUMNS} FROM floor_plans WHERE community_id IN (SELECT value FROM json_each(?)) ORDER BY ${PLAN_ORDER}`,
        jsonIds(communityIds),
      );
    },

    /**
     * The most recent observation of each plan (on or before `asOf` when given).
     * Observations are only written with a completed survey, so no survey join
     * is needed, and the latest per plan is one step back along the
     * (floor_plan_seq, observed_on) index. A market community's plan may be
     * observed by several subjects' surveys on one date; any one serves.
     */
    latestObservations(planIds: string[], asOf = '9999-12-31'): Map<string, ObservationRow> {
      const rows = db.all<ObservationRow>(
        `SELECT fp.id AS floor_plan_id, o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
           FROM json_each(?) p
           JOIN floor_plans fp ON fp.id = p.value
           JOIN observations o ON (o.survey_seq, o.floor_plan_seq) =
                (SELECT survey_seq, floor_plan_seq FROM observations WHERE floor_plan_seq = fp.seq AND observed_on <= ?
                  ORDER BY observed_on DESC LIMIT 1)`,
        jsonIds(planIds),
        asOf,
      );
      const latest = new Map<string, ObservationRow>();
      for (const row of rows) if (!latest.has(row.floor_plan_id)) latest.set(row.floor_plan_id, row);
      return latest;
    },

    /** Active comparables per subject. */
    activeCompCounts(subjectIds: string[]): Map<string, number> {
      const rows = db.all<{ subject_id: string; n: number }>(
        `SELECT subject_id, count(*) AS n FROM comps
          WHERE is_included_in_surveys = 1 AND subject_id IN (SELECT value FROM json_each(?)) GROUP BY subject_id`,
        jsonIds(subjectIds),
      );
      return new Map(rows.map((row) => [row.subject_id, row.n]));
    },

    communityOrThrow(organizationId: string, id: string) {
      const community = db.get<{ id: string; name: string; address: string; latitude: number | null; longitude: number | null; zipcode: string }>(
        'SELECT id, name, address, zipcode, latitude, longitude FROM communities WHERE id = ? AND organization_id = ?',
        id,
        organizationId,
      );
      if (!community) throw notFound('community', id);
      return community;
    },

    /** A subject's comparables, nearest first (unknown distances last). */
    compRows(subjectId: string, includeInactive: boolean) {
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
    },
  };
}

export type PricingQueries = ReturnType<typeof pricingQueries>;
