/**
 * The table format for people: a boxed table fitted to a terminal, plain aligned
 * columns on a pipe, and a record's label/value list.
 */
import { alignOf, displayText, headerOf, IMPORTANCE, labelOf, type Column } from './columns.js';
import type { IOStreams } from './io.js';
import { stdoutStyle, type Style } from './style.js';
import { fitColumns, fitWidths } from './table-fit.js';
import { displayWidth, padEnd, padStart, sanitize } from './text.js';

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

/** Narrowest a text column is cut to (padding included): below it, better to leave the column out. */
const MIN_CUT_WIDTH = 18;

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
  let headers = shown.map(headerOf);
  let cells = rows.map((row) => shown.map((c) => cellText(c, row, style)));
  let aligns = shown.map((c) => alignOf(rows, c));
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

/** One record for people: a bold label, then its value, one per line. */
export function formatKeyValue<Row>(io: IOStreams, record: Row, columns: readonly Column<Row>[]): string {
  const style = stdoutStyle(io);
  const labels = columns.map((c) => `${labelOf(c)}:`);
  const width = Math.max(0, ...labels.map(displayWidth));
  return columns
    .map((c, i) => `${style.bold(padEnd(labels[i] ?? '', width))}  ${cellText(c, record, style)}`.trimEnd() + '\n')
    .join('');
}

function cellText<Row>(column: Column<Row>, row: Row, style: Style): string {
  // Server data may carry terminal escapes; only our own SGR colors survive, and only when color is on.
  return sanitize(displayText(column, row, style), { keepColor: style.enabled });
}
