/**
 * Output formats (--format, --json, --csv, --ndjson); md is a Markdown table (or a command's own Markdown
 * summary) to paste into an e-mail. html and slack are message bodies only some commands write (FORMATS_OF).
 */
export const FORMATS = ['table', 'json', 'csv', 'ndjson', 'md', 'html', 'slack'] as const;
export type Format = (typeof FORMATS)[number];

/** Formats only some commands write, with the commands (as typed after `rentsurvey`) that do. */
export const FORMATS_OF: Readonly<Partial<Record<Format, readonly string[]>>> = {
  html: ['digest'],
  slack: ['digest'],
};

/** The formats the command at `path` (as typed after `rentsurvey`; "" for none yet) writes. */
export function formatsOf(path: string): Format[] {
  return FORMATS.filter((format) => FORMATS_OF[format]?.includes(path) ?? true);
}
