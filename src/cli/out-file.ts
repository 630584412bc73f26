/**
 * --out <file>: files named by what they hold. Without --format, the file's extension
 * chooses the format; a --format (or --json, --csv, --ndjson) that contradicts the
 * extension, or an extension of a format rentsurvey does not write, is refused before
 * anything runs (exit 2, naming both); so is a folder that does not exist, which is
 * never created: a mistyped folder must not go unnoticed. Loaded on every run (globals.ts):
 * no imports but node's.
 */
import { statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import type { Format } from '../output/formats.js';
import { UsageError } from './errors.js';

/** The extensions of each format a file may be written in. */
const EXTENSIONS: Partial<Record<Format, readonly string[]>> = {
  csv: ['.csv'],
  xlsx: ['.xlsx'],
  json: ['.json'],
  ndjson: ['.ndjson', '.jsonl'],
  md: ['.md', '.markdown'],
  html: ['.html', '.htm'],
  // A Slack message is a JSON payload.
  slack: ['.json'],
};

/** The format an extension names, where it names one: the first that claims it (.json is json, not slack). */
const BY_EXTENSION = new Map<string, Format>(
  Object.entries(EXTENSIONS)
    .reverse()
    .flatMap(([format, extensions]) => extensions.map((extension) => [extension, format as Format] as const)),
);

/** Extensions of files rentsurvey does not write: `--out report.pdf` is refused, not filled with HTML. */
const FOREIGN = new Set(['.pdf', '.xls', '.xlsm', '.xlsb', '.ods', '.numbers', '.doc', '.docx', '.odt', '.rtf', '.tsv', '.xml', '.yaml', '.yml', '.png', '.jpg', '.jpeg', '.svg', '.zip', '.gz', '.eml']);

/** How a format is named in a message: "CSV (.csv)". */
export function formatName(format: Format): string {
  const names: Partial<Record<Format, string>> = { csv: 'CSV', xlsx: 'a workbook', json: 'JSON', ndjson: 'NDJSON', md: 'Markdown', html: 'HTML', slack: 'a Slack message' };
  const extensions = EXTENSIONS[format];
  return `${names[format] ?? format}${extensions ? ` (${extensions[0]})` : ''}`;
}

/** What a file's name says it holds: a format, a format rentsurvey does not write (`foreign`), or nothing (no or another extension). */
export function formatOfFile(path: string): { extension: string; format?: Format; foreign: boolean } {
  const extension = extname(path).toLowerCase();
  const format = BY_EXTENSION.get(extension);
  return { extension, ...(format ? { format } : {}), foreign: FOREIGN.has(extension) };
}

/** The command a run's --out is for: its words and the formats it writes, its default first (`formatsWritten`). */
export interface OutCommand {
  path: string;
  formats: readonly Format[];
  /** It writes files of its own (pricing export, report): without a format said, its first. */
  file: boolean;
}

/** ".csv, .json or .md": the first extension of each format. */
function extensionsOf(formats: readonly Format[]): string {
  const names = [...new Set(formats.flatMap((format) => EXTENSIONS[format]?.slice(0, 1) ?? []))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
}

/**
 * The format of a run with --out `out`: the one typed (`typed`, as `flag` said it), checked
 * against the file's extension, else the extension's; undefined when neither says and the
 * command writes files of its own (its first format). Refuses a contradiction, an extension of
 * a format the command does not write, a list without a format, and a folder that does not exist.
 */
export function outFormat(out: string, typed: { format: Format; flag: string } | undefined, command: OutCommand): Format | undefined {
  if (out === '-') return typed?.format;
  assertFolder(out);
  const file = formatOfFile(out);
  const writes = `\`rentsurvey ${command.path}\` writes ${command.formats.filter((format) => EXTENSIONS[format]).map(formatName).join(' or ')}`;
  const written = command.formats.filter((format) => EXTENSIONS[format]);
  if (file.foreign || (typed === undefined && file.format !== undefined && !command.formats.includes(file.format)))
    throw new UsageError(`--out ${out} names ${file.format ? formatName(file.format) : `a ${file.extension} file`}; ${writes}`, `name the file ${extensionsOf(written)}`);
  if (typed === undefined) {
    if (file.format === undefined && !command.file)
      throw new UsageError(
        `--out ${out}: say what the file holds, by its extension or with --format`,
        `\`rentsurvey ${command.path}\` writes ${extensionsOf(written)}: e.g. --out ${file.extension ? out.slice(0, -file.extension.length) : out}${EXTENSIONS[written[0] ?? 'csv']![0]}`,
      );
    return file.format;
  }
  // A format the command does not write at all is refused as such, with its formats (table-flags.ts).
  if (!command.formats.includes(typed.format)) return typed.format;
  const fits = EXTENSIONS[typed.format]?.includes(file.extension) ?? false;
  if (file.format !== undefined && !fits)
    throw new UsageError(
      `--out ${out} names ${formatName(file.format)}, but ${typed.flag} writes ${formatName(typed.format)}`,
      'name the file for what it holds, or leave out --format: the extension chooses it',
    );
  return typed.format;
}

/** The folder --out writes into must be there: rentsurvey does not create it. */
function assertFolder(out: string): void {
  const folder = dirname(resolve(out));
  let isFolder: boolean;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {
    throw new UsageError(`--out ${out}: no folder ${folder}`, 'create it first, or check its name: rentsurvey does not create folders for --out');
  }
  if (!isFolder) throw new UsageError(`--out ${out}: ${folder} is not a folder`);
}
