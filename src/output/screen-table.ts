/**
 * A list on a full-screen view (the dashboard): the one fitting rule of docs/tables.md
 * (columnFits, fitColumns) at the screen's width, without a box — a gutter for the selection
 * mark and a space after each column. Every cell is formatted once per list and width (money
 * formats are decided over all the rows, as in a table); drawing a row joins its cells, so a key
 * press redraws only the rows on screen, whatever the list's length.
 */
import { alignOf, displayColumns, displayText, headerOf, type Column, type SortOrder } from './columns.js';
import type { Style } from './style.js';
import { fitColumns } from './table-fit.js';
import { columnFits, everyRowNote } from './table.js';
import { cutToWidth, padEnd, padStart, sanitize } from './text.js';

/** The selection mark and the space after it. */
const GUTTER = 2;
const INVERSE = ['\u001B[7m', '\u001B[27m'] as const;

export interface ScreenTable {
  /** The header line: bold, with ▲ or ▼ beside the column sorted by. */
  header: string;
  rows: number;
  /** The row at `index`, drawn at the table's width; the selected one marked (›, and inverse video). */
  row(index: number, selected: boolean): string;
  /** Headers of the columns the width left out. */
  omitted: string[];
  /** Columns alike on every row, said once: "SURVEY 2026-11-22 (every row)"; empty when none. */
  folded: string;
}

export function screenTable<Row>(rows: readonly Row[], columns: readonly Column<Row>[], width: number, style: Style, sort?: SortOrder): ScreenTable {
  // Ids are for scripts; names identify rows on a screen, as in any terminal table.
  const shown = displayColumns(
    rows,
    columns.filter((column) => column.importance !== 'id'),
  );
  const headers = shown.map((column) => {
    const header = headerOf(column);
    return sort?.key === column.key ? `${header} ${sort.descending ? '▼' : '▲'}` : header;
  });
  const cells = rows.map((row) => shown.map((column) => sanitize(displayText(column, row, style), { keepColor: style.enabled })));
  const aligns = shown.map((column) => alignOf(rows, column));
  const fits = columnFits(shown, headers, cells, aligns, 1);
  const { kept, widths, folded } = fitColumns(fits, Math.max(1, width - GUTTER), 'none');
  const natural = fits.map((fit) => fit.natural);
  const cell = (text: string, k: number) => {
    const i = kept[k]!;
    const room = (widths[k] ?? 0) - 1;
    const fitted = room < (natural[i] ?? 0) - 1 ? cutToWidth(text, room) : text;
    return aligns[i] === 'right' ? padStart(fitted, room) : padEnd(fitted, room);
  };
  const line = (texts: readonly string[]) => kept.map((i, k) => cell(texts[i] ?? '', k)).join(' ');
  const tableWidth = GUTTER + widths.reduce((sum, w) => sum + w, 0) - 1;
  return {
    header: `${' '.repeat(GUTTER)}${style.bold(line(headers).trimEnd())}`,
    rows: rows.length,
    row(index, selected) {
      const text = line(cells[index] ?? []);
      if (!selected) return `${' '.repeat(GUTTER)}${text}`.trimEnd();
      // Inverse video is no color: the selection shows with NO_COLOR too, the mark besides.
      const padded = padEnd(`› ${text}`, tableWidth);
      return `${INVERSE[0]}${padded}${INVERSE[1]}`;
    },
    omitted: shown.filter((_, i) => !kept.includes(i) && !folded.includes(i)).map(headerOf),
    folded: folded.length === 0 ? '' : everyRowNote(folded.map((i) => [headers[i] ?? '', cells[0]?.[i] ?? ''])),
  };
}
