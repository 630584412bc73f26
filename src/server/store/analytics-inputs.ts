import type { Database } from './db.js';
import { jsonIds, type ObservationRow, type PlanRow, type PricingQueries } from './pricing-queries.js';

/**
 * What the analytics endpoints (overview, vacancy, vacancy-trend) read, in as
 * few round trips as possible; the math is in src/domain, the assembly in
 * src/server/analytics.ts.
 */
export function analyticsInputsStore(db: Database, queries: PricingQueries) {
  return {
    /** Everything the overview needs, in one round trip for the survey data. */
    overviewData(organizationId: string, subjectId: string) {
      const subject = queries.communityOrThrow(organizationId, subjectId);
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
           LEFT JOIN observations o ON o.floor_plan_seq = p.seq
            AND o.observed_on = (SELECT MAX(observed_on) FROM observations WHERE floor_plan_seq = p.seq AND observed_on <= :asOf)
          GROUP BY p.id
          ORDER BY p.bedrooms, p.bathrooms, p.floor_plan_name COLLATE NOCASE, p.id`,
        { subject: subjectId, asOf: asOf ?? '0000-00-00' },
      );
      return { subject, asOf, rows };
    },

    /**
     * The subject's completed surveys and, per survey, the communities it
     * observed with their units available within the 14-day window
     * (survey_vacancy, kept by the importer) — the subject and its
     * comparables, deactivated ones too: a comparable keeps its history, so it
     * still counts in the past surveys that observed it. `latestAvailability`
     * holds the latest survey's availability rows of the subject, for the
     * vacancy and the projections.
     */
    vacancyData(organizationId: string, subjectId: string) {
      const subject = queries.communityOrThrow(organizationId, subjectId);
      const surveys = db.all<{ id: string; survey_date: string; created_at: string }>(
        `SELECT id, survey_date, created_at FROM surveys
          WHERE subject_id = ? AND status = 'completed'
          ORDER BY survey_date`,
        subjectId,
      );
      const communities = [subjectId, ...queries.compRows(subjectId, true).map((c) => c.id)];
      const units = db.all<{ community_id: string; units: number }>(
        `SELECT community_id, SUM(unit_count) AS units FROM floor_plans
          WHERE community_id IN (SELECT value FROM json_each(?)) GROUP BY community_id`,
        jsonIds(communities),
      );
      const observed = db.all<{ survey_id: string; community_id: string; available: number }>(
        `SELECT s.id AS survey_id, v.community_id, v.available_next_14_days AS available
           FROM surveys s JOIN survey_vacancy v ON v.survey_seq = s.seq
          WHERE s.subject_id = ? AND s.status = 'completed'`,
        subjectId,
      );
      const latest = surveys.at(-1);
      const latestAvailability = latest
        ? db.all<{ available_from: string; units: number }>(
            `SELECT a.available_from, a.units FROM observation_availability a JOIN floor_plans fp ON fp.seq = a.floor_plan_seq
              WHERE a.survey_seq = (SELECT seq FROM surveys WHERE id = ?) AND fp.community_id = ?`,
            latest.id,
            subjectId,
          )
        : [];
      return {
        subject,
        surveys,
        compIds: communities.slice(1),
        totalUnits: new Map(units.map((u) => [u.community_id, u.units])),
        /** Per survey, the communities it observed and their units available within the window. */
        observed,
        latestAvailability,
      };
    },
  };
}
