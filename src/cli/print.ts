import { selectColumns, sortRows, unknownFieldsProblem, unknownSortProblem, type Column } from '../output/columns.js';
import { dollarColumns } from '../output/money.js';
import { renderList, renderRecord } from '../output/render.js';
import { formatCount } from '../domain/format.js';
import type { SheetData } from '../output/xlsx.js';
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
  /** The sheet's name in a workbook (--format xlsx); by default the file's name. */
  sheet?: string;
  /**
   * Told the headers of the columns a terminal table left out (the run names them once, at its
   * end): the digest's legend explains only the columns shown.
   */
  omitted?: (headers: string[]) => void;
}

/**
 * Rows of a list answer in the chosen format, with --fields, --sort, --limit, --wide and
 * --dollars; `json` is the API body exactly as received. A terminal table leaves out ids
 * and what does not fit; the run says which, once, at its end (sayOmittedColumns).
 */
export async function printList<Row>(ctx: CommandContext, list: ListOutput<Row>): Promise<void> {
  const { format, fields, wide, dollars } = ctx.globals;
  const { limitApplied, asGiven, sheet: _sheet, omitted, ...rest } = list;
  assertFields(ctx, list.columns, fields);
  if (!asGiven) assertOrder(ctx, inDollars(ctx) ? dollarColumns(list.columns) : list.columns, limitApplied);
  assertDollars(ctx);
  if (format === 'xlsx') {
    await printWorkbook(ctx, [await listSheet(ctx, list)]);
    return;
  }
  await renderList(ctx.io, {
    format,
    ...rest,
    fields,
    ...(asGiven ? {} : { sort: ctx.globals.sort, limit: ctx.globals.limit }),
    wide,
    dollars,
    csvDialect: ctx.globals.csvDialect,
    notice: (message) => ctx.log.info(message),
    omitted: (headers) => {
      for (const header of headers) ctx.omittedColumns.add(header);
      omitted?.(headers);
    },
  });
  // A table says what --limit left out, as it says which columns it did; data formats stay as they are.
  const { limit } = ctx.globals;
  if (format === 'table' && !asGiven && !limitApplied && limit !== undefined && list.rows.length > limit)
    ctx.log.note(`The first ${formatCount(limit)} of ${countOf(list.rows.length, 'row')} (--limit)`);
}

/**
 * --sort and --limit applied by a command that prints its rows in groups (a table per
 * community) or otherwise than by renderList (a workbook's sheet): ordered and cut as one
 * list, then grouped; print the groups asGiven.
 */
export function orderRows<Row>(ctx: CommandContext, rows: readonly Row[], columns: Column<Row>[]): Row[] {
  // The limit is applied here, so --json (the command's own rows) may take it too.
  assertOrder(ctx, columns, true);
  const { sort, limit } = ctx.globals;
  const sorted = sortRows(rows, columns, sort);
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

/**
 * --format xlsx: a list as a sheet, --fields, --sort and --limit applied as for csv (unless the
 * list is asGiven). Money is in dollars there (typed as currency), so fields are named as with --dollars.
 * A command with several tables (overview) writes them as sheets of one workbook with printWorkbook.
 */
export async function listSheet<Row>(
  ctx: CommandContext,
  list: Pick<ListOutput<Row>, 'rows' | 'columns' | 'defaultFields' | 'asGiven' | 'sheet'>,
  options: { fields?: boolean } = {},
): Promise<SheetData> {
  const all = dollarColumns(list.columns);
  const chosen = selectColumns(all, options.fields === false ? undefined : (ctx.globals.fields ?? list.defaultFields));
  const rows = list.asGiven ? list.rows : orderRows(ctx, list.rows, all);
  const { sheetData, defaultSheetName } = await import('./print-xlsx.js');
  return sheetData(list.sheet ?? defaultSheetName(ctx.globals.out ?? ''), chosen, rows);
}

/** The sheets as one workbook, written to --out. */
export async function printWorkbook(ctx: CommandContext, sheets: readonly SheetData[]): Promise<void> {
  const { printSheets } = await import('./print-xlsx.js');
  await printSheets(ctx, sheets);
}

/** Money columns are named in dollars: with --dollars, and in a workbook (whose money is in dollars). */
const inDollars = (ctx: CommandContext) => ctx.globals.dollars || ctx.globals.format === 'xlsx';

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
export async function printRecord<Row>(
  ctx: CommandContext,
  record: { record: Row; columns: Column<Row>[]; json: unknown; sheet?: string },
): Promise<void> {
  assertFields(ctx, record.columns);
  assertDollars(ctx);
  if (ctx.globals.format === 'xlsx') {
    await printWorkbook(ctx, [await listSheet(ctx, { rows: [record.record], columns: record.columns, asGiven: true, sheet: record.sheet })]);
    return;
  }
  const { format, fields, dollars, csvDialect } = ctx.globals;
  const { sheet: _sheet, ...shown } = record;
  await renderRecord(ctx.io, { format, fields, dollars, csvDialect, ...shown });
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
  const problem = unknownFieldsProblem(inDollars(ctx) ? dollarColumns(columns) : columns, fields);
  if (problem) throw new UsageError(problem);
}
