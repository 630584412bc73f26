/**
 * The columns of `overview --all`: one positioning row per community. The table
 * shows the basis's figures first; csv flattens the community into three columns;
 * ndjson and json keep the row as `overview --all --json` documents it.
 */
import { formatCri, formatPercentValue } from '../../../domain/format.js';
import type { Basis } from '../../../domain/basis.js';
import type { PositioningRow } from '../../../domain/positioning.js';
import { roundPercent1 } from '../../../domain/rounding.js';
import type { Format } from '../../../output/formats.js';
import type { Column, Importance } from '../../../output/columns.js';
import { date, moneyChange, number, signedPercent, text, uuid } from '../../columns.js';

type Row = PositioningRow;

/** A percent already in percent (vacancy, concession pressure): "8.0%". */
const percent = (key: string, get: (r: Row) => number | null, header: string, importance?: Importance): Column<Row> => ({
  ...number(key, get, header, importance),
  display: (r) => formatPercentValue(get(r)),
  kind: 'percent',
});

const cri = (key: string, get: (r: Row) => number | null, header: string, importance?: Importance): Column<Row> => ({
  ...number(key, get, header, importance),
  display: (r) => formatCri(get(r)),
});

/** Points of vacancy above (+) or below (−) the comps', 1 decimal; null without both. */
function vacancyAboveComps(r: Row): number | null {
  return r.vacancy_14d_pct === null || r.comp_vacancy_pct === null ? null : roundPercent1(r.vacancy_14d_pct - r.comp_vacancy_pct);
}

/** Raise (below the market) green and lower (above it) red, as PSI is colored; no data muted. */
const SIGNAL_STYLE = { raise: 'positive', lower: 'negative', hold: undefined, 'no data': 'muted' } as const;

export interface PositioningColumns {
  all: Column<Row>[];
  /** The fields each format prints without --fields. */
  defaultFields(format: Format): string[];
  /** What --wide shows: the table's columns, the vacancies apart, and the ids. */
  wideFields: string[];
}

export function positioningColumns(basis: Basis): PositioningColumns {
  const on = (of: Basis): Importance => (of === basis ? 'key' : 'low');
  const all: Column<Row>[] = [
    {
      key: 'community',
      header: 'COMMUNITY',
      importance: 'key',
      // The object in json and ndjson; a table shows the name.
      value: (r) => r.community,
      display: (r) => r.community.name,
      align: 'left',
    },
    uuid('community_id', (r) => r.community.id, 'ID'),
    text('community_name', (r) => r.community.name, 'NAME'),
    text('external_community_id', (r) => r.community.external_community_id, 'EXTERNAL ID', 'low'),
    date('as_of_date', (r) => r.as_of_date, 'SURVEY', 'low'),
    number('floor_plans_with_data', (r) => r.floor_plans_with_data, 'PLANS', 'low'),
    number('comps_with_data', (r) => r.comps_with_data, 'COMPS', 'low'),
    signedPercent('psi_asking', (r) => r.psi_asking, 'ASKING PSI', on('asking')),
    signedPercent('psi_ner', (r) => r.psi_ner, 'NER PSI', on('ner')),
    // On a narrow terminal the question's answer stays: position, dollars, vacancy against the comps', signal.
    cri('cri_asking', (r) => r.cri_asking, 'ASKING CRI', basis === 'asking' ? 'normal' : 'low'),
    cri('cri_ner', (r) => r.cri_ner, 'NER CRI', basis === 'ner' ? 'normal' : 'low'),
    text('band', (r) => r.band, 'BAND'),
    // Whole dollars, as the footer's total: (rent − comp average) × units summed over plans is an estimate.
    moneyChange('gap_to_market_cents', (r) => r.gap_to_market_cents, 'GAP/MONTH', 'key', { wholeDollars: true }),
    percent('vacancy_14d_pct', (r) => r.vacancy_14d_pct, 'VACANCY', 'high'),
    percent('comp_vacancy_pct', (r) => r.comp_vacancy_pct, 'COMP VAC', 'high'),
    {
      // One cell for both vacancies, so that an 80-column terminal keeps them side by side; sorts by the difference.
      ...number('vacancy_vs_comps_pts', (r) => vacancyAboveComps(r), 'VAC (COMPS)', 'high'),
      display: (r) => `${formatPercentValue(r.vacancy_14d_pct)} (${formatPercentValue(r.comp_vacancy_pct)})`,
    },
    percent('concession_pressure_pct', (r) => r.concession_pressure_pct, 'CONCESSIONS', 'low'),
    {
      ...text('signal', (r) => r.signal, 'SIGNAL', 'key'),
      display: (r, style) => {
        const color = SIGNAL_STYLE[r.signal];
        return color ? style[color](r.signal) : r.signal;
      },
    },
    text('basis', (r) => r.basis, 'BASIS', 'low'),
    // Where holding today's rents leaves the community in a quarter (rentsurvey forecast): read after the signal.
    signedPercent('forecast_psi_ner_13w', (r) => r.forecast_psi_ner_13w, 'NER PSI 13W', 'normal'),
  ];
  const other: Basis = basis === 'ner' ? 'asking' : 'ner';
  const table = [
    'community',
    `psi_${basis}`,
    'gap_to_market_cents',
    'vacancy_vs_comps_pts',
    'signal',
    'forecast_psi_ner_13w',
    `cri_${basis}`,
    'band',
    'concession_pressure_pct',
    `psi_${other}`,
    'floor_plans_with_data',
    'comps_with_data',
    'as_of_date',
    'external_community_id',
  ];
  const row = [
    'as_of_date',
    'floor_plans_with_data',
    'comps_with_data',
    'psi_asking',
    'psi_ner',
    'cri_asking',
    'cri_ner',
    'band',
    'gap_to_market_cents',
    'vacancy_14d_pct',
    'comp_vacancy_pct',
    'concession_pressure_pct',
    'signal',
    'basis',
    'forecast_psi_ner_13w',
  ];
  return {
    all,
    defaultFields: (format) => {
      if (format === 'table' || format === 'md') return table;
      // A csv or workbook cell holds one value: the community as its three fields.
      return format === 'csv' || format === 'xlsx' ? ['community_id', 'community_name', 'external_community_id', ...row] : ['community', ...row];
    },
    wideFields: [...table, 'vacancy_14d_pct', 'comp_vacancy_pct', 'community_id'],
  };
}
