/** How a forecast is drawn in the terminal: `forecast --chart` and the dashboard's rent and vacancy charts. */
import type { SeriesForecast } from '../../../domain/forecast.js';
import type { ChartSeries } from '../../../output/chart.js';
import { formatSeriesValue } from './columns.js';

/** The forecast and its 80 % band, each a line from the series' last value on. */
export function forecastLines(series: SeriesForecast): ChartSeries[] {
  const last = { x: series.last_date, y: series.last_value };
  const ahead = (get: (f: SeriesForecast['forecasts'][number]) => number) => [last, ...series.forecasts.map((f) => ({ x: f.date, y: get(f) }))];
  return [
    { name: 'forecast', points: ahead((f) => f.point) },
    { name: '80% low', points: ahead((f) => f.lower_80) },
    { name: '80% high', points: ahead((f) => f.upper_80) },
  ];
}

/** Its forecasts in a line: `4w $1,566 (combination), 13w …`, or why there is none. */
export function forecastSummary(series: SeriesForecast): string {
  return series.forecasts.length === 0
    ? `no forecast (${series.history_weeks} weeks of history)`
    : series.forecasts.map((f) => `${f.horizon_weeks}w ${formatSeriesValue(series.kind, f.point)} (${f.method})`).join(', ');
}
