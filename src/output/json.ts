/**
 * --format json and ndjson: the service's body as it came (reduced by --fields),
 * or rows as objects keyed by column.
 */
import type { ChalkInstance } from 'chalk';
import type { Column } from './columns.js';
import type { IOStreams } from './io.js';
import { DollarAmount } from './money.js';
import { createStyle } from './style.js';

export interface FormatJsonOptions {
  pretty?: boolean;
  color?: boolean;
}

/** JSON text with a trailing newline; pretty (2 spaces, optionally colored) for people. */
export function formatJson(value: unknown, options: FormatJsonOptions = {}): string {
  const text = escapeC1(JSON.stringify(value, null, options.pretty ? 2 : undefined) ?? 'null');
  const { chalk } = createStyle(options.color === true);
  return `${chalk ? colorizeJson(text, chalk) : text}\n`;
}

/** Pretty and colored on a terminal, compact when piped (`| jq` reformats anyway). */
export function printJson(io: IOStreams, value: unknown): void {
  io.stdout.write(formatJson(value, { pretty: io.isStdoutTTY, color: io.isStdoutTTY && io.colorEnabled }));
}

export function formatNdjson<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  return rows.map((row) => `${escapeC1(JSON.stringify(rowObject(row, columns)))}\n`).join('');
}

/** One row as a JSON object of its columns' raw values. */
export function rowObject<Row>(row: Row, columns: readonly Column<Row>[]): Record<string, unknown> {
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

function colorizeJson(text: string, chalk: ChalkInstance): string {
  return text.replace(JSON_TOKEN, (match, str: string | undefined, colon: string | undefined) => {
    if (str !== undefined) return colon !== undefined ? chalk.blue(str) + colon : chalk.green(str);
    if (match === 'null') return chalk.gray(match);
    if (match === 'true' || match === 'false') return chalk.yellow(match);
    return chalk.cyan(match);
  });
}

// ---------------------------------------------------------------- --fields on the service's body

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

/** One object of a body reduced to the columns; `row`, when given, fills the keys it lacks. */
export function reduceItem<Row>(item: unknown, columns: readonly Column<Row>[], row: Row | undefined): unknown {
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
