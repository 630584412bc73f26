import { csvDocumentStart, csvRecordDelimiter, type CsvDialect } from './csv-dialect.js';
import { neutralizeFormula } from './csv-safety.js';
import type { Format } from './formats.js';
import type { IOStreams } from './io.js';
import { escapeMarkdown, markdownTable } from './markdown.js';
import { createStyle, stdoutStyle, type Style } from './style.js';
import { roundTo } from '../domain/rounding.js';
import { displayWidth, padEnd, padStart, printText, sanitize } from './text.js';

export interface Column<Row> {
  /** Field name: what --fields accepts, the CSV header and the ndjson/json key. */
  key: string;
  /** Table header; defaults to the key's words upper-cased ("market_rent" → "MARKET RENT"). */
  header?: string;
  /** Label in record views; defaults to the key in sentence case ("market_rent" → "Market rent"). */
  label?: string;
  /** Raw value for csv/ndjson/json: cents, ISO dates, numbers, booleans; null for none. */
  value: (row: Row) => unknown;
  /** Table/record cell for humans; may use color. Defaults to the raw value as text. */
  display?: (row: Row, style: Style) => string;
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
   * What the raw value is, where typed outputs (xlsx workbooks) need to know: `date` (YYYY-MM-DD
   * or an ISO time), `fraction` (0.031 is 3.1%: PSI) or `percent` (3.1 is 3.1%). Money is known by `dollars`.
   */
  kind?: 'date' | 'fraction' | 'percent';
}

const IMPORTANCE = ['id', 'low', 'normal', 'high', 'key'] as const;
export type Importance = (typeof IMPORTANCE)[number];

/** --sort: a column key (or `_dollars` name of a money column with --dollars), and its direction. */
export interface SortOrder {
  key: string;
  descending: boolean;
}

export interface RenderListOptions<Row> {
  format: Format;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** --fields: subset and order of columns, as the user gave them. Callers check the names first (unknownFields). */
  fields?: readonly string[];
  /** The columns, in order, when no --fields is given (e.g. a narrower table than the CSV); all by default. */
  defaultFields?: readonly string[];
  /** What --wide shows in a table when no --fields is given; every column by default. */
  wideFields?: readonly string[];
  /** --sort (any column of the list, shown or not); not for json, which is the API's body. */
  sort?: SortOrder | undefined;
  /** --limit: at most this many rows, after sorting; not for json. */
  limit?: number | undefined;
  /** --dollars: money columns in dollars in csv and ndjson (see dollarColumns). */
  dollars?: boolean | undefined;
  /** Which CSV (csv-dialect.ts): plain by default; excel with --excel. */
  csvDialect?: CsvDialect | undefined;
  /** --wide: a terminal table shows every column at full width (the terminal may wrap). */
  wide?: boolean | undefined;
  /** Headers of the columns a terminal table left out (ids, and what did not fit). */
  omitted?: (headers: string[]) => void;
  /**
   * The API body, printed as-is for --format json. With --fields its list of rows is reduced
   * to those keys (see reduceJson). Without a body, json prints the rows as column objects.
   */
  json?: unknown;
  /** Property of `json` holding the rows; found automatically when it is the only array. */
  jsonRowsKey?: string;
  /** Table format only: said when there are no rows. */
  emptyMessage?: string;
  /** Where the empty message goes (the CLI's logger, which honours --quiet); stderr by default. */
  notice?: (message: string) => void;
}

