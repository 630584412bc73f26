/**
 * The two CSVs the CLI writes. `plain`: UTF-8, LF line ends, what scripts and
 * csv libraries expect. `excel` (--excel, RENTSURVEY_CSV=excel, or a profile's
 * `csv` setting): a UTF-8 byte-order mark and CRLF line ends, which is what Excel
 * on Windows and macOS needs to read accented names right on a double-click;
 * money is then in dollars (the caller turns --dollars on).
 */
export type CsvDialect = 'plain' | 'excel';

export const CSV_DIALECTS: readonly CsvDialect[] = ['plain', 'excel'];

/** What a CSV document of this dialect starts with: the byte-order mark for Excel. */
export function csvDocumentStart(dialect: CsvDialect = 'plain'): string {
  return dialect === 'excel' ? '\uFEFF' : '';
}

/** Between records (and after the last). Line breaks inside a quoted cell stay LF, which Excel reads as in-cell breaks. */
export function csvRecordDelimiter(dialect: CsvDialect = 'plain'): string {
  return dialect === 'excel' ? '\r\n' : '\n';
}
