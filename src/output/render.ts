/**
 * The two ways rows leave the program: a list (`renderList`) and one record
 * (`renderRecord`), each in the format asked for. The formats live beside this
 * file: columns.ts (fields, sort), json.ts, csv.ts, markdown.ts, table.ts
 * (with table-fit.ts) and money.ts (--dollars).
 */
import { displayColumns, hasFields, limitRows, selectColumns, sortRows, type Column, type SortOrder } from './columns.js';
import { formatCsv } from './csv.js';
import type { CsvDialect } from './csv-dialect.js';
import type { Format } from './formats.js';
import type { IOStreams } from './io.js';
import { formatNdjson, printJson, reduceItem, reduceJson, rowObject } from './json.js';
import { formatMarkdown, formatMarkdownRecord } from './markdown.js';
import { dollarColumns } from './money.js';
import { formatKeyValue, formatTable } from './table.js';
import { printText } from './text.js';

export interface RenderListOptions<Row> {
  format: Format;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  /** --fields: subset and order of columns, as the user gave them. Callers check the names first (unknownFieldsProblem). */
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
      const body =
        options.json === undefined
          ? rows.map((row) => rowObject(row, columns))
          : chosen
            ? reduceJson(options.json, columns, rows, options.jsonRowsKey)
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
          : await formatTable(io, rows, displayColumns(rows, columns), {
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
  /** The API body for --format json (reduced to --fields when they are given). */
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
      io.stdout.write(formatMarkdownRecord(record, columns));
      return;
  }
}

/** Data already in its format (a CSV document, say): written byte for byte, since it is for programs. */
export function printData(io: IOStreams, data: string): void {
  io.stdout.write(data);
}
