/**
 * The table format for people: a boxed table fitted to a terminal, plain aligned
 * columns on a pipe, and a record's label/value list.
 */
import { stripVTControlCharacters } from 'node:util';
import { MISSING } from '../domain/format.js';
import { alignOf, displayText, headerOf, IMPORTANCE, labelOf, type Column } from './columns.js';
import type { IOStreams } from './io.js';
import { stdoutStyle, type Style } from './style.js';
import { fitColumns, fitWidths, type ColumnFit, type TableFit } from './table-fit.js';
import { alignRows, cutToWidth, displayWidth, padEnd, sanitize, wrapLines } from './text.js';

export interface TableOptions {
  /**
   * On a terminal: `fit` leaves out id columns and fits the rest by the table rule (table-fit.ts);
   * `chosen` (--fields) keeps every column asked for, cutting text to fit;
   * `wide` keeps every column at full width (the terminal may wrap). Default: fit.
   */
  layout?: 'fit' | 'chosen' | 'wide';
  /** Headers of the columns left out. */
  omitted?: (headers: string[]) => void;
}

/** Characters a cut text cell keeps at least ("The Residences at Ba…"): below it a name no longer reads. */
const TEXT_FLOOR = 20;
/** What an empty cell shows; a column of nothing but these is empty. */
const EMPTY_CELLS = new Set(['', MISSING]);

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
  const headers = shown.map(headerOf);
  const cells = rows.map((row) => shown.map((c) => cellText(c, row, style)));
  const aligns = shown.map((c) => alignOf(rows, c));
  if (!io.isStdoutTTY) return plainTable(headers.map(style.header), cells, aligns);

  const measured = columnFits(shown, headers, cells, aligns, 2);
  const natural = measured.map((column) => column.natural);
  const minimum = measured.map((column) => column.minimum);
  let fit: TableFit = { kept: shown.map((_, i) => i), widths: natural, folded: [] };
  if (layout === 'fit') {
    fit = fitColumns(measured, io.terminalWidth);
  } else if (layout === 'chosen') {
    fit.widths = fitWidths(natural, minimum, io.terminalWidth - (shown.length + 1));
  }
  const { kept, widths, folded } = fit;
  const left = allColumns.filter((c) => !kept.some((k) => shown[k] === c) && !folded.some((f) => shown[f] === c));
  if (left.length > 0) options.omitted?.(left.map(headerOf));

  const { default: Table } = await import('cli-table3');
  const table = new Table({
    head: kept.map((i) => style.header(headers[i] ?? '')),
    colAligns: kept.map((i) => aligns[i] ?? 'left'),
    wordWrap: false,
    // No rule between rows (the header rule is added below); cli-table3 would color head/border itself.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
    style: { head: [], border: [], 'padding-left': 1, 'padding-right': 1 },
  });
  // Cells are cut here rather than by cli-table3, which can split an emoji in two.
  table.push(...cells.map((r) => kept.map((i, k) => ((widths[k] ?? 0) < (natural[i] ?? 0) ? cutToWidth(r[i] ?? '', (widths[k] ?? 0) - 2) : (r[i] ?? '')))));
  const lines = table.toString().split('\n');
  const top = lines[0] ?? '';
  lines.splice(2, 0, top.replace('┌', '├').replaceAll('┬', '┼').replace('┐', '┤'));
  const above = folded.length > 0 ? `${wrapLines(everyRowNote(folded.map((i) => [headers[i] ?? '', cells[0]?.[i] ?? ''])), io.terminalWidth)}\n` : '';
  return `${above}${lines.join('\n')}\n`;
}

/**
 * What the fitting rule (table-fit.ts) needs of each column: its natural width, the narrowest its
 * text may be cut to, its importance, and whether every row says the same. `padding` is what a cell
 * adds to its text (a boxed table's space either side: 2; the dashboard's gap: 1).
 */
export function columnFits<Row>(
  columns: readonly Column<Row>[],
  headers: readonly string[],
  cells: readonly string[][],
  aligns: readonly ('left' | 'right')[],
  padding: number,
): ColumnFit[] {
  return columns.map((column, i) => {
    const natural = Math.max(displayWidth(headers[i] ?? ''), ...cells.map((r) => displayWidth(r[i] ?? ''))) + padding;
    // A clipped number or id reads as another one: only text may be cut, and not below what still reads.
    const cuttable = column.truncate ?? aligns[i] !== 'right';
    const minimum = cuttable ? Math.min(natural, Math.max(displayWidth(headers[i] ?? ''), TEXT_FLOOR) + padding) : natural;
    return { natural, minimum, rank: IMPORTANCE.indexOf(column.importance ?? 'normal'), redundant: isRedundant(cells, i) };
  });
}

/** Every cell of column `i` empty, or all alike: it says nothing row by row. */
function isRedundant(cells: readonly string[][], i: number): boolean {
  if (cells.length < 2) return false;
  const first = cells[0]?.[i] ?? '';
  const plain = (cell: string) => stripVTControlCharacters(cell);
  return cells.every((r) => r[i] === first) || cells.every((r) => EMPTY_CELLS.has(plain(r[i] ?? '')));
}

/** "SURVEY 2026-11-20, CONCESSIONS none (every row)": the columns a table left out because every row said the same. */
export function everyRowNote(columns: ReadonlyArray<[header: string, value: string]>): string {
  const shown = (value: string) => (EMPTY_CELLS.has(stripVTControlCharacters(value)) ? MISSING : value);
  return `${columns.map(([header, value]) => `${header} ${shown(value)}`).join(', ')} (every row)`;
}

function plainTable(headers: string[], cells: string[][], aligns: Array<'left' | 'right'>): string {
  return alignRows([headers, ...cells], { aligns })
    .map((row) => `${row.join('  ').trimEnd()}\n`)
    .join('');
}

/**
 * One record for people: a bold label, then its value, one per line. On a terminal a value
 * too long for it (a 200-character name) wraps under itself, whole: a record has room to.
 */
export function formatKeyValue<Row>(io: IOStreams, record: Row, columns: readonly Column<Row>[]): string {
  const style = stdoutStyle(io);
  const labels = columns.map((c) => `${labelOf(c)}:`);
  const width = Math.max(0, ...labels.map(displayWidth));
  const lines = columns.map((c, i) => `${style.bold(padEnd(labels[i] ?? '', width))}  ${cellText(c, record, style)}`.trimEnd());
  return lines.map((line) => `${io.isStdoutTTY ? wrapLines(line, io.terminalWidth) : line}\n`).join('');
}

function cellText<Row>(column: Column<Row>, row: Row, style: Style): string {
  // Server data may carry terminal escapes; only our own SGR colors survive, and only when color is on.
  return sanitize(displayText(column, row, style), { keepColor: style.enabled });
}