export async function renderList<Row>(io: IOStreams, options: RenderListOptions<Row>): Promise<void> {
  const { format } = options;
  const all = options.dollars && (format === 'csv' || format === 'ndjson') ? dollarColumns(options.columns) : options.columns;
  const chosen = hasFields(options.fields);
  const wide = options.wide === true && format === 'table';
  const columns = selectColumns(all, chosen ? options.fields : wide ? (options.wideFields ?? undefined) : options.defaultFields);
  // The json body is the API's, untouched; every other format shows the rows sorted and cut.
  const rows = format === 'json' ? options.rows : limitRows(sortRows(options.rows, all, options.sort), options.limit);
  switch (format) {
    case 'json': {
      const fields = hasFields(options.fields) ? columns : undefined;
      const body =
        options.json === undefined
          ? rows.map((row) => rowObject(row, columns))
          : fields
            ? reduceJson(options.json, fields, rows, options.jsonRowsKey)
            : options.json;
      printJson(io, body);
      return;
    }
    case 'ndjson':
      io.stdout.write(formatNdjson(rows, columns));
      return;
    case 'csv':
      io.stdout.write(await formatCsv(rows, columns, options.csvDialect));
      return;
    case 'table':
    case 'md':
      if (rows.length === 0) {
        const message = options.emptyMessage ?? 'No results';
        if (options.notice) options.notice(message);
        else printText(io, `${message}\n`, 'stderr');
        return;
      }
      io.stdout.write(
        options.format === 'md'
          ? formatMarkdown(rows, columns)
          : await formatTable(io, rows, columns, {
              layout: wide ? 'wide' : chosen ? 'chosen' : 'fit',
              ...(options.omitted ? { omitted: options.omitted } : {}),
            }),
      );
      return;
  }
}

export interface RenderRecordOptions<Row> {
  format: Format;
  record: Row;
  columns: readonly Column<Row>[];
  fields?: readonly string[];
  /** The API body for --format json (reduced with pickFields when --fields is given). */
  json?: unknown;
  /** --dollars: money columns in dollars in csv and ndjson. */
  dollars?: boolean | undefined;
  /** Which CSV (csv-dialect.ts): plain by default; excel with --excel. */
  csvDialect?: CsvDialect | undefined;
}

/** One object (e.g. `communities show`): a label/value list for humans, one row for machines. */
export async function renderRecord<Row>(io: IOStreams, options: RenderRecordOptions<Row>): Promise<void> {
  const dollars = options.dollars && (options.format === 'csv' || options.format === 'ndjson');
  const columns = selectColumns(dollars ? dollarColumns(options.columns) : options.columns, options.fields);
  const { record } = options;
  switch (options.format) {
    case 'json': {
      const body =
        options.json === undefined
          ? rowObject(record, columns)
          : hasFields(options.fields)
            ? reduceItem(options.json, columns, record)
            : options.json;
      printJson(io, body);
      return;
    }
    case 'ndjson':
      io.stdout.write(formatNdjson([record], columns));
      return;
    case 'csv':
      io.stdout.write(await formatCsv([record], columns, options.csvDialect));
      return;
    case 'table':
      io.stdout.write(formatKeyValue(io, record, columns));
      return;
    case 'md':
      io.stdout.write(
        markdownTable(
          ['Field', 'Value'],
          columns.map((c) => [escapeMarkdown(c.label ?? defaultLabel(c.key)), markdownCell(c, record)]),
          ['left', 'left'],
        ),
      );
      return;
  }
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
  const picked = (fields ?? []).map((n) => findColumn(columns, n) as Column<Row>);
  return [...new Set(picked)];
}

/** The column a name given by the user means: its key, case-insensitively, or the key it had in cents. */
function findColumn<Row>(columns: readonly Column<Row>[], name: string): Column<Row> | undefined {
  const wanted = name.toLowerCase();
  return (
    columns.find((c) => c.key.toLowerCase() === wanted) ??
    columns.find((c) => IN_CENTS.get(c)?.key.toLowerCase() === wanted)
  );
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
  const column = (IN_CENTS.get(found) as Column<Row> | undefined) ?? found;
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
  return collate(typeof a === 'string' ? a : JSON.stringify(a), typeof b === 'string' ? b : JSON.stringify(b));
}

function limitRows<Row>(rows: Row[], limit: number | undefined): Row[] {
  return limit === undefined ? rows : rows.slice(0, limit);
}

// ---------------------------------------------------------------- dollars

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

// Each column in dollars and the column in cents it was made from: --fields and --sort take
// its old key, and --sort orders by cents.
const IN_CENTS = new WeakMap<Column<never>, Column<never>>();

/**
 * --dollars, as one transform of column definitions (so a streamed export can apply it to
 * each row): every money column's value in dollars, `*_cents` keys renamed `*_dollars`.
 * A money column whose key names no unit keeps its key.
 */
