/**
 * Output formats of every command (--format, --json, --csv, --ndjson); md is a Markdown table (or a command's own
 * Markdown summary) to paste into an e-mail; xlsx an Excel workbook, written to --out (src/output/xlsx.ts).
 */
export const FORMATS = ['table', 'json', 'csv', 'ndjson', 'md', 'xlsx'] as const;
export type Format = (typeof FORMATS)[number];

