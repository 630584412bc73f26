import {
  formatBathrooms,
  formatMoney,
  formatMoneyExact,
  formatPerSqft,
  formatSignedMoney,
  formatSignedPercent,
  moneyFormatFor,
  numberFormatFor,
  shownDifference,
  type MoneyFormat,
} from '../domain/format.js';
import type { Column, Importance } from '../output/columns.js';
import { dollarsFromCents } from '../output/money.js';
import type { Style } from '../output/style.js';

/**
 * Column helpers shared by commands: raw value for csv/ndjson, formatted display for tables.
 * Each takes the column's importance on a narrow terminal (see Column.importance) where it is
 * not the default (normal); money columns carry their value in dollars for --dollars.
 */
const ranked = (importance: Importance | undefined) => (importance ? { importance } : {});

export const text = <Row>(key: string, get: (row: Row) => string | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  ...ranked(importance),
  value: (row) => get(row) ?? null,
  // A value the service did not send (null, or an optional field left out) reads as "—", like numbers.
  display: (row) => get(row) ?? '—',
});

/** A UUID: whole or not at all (copied into commands), and left out of terminal tables unless asked for. */
export const uuid = <Row>(key: string, get: (row: Row) => string | null | undefined, header?: string): Column<Row> => ({
  ...text(key, get, header, 'id'),
  truncate: false,
});

/** A date (YYYY-MM-DD or ISO time): never cut short, "2026…" reads as nothing; a date in a workbook. */
export const date = <Row>(key: string, get: (row: Row) => string | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  ...text(key, get, header, importance),
  truncate: false,
  kind: 'date',
});

/** A count or measure: "1,060" in tables, one number of decimals per column ("3.20" beside "0.26"). */
export const number = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  ...ranked(importance),
  value: (row) => get(row) ?? null,
  displayFor: (rows) => {
    const format = numberFormatFor(rows.map(get));
    return (row) => format(get(row));
  },
  align: 'right',
});

/** A plan's bathrooms: "1" and "1.5" each as said, in every table (not "1.0" beside a 1.5, as number() would line them up). */
export const bathrooms = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  ...number(key, get, header, importance),
  displayFor: () => (row) => formatBathrooms(get(row)),
});

/**
 * Cents: "$1,850" in tables, or "$1,849.50" with every amount of the column in cents when
 * one has cents (moneyFormatFor); integer cents in csv/ndjson, dollars with --dollars.
 */
export const money = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  ...ranked(importance),
  value: (row) => get(row) ?? null,
  displayFor: (rows) => {
    const format = moneyFormatFor(rows.map(get));
    return (row) => format(get(row));
  },
  dollars: (row) => dollarsFromCents(get(row)),
  align: 'right',
});

/**
 * An asking rent, a rent to list or an average of asking rents: whole dollars on screens
 * (what a listing shows), whatever its cents; integer cents in csv/ndjson.
 */
export const askingRent = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  ...money(key, get, header, importance),
  displayFor: () => (row) => formatMoney(get(row)),
});

/**
 * A net effective rent (or an average of them): a concession amortized over the lease, it keeps
 * its cents wherever it is shown ("$1,236.69", and "$1,700.00" beside it).
 */
export const netEffectiveRent = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  ...money(key, get, header, importance),
  displayFor: () => (row) => formatMoneyExact(get(row)),
});

/** The money format a column shows its amounts in: that of askingRent (whole dollars) or netEffectiveRent (cents). */
export const moneyFormatOf = (kind: 'asking' | 'ner'): MoneyFormat => (kind === 'asking' ? formatMoney : formatMoneyExact);

/**
 * A change between two figures shown beside it (now → target): its value the exact difference,
 * its cell the difference of the two figures as they read (so that the row adds up on the screen),
 * signed and colored as versusMarket colors a move.
 */
export const shownChange = <Row>(
  key: string,
  get: (row: Row) => number | null | undefined,
  figures: { from: (row: Row) => number | null | undefined; to: (row: Row) => number | null | undefined; format: MoneyFormat },
  header?: string,
  importance?: Importance,
): Column<Row> => ({
  ...money(key, get, header, importance),
  displayFor: () => (row, style) => {
    const shown = shownDifference(figures.from(row), figures.to(row), figures.format);
    return versusMarket(style, shown, formatSignedMoney(shown, figures.format));
  },
});

/**
 * Cents set against the market, signed and colored (versusMarket): "+$141" red, "-$42" green,
 * in the column's one money format, or whole dollars with `wholeDollars` (an estimate summed
 * over plans, whose cents say nothing). A pricing target's change, a gap to market.
 */
export const moneyChange = <Row>(
  key: string,
  get: (row: Row) => number | null | undefined,
  header?: string,
  importance?: Importance,
  options: { wholeDollars?: boolean } = {},
): Column<Row> => ({
  ...money(key, get, header, importance),
  displayFor: (rows) => {
    const format = options.wholeDollars ? formatMoney : moneyFormatFor(rows.map(get));
    return (row, style) => versusMarket(style, get(row), formatSignedMoney(get(row), format));
  },
});

/** Cents per square foot: "$2.40/sf" in tables, cents in csv/ndjson, dollars with --dollars. */
export const perSqft = <Row>(key: string, get: (row: Row) => number | null | undefined, header?: string, importance?: Importance): Column<Row> => ({
  ...money(key, get, header, importance),
  display: (row) => formatPerSqft(get(row)),
});

/**
 * A figure set against the market, colored by which side it is on: above the market
 * (or a move up, toward or past it) red, below green. One meaning wherever a command
 * compares with the comps (overview PSI, positioning gaps, pricing target changes).
 */
export function versusMarket(style: Style, value: number | null | undefined, shown: string): string {
  if (value === null || value === undefined || value === 0) return shown;
  return value > 0 ? style.negative(shown) : style.positive(shown);
}

/** A signed fraction shown as +4.2%, green below market and red above when colors are on. */
export const signedPercent = <Row>(
  key: string,
  get: (row: Row) => number | null | undefined,
  header?: string,
  importance?: Importance,
): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  ...ranked(importance),
  value: (row) => get(row) ?? null,
  display: (row, style) => {
    const v = get(row);
    return versusMarket(style, v, formatSignedPercent(v));
  },
  align: 'right',
  kind: 'fraction',
});

export const bool = <Row>(
  key: string,
  get: (row: Row) => boolean,
  header?: string,
  importance?: Importance,
  labels: [string, string] = ['yes', 'no'],
): Column<Row> => ({
  key,
  ...(header ? { header } : {}),
  ...ranked(importance),
  value: (row) => get(row),
  display: (row, style) => (get(row) ? labels[0] : style.muted(labels[1])),
});
