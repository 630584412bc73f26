/**
 * Checks of the table flags (--fields, --sort, --limit) that do not need the
 * renderers, and the note of the columns a terminal table left out: what every
 * command's wrapper (command.ts) runs, kept apart from print.ts so that a
 * command that prints no table loads no renderer.
 */
import type { Output, OutputKind } from './command.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';
import { formatsOf, isMessageFormat } from '../output/formats.js';
import type { GlobalOptions } from './globals.js';

const PRINTS = { record: 'one record', file: 'a file', fixed: 'no list' } as const;

/** The table flags among `names` that were given, as typed, and the verb that agrees with them. */
function tableFlagsGiven(globals: GlobalOptions, names: readonly ('fields' | 'sort' | 'limit')[]) {
  const given = names.filter((name) => globals[name] !== undefined).map((name) => `--${name}`);
  return { given, verb: given.length > 1 ? 'are' : 'is' };
}

/**
 * --sort and --limit order and cut rows: a command that prints something else
 * refuses them (exit 2) rather than ignore them. Checked before the command runs,
 * so a write is never applied and then reported as a usage error.
 */
export function assertRowFlags(path: string, output: Output | undefined, globals: GlobalOptions): void {
  // A message body (the digest's html, slack) is refused by a command that does not write it, as a row flag is.
  const writes = output && 'columns' in output ? output.formats : undefined;
  if (isMessageFormat(globals.format) && !writes?.includes(globals.format))
    throw new UsageError(`\`rentsurvey ${path}\` does not write --format ${globals.format}`, `use one of ${formatsOf(writes).join(', ')}`);
  const kind = output?.kind;
  assertFileFlags(path, kind, globals);
  if (kind === undefined || kind === 'rows') return;
  const { given, verb } = tableFlagsGiven(globals, ['sort', 'limit']);
  if (given.length > 0) throw new UsageError(`${given.join(' and ')} ${verb} for lists of rows; \`rentsurvey ${path}\` prints ${PRINTS[kind]}`);
}

/**
 * --out is where a file goes: a workbook (--format xlsx) of a command that prints rows or a
 * record, or what a command that writes a file writes (`pricing export`, `report`, which check
 * their formats themselves). Anywhere else it would be ignored, so it is refused.
 */
function assertFileFlags(path: string, kind: OutputKind | undefined, globals: GlobalOptions): void {
  if (kind === undefined || kind === 'file') return;
  if (kind === 'fixed' && globals.format === 'xlsx') throw new UsageError(`\`rentsurvey ${path}\` prints no rows: --format xlsx is for lists and records`);
  if (globals.out !== undefined && globals.format !== 'xlsx')
    throw new UsageError(
      kind === 'fixed' ? `\`rentsurvey ${path}\` writes no file: --out is not for it` : '--out writes a workbook: add --format xlsx',
      kind === 'fixed' ? undefined : 'for other formats, redirect: > file',
    );
}

/** A chart draws every point: the flags that pick columns or rows of a table do not go with it. */
export function assertChartFlags(ctx: CommandContext): void {
  const { given, verb } = tableFlagsGiven(ctx.globals, ['fields', 'sort', 'limit']);
  if (given.length > 0) throw new UsageError(`--chart draws every point; ${given.join(', ')} ${verb} for tables: use one or the other`);
}

/** What terminal tables of this run left out, said once after everything else (muted; --quiet drops it). */
export function sayOmittedColumns(ctx: CommandContext): void {
  if (ctx.omittedColumns.size === 0) return;
  const { size } = ctx.omittedColumns;
  const note = `Not shown: ${[...ctx.omittedColumns].join(', ')} (--wide shows ${size === 1 ? 'it' : 'them'})`;
  ctx.log.note(note);
}
