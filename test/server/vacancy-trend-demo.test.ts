// The vacancy trend counts each survey's availability in SQL (one pass, not a
// filter of every row for each survey and community). On the demo portfolio,
// every point must equal the domain's definition applied to the raw rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { computeProjections, computeVacancyTrendPoint } from '../../src/domain/vacancy.js';
import { startService, type TestService } from '../helpers/server.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startService({ seed: 'demo', responseCache: false });
}, 60_000);
afterAll(() => svc?.close());

/** The trend of `id` as served, checked against the domain's definition applied to the raw rows; returns it. */
async function expectTrendOfRawRows(id: string, key: string) {
  const { db } = svc.store;
  const answer = await svc.request('GET', `/rentsurvey/communities/${id}/vacancy-trend`, { key });
  const trend = endpoints.getVacancyTrend.response.parse(answer.body);
  const communities = [id, ...db.all<{ comp_id: string }>('SELECT comp_id FROM comps WHERE subject_id = ?', id).map((c) => c.comp_id)];
  const units = (community: string) => db.get<{ n: number }>('SELECT SUM(unit_count) AS n FROM floor_plans WHERE community_id = ?', community)!.n ?? 0;
  const rows = (survey: string, community: string) =>
    db.all<{ available_from: string; units: number }>(
      `SELECT a.available_from, a.units FROM observation_availability a JOIN floor_plans fp ON fp.seq = a.floor_plan_seq
        WHERE a.survey_seq = (SELECT seq FROM surveys WHERE id = ?) AND fp.community_id = ?`,
      survey,
      community,
    );
  const observed = (survey: string, community: string) =>
    db.get(
      `SELECT 1 AS x FROM observations o JOIN floor_plans fp ON fp.seq = o.floor_plan_seq
        WHERE o.survey_seq = (SELECT seq FROM surveys WHERE id = ?) AND fp.community_id = ?`,
      survey,
      community,
    ) !== undefined;
  const surveys = db.all<{ id: string; survey_date: string }>("SELECT id, survey_date FROM surveys WHERE subject_id = ? AND status = 'completed' ORDER BY survey_date", id);
  expect(trend.trends.map((t) => t.survey_id)).toEqual(surveys.map((s) => s.id));
  for (const [i, survey] of surveys.entries()) {
    const input = (community: string) => ({ surveyDate: survey.survey_date, totalUnits: units(community), availability: rows(survey.id, community) });
    const expected = computeVacancyTrendPoint(
      input(id),
      communities.slice(1).filter((c) => observed(survey.id, c)).map(input),
    );
    expect(trend.trends[i]).toMatchObject({ subject_vacancy: expected.subject_vacancy ?? 0, avg_comp_vacancy: expected.avg_comp_vacancy });
  }
  const latest = surveys.at(-1)!;
  expect(trend.projections).toEqual(computeProjections({ asOfDate: latest.survey_date, totalUnits: units(id), availability: rows(latest.id, id) }));
  return { trend, latest };
}

describe('vacancy-trend on the demo portfolio', () => {
  it('every point and projection is the domain’s, from the raw availability rows', async () => {
    const organizationId = svc.store.accounts.defaultOrganizationId()!;
    const key = svc.key(organizationId);
    const subjects = svc.store.db.all<{ id: string }>('SELECT id FROM communities WHERE organization_id = ? AND managed = 1 ORDER BY name LIMIT 5', organizationId);
    expect(subjects.length).toBe(5);
    for (const { id } of subjects) {
      const { trend } = await expectTrendOfRawRows(id, key);
      expect(trend.trends.some((t) => t.subject_vacancy > 0 && (t.avg_comp_vacancy ?? 0) > 0)).toBe(true);
    }
  }, 60_000);

  it('an import that replaces a survey’s rows moves its point (the per-survey counts are kept by the importer)', async () => {
    const organizationId = svc.store.accounts.defaultOrganizationId()!;
    const key = svc.key(organizationId);
    const id = svc.store.db.get<{ id: string }>('SELECT id FROM communities WHERE organization_id = ? AND managed = 1 ORDER BY name LIMIT 1', organizationId)!.id;
    const before = await expectTrendOfRawRows(id, key);
    const plans = svc.store.db.all<{ id: string; unit_count: number }>('SELECT id, unit_count FROM floor_plans WHERE community_id = ?', id);
    // Every unit of the subject available on the latest survey's date: 100 % vacancy.
    svc.store.imports.importObservations(
      organizationId,
      plans.map((plan, i) => ({
        line: i + 2, subject_key: id, date: before.latest.survey_date, floor_plan_key: plan.id,
        market_rent_cents: 150_000, units_available: plan.unit_count, concessions: '',
      })),
    );
    const after = await expectTrendOfRawRows(id, key);
    expect(after.trend.trends.at(-1)!.subject_vacancy).toBe(100);
    expect(before.trend.trends.at(-1)!.subject_vacancy).toBeLessThan(100);
    expect(after.trend.trends.slice(0, -1)).toEqual(before.trend.trends.slice(0, -1));
  }, 60_000);
});
