import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { formatsOf, type Format, type MessageFormat } from '../output/formats.js';
import type { Column } from '../output/columns.js';
import type { CommandContext } from './context.js';
import { type ExitCode, UsageError } from './errors.js';

/**
 * How a command is declared: one definition carries everything known about it
 * without running it — its flags (typed), what it prints and the columns it
 * prints them in, its examples and notes for --help, and where its handler is.
 * The program, --help, TAB completion and the tests all read the definitions
 * (src/cli/commands/index.ts registers them); none keeps a list of its own.
 *
 *   export const history = defineCommand({
 *     name: 'history',
 *     description: 'Pricing history per floor plan',
 *     flags: (c) => c.argument('[community]', COMMUNITY_ARGUMENT).option('--latest', 'only the latest pricing'),
 *     output: { kind: 'rows', columns: async () => (await import('./columns.js')).pricingColumns },
 *     examples: ['rentsurvey pricing history "Barton Creek Terrace" --latest'],
 *     handler: (): HandlerImport => import('./history.js'),
 *   });
 *
 *   // history.ts: opts is { latest?: true }, args is [string | undefined]
 *   export const run: Handler<typeof history> = async (ctx, opts, [community]) => { … };
 */
export interface CommandDefinition<Args extends unknown[] = [], Opts extends OptionValues = NoOptions> {
  /** The word that runs it (`history` in `rentsurvey pricing history`). */
  name: string;
  /** One sentence: the first thing --help says, and what TAB shows beside the name. */
  description: string;
  /**
   * Its arguments and flags, declared on commander (@commander-js/extra-typings), which types them:
   * the handler's `opts` and `args` come from here, so a renamed flag fails to compile there.
   */
  flags?: (command: Command<[], NoOptions, NoOptions>) => Command<Args, Opts, AnyOptions>;
  /** What it prints on stdout: which output flags apply, and the fields --fields and --sort take (and TAB offers). */
  output?: Output;
  /**
   * It draws the whole terminal itself (`dashboard`): its stdout is the screen, never the pager's,
   * and its messages on stderr wait until it has given the screen back.
   */
  fullScreen?: true;
  /** Command lines for --help ("rentsurvey …", a `  # comment` after one is set apart); data, so that tests can run them. */
  examples?: readonly string[];
  /** Paragraphs after the examples, wrapped to the terminal as help is shown. */
  notes?: readonly string[];
  /**
   * Its implementation, imported when it runs (so only the running command pays for its imports).
   * The return type is written out (`(): HandlerImport =>`): the handler's type comes from this
   * definition, so the definition must not take its own type from the handler module.
   */
  handler?: () => HandlerImport;
  /** A group's commands (`pricing history`, `pricing export`, …); a group may run on its own too (`vacancy`). */
  subcommands?: readonly AnyDefinition[];
}

/**
 * What a command prints on stdout, which decides the output flags that apply to it
 * (table-flags.ts). `rows` and `record` name their columns (what the handler hands the
 * renderer, imported only when asked for: --fields and --sort on TAB); `file` writes a file
 * (pricing export, report) in its formats; `fixed` is a document of its own (a script, the
 * OpenAPI JSON, a key) or nothing on stdout.
 */
export type Output =
  | {
      kind: 'rows';
      columns: () => Promise<readonly Column<never>[]>;
      /** Message bodies it writes besides the common formats (the digest: html, slack); others refuse them. */
      formats?: readonly MessageFormat[];
    }
  | {
      kind: 'record';
      columns: () => Promise<readonly Column<never>[]>;
      /** Tables of rows under the record on a terminal (communities show: floor plans, comparables), which --wide widens. */
      tables?: true;
    }
  | {
      kind: 'file';
      /** The formats of the file it writes, its default first (pricing export: csv, xlsx; report: html). */
      formats: readonly [Format, ...Format[]];
    }
  | { kind: 'fixed' };

/** The formats a command writes: a list or record the common ones and the message bodies it names; a file its own. */
export function formatsWritten(output: Output): Format[] {
  if (output.kind === 'fixed') return [];
  if (output.kind === 'file') return [...output.formats];
  return formatsOf('formats' in output ? output.formats : undefined);
}

/** Declares a command (see CommandDefinition); the types of its flags are inferred from `flags`. */
export function defineCommand<Args extends unknown[] = [], Opts extends OptionValues = NoOptions>(
  definition: CommandDefinition<Args, Opts>,
): CommandDefinition<Args, Opts> {
  return definition;
}

// A command without options yet, as @commander-js/extra-typings types it.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type NoOptions = {};
// Commander's types are invariant in their parameters: `any` is the only "some command".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyOptions = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDefinition = CommandDefinition<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = Command<any[], OptionValues, OptionValues>;

