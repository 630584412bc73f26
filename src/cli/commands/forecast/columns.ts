/**
 * The rows `forecast` prints: one per community, series and horizon, with the
 * forecast (default) or its track record (--backtest). Rents are cents and
 * vacancy percent, as in the JSON; a row's `kind` says which.
 */
import type { SeriesKind } from '../../../domain/forecast.js';
import { bedroomsLabel, formatMoney, formatPercentValue } from '../../../domain/format.js';
import type { Column } from '../../../output/columns.js';
import { dollarsFromCents } from '../../../output/money.js';
import { date, number, signedPercent, text, uuid } from '../../columns.js';

export interface ForecastRow {
  community_id: string;
  community: string;
  external_community_id: string | null;
  kind: SeriesKind;
  bedrooms: number | null;
  history_weeks: number;
  last_date: string;
  last_value: number;
  horizon_weeks: number;
  date: string;
  method: string;
  point: number;
  lower_80: number;
  upper_80: number;
  lower_95: number;
  upper_95: number;
  /** The subject's NER PSI of this bedroom count at that date if its rents stay (market_ner rows). */
  held_psi_ner: number | null;
  pairs: number;
  mae: number;
  mae_baseline: number;
  baseline: string;
  coverage_80: number | null;
  coverage_95: number | null;
}

const KIND_TEXT: Record<SeriesKind, string> = { market_asking: 'asking', market_ner: 'NER', vacancy: 'vacancy' };

/** "NER 2 BR", "asking Studio", "vacancy". */
export function seriesLabel(kind: SeriesKind, bedrooms: number | null): string {
  return bedrooms === null ? KIND_TEXT[kind] : `${KIND_TEXT[kind]} ${bedroomsLabel(bedrooms)}`;
}

/** A rent in whole dollars, a vacancy in percent. */
export function formatSeriesValue(kind: SeriesKind, value: number | null | undefined): string {
  return kind === 'vacancy' ? formatPercentValue(value) : formatMoney(value);
}

/**
 * A value in the series' unit: cents (rents) or percent (vacancy) in data formats,
 * dollars or % in tables; --dollars writes the rents in dollars (vacancy stays percent).
 */
const inUnit = (key: string, get: (row: ForecastRow) => number | null, header: string, importance?: Column<ForecastRow>['importance']): Column<ForecastRow> => ({
  key,
  header,
  ...(importance ? { importance } : {}),
  value: get,
  display: (row) => formatSeriesValue(row.kind, get(row)),
  dollars: (row) => (row.kind === 'vacancy' ? get(row) : dollarsFromCents(get(row))),
  align: 'right',
});

const range = (key: string, level: 80 | 95, header: string, importance: Column<ForecastRow>['importance']): Column<ForecastRow> => ({
  key,
  header,
  importance,
  value: (row) => `${level === 80 ? row.lower_80 : row.lower_95}–${level === 80 ? row.upper_80 : row.upper_95}`,
  display: (row) =>
    `${formatSeriesValue(row.kind, level === 80 ? row.lower_80 : row.lower_95)}–${formatSeriesValue(row.kind, level === 80 ? row.upper_80 : row.upper_95)}`,
  align: 'right',
  truncate: false,
});

const coverage = (key: 'coverage_80' | 'coverage_95', header: string): Column<ForecastRow> => ({
  key,
  header,
  importance: 'high',
  value: (row) => row[key],
  display: (row) => formatPercentValue(row[key]),
  align: 'right',
  kind: 'percent',
});

const identity: Column<ForecastRow>[] = [
  text('community', (row) => row.community, 'COMMUNITY', 'key'),
  uuid('community_id', (row) => row.community_id, 'COMMUNITY ID'),
  text('external_community_id', (row) => row.external_community_id, 'EXT ID', 'low'),
  text('series', (row) => seriesLabel(row.kind, row.bedrooms), 'SERIES', 'key'),
  text('kind', (row) => row.kind, 'KIND', 'low'),
  number('bedrooms', (row) => row.bedrooms, 'BEDS', 'low'),
  number('horizon_weeks', (row) => row.horizon_weeks, 'WEEKS', 'key'),
];

export const forecastColumns: Column<ForecastRow>[] = [
  ...identity,
  date('date', (row) => row.date, 'DATE', 'normal'),
  number('history_weeks', (row) => row.history_weeks, 'HISTORY', 'low'),
  date('last_date', (row) => row.last_date, 'LAST DATE', 'low'),
  inUnit('last_value', (row) => row.last_value, 'LAST', 'high'),
  inUnit('point', (row) => row.point, 'FORECAST', 'key'),
  range('range_80', 80, '80% RANGE', 'high'),
  range('range_95', 95, '95% RANGE', 'low'),
  inUnit('lower_80', (row) => row.lower_80, 'LOW 80'),
  inUnit('upper_80', (row) => row.upper_80, 'HIGH 80'),
  inUnit('lower_95', (row) => row.lower_95, 'LOW 95'),
  inUnit('upper_95', (row) => row.upper_95, 'HIGH 95'),
  text('method', (row) => row.method, 'METHOD', 'normal'),
  signedPercent('held_psi_ner', (row) => row.held_psi_ner, 'HELD PSI', 'high'),
];

/** A table at 80 columns: the forecast and its 80 % range; the data formats carry every field. */
export const FORECAST_TABLE_FIELDS = ['community', 'series', 'horizon_weeks', 'date', 'last_value', 'point', 'range_80', 'method', 'held_psi_ner'];

export const backtestColumns: Column<ForecastRow>[] = [
  ...identity,
  number('pairs', (row) => row.pairs, 'PAIRS', 'high'),
  text('method', (row) => row.method, 'METHOD', 'key'),
  inUnit('mae', (row) => row.mae, 'MAE', 'key'),
  text('baseline', (row) => row.baseline, 'BASELINE', 'high'),
  inUnit('mae_baseline', (row) => row.mae_baseline, 'BASELINE MAE', 'key'),
  coverage('coverage_80', 'COVER 80'),
  coverage('coverage_95', 'COVER 95'),
];

export const BACKTEST_TABLE_FIELDS = ['community', 'series', 'horizon_weeks', 'pairs', 'method', 'mae', 'baseline', 'mae_baseline', 'coverage_80', 'coverage_95'];

/** Every field either view prints, once (what --fields and --sort take). */
export const allColumns: Column<ForecastRow>[] = [...new Map([...forecastColumns, ...backtestColumns].map((c) => [c.key, c])).values()];
