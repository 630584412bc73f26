/**
 * What `report` shows of one community, read through the spec's endpoints (so any
 * service built from the spec can be reported on): its overview, its vacancy
 * trend, its active comparables, and the pricing history of it and of each.
 */
import { addDays } from '../../../domain/dates.js';
import { rentSeries, type PricedPlan } from '../../../domain/rent-series.js';
import { reportTable, type CommunitySection } from '../../../output/report/html.js';
import { selectColumns } from '../../../output/render.js';
import type { ReadOf } from '../../../api/endpoints.js';
import type { ApiClient } from '../../http/client.js';
import { columns as planColumns, overallSummary, type Overview } from '../overview/overview.js';

type Basis = 'asking' | 'ner';

/** The overview's columns the report prints (the plan's label says BD/BA). */
const PLAN_FIELDS = [
  'floor_plan',
  'square_feet',
  'base_subject_rent',
  'base_avg_comp_rent',
  'base_psi',
  'base_percentile_rank',
  'ner_subject_rent',
  'ner_avg_comp_rent',
  'ner_psi',
  'market_range',
  'comps_with_data',
  'comps_offering_concessions',
];

const planName = (plan: Overview['floor_plans'][number]) =>
  plan.floor_plan_name ?? `${plan.bedrooms === 0 ? 'Studio' : `${plan.bedrooms} BR`}/${plan.bathrooms} BA ${plan.square_feet} sf`;

async function pricedPlans(api: ApiClient, id: string, window: { start: string; end: string }, basis: Basis): Promise<PricedPlan[]> {
  const { data } = await api.call('getPricingHistory', { params: { id }, query: { start_date: window.start, end_date: window.end } });
  return data.pricing.map((record) => ({
    date: record.as_of_date,
    bedrooms: record.floor_plan.bedrooms,
    rent: basis === 'ner' ? record.net_effective_rent_cents : record.market_rent_cents,
  }));
}

export interface CommunityAnswers {
  section: CommunitySection;
  overview: Overview;
  trend: ReadOf<'getVacancyTrend'>;
}

/** One community's section of the report, and the answers it was made from. */
export async function collectCommunity(api: ApiClient, id: string, options: { basis: Basis; days: number; today: string }): Promise<CommunityAnswers> {
  const window = { start: addDays(options.today, -options.days + 1), end: options.today };
  const params = { params: { id } };
  const [{ data: overview }, { data: trend }, { data: comps }, subject] = await Promise.all([
    api.call('getOverview', params),
    api.call('getVacancyTrend', params),
    api.call('listComps', { ...params, query: { include_inactive: false } }),
    pricedPlans(api, id, window, options.basis),
  ]);
  // One comparable at a time: a subject's are a handful, and subjects are read a few at once.
  const compPlans: PricedPlan[][] = [];
  for (const comp of comps.comps) compPlans.push(await pricedPlans(api, comp.id, window, options.basis));
  const section: CommunitySection = {
    name: overview.community.name,
    address: overview.community.address,
    asOf: overview.as_of_date ?? null,
    positioning: reportTable(overview.floor_plans, selectColumns(planColumns, PLAN_FIELDS)),
    summary: overallSummary(overview).map(([label, items]) => `${label}: ${items.join(', ')}`),
    rent: { basis: options.basis, series: rentSeries(subject, compPlans) },
    psi: overview.floor_plans
      .filter((plan) => plan.base_rent.psi !== null || plan.ner.psi !== null)
      .map((plan) => ({ plan: planName(plan), asking: plan.base_rent.psi, ner: plan.ner.psi })),
    vacancy: {
      trend: trend.trends.map((point) => ({ date: point.date.slice(0, 10), subject: point.subject_vacancy, comps: point.avg_comp_vacancy })),
      projections: trend.projections,
      surveys: trend.total_surveys,
    },
  };
  return { section, overview, trend };
}