/** A money column's name with --dollars: `market_rent_cents` → `market_rent_dollars`. */
export function dollarKey(key: string): string {
  return key.replace(/_cents$/, '_dollars');
}

export function dollarColumns<Row>(columns: readonly Column<Row>[]): Column<Row>[] {
  return columns.map((column) => {
    const { dollars } = column;
    if (!dollars) return column;
    const inDollars: Column<Row> = { ...column, key: dollarKey(column.key), value: dollars };
    IN_CENTS.set(inDollars as Column<never>, column as Column<never>);
    return inDollars;
  });
}

/**
 * Reduces the rows of an API body to the selected columns, keeping the envelope
 * (`{"communities":[...],"total":3}` stays an object). The rows are `jsonRowsKey`,
 * else the body itself when it is an array, else its only array property; a body
 * without one is reduced as a single object. A key the item lacks (a computed
 * column) is taken from the column when rows and items correspond one to one.
 */
export function reduceJson<Row>(
  json: unknown,
  columns: readonly Column<Row>[],
  rows: readonly Row[] = [],
  jsonRowsKey?: string,
): unknown {
  const reduceList = (list: unknown[]): unknown[] =>
    list.map((item, i) => reduceItem(item, columns, list.length === rows.length ? rows[i] : undefined));
  if (Array.isArray(json)) return reduceList(json);
  if (!isPlainObject(json)) return json;
  const key = jsonRowsKey ?? onlyArrayKey(json);
  if (key === undefined) return reduceItem(json, columns, rows.length === 1 ? rows[0] : undefined);
  const list = json[key];
  return { ...json, [key]: Array.isArray(list) ? reduceList(list) : list };
}

function reduceItem<Row>(item: unknown, columns: readonly Column<Row>[], row: Row | undefined): unknown {
  if (!isPlainObject(item)) return item;
  const out: Record<string, unknown> = {};
  for (const c of columns) {
    // A key holding undefined is one JSON text would not have (an answer handed over in-process).
    if (Object.hasOwn(item, c.key) && item[c.key] !== undefined) out[c.key] = item[c.key];
    else if (row !== undefined) out[c.key] = jsonValue(c.value(row));
  }
  return out;
}

function onlyArrayKey(obj: Record<string, unknown>): string | undefined {
  const keys = Object.keys(obj).filter((k) => Array.isArray(obj[k]));
  return keys.length === 1 ? keys[0] : undefined;
}

function hasFields(fields: readonly string[] | undefined): fields is readonly string[] {
  return fields !== undefined && fields.length > 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------- json / ndjson

export interface FormatJsonOptions {
  pretty?: boolean;
  color?: boolean;
}

/** JSON text with a trailing newline; pretty (2 spaces, optionally colored) for people. */
export function formatJson(value: unknown, options: FormatJsonOptions = {}): string {
  const text = escapeC1(JSON.stringify(value, null, options.pretty ? 2 : undefined) ?? 'null');
  return `${options.color ? colorizeJson(text, createStyle(true)) : text}\n`;
}

/** Data already in its format (a CSV document, say): written byte for byte, since it is for programs. */
export function printData(io: IOStreams, data: string): void {
  io.stdout.write(data);
}

/** Pretty and colored on a terminal, compact when piped (`| jq` reformats anyway). */
export function printJson(io: IOStreams, value: unknown): void {
  io.stdout.write(formatJson(value, { pretty: io.isStdoutTTY, color: io.isStdoutTTY && io.colorEnabled }));
}

export function formatNdjson<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return rows.map((row) => `${escapeC1(JSON.stringify(rowObject(row, columns)))}\n`).join('');
}

function rowObject<Row>(row: Row, columns: readonly Column<Row>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of columns) out[c.key] = jsonValue(c.value(row));
  return out;
}

function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof DollarAmount) return JSON.rawJSON(value.text);
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  return value;
}

// JSON.stringify leaves C1 controls raw; some terminals act on them (0x9b is CSI).
function escapeC1(text: string): string {
  return text.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const JSON_TOKEN = /("(?:\\u[0-9a-fA-F]{4}|\\[^u]|[^\\"])*")(\s*:)?|\b(?:true|false)\b|\bnull\b|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

