/**
 * --dollars: money columns, which hold cents, printed in dollars in csv and
 * ndjson (and `pricing export`). Tables already show dollars ("$1,850").
 */
import { roundTo } from '../domain/rounding.js';
import type { Column } from './columns.js';

/**
 * An amount for --dollars: cents written as dollars with exactly two decimals, in csv
 * ("1234.50") and as a JSON number in ndjson (1234.50). Fractions of a cent (per square
 * foot amounts) round half away from zero.
 */
export class DollarAmount {
  readonly text: string;

  constructor(cents: number) {
    const whole = roundTo(cents, 0);
    const abs = Math.abs(whole);
    this.text = `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }

  toString(): string {
    return this.text;
  }
}

/** Cents as a DollarAmount; null stays null (no value). */
export function dollarsFromCents(cents: number | null | undefined): DollarAmount | null {
  return typeof cents === 'number' && Number.isFinite(cents) ? new DollarAmount(cents) : null;
}

/** A money column's name with --dollars: `market_rent_cents` → `market_rent_dollars`. */
export function dollarKey(key: string): string {
  return key.replace(/_cents$/, '_dollars');
}

/**
 * --dollars, as one transform of column definitions (so a streamed export can apply it to
 * each row): every money column's value in dollars, `*_cents` keys renamed `*_dollars`,
 * each carrying the column in cents it came from. A money column whose key names no unit
 * keeps its key.
 */
export function dollarColumns<Row>(columns: readonly Column<Row>[]): Column<Row>[] {
  return columns.map((column) => (column.dollars ? { ...column, key: dollarKey(column.key), value: column.dollars, inCents: column } : column));
}
