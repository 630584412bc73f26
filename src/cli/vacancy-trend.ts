/**
 * A community's vacancy trend within a date range. The range is our service's
 * documented extension: the spec shows no query parameters for vacancy-trend,
 * so a service that refuses them (400) is asked for the whole trend, and the
 * range is applied here — to the points read and to the body printed by --json.
 */
import type { ReadOf } from '../api/endpoints.js';
import { ApiError } from './errors.js';
import type { ApiClient } from './http/client.js';

type Trend = ReadOf<'getVacancyTrend'>;

export interface TrendRange {
  start_date?: string | undefined;
  end_date?: string | undefined;
}

const within = (range: TrendRange) => (point: { date?: unknown }) => {
  const day = typeof point.date === 'string' ? point.date.slice(0, 10) : '';
  return (range.start_date === undefined || day >= range.start_date) && (range.end_date === undefined || day <= range.end_date);
};

/** The trend's points in `range`; `rangedHere` when the service refused the range and the whole trend was cut here. */
export async function vacancyTrendIn(
  api: ApiClient,
  id: string,
  range: TrendRange,
): Promise<{ data: Trend; raw: unknown; rangedHere: boolean }> {
  const ranged = range.start_date !== undefined || range.end_date !== undefined;
  try {
    const { data, raw } = await api.call('getVacancyTrend', { params: { id }, query: range });
    return { data, raw, rangedHere: false };
  } catch (error) {
    if (!ranged || !(error instanceof ApiError) || error.status !== 400) throw error;
  }
  const { data, raw } = await api.call('getVacancyTrend', { params: { id } });
  const keep = within(range);
  const trends = data.trends.filter(keep);
  const body = raw as { trends?: unknown };
  const rawTrends = Array.isArray(body.trends) ? (body.trends as { date?: unknown }[]).filter(keep) : body.trends;
  return {
    data: { ...data, trends, total_surveys: trends.length },
    raw: { ...body, trends: rawTrends, total_surveys: trends.length },
    rangedHere: true,
  };
}
