import { sortRows, unknownFieldsProblem, unknownSortProblem, type Column } from '../output/columns.js';
import { dollarColumns } from '../output/money.js';
import { renderList, renderRecord } from '../output/render.js';
import { formatCount } from '../domain/format.js';
import { countOf, printText } from '../output/text.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';

/**
 * How commands print: rows and records through the renderers, text for people
 * through printText (sanitized), messages through ctx.log (stderr, --quiet).
 * Nothing in src/cli writes to a stream itself (eslint enforces it).
 */

export interface ListOutput<Row> {
  rows: Row[];
  columns: Column<Row>[];
  /** The API body, what --json prints. */
  json: unknown;
  /** Property of `json` holding the rows (for --fields), when it has more than one array. */
  jsonRowsKey?: string;
  emptyMessage?: string;
  /** Columns (and order) without --fields, e.g. a narrower table than the csv; every column by default. */
  defaultFields?: readonly string[] | undefined;
  /** What --wide shows in a table without --fields; every column by default. */
  wideFields?: readonly string[] | undefined;
  /** The command applied --limit itself (a page size): json, which --limit cannot cut, is then fine. */
  limitApplied?: boolean;
  /**
   * The rows as given: --sort and --limit are not about this list (a side table under the
   * main one) or the command applied them already (orderRows, before grouping).
   */
  asGiven?: boolean;
}

/**
 * Rows of a list answer in the chosen format, with --fields, --sort, --limit, --wide and
 * --dollars; `json` is the API body exactly as received. A terminal table leaves out ids
 * and what does not fit; the run says which, once, at its end (sayOmittedColumns).
 */
export async function printList<Row>(ctx: CommandContext, list: ListOutput<Row>): Promise<void> {
  const { format, fields, wide, dollars } = ctx.globals;
  const { limitApplied, asGiven, ...rest } = list;
  assertFields(ctx, list.columns, fields);
  if (!asGiven) assertOrder(ctx, dollars ? dollarColumns(list.columns) : list.columns, limitApplied);
  assertDollars(ctx);
  await renderList(ctx.io, {
    format,
    ...rest,
    fields,
    ...(asGiven ? {} : { sort: ctx.globals.sort, limit: ctx.globals.limit }),
    wide,
    dollars,
    notice: (message) => ctx.log.info(message),
    omitted: (headers) => {
      for (const header of headers) ctx.omittedColumns.add(header);
    },
  });
  // A table says what --limit left out, as it says which columns it did; data formats stay as they are.
  const { limit } = ctx.globals;
  if (format === 'table' && !asGiven && !limitApplied && limit !== undefined && list.rows.length > limit)
    ctx.log.note(`The first ${formatCount(limit)} of ${countOf(list.rows.length, 'row')} (--limit)`);
}

/**
 * --sort and --limit applied by a command that prints its rows in groups (a table per
 * community): ordered and cut as one list, then grouped; print the groups asGiven.
 */
export function orderRows<Row>(ctx: CommandContext, rows: readonly Row[], columns: Column<Row>[]): Row[] {
  // The limit is applied here, so --json (the command's own rows) may take it too.
  assertOrder(ctx, columns, true);
  const { sort, limit } = ctx.globals;
  const sorted = sortRows(rows, columns, sort);
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

function assertOrder<Row>(ctx: CommandContext, columns: Column<Row>[], limitApplied = false): void {
  const problem = unknownSortProblem(columns, ctx.globals.sort);
  if (problem) throw new UsageError(problem);
  if (ctx.globals.limit !== undefined && ctx.globals.format === 'json' && !limitApplied)
    throw new UsageError("--limit cuts table, csv, ndjson and md output; --json prints the service's answer as it came", 'use --ndjson, or jq');
}

/** --dollars is for csv and ndjson: a table (the default format) already shows dollars. */
function assertDollars(ctx: CommandContext): void {
  const { dollars, format } = ctx.globals;
  if (dollars && format !== 'csv' && format !== 'ndjson')
    throw new UsageError('--dollars is for --format csv or ndjson (and pricing export): tables already show dollars', 'add --csv or --ndjson');
}

/** One record (a key/value table on a terminal). --sort and --limit have nothing to order or cut. */
export async function printRecord<Row>(ctx: CommandContext, record: { record: Row; columns: Column<Row>[]; json: unknown }): Promise<void> {
  assertFields(ctx, record.columns);
  assertDollars(ctx);
  // Record commands name their lines through the column helpers' header ("Base URL", "14-day vacancy"):
  // use it as the label, else the renderer derives one from the key ("Avg market rent cents: $1,901").
  // Upper-case headers of list columns (reused by some records) stay table headers.
  const columns = record.columns.map((c) =>
    c.label === undefined && c.header !== undefined && c.header !== c.header.toUpperCase() ? { ...c, label: c.header } : c,
  );
  await renderRecord(ctx.io, { format: ctx.globals.format, fields: ctx.globals.fields, dollars: ctx.globals.dollars, ...record, columns });
}

/**
 * Headings, charts and notes for people on stdout; control sequences from server text never
 * pass. On a terminal, lines longer than it is wide wrap at word boundaries.
 */
export function printLines(ctx: CommandContext, text: string): void {
  const wrap = ctx.io.isStdoutTTY ? ctx.io.terminalWidth : undefined;
  printText(ctx.io, text.endsWith('\n') ? text : `${text}\n`, 'stdout', wrap === undefined ? {} : { wrap });
}

/**
 * Checks --fields against the columns a command will print. Write commands call
 * it before sending anything: an unknown name must not fail after the change was applied.
 */
export function assertFields<Row>(ctx: CommandContext, columns: Column<Row>[], fields = ctx.globals.fields): void {
  // With --dollars the fields are named as printed (`*_dollars`), or as in cents.
  const problem = unknownFieldsProblem(ctx.globals.dollars ? dollarColumns(columns) : columns, fields);
  if (problem) throw new UsageError(problem);
}
