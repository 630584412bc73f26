/** Output formats of every command (--format, --json, --csv, --ndjson). */
export const FORMATS = ['table', 'json', 'csv', 'ndjson'] as const;
export type Format = (typeof FORMATS)[number];

export function isFormat(value: string): value is Format {
  return (FORMATS as readonly string[]).includes(value);
}