function colorizeJson(text: string, style: Style): string {
  const { chalk } = style;
  return text.replace(JSON_TOKEN, (match, str: string | undefined, colon: string | undefined) => {
    if (str !== undefined) return colon !== undefined ? chalk.blue(str) + colon : chalk.green(str);
    if (match === 'null') return chalk.gray(match);
    if (match === 'true' || match === 'false') return chalk.yellow(match);
    return chalk.cyan(match);
  });
}

// ---------------------------------------------------------------- csv

/** Header of column keys, then raw values; quoting is csv-stringify's. */
export async function formatCsv<Row>(rows: readonly Row[], columns: readonly Column<Row>[], dialect: CsvDialect = 'plain'): Promise<string> {
  return (await formatCsvHeader(columns.map((c) => c.key), dialect)) + (await formatCsvRecords(rows, columns, [], dialect));
}

/** The start of a CSV document (Excel's byte-order mark) and its header line, for a CSV written in parts (`pricing export`). */
export async function formatCsvHeader(keys: readonly string[], dialect: CsvDialect = 'plain'): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return csvDocumentStart(dialect) + stringify([keys], { eof: false }) + csvRecordDelimiter(dialect);
}

/**
 * Rows without a header, each after the `shared` cells (`pricing export`: a
 * community's market and identity on each of its rows). csv-stringify quotes
 * each cell on its own and joins a record's cells with the delimiter, so a
 * cell's text depends on its value alone: the shared cells are formatted once,
 * each distinct value of a column once per call (a community's dates, plans and
 * concession texts repeat from row to row), and a finite number is its own text
 * (digits, ".", "-", "e", "+": nothing csv-stringify quotes) — the same text as
 * csv-stringify of every cell of every row (a property test holds it to that),
 * at a fraction of the work on a long export.
 */
export async function formatCsvRecords<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  shared: readonly unknown[] = [],
  dialect: CsvDialect = 'plain',
): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  // One record, no record delimiter after it. (Naming record_delimiter would stop csv-stringify quoting cells with \r.)
  const format = (cells: readonly unknown[]) => stringify([cells.map(csvValue)], { eof: false });
  const texts = columns.map(() => new Map<unknown, string>());
  const start = shared.length > 0 ? format(shared) + CSV_DELIMITER : '';
  // Each record's cells joined at once (flat strings), not appended one by one (a chain of partial strings per cell).
  const cells: string[] = new Array<string>(columns.length);
  const records: string[] = [];
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      const value = columns[i]!.value(row);
      if (typeof value === 'number' && Number.isFinite(value)) cells[i] = csvValue(value);
      else {
        let cell = texts[i]!.get(value);
        if (cell === undefined) {
          cell = format([value]);
          // An object (a Date) is kept by identity, and could change: only plain values are remembered.
          if (typeof value !== 'object' || value === null) texts[i]!.set(value, cell);
        }
        cells[i] = cell;
      }
    }
    records.push(start + cells.join(CSV_DELIMITER));
  }
  const delimiter = csvRecordDelimiter(dialect);
  return records.length === 0 ? '' : records.join(delimiter) + delimiter;
}

// csv-stringify's default, named here because formatCsvRecords joins its pieces with it.
const CSV_DELIMITER = ',';

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A CSV is often looked at with cat: server text loses its terminal controls (line breaks stay, quoted).
  // Text that a spreadsheet would run as a formula, before or after that, is neutralized (csv-safety.ts).
  if (typeof value === 'string') return neutralizeFormula(sanitize(neutralizeFormula(value), { multiline: true }));
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint' || value instanceof DollarAmount) return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

// ---------------------------------------------------------------- markdown

/** The rows as a Markdown table: the table's headers and cells, without color. */
export function formatMarkdown<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return markdownTable(
    columns.map((c) => escapeMarkdown(c.header ?? defaultHeader(c.key))),
    rows.map((row) => columns.map((c) => markdownCell(c, row))),
    columns.map((c) => columnAlign(rows, c)),
  );
}

function markdownCell<Row>(column: Column<Row>, row: Row): string {
  return escapeMarkdown(plainCell(column, row));
}

