/** Output formats of every command (--format, --json, --csv, --ndjson). */
export const FORMATS = ['table', 'json', 'csv', 'ndjson'] as const;
export type Format = (typeof FORMATS)[number];

