/**
 * Which global output flags apply to which command, checked before it runs, and the
 * note of the columns a terminal table left out: what every command's wrapper
 * (program.ts) runs, kept apart from print.ts so that a command that prints no table
 * loads no renderer.
 */
import { formatsWritten, type Output } from './command.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';
import type { Format } from '../output/formats.js';
import type { GlobalFlags, GlobalOptions } from './globals.js';
import type { OutCommand } from './out-file.js';

/** A global flag that shapes what a command prints, and the outputs it applies to. */
interface OutputFlag {
  long: string;
  /** Its key among the parsed global flags: undefined unless typed. */
  key: keyof GlobalFlags;
  applies: (output: Output) => boolean;
  /** What it is for, when refused: "--wide is for terminal tables of rows". */
  for: string;
}

const writes = (format: Format) => (output: Output) => formatsWritten(output).includes(format);
const always = () => true;

/**
 * The one table of which global flags apply to which output: --help lists those that apply
 * to a command (help-footer.ts), and a run refuses the others (exit 2) rather than ignore
 * them. --no-pager, --no-color and --quiet are about the run's terminal and messages: any command takes them.
 */
export const OUTPUT_FLAGS: readonly OutputFlag[] = [
  { long: '--format', key: 'format', applies: (output) => formatsWritten(output).length > 0, for: 'lists, records and files' },
  { long: '--json', key: 'json', applies: writes('json'), for: 'lists and records' },
  { long: '--csv', key: 'csv', applies: writes('csv'), for: 'lists, records and CSV files' },
  { long: '--ndjson', key: 'ndjson', applies: writes('ndjson'), for: 'lists and records' },
  { long: '--excel', key: 'excel', applies: writes('csv'), for: 'lists, records and CSV files' },
  { long: '--out', key: 'out', applies: (output) => output.kind !== 'fixed', for: 'lists, records and files' },
  { long: '--fields', key: 'fields', applies: (output) => output.kind === 'rows' || output.kind === 'record', for: 'lists and records' },
  { long: '--sort', key: 'sort', applies: (output) => output.kind === 'rows', for: 'lists of rows' },
  { long: '--limit', key: 'limit', applies: (output) => output.kind === 'rows', for: 'lists of rows' },
  {
    long: '--wide',
    key: 'wide',
    applies: (output) => output.kind === 'rows' || (output.kind === 'record' && output.tables === true),
    for: 'terminal tables of rows',
  },
  { long: '--dollars', key: 'dollars', applies: (output) => writes('csv')(output) || writes('ndjson')(output), for: 'csv and ndjson' },
  { long: '--no-pager', key: 'pager', applies: always, for: 'any command' },
  { long: '--no-color', key: 'color', applies: always, for: 'any command' },
  { long: '--quiet', key: 'quiet', applies: always, for: 'any command' },
];

/** The output flags that apply to a command printing `output`, in the table's order. */
export function outputFlagsOf(output: Output): readonly OutputFlag[] {
  return OUTPUT_FLAGS.filter((flag) => flag.applies(output));
}

/** What a command prints, after its name in a refusal. */
function prints(output: Output): string {
  if (output.kind === 'file') return `writes a file (${output.formats.join(' or ')})`;
  return { rows: 'prints rows', record: 'prints one record', fixed: 'prints no list or record' }[output.kind];
}

/**
 * An output flag `path`'s command does not take is refused (exit 2) rather than ignored, as
 * is a format it does not write. Checked before the command runs, so a write is never
 * applied and then reported as a usage error. `flags` are the global flags as typed.
 */
export function assertOutputFlags(path: string, output: Output = { kind: 'fixed' }, flags: Partial<GlobalFlags>, globals: GlobalOptions): void {
  const refused = OUTPUT_FLAGS.filter((flag) => flags[flag.key] !== undefined && !flag.applies(output));
  const [first] = refused;
  if (first) {
    // Refused together when they are for the same thing: "--sort and --limit are for lists of rows".
    const given = refused.filter((flag) => flag.for === first.for).map((flag) => flag.long);
    throw new UsageError(
      `${given.join(' and ')} ${given.length > 1 ? 'are' : 'is'} for ${first.for}; \`rentsurvey ${path}\` ${prints(output)}`,
      `\`rentsurvey ${path} --help\` lists the output flags it takes`,
    );
  }
  const written = formatsWritten(output);
  // Without a format typed or named by --out (format "table"), a file command writes its first one.
  const defaulted = output.kind === 'file' && globals.formatSource === 'default';
  if (written.length > 0 && !defaulted && !written.includes(globals.format))
    throw new UsageError(`\`rentsurvey ${path}\` does not write --format ${globals.format}`, `use one of ${written.join(', ')}`);
}

/** The command a run's --out is for (out-file.ts), for a command that writes a list, a record or a file. */
export function outCommand(path: string, output: Output = { kind: 'fixed' }): OutCommand | undefined {
  if (output.kind === 'fixed') return undefined;
  return { path, formats: formatsWritten(output), file: output.kind === 'file' };
}

/**
 * The file a list or record goes to instead of stdout (--out, in a format other than a workbook,
 * which print-xlsx.ts writes); undefined when it goes to stdout. A file command writes its own.
 */
export function listFile(output: Output = { kind: 'fixed' }, globals: GlobalOptions): string | undefined {
  if (output.kind !== 'rows' && output.kind !== 'record') return undefined;
  return globals.out === undefined || globals.out === '-' || globals.format === 'xlsx' ? undefined : globals.out;
}

/** A chart draws every point: the flags that pick columns or rows of a table do not go with it. */
export function assertChartFlags(ctx: CommandContext): void {
  const given = (['fields', 'sort', 'limit'] as const).filter((name) => ctx.globals[name] !== undefined).map((name) => `--${name}`);
  if (given.length > 0) throw new UsageError(`--chart draws every point; ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} for tables: use one or the other`);
}

/** What terminal tables of this run left out, said once after everything else (muted; --quiet drops it). */
export function sayOmittedColumns(ctx: CommandContext): void {
  if (ctx.omittedColumns.size === 0) return;
  const { size } = ctx.omittedColumns;
  const note = `Not shown: ${[...ctx.omittedColumns].join(', ')} (--wide shows ${size === 1 ? 'it' : 'them'})`;
  ctx.log.note(note);
}