/** A cell as a table shows it, without color: for documents (Markdown, the HTML report). */
export function plainCell<Row>(column: Column<Row>, row: Row): string {
  return column.display ? column.display(row, createStyle(false)) : tableValue(column.value(row));
}

// ---------------------------------------------------------------- table

export interface TableOptions {
  /**
   * On a terminal: `fit` leaves out id columns and, when the rest is too wide, the least
   * important columns; `chosen` (--fields) keeps every column asked for, cutting text to fit;
   * `wide` keeps every column at full width (the terminal may wrap). Default: fit.
   */
  layout?: 'fit' | 'chosen' | 'wide';
  /** Headers of the columns left out. */
  omitted?: (headers: string[]) => void;
}

/**
 * A TTY gets a boxed table fitted to the terminal; a pipe gets plain aligned columns
 * with every column, no box, no truncation and (unless FORCE_COLOR) no color, one row per line.
 */
export async function formatTable<Row>(
  io: IOStreams,
  rows: readonly Row[],
  allColumns: readonly Column<Row>[],
  options: TableOptions = {},
): Promise<string> {
  const style = stdoutStyle(io);
  const layout = io.isStdoutTTY ? (options.layout ?? 'fit') : 'wide';
  // Ids are for scripts and --wide; on a terminal names identify rows (and are what commands take).
  const shown = layout === 'fit' ? allColumns.filter((c) => c.importance !== 'id') : [...allColumns];
  const headerOf = (c: Column<Row>) => c.header ?? defaultHeader(c.key);
  let headers = shown.map(headerOf);
  let cells = rows.map((row) => shown.map((c) => cellText(c, row, style)));
  let aligns = shown.map((c) => columnAlign(rows, c));
  if (!io.isStdoutTTY) return plainTable(headers.map(style.header), cells, aligns);

  const natural = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))) + 2);
  // A clipped number or id reads as another one: only text may be cut, and not below what still reads.
  const minimum = natural.map((n, i) => ((shown[i]?.truncate ?? aligns[i] !== 'right') ? Math.min(n, Math.max(displayWidth(headers[i] ?? '') + 2, MIN_CUT_WIDTH)) : n));
  let kept = shown.map((_, i) => i);
  let widths = natural;
  if (layout === 'fit') {
    ({ kept, widths } = fitColumns(
      shown.map((c, i) => ({ natural: natural[i] ?? 0, minimum: minimum[i] ?? 0, rank: IMPORTANCE.indexOf(c.importance ?? 'normal') })),
      io.terminalWidth,
    ));
  } else if (layout === 'chosen') {
    widths = fitWidths(natural, minimum, io.terminalWidth - (shown.length + 1));
  }
  const left = allColumns.filter((c) => !kept.some((i) => shown[i] === c));
  if (left.length > 0) options.omitted?.(left.map(headerOf));
  headers = kept.map((i) => headers[i] ?? '');
  cells = cells.map((r) => kept.map((i) => r[i] ?? ''));
  aligns = kept.map((i) => aligns[i] ?? 'left');
  const naturalKept = kept.map((i) => natural[i] ?? 0);

  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: headers.map(style.header),
    colAligns: aligns,
    // null keeps cli-table3's own measure for columns that were not squeezed.
    colWidths: widths.map((w, i) => (w < (naturalKept[i] ?? 0) ? w : null)),
    wordWrap: false,
    truncate: '…',
    // No rule between rows (the header rule is added below); cli-table3 would color head/border itself.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1 },
  });
  table.push(...cells);
  const lines = table.toString().split('\n');
  const top = lines[0] ?? '';
  lines.splice(2, 0, top.replace('┌', '├').replaceAll('┬', '┼').replace('┐', '┤'));
  return `${lines.join('\n')}\n`;
}

/** Narrowest a text column is cut to (padding included): below it, better to leave the column out. */
const MIN_CUT_WIDTH = 18;

