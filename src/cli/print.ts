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
  return renderRecord(ctx.io, { format: ctx.globals.format, fields: ctx.globals.fields, ...record });
}

/**
 * Checks --fields against the columns a write command will print, before it
 * sends anything: an unknown name must not fail after the change was applied.
 */
export function assertFields<Row>(ctx: CommandContext, columns: Column<Row>[]): void {
  selectColumns(columns, ctx.globals.fields);
}
