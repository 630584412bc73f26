import type { Column } from '../output/render.js';
import { renderList, renderRecord, selectColumns } from '../output/render.js';
import type { CommandContext } from './context.js';

/** Rows of a list answer in the chosen format; `json` is the API body exactly as received. */
export function printList<Row>(
  ctx: CommandContext,
  list: { rows: Row[]; columns: Column<Row>[]; json: unknown; emptyMessage?: string },
) {
  return renderList(ctx.io, { format: ctx.globals.format, fields: ctx.globals.fields, ...list });
}

/** One record (a key/value table on a terminal). */
export function printRecord<Row>(ctx: CommandContext, record: { record: Row; columns: Column<Row>[]; json: unknown }) {
  // Record commands name their lines through the column helpers' header ("Base URL", "14-day vacancy"):
  // use it as the label, else the renderer derives one from the key ("Avg market rent cents: $1,901").
  // Upper-case headers of list columns (reused by some records) stay table headers.
  const columns = record.columns.map((c) =>
    c.label === undefined && c.header !== undefined && c.header !== c.header.toUpperCase() ? { ...c, label: c.header } : c,
  );
  return renderRecord(ctx.io, { format: ctx.globals.format, fields: ctx.globals.fields, ...record, columns });
}

/**
 * Checks --fields against the columns a write command will print, before it
 * sends anything: an unknown name must not fail after the change was applied.
 */
export function assertFields<Row>(ctx: CommandContext, columns: Column<Row>[]): void {
  selectColumns(columns, ctx.globals.fields);
}
