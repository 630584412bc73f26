/**
 * Output formats (--format, --json, --csv, --ndjson). Every command that prints rows or a
 * record writes the common ones (md: a Markdown table, or a command's own Markdown summary,
 * to paste into an e-mail; xlsx: an Excel workbook written to --out, src/output/xlsx.ts); a
 * message body (html, slack) only a command whose definition names it in `output.formats` (the digest).
 */
export const COMMON_FORMATS = ['table', 'json', 'csv', 'ndjson', 'md', 'xlsx'] as const;
export const MESSAGE_FORMATS = ['html', 'slack'] as const;
export const FORMATS = [...COMMON_FORMATS, ...MESSAGE_FORMATS] as const;
export type Format = (typeof FORMATS)[number];
export type MessageFormat = (typeof MESSAGE_FORMATS)[number];

/** The formats a command writes: the common ones, and the message formats it names. */
export function formatsOf(messageFormats: readonly MessageFormat[] = []): Format[] {
  return [...COMMON_FORMATS, ...MESSAGE_FORMATS.filter((format) => messageFormats.includes(format))];
}
