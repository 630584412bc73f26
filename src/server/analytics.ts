import type { QueryOutputOf, ResponseOf } from '../api/endpoints.js';
import { computeOverview, subjectPlanInput, type SurveyPrices } from '../domain/overview.js';
import {
  computeProjections,
  computeVacancy,
  PROJECTION_HORIZONS,
  vacancyTrendPoint,
  vacancyWithoutData,
  type Projections,
} from '../domain/vacancy.js';
import type { Store } from './store/index.js';

/** GET …/overview: the store gathers the latest survey data in one round trip; the domain computes. */
export function overview(store: Store, organizationId: string, id: string): ResponseOf<'getOverview'> {
  const { subject, asOf, rows } = store.analytics.overviewData(organizationId, id);
  type Row = (typeof rows)[number];
  // A plan without an observation on or before the survey comes back with null prices (LEFT JOIN).
  const priced = (row: Row): row is Row & SurveyPrices => row.market_rent_cents !== null && row.market_rent_cents !== undefined;
  const subjectPlans = rows.filter((row) => row.is_subject === 1);
  const comps = new Map<string, typeof rows>();
  for (const row of rows) {
    if (row.is_subject === 1) continue;
    const list = comps.get(row.community_id) ?? [];
    if (priced(row)) list.push(row);
    comps.set(row.community_id, list);
  }
  const result = computeOverview({
    subjectFloorPlans: subjectPlans.map((plan) => subjectPlanInput(plan, priced(plan) ? plan : undefined)),
    comps: [...comps].map(([compId, plans]) => ({
      id: compId,
      floorPlans: plans.map((plan) => ({
        bedrooms: plan.bedrooms,
        bathrooms: plan.bathrooms,
        square_feet: plan.square_feet,
        marketRentCents: plan.market_rent_cents as number,
        nerCents: plan.net_effective_rent_cents as number,
        concessions: plan.concessions ?? '',
      })),
    })),
  });
  return {
    community: { id: subject.id, name: subject.name, address: subject.address },
    as_of_date: asOf,
    floor_plans: result.floor_plans,
    overall_metrics: result.overall_metrics,
  };
}

/** GET …/vacancy: from the latest completed survey; without one, has_data false and nulls. */
export function vacancy(store: Store, organizationId: string, id: string): ResponseOf<'getVacancy'> {
  const data = store.analytics.vacancyData(organizationId, id);
  const latest = data.surveys.at(-1);
  const totalUnits = data.totalUnits.get(id) ?? 0;
  return {
    community_id: data.subject.id,
    community_name: data.subject.name,
    total_units: totalUnits,
    ...(latest ? computeVacancy({ surveyDate: latest.survey_date, totalUnits, availability: data.latestAvailability }) : vacancyWithoutData()),
    as_of_date: latest?.survey_date ?? null,
  };
}

/** GET …/vacancy-trend: one point per completed survey, and projections from the latest one. */
export function vacancyTrend(
  store: Store,
  organizationId: string,
  id: string,
  query: QueryOutputOf<'getVacancyTrend'>,
): ResponseOf<'getVacancyTrend'> {
  // Every completed survey: start_date/end_date limit the trend points only; the
  // projections look forward from the latest survey whatever the range (docs/metrics.md).
  const data = store.analytics.vacancyData(organizationId, id);
  const inRange = data.surveys.filter(
    (survey) =>
      (query.start_date === undefined || survey.survey_date >= query.start_date) &&
      (query.end_date === undefined || survey.survey_date <= query.end_date),
  );
  // A comp counts in a survey only when that survey observed it: no data is not 0 %. Whether it is
  // active today does not matter: a comp deactivated since keeps its past points (docs/metrics.md).
  const observed = new Map(data.observed.map((o) => [`${o.survey_id} ${o.community_id}`, o.available]));
  const count = (surveyId: string, communityId: string) => ({
    totalUnits: data.totalUnits.get(communityId) ?? 0,
    availableNext14Days: observed.get(`${surveyId} ${communityId}`) ?? 0,
  });
  const trends = inRange.map((survey) => {
    const point = vacancyTrendPoint(
      count(survey.id, id),
      data.compIds.filter((compId) => observed.has(`${survey.id} ${compId}`)).map((compId) => count(survey.id, compId)),
    );
    return {
      date: `${survey.survey_date}T00:00:00.000Z`,
      survey_id: survey.id,
      subject_vacancy: point.subject_vacancy ?? 0,
      avg_comp_vacancy: point.avg_comp_vacancy,
    };
  });
  const latest = data.surveys.at(-1);
  const projections = latest
    ? computeProjections({ asOfDate: latest.survey_date, totalUnits: data.totalUnits.get(id) ?? 0, availability: data.latestAvailability })
    : (Object.fromEntries(PROJECTION_HORIZONS.map((days) => [`${days}d`, 0])) as Projections);
  return {
    community_id: data.subject.id,
    community_name: data.subject.name,
    trends,
    projections,
    total_surveys: trends.length,
  };
}
