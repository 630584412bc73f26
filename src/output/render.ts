import type { Format } from './formats.js';
import type { IOStreams } from './io.js';
import { escapeMarkdown, markdownTable } from './markdown.js';
import { createStyle, stdoutStyle, type Style } from './style.js';
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
}

export interface RenderListOptions<Row> {
  format: Format;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** --fields: subset and order of columns. Callers check the names first (unknownFields). */
  fields?: readonly string[];
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
  const columns = selectColumns(options.columns, options.fields);
  const { rows } = options;
  switch (options.format) {
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
      io.stdout.write(await formatCsv(rows, columns));
      return;
    case 'table':
    case 'md':
      if (rows.length === 0) {
        const message = options.emptyMessage ?? 'No results';
        if (options.notice) options.notice(message);
        else printText(io, `${message}\n`, 'stderr');
        return;
      }
      io.stdout.write(options.format === 'md' ? formatMarkdown(rows, columns) : await formatTable(io, rows, columns));
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
}

/** One object (e.g. `communities show`): a label/value list for humans, one row for machines. */
export async function renderRecord<Row>(io: IOStreams, options: RenderRecordOptions<Row>): Promise<void> {
  const columns = selectColumns(options.columns, options.fields);
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
      io.stdout.write(await formatCsv([record], columns));
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
  const keys = new Set(columns.map((c) => c.key.toLowerCase()));
  const unknown = (fields ?? []).filter((n) => !keys.has(n.toLowerCase()));
  if (unknown.length === 0) return undefined;
  const quoted = unknown.map((n) => `"${n}"`).join(', ');
  return `unknown field${unknown.length > 1 ? 's' : ''} ${quoted}; available fields: ${columns.map((c) => c.key).join(', ')}`;
}

/** Columns named by --fields, in --fields order; all columns when none are given. */
export function selectColumns<Row>(columns: readonly Column<Row>[], fields?: readonly string[]): Column<Row>[] {
  if (!hasFields(fields)) return [...columns];
  const problem = unknownFieldsProblem(columns, fields);
  // The CLI checks user input before it gets here: this is a caller's bug.
  if (problem) throw new Error(problem);
  const byKey = new Map(columns.map((c) => [c.key.toLowerCase(), c]));
  const picked = (fields ?? []).map((n) => byKey.get(n.toLowerCase()) as Column<Row>);
  return [...new Set(picked)];
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
    if (Object.hasOwn(item, c.key)) out[c.key] = item[c.key];
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

/**
 * Header of column keys, then raw values; quoting is csv-stringify's. Without
 * the header, a further piece of a CSV written in parts (`pricing export`).
 */
export async function formatCsv<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  options: { header?: boolean } = {},
): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const records = rows.map((row) => columns.map((c) => csvValue(c.value(row))));
  return stringify(options.header === false ? records : [columns.map((c) => c.key), ...records]);
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A CSV is often looked at with cat: server text loses its terminal controls (line breaks stay, quoted).
  if (typeof value === 'string') return sanitize(value, { multiline: true });
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

// ---------------------------------------------------------------- markdown

/** The rows as a Markdown table: the table's headers and cells, without color. */
export function formatMarkdown<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return markdownTable(
    columns.map((c) => escapeMarkdown(c.header ?? defaultHeader(c.key))),
    rows.map((row) => columns.map((c) => markdownCell(c, row))),
    columns.map((c) => c.align ?? (isNumericColumn(rows, c) ? 'right' : 'left')),
  );
}

function markdownCell<Row>(column: Column<Row>, row: Row): string {
  return escapeMarkdown(column.display ? column.display(row, createStyle(false)) : tableValue(column.value(row)));
}

// ---------------------------------------------------------------- table

/**
 * A TTY gets a boxed table fitted to the terminal; a pipe gets plain aligned columns
 * with no box, no truncation and (unless FORCE_COLOR) no color, one row per line.
 */
export async function formatTable<Row>(
  io: IOStreams,
  rows: readonly Row[],
  columns: readonly Column<Row>[],
): Promise<string> {
  const style = stdoutStyle(io);
  const headers = columns.map((c) => c.header ?? defaultHeader(c.key));
  const cells = rows.map((row) => columns.map((c) => cellText(c, row, style)));
  const aligns = columns.map((c) => c.align ?? (isNumericColumn(rows, c) ? 'right' : 'left'));
  if (!io.isStdoutTTY) return plainTable(headers.map(style.header), cells, aligns);

  const natural = headers.map((h, i) => Math.max(displayWidth(h), ...cells.map((r) => displayWidth(r[i] ?? ''))) + 2);
  // A clipped number reads as another number, so right-aligned columns keep their width by default.
  const minimum = natural.map((n, i) =>
    (columns[i]?.truncate ?? aligns[i] !== 'right')
      ? Math.min(n, Math.min(14, Math.max(7, displayWidth(headers[i] ?? '') + 2)))
      : n,
  );
  const fitted = fitWidths(natural, minimum, io.terminalWidth - (columns.length + 1));
  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: headers.map(style.header),
    colAligns: aligns,
    // null keeps cli-table3's own measure for columns that were not squeezed.
    colWidths: fitted.map((w, i) => (w < (natural[i] ?? 0) ? w : null)),
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
