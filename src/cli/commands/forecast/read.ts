/**
 * What a community's forecast is made from, read through the spec's endpoints
 * (so it works against any service built from the spec, and offline): its
 * overview (and floor plans when the overview has no unit counts), its active
 * comparables' pricing history, and its vacancy trend.
 * `forecast`, `overview --all` and `report` read it the same way.
 */
import { addDays } from '../../../domain/dates.js';
import { needsFloorPlans } from '../../../domain/positioning.js';
import type { CommunityForecastInput, PricedRecord } from '../../../domain/forecast.js';
import type { ApiClient } from '../../http/client.js';
import { vacancyTrendIn } from '../../vacancy-trend.js';

/** Three years of weekly surveys at most: enough for a season and its track record, bounded in cost. */
export const FORECAST_HISTORY_DAYS = 3 * 364;

export interface ForecastReader {
  api: ApiClient;
  /** YYYY-MM-DD: the history read ends here. */
  today: string;
  /** Days of history read (the report reads more when its window is longer). */
  days: number;
  /**
   * A comparable's pricing history, once per run: subjects of a market share
   * their comparables, and no run asks for the same thing twice.
   */
  compPricing: Map<string, Promise<PricedRecord[]>>;
}

export function forecastReader(api: ApiClient, today: string, days = FORECAST_HISTORY_DAYS): ForecastReader {
  return { api, today, days: Math.max(days, FORECAST_HISTORY_DAYS), compPricing: new Map() };
}

async function pricingHistory(reader: ForecastReader, id: string): Promise<PricedRecord[]> {
  const query = { start_date: addDays(reader.today, -reader.days + 1), end_date: reader.today };
  const { data } = await reader.api.call('getPricingHistory', { params: { id }, query });
  return data.pricing.map((record) => ({
    date: record.as_of_date,
    bedrooms: record.floor_plan.bedrooms,
    asking: record.market_rent_cents,
    ner: record.net_effective_rent_cents,
  }));
}

function compHistory(reader: ForecastReader, id: string): Promise<PricedRecord[]> {
  let history = reader.compPricing.get(id);
  if (!history) {
    history = pricingHistory(reader, id);
    // A failed read is not kept: the next subject asking for it tries again.
    history.catch(() => reader.compPricing.delete(id));
    reader.compPricing.set(id, history);
  }
  return history;
}

/**
 * The pricing history of each comparable, in order (read once per run each), all asked at once:
 * the client's window (ApiClient.inFlight, the command's --concurrency) bounds what is on the
 * wire, so a subject's comparables never wait on each other a round trip apiece.
 */
export async function pricingOf(reader: ForecastReader, comps: readonly { id: string }[]): Promise<PricedRecord[][]> {
  return Promise.all(comps.map((comp) => compHistory(reader, comp.id)));
}

/** The pricing history of each of the subject's active comparables (its market). */
export async function readMarket(reader: ForecastReader, id: string): Promise<PricedRecord[][]> {
  const { data } = await reader.api.call('listComps', { params: { id }, query: { include_inactive: false } });
  return pricingOf(reader, data.comps);
}

/** One community's forecast input, and its name as the overview gives it. */
export async function readForecastInput(reader: ForecastReader, id: string): Promise<CommunityForecastInput & { name: string; asOf: string | null }> {
  const { api } = reader;
  const params = { params: { id } };
  const [{ data: overview }, compPricing, trend] = await Promise.all([api.call('getOverview', params), readMarket(reader, id), vacancyTrendIn(api, id, {})]);
  const floorPlans = needsFloorPlans(overview) ? (await api.call('listFloorPlans', params)).data.floor_plans : undefined;
  return {
    name: overview.community.name,
    asOf: overview.as_of_date ?? null,
    overview,
    floorPlans,
    compPricing,
    vacancyTrend: trend.data.trends,
  };
}
