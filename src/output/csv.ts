/**
 * --format csv and `pricing export`: a header of column keys, then raw values
 * (cents, ISO dates). Quoting is csv-stringify's, loaded on first use.
 */
import type { Column } from './columns.js';
import { csvDocumentStart, csvRecordDelimiter, type CsvDialect } from './csv-dialect.js';
import { spreadsheetText } from './csv-safety.js';
import { DollarAmount } from './money.js';

/** Header of column keys, then raw values; plain, or for Excel (csv-dialect.ts). */
export async function formatCsv<Row>(rows: readonly Row[], columns: readonly Column<Row>[], dialect: CsvDialect = 'plain'): Promise<string> {
  return (await formatCsvHeader(columns.map((c) => c.key), dialect)) + (await formatCsvRecords(rows, columns, [], dialect));
}

/** The start of a CSV document (Excel's byte-order mark) and its header line, for a CSV written in parts (`pricing export`). */
export async function formatCsvHeader(keys: readonly string[], dialect: CsvDialect = 'plain'): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return csvDocumentStart(dialect) + stringify([keys], { eof: false }) + csvRecordDelimiter(dialect);
}

/**
 * Rows without a header, each after the `shared` cells (`pricing export`: a
 * community's market and identity on each of its rows). csv-stringify quotes
 * each cell on its own and joins a record's cells with the delimiter, so a
 * cell's text depends on its value alone: the shared cells are formatted once,
 * each distinct value of a column once per call (a community's dates, plans and
 * concession texts repeat from row to row), and a finite number is its own text
 * (digits, ".", "-", "e", "+": nothing csv-stringify quotes) — the same text as
 * csv-stringify of every cell of every row (a property test holds it to that),
 * at a fraction of the work on a long export.
 */
export async function formatCsvRecords<Row>(
  rows: readonly Row[],
  columns: readonly Column<Row>[],
  shared: readonly unknown[] = [],
  dialect: CsvDialect = 'plain',
): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  // One record, no record delimiter after it. (Naming record_delimiter would stop csv-stringify quoting cells with \r.)
  const format = (cells: readonly unknown[]) => stringify([cells.map(csvValue)], { eof: false });
  const texts = columns.map(() => new Map<unknown, string>());
  const start = shared.length > 0 ? format(shared) + CSV_DELIMITER : '';
  // Each record's cells joined at once (flat strings), not appended one by one (a chain of partial strings per cell).
  const cells: string[] = new Array<string>(columns.length);
  const records: string[] = [];
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      const value = columns[i]!.value(row);
      if (typeof value === 'number' && Number.isFinite(value)) cells[i] = csvValue(value);
      else {
        let cell = texts[i]!.get(value);
        if (cell === undefined) {
          cell = format([value]);
          // An object (a Date) is kept by identity, and could change: only plain values are remembered.
          if (typeof value !== 'object' || value === null) texts[i]!.set(value, cell);
        }
        cells[i] = cell;
      }
    }
    records.push(start + cells.join(CSV_DELIMITER));
  }
  const delimiter = csvRecordDelimiter(dialect);
  return records.length === 0 ? '' : records.join(delimiter) + delimiter;
}

// csv-stringify's default, named here because formatCsvRecords joins its pieces with it.
const CSV_DELIMITER = ',';

/** A raw value as the text of its cell, before quoting. */
function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A CSV is often looked at with cat: server text loses its terminal controls (line breaks stay, quoted).
  // Text that a spreadsheet would run as a formula is neutralized (csv-safety.ts).
  if (typeof value === 'string') return spreadsheetText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint' || value instanceof DollarAmount) return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}
