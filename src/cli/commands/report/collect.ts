/**
 * What `report` shows of one community, read through the spec's endpoints (so any
 * service built from the spec can be reported on): its overview, its vacancy
 * trend (and its floor plans when the overview has no unit counts: its positioning
 * row, as `overview --all` computes it), its active comparables, and the pricing
 * history of it and of each (the comparables' over the forecast's years: the
 * rent charts carry the market's forecast and its track record).
 */
import { addDays } from '../../../domain/dates.js';
import { formatMoney, formatPercentValue, formatSignedMoney, formatSignedPercent, planLabel } from '../../../domain/format.js';
import { BASIS_TEXT, rentOnBasis, type Basis } from '../../../domain/basis.js';
import { DEFAULT_THRESHOLD, positioningRow, psiOf, type PositioningRow } from '../../../domain/positioning.js';
import { rentSeries, type PricedPlan } from '../../../domain/rent-series.js';
import { forecastCommunity, trackRecordLine } from '../../../domain/forecast.js';
import { FORECAST_HISTORY_DAYS, pricingOf, type ForecastReader } from '../forecast/read.js';
import type { CommunitySection } from '../../../output/report/sections.js';
import { plainCells, selectColumns } from '../../../output/columns.js';
import type { ApiClient } from '../../http/client.js';
import type { ChosenSubject } from '../../references.js';
import { columns as planColumns, overallSummary, type Overview } from '../overview/overview.js';
import { readSubject } from '../overview/positioning.js';

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

// A chart's axis has room for a plan's name; a plan without one goes by its layout and size.
const planName = (plan: Overview['floor_plans'][number]) => plan.floor_plan_name ?? `${planLabel(plan)} ${plan.square_feet} sf`;

/** A community's pricing in the window, each record as the rent chart reads it (the dashboard's too). */
export async function pricedPlans(api: ApiClient, id: string, window: { start: string; end: string }, basis: Basis): Promise<PricedPlan[]> {
  const { data } = await api.call('getPricingHistory', { params: { id }, query: { start_date: window.start, end_date: window.end } });
  return data.pricing.map((record) => ({
    date: record.as_of_date,
    bedrooms: record.floor_plan.bedrooms,
    rent: rentOnBasis(record, basis),
  }));
}

export interface CommunityAnswers {
  section: CommunitySection;
  /** Its row of `overview --all`, on the report's basis. */
  positioning: PositioningRow;
}

/** The positioning row in words, under the community's table. */
function positioningLine(row: PositioningRow): string {
  return (
    `Position on ${BASIS_TEXT[row.basis]}: PSI ${formatSignedPercent(psiOf(row))}, ${row.band ?? 'no'} band, signal ${row.signal}; ` +
    `gap to market ${formatSignedMoney(row.gap_to_market_cents, formatMoney)} a month; ` +
    `14-day vacancy ${formatPercentValue(row.vacancy_14d_pct)} against the comparables' ${formatPercentValue(row.comp_vacancy_pct)}`
  );
}

/** The horizons the report's rent charts forecast. */
const REPORT_HORIZONS = [4, 13, 26];

/** One community's section of the report, and the answers it was made from. */
export async function collectCommunity(
  api: ApiClient,
  subject: Pick<ChosenSubject, 'id' | 'external_community_id'>,
  /** The rent history charted, both days included (the forecast's origin is its end), and the run's reader of comparables' history. */
  options: { basis: Basis; window: { start: string; end: string }; reader: ForecastReader },
): Promise<CommunityAnswers> {
  const { id } = subject;
  const { window } = options;
  // Its positioning row's answers, as overview --all reads them, beside its comparables and rent history.
  const [{ input, overview, trend }, { data: comps }, own] = await Promise.all([
    readSubject(api, subject),
    api.call('listComps', { params: { id }, query: { include_inactive: false } }),
    pricedPlans(api, id, window, options.basis),
  ]);
  // The comparables' history once (the forecast's reader, shared by the run): the charts' window, and the forecast's years.
  const compPricing = await pricingOf(options.reader, comps.comps);
  const inWindow = (date: string) => date >= window.start && date <= window.end;
  const compPlans: PricedPlan[][] = compPricing.map((records) =>
    records.filter((r) => inWindow(r.date)).map((r) => ({ date: r.date, bedrooms: r.bedrooms, rent: options.basis === 'ner' ? r.ner : r.asking })),
  );
  const forecastFrom = addDays(window.end, -FORECAST_HISTORY_DAYS + 1);
  const forecast = forecastCommunity(
    { overview, floorPlans: input.floorPlans, compPricing: compPricing.map((records) => records.filter((r) => r.date >= forecastFrom)) },
    { horizons: REPORT_HORIZONS, kinds: [options.basis === 'ner' ? 'market_ner' : 'market_asking'] },
  );
  const positioning = positioningRow(
    { ...input, forecastPsiNer13w: options.basis === 'ner' ? (forecast.holding_rents.find((h) => h.horizon_weeks === 13)?.psi_ner ?? null) : null },
    { basis: options.basis, threshold: DEFAULT_THRESHOLD },
  );
  const trackRecord = trackRecordLine(forecast.series, 13, formatMoney);
  const section: CommunitySection = {
    name: overview.community.name,
    address: overview.community.address,
    asOf: overview.as_of_date ?? null,
    positioning: plainCells(overview.floor_plans, selectColumns(planColumns, PLAN_FIELDS)),
    summary: [positioningLine(positioning), ...overallSummary(overview).map(([label, items]) => `${label}: ${items.join(', ')}`)],
    rent: {
      basis: options.basis,
      series: rentSeries(own, compPlans),
      forecast: forecast.series.map((s) => ({ bedrooms: s.bedrooms ?? 0, points: s.forecasts })),
      trackRecord: trackRecord === null ? [] : [trackRecord],
    },
    psi: overview.floor_plans
      .filter((plan) => plan.base_rent.psi !== null || plan.ner.psi !== null)
      .map((plan) => ({ plan: planName(plan), asking: plan.base_rent.psi, ner: plan.ner.psi })),
    vacancy: {
      trend: trend.trends.map((point) => ({ date: point.date.slice(0, 10), subject: point.subject_vacancy, comps: point.avg_comp_vacancy })),
      projections: trend.projections,
      surveys: trend.total_surveys,
    },
  };
  return { section, positioning };
}
