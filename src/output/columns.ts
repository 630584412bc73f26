/**
 * Columns: what a list or record prints, field by field, and what --fields and
 * --sort do with them. Every format (table, csv, json, ndjson, md) reads rows
 * through these definitions.
 */
import { createStyle, type Style } from './style.js';

export interface Column<Row> {
  /** Field name: what --fields accepts, the CSV header and the ndjson/json key. */
  key: string;
  /** Table header; defaults to the key's words upper-cased ("market_rent" → "MARKET RENT"). */
  header?: string;
  /** Label in record views; defaults to the key in sentence case ("market_rent" → "Market rent"). */
  label?: string;
  /** Raw value for csv/ndjson/json: cents, ISO dates, numbers, booleans; null for none. */
  value: (row: Row) => unknown;
  /** Table/record cell for humans; may use color. Defaults to `displayFor`, else the raw value as text. */
  display?: (row: Row, style: Style) => string;
  /**
   * The cells of a column whose format depends on all of its values (one money or decimal
   * format per column): given every row printed, the display of each. `display`, when a
   * column sets one too, wins (a helper's column given its own display).
   */
  displayFor?: (rows: readonly Row[]) => (row: Row, style: Style) => string;
  /** Defaults to right when every non-null value is a number. */
  align?: 'left' | 'right';
  /**
   * Whether the cell may be cut ("…") to fit the terminal. Default: yes for left-aligned
   * text, no for right-aligned numbers. Set false for ids people copy.
   */
  truncate?: boolean;
  /**
   * How much the column matters when a terminal is too narrow for every column: the least
   * important are left out first (the rightmost of equals first), and only they may be cut
   * short. `id` (UUIDs) is left out of terminal tables unless --wide or --fields asks for it:
   * names identify rows there. Default: normal.
   */
  importance?: Importance;
  /**
   * Money in cents: the value in dollars, for --dollars (`dollarsFromCents`); a key ending in
   * `_cents` then ends in `_dollars`. Set by the money column helpers (src/cli/columns.ts).
   */
  dollars?: (row: Row) => unknown;
  /**
   * On a column in dollars (made by `dollarColumns`), the column in cents it was made from:
   * --fields and --sort also take that column's name, and --sort orders by its cents.
   */
  inCents?: Column<Row>;
  /**
   * What the raw value is, where typed outputs (xlsx workbooks) need to know: `date` (YYYY-MM-DD
   * or an ISO time), `fraction` (0.031 is 3.1%: PSI) or `percent` (3.1 is 3.1%). Money is known by `dollars`.
   */
  kind?: 'date' | 'fraction' | 'percent';
}

/** Least important first: `fitColumns` ranks columns by their index here. */
export const IMPORTANCE = ['id', 'low', 'normal', 'high', 'key'] as const;
export type Importance = (typeof IMPORTANCE)[number];

/** --sort: a column key (or `_dollars` name of a money column with --dollars), and its direction. */
export interface SortOrder {
  key: string;
  descending: boolean;
}

// ---------------------------------------------------------------- fields

/**
 * Why --fields cannot be applied to these columns (names no column has, matched
 * case-insensitively), or undefined when it can. The CLI turns it into its usage error.
 */
export function unknownFieldsProblem<Row>(columns: readonly Column<Row>[], fields?: readonly string[]): string | undefined {
  const unknown = (fields ?? []).filter((n) => findColumn(columns, n) === undefined);
  if (unknown.length === 0) return undefined;
  const quoted = unknown.map((n) => `"${n}"`).join(', ');
  return `unknown field${unknown.length > 1 ? 's' : ''} ${quoted}; available fields: ${columns.map((c) => c.key).join(', ')}`;
}

/** Why --sort cannot sort these columns, or undefined when it can. */
export function unknownSortProblem<Row>(columns: readonly Column<Row>[], sort: SortOrder | undefined): string | undefined {
  if (sort === undefined || findColumn(columns, sort.key) !== undefined) return undefined;
  return `--sort: no column "${sort.key}"; available columns: ${columns.map((c) => c.key).join(', ')} (prefix - for descending)`;
}

/** Columns named by --fields, in --fields order; all columns when none are given. */
export function selectColumns<Row>(columns: readonly Column<Row>[], fields?: readonly string[]): Column<Row>[] {
  if (!hasFields(fields)) return [...columns];
  const problem = unknownFieldsProblem(columns, fields);
  // The CLI checks user input before it gets here: this is a caller's bug.
  if (problem) throw new Error(problem);
  const picked = fields.map((n) => findColumn(columns, n) as Column<Row>);
  return [...new Set(picked)];
}

export function hasFields(fields: readonly string[] | undefined): fields is readonly string[] {
  return fields !== undefined && fields.length > 0;
}

/** The column a name given by the user means: its key, case-insensitively, or the key it had in cents. */
function findColumn<Row>(columns: readonly Column<Row>[], name: string): Column<Row> | undefined {
  const wanted = name.toLowerCase();
  return columns.find((c) => c.key.toLowerCase() === wanted) ?? columns.find((c) => c.inCents?.key.toLowerCase() === wanted);
}

// ---------------------------------------------------------------- sort / limit

