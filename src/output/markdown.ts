/**
 * Markdown for `--format md`: text meant to be pasted into an e-mail, a ticket
 * or a chat unchanged. It must read well as plain text too (many mail clients
 * show Markdown as typed), so tables are padded into aligned columns.
 */
import { plainCells, type Column } from './columns.js';
import { alignRows, displayWidth, sanitize } from './text.js';

// Characters that would start emphasis, code, links, HTML or end a table cell.
const SPECIAL = /[\\`*_[\]<>|~]/g;

/** Server text made inert in Markdown: no control characters, no newlines, specials escaped. */
export function escapeMarkdown(text: string): string {
  return sanitize(text).replace(SPECIAL, (char) => `\\${char}`);
}

/**
 * A GitHub-flavoured Markdown table. Cells are taken as already escaped (see
 * escapeMarkdown); right-aligned columns get a `---:` rule.
 */
export function markdownTable(headers: readonly string[], rows: readonly string[][], aligns: ReadonlyArray<'left' | 'right'>): string {
  // A rule needs three dashes at least ("---"), so no column is narrower.
  const [head = [], ...body] = alignRows([headers, ...rows], { aligns, minWidth: 3 });
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |\n`;
  const rule = head.map((cell, i) => (aligns[i] === 'right' ? `${'-'.repeat(displayWidth(cell) - 1)}:` : '-'.repeat(displayWidth(cell))));
  return line(head) + line(rule) + body.map(line).join('');
}

/** Rows as a Markdown table: the table's headers and cells (one format per column), without color. */
export function formatMarkdown<Row>(rows: readonly Row[], columns: readonly Column<Row>[]): string {
  const { headers, rows: cells, aligns } = plainCells(rows, columns);
  return markdownTable(headers.map(escapeMarkdown), cells.map((row) => row.map(escapeMarkdown)), aligns);
}

/** One record as a Markdown table of fields and values. */
export function formatMarkdownRecord<Row>(record: Row, columns: readonly Column<Row>[]): string {
  const { labels, rows: [values = []] } = plainCells([record], columns);
  return markdownTable(
    ['Field', 'Value'],
    labels.map((label, i) => [escapeMarkdown(label), escapeMarkdown(values[i] ?? '')]),
    ['left', 'left'],
  );
}