/** A handler module, as a definition's `handler` imports it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type HandlerImport = Promise<{ run: (ctx: CommandContext, opts: any, args: any) => Promise<ExitCode | void> }>;

// What a definition, a function making one (comps activate|deactivate), or a commander Command (the program) parses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Made<D> = D extends (...args: any[]) => infer R ? R : D;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Built<D> = Made<D> extends CommandDefinition<infer A, infer O> ? Command<A, O, any> : Made<D>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OptionsOf<D> = Built<D> extends Command<any[], infer O, any> ? O : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ArgumentsOf<D> = Built<D> extends Command<infer A, any, any> ? A : never;

/**
 * A command's implementation, typed by its definition `D`: `opts` and `args` are what
 * commander parses from the definition's flags. Resolves to nothing on success, or to the
 * exit status the command decided (e.g. `serve` after a signal); failures are thrown
 * (CliError and subclasses).
 */
export type Handler<D> = (ctx: CommandContext, opts: OptionsOf<D>, args: ArgumentsOf<D>) => Promise<ExitCode | void>;

// Commander's parseAsync resolves to the program, not to what the action returned:
// the status travels on the command that ran, where main() finds it.
const STATUS = Symbol('rentsurvey.exitStatus');
type WithStatus = { [STATUS]?: ExitCode };

export function setStatus(command: AnyCommand, status: ExitCode | undefined): void {
  (command as WithStatus)[STATUS] = status;
}

/** The status the command that ran returned, if it returned one. */
export function statusOf(program: AnyCommand): ExitCode | undefined {
  const walk = (command: AnyCommand): ExitCode | undefined =>
    (command as WithStatus)[STATUS] ?? command.commands.map((sub) => walk(sub as AnyCommand)).find((s) => s !== undefined);
  return walk(program);
}

/**
 * How a community argument reads in --help; references.ts resolves it. Definitions
 * only say it (loading the resolver would slow every --help).
 */
export const COMMUNITY_ARGUMENT =
  'a community: its name (or a unique part of it), external id, or id (or its first 4+ characters); omit it on a terminal to pick from a list';

/**
 * --concurrency of a command that reads many communities (`what` at once from a service, by
 * default `remote`); with --local 1, since in-process requests take turns on one thread.
 * The handler reads it with concurrencyOf, given the same `remote`, and keeps that many
 * requests in flight (ApiClient.inFlight) while reading as many communities at once.
 */
export function concurrencyOption(what: string, remote: number, max = 16) {
  return new Option('--concurrency <n>', `${what} at once (default ${remote}; with --local 1, as its requests run one at a time in this process)`).argParser(
    parseIntegerOption('--concurrency', 1, max),
  );
}

/** A --state-name: a word that can stand in a file name (letters, digits, ".", "_", "-"; up to 64). */
const STATE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * --state-name of `digest` and `pricing export`: which --since-last state this run reads and
 * advances, one per consumer (two cron jobs that mail and post the same digest would otherwise
 * advance each other's). The handler refuses it without --since-last (sinceLastState).
 */
export function stateNameOption() {
  return new Option('--state-name <name>', 'with --since-last: the state of this consumer, one per cron job (default: the one shared state)').argParser(
    (value: string) => {
      if (!STATE_NAME.test(value))
        throw new UsageError(`--state-name: "${value}" is not a state name (letters, digits, ".", "_" and "-", up to 64, e.g. mail or slack)`);
      return value;
    },
  );
}

/**
 * How many at once: --concurrency when given, else `remote` against a service and 1 with
 * --local, where in-process requests take turns on this thread (more at once would only hold more answers).
 */
export function concurrencyOf(ctx: Pick<CommandContext, 'globals'>, given: number | undefined, remote: number): number {
  return given ?? (ctx.globals.local ? 1 : remote);
}

export function parseIntegerOption(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    // Digits only, like the service's query integers: Number() would also read 1e1, 0x10 and "".
    const n = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UsageError(`${name}: "${value}" is not a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
    return n;
  };
}

/** The flags of a command that prints a paged list of the service (`communities list`, `users list`; src/cli/pages.ts). */
export function pagedListFlags<Args extends unknown[], Opts extends OptionValues>(command: Command<Args, Opts>, search: string) {
  return command
    .option('--search <text>', search)
    .option('--offset <n>', 'records to skip', parseIntegerOption('--offset', 0))
    .option('--all', 'follow every page and print one document');
}

/**
 * A flag's fraction, typed as one (0.03) or as a percent (3%): from `min` (above it with
 * `aboveMin`) to below `max`. `meaning` says what a value stands for when one is refused.
 */
export function parseFraction(flag: string, value: string, range: { min: number; max: number; aboveMin?: boolean; meaning: string }): number {
  const trimmed = value.trim();
  const percent = trimmed.endsWith('%');
  const number = (percent ? trimmed.slice(0, -1) : trimmed).trim();
  // Number('') is 0: an empty value is no number.
  const n = number === '' ? Number.NaN : Number(number) / (percent ? 100 : 1);
  if (Number.isNaN(n)) throw new UsageError(`${flag}: "${value}" is not a number`);
  const { min, max, aboveMin = false } = range;
  if (!((aboveMin ? n > min : n >= min) && n < max))
    throw new UsageError(`${flag}: "${value}" is not a fraction ${aboveMin ? `above ${min} and` : `from ${min} to`} below ${max} (${range.meaning}; a percent also works)`);
  return n;
}

/** "a, b,,c" → ["a", "b", "c"]: the one reader of comma-separated flag values (--fields, --scopes, ids). */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
