import {
  formatMoney,
  formatPerSqft,
  formatSignedPercent,
} from '../domain/format.js';
import type { Column } from '../output/render.js';

/** Column helpers shared by commands: raw value for csv/ndjson, formatted display for tables. */
export const text = <Row>(key: string, get: (row: Row) => string | null | undefined, header?: string): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  value: (row) => get(row) ?? null,
  // A value the service did not send (null, or an optional field left out) reads as "—", like numbers.
  display: (row) => get(row) ?? '—',
});

export const number = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  value: (row) => get(row) ?? null,
  display: (row) => {
    const v = get(row);
    return v === null || v === undefined ? '—' : String(v);
  },
  align: 'right',
});

export const money = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  value: (row) => get(row) ?? null,
  display: (row) => formatMoney(get(row)),
  align: 'right',
});

export const perSqft = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  value: (row) => get(row) ?? null,
  display: (row) => formatPerSqft(get(row)),
  align: 'right',
});

/** A signed fraction shown as +4.2%, green below market and red above when colors are on. */
export const signedPercent = <Row>(
  key: string,
  get: (row: Row) => number | null | undefined,
  header?: string,
): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  value: (row) => get(row) ?? null,
  display: (row, style) => {
    const v = get(row);
    const shown = formatSignedPercent(v);
    if (v === null || v === undefined || v === 0) return shown;
    return v > 0 ? style.negative(shown) : style.positive(shown);
  },
  align: 'right',
});

export const bool = <Row>(key: string, get: (row: Row) => boolean, header?: string, labels: [string, string] = ['yes', 'no']): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  value: (row) => get(row),
  display: (row, style) => (get(row) ? labels[0] : style.muted(labels[1])),
});