function plainTable(headers: string[], cells: string[][], aligns: Array<'left' | 'right'>): string {
  const all = [headers, ...cells];
  const widths = headers.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ''))));
  return all
    .map((r) =>
      r
        .map((cell, i) => (aligns[i] === 'right' ? padStart(cell, widths[i] ?? 0) : padEnd(cell, widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}

export interface ColumnFit {
  /** Width of the widest cell or header, padding included. */
  natural: number;
  /** Narrowest it may be cut to (its natural width when it may not be cut). */
  minimum: number;
  /** Importance: higher is kept longer. */
  rank: number;
}

/**
 * Which columns a boxed table keeps on a terminal `terminalWidth` wide, and their widths.
 * While the table is too wide, the least important columns are either cut (text, down to
 * its minimum; only the least important may be, more important ones keep their width) or,
 * when that is not enough, the rightmost of them is left out. Columns left out that fit in
 * the room left come back, the most important first. Never fewer than one column: a single
 * column too wide for the terminal wraps.
 */
export function fitColumns(columns: readonly ColumnFit[], terminalWidth: number): { kept: number[]; widths: number[] } {
  const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);
  // Each column is padded in its width; the box adds one border per column, plus one.
  const width = (kept: number[]) => sum(kept.map((i) => columns[i]?.natural ?? 0)) + kept.length + 1;
  let kept = columns.map((_, i) => i);
  for (;;) {
    const budget = terminalWidth - (kept.length + 1);
    const natural = kept.map((i) => columns[i]?.natural ?? 0);
    if (sum(natural) <= budget) {
      const left = columns.map((_, i) => i).filter((i) => !kept.includes(i));
      left.sort((a, b) => (columns[b]?.rank ?? 0) - (columns[a]?.rank ?? 0) || a - b);
      for (const i of left) {
        const more = [...kept, i].sort((a, b) => a - b);
        if (width(more) <= terminalWidth) kept = more;
      }
      return { kept, widths: kept.map((i) => columns[i]?.natural ?? 0) };
    }
    const lowest = Math.min(...kept.map((i) => columns[i]?.rank ?? 0));
    const minimum = kept.map((i) => ((columns[i]?.rank ?? 0) === lowest ? (columns[i]?.minimum ?? 0) : (columns[i]?.natural ?? 0)));
    if (sum(minimum) <= budget || kept.length === 1) return { kept, widths: fitWidths(natural, minimum, budget) };
    const drop = kept.findLast((i) => (columns[i]?.rank ?? 0) === lowest);
    kept = kept.filter((i) => i !== drop);
  }
}

/**
 * Shrinks the widest columns first: finds the largest cap such that every column
 * clamped to [minimum, cap] fits the budget. When even the minimums overflow, the
 * terminal wraps; better than truncating everything to nothing.
 */
export function fitWidths(natural: readonly number[], minimum: readonly number[], budget: number): number[] {
  const total = (cap: number) => natural.reduce((sum, n, i) => sum + Math.max(minimum[i] ?? 0, Math.min(n, cap)), 0);
  if (total(Infinity) <= budget) return [...natural];
  let lo = 0;
  let hi = Math.max(...natural);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return natural.map((n, i) => Math.max(minimum[i] ?? 0, Math.min(n, lo)));
}

function formatKeyValue<Row>(io: IOStreams, record: Row, columns: readonly Column<Row>[]): string {
  const style = stdoutStyle(io);
  const labels = columns.map((c) => `${c.label ?? defaultLabel(c.key)}:`);
  const width = Math.max(0, ...labels.map(displayWidth));
  return columns
    .map((c, i) => `${style.bold(padEnd(labels[i] ?? '', width))}  ${cellText(c, record, style)}`.trimEnd() + '\n')
    .join('');
}

function cellText<Row>(column: Column<Row>, row: Row, style: Style): string {
  const text = column.display ? column.display(row, style) : tableValue(column.value(row));
  // Server data may carry terminal escapes; only our own SGR colors survive, and only when color is on.
  return sanitize(text, { keepColor: style.enabled });
}

function tableValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A column's alignment: its own, else right when every value is a number. */
export function columnAlign<Row>(rows: readonly Row[], column: Column<Row>): 'left' | 'right' {
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

export function defaultHeader(key: string): string {
  return words(key).toUpperCase();
}

export function defaultLabel(key: string): string {
  const w = words(key).toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}
