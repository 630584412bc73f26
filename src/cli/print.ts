import type { Column } from '../output/render.js';
import { renderList, renderRecord, unknownFieldsProblem } from '../output/render.js';
import { printText } from '../output/text.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';

/**
 * How commands print: rows and records through the renderers, text for people
 * through printText (sanitized), messages through ctx.log (stderr, --quiet).
 * Nothing in src/cli writes to a stream itself (eslint enforces it).
 */

/** Rows of a list answer in the chosen format; `json` is the API body exactly as received. */
export async function printList<Row>(
  ctx: CommandContext,
  list: { rows: Row[]; columns: Column<Row>[]; json: unknown; emptyMessage?: string; fields?: string[] | undefined },
): Promise<void> {
  const fields = 'fields' in list ? list.fields : ctx.globals.fields;
  assertFields(ctx, list.columns, fields);
  await renderList(ctx.io, { format: ctx.globals.format, ...list, fields, notice: (message) => ctx.log.info(message) });
}

/** One record (a key/value table on a terminal). */
export async function printRecord<Row>(ctx: CommandContext, record: { record: Row; columns: Column<Row>[]; json: unknown }): Promise<void> {
  assertFields(ctx, record.columns);
  // Record commands name their lines through the column helpers' header ("Base URL", "14-day vacancy"):
  // use it as the label, else the renderer derives one from the key ("Avg market rent cents: $1,901").
  // Upper-case headers of list columns (reused by some records) stay table headers.
  const columns = record.columns.map((c) =>
    c.label === undefined && c.header !== undefined && c.header !== c.header.toUpperCase() ? { ...c, label: c.header } : c,
  );
  await renderRecord(ctx.io, { format: ctx.globals.format, fields: ctx.globals.fields, ...record, columns });
}

/** Headings, charts and notes for people on stdout; control sequences from server text never pass. */
export function printLines(ctx: CommandContext, text: string): void {
  printText(ctx.io, text.endsWith('\n') ? text : `${text}\n`);
}

/**
 * Checks --fields against the columns a command will print. Write commands call
 * it before sending anything: an unknown name must not fail after the change was applied.
 */
export function assertFields<Row>(ctx: CommandContext, columns: Column<Row>[], fields = ctx.globals.fields): void {
  const problem = unknownFieldsProblem(columns, fields);
  if (problem) throw new UsageError(problem);
}