// Deterministic whatever the locale; "A2" before "A10"; case and accents only break no ties.
// Made on first use: building it loads ICU's collation data (≈ 10 ms), which a command that sorts nothing never needs.
let collator: Intl.Collator | undefined;
const collate = (a: string, b: string) => (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b);

/**
 * Rows ordered by one column's raw value (what csv prints: cents, ISO dates): numbers as
 * numbers, text as people order it, no value last in either direction; stable.
 */
export function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: SortOrder | undefined): Row[] {
  if (sort === undefined) return [...rows];
  const found = findColumn(columns, sort.key);
  // The CLI checks user input before it gets here: this is a caller's bug.
  if (!found) throw new Error(unknownSortProblem(columns, sort));
  // A column in dollars sorts by its cents: the same order, and numbers rather than amounts.
  const column = found.inCents ?? found;
  const keyed = rows.map((row) => ({ row, value: column.value(row) }));
  keyed.sort((a, b) => {
    const missingA = a.value === null || a.value === undefined || a.value === '';
    const missingB = b.value === null || b.value === undefined || b.value === '';
    if (missingA || missingB) return Number(missingA) - Number(missingB);
    const order = compareValues(a.value, b.value);
    return sort.descending ? -order : order;
  });
  return keyed.map((k) => k.row);
}

function compareValues(a: unknown, b: unknown): number {
  const rank = (v: unknown) => (typeof v === 'number' || typeof v === 'bigint' ? 0 : typeof v === 'string' ? 1 : typeof v === 'boolean' ? 2 : 3);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === 'number' || typeof a === 'bigint') return a < (b as number) ? -1 : a > (b as number) ? 1 : 0;
  if (typeof a === 'boolean') return Number(a) - Number(b);
  return collate(sortText(a), sortText(b));
}

/** A text as it sorts; a record (`community`: { id, name, … }) by its name, as its cell shows it. */
function sortText(value: unknown): string {
  if (typeof value === 'string') return value;
  const name = typeof value === 'object' && value !== null && 'name' in value ? value.name : undefined;
  return typeof name === 'string' ? name : JSON.stringify(value);
}

export function limitRows<Row>(rows: Row[], limit: number | undefined): Row[] {
  return limit === undefined ? rows : rows.slice(0, limit);
}

// ---------------------------------------------------------------- cells and headings for people

/**
 * Columns ready to show `rows` to people: each column whose format depends on all of its
 * values (displayFor) gets the display those rows decide. Tables, records and Markdown
 * read cells through the result.
 */
export function displayColumns<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): Column<Row>[] {
  return columns.map((c) => (c.display === undefined && c.displayFor ? { ...c, display: c.displayFor(rows) } : c));
}

/** A table laid out by a format of its own (Markdown, HTML, Slack): each column's header, label and alignment, and the rows' cells. */
export interface PlainCells {
  headers: string[];
  /** Record labels ("NER PSI"), for formats that say each value beside its name. */
  labels: string[];
  aligns: ('left' | 'right')[];
  rows: string[][];
}

/** `rows` as a table shows them, without color: one format per column (displayColumns), its header and alignment. */
export function plainCells<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): PlainCells {
  const shown = displayColumns(rows, columns);
  const plain = createStyle(false);
  return {
    headers: shown.map(headerOf),
    labels: shown.map(labelOf),
    aligns: shown.map((c) => alignOf(rows, c)),
    rows: rows.map((row) => shown.map((c) => displayText(c, row, plain))),
  };
}

/** A cell as people read it (table, record, Markdown): the column's display, else its raw value as text. */
export function displayText<Row>(column: Column<Row>, row: Row, style: Style): string {
  if (column.display) return column.display(row, style);
  // A column-wide format seen through one row: what a lone record shows.
  return column.displayFor ? column.displayFor([row])(row, style) : plainText(column.value(row));
}

function plainText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Right when every value present is a number (and one is), unless the column says. */
export function alignOf<Row>(rows: readonly Row[], column: Column<Row>): 'left' | 'right' {
  return column.align ?? (isNumericColumn(rows, column) ? 'right' : 'left');
}

function isNumericColumn<Row>(rows: readonly Row[], column: Column<Row>): boolean {
  let seen = false;
  for (const row of rows) {
    const v = column.value(row);
    if (v === null || v === undefined) continue;
    if (typeof v !== 'number' && typeof v !== 'bigint') return false;
    seen = true;
  }
  return seen;
}

function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim();
}

/** A table's header: the column's own, else its key's words upper-cased. */
export function headerOf<Row>(column: Column<Row>): string {
  return column.header ?? words(column.key).toUpperCase();
}

// Words a label writes as they are written everywhere else ("Invitation ID", "Website URL").
const ACRONYMS = /\b(?:id|url|api|psi|ner|cri)\b/g;

/** A record's label: the column's own, else its key in sentence case. */
export function labelOf<Row>(column: Column<Row>): string {
  if (column.label !== undefined) return column.label;
  const w = words(column.key).toLowerCase().replace(ACRONYMS, (word) => word.toUpperCase());
  return w.charAt(0).toUpperCase() + w.slice(1);
}
