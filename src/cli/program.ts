import { Command, Option } from '@commander-js/extra-typings';
import { FORMATS } from '../output/formats.js';
import { messagesAfterwards, unpaged, withStreams, type IOStreams } from '../output/io.js';
import { printText } from '../output/text.js';
import { VERSION } from '../version.js';
import { setStatus, type AnyCommand, type AnyDefinition } from './command.js';
import { COMMANDS } from './commands/index.js';
import type { GlobalFlags } from './globals.js';
import { commandHelp, MIN_WIDTH_TO_WRAP, programHelp } from './help-footer.js';

/** What the program needs from its surroundings; tests hand in their own streams and env. */
export interface Runtime {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
}

/** The program and its global flags (their types are GlobalFlags in globals.ts). */
export function rootCommand() {
  return new Command('rentsurvey')
    .description(
      'Rent surveys for apartment portfolios: pricing against comparables, vacancy, concessions and exports.\n' +
        'Works against a remote service (rentsurvey login) or the embedded one with --local.',
    )
    .version(VERSION, '-V, --version', 'print the version')
    .option('--profile <name>', 'credentials profile (env RENTSURVEY_PROFILE; default "default")')
    .option('--local', 'use the embedded service on the local data directory (demo data on first use; env RENTSURVEY_LOCAL=1)')
    .option('--no-local', 'use the remote profile even when RENTSURVEY_LOCAL=1 or the profile was saved with login --local')
    .option('--data-dir <dir>', 'local data directory (env RENTSURVEY_DATA_DIR; default $XDG_DATA_HOME/rentsurvey)')
    .addOption(new Option('--format <format>', 'output format (md: Markdown to paste into an e-mail; html, slack: the digest as a message body)').choices(FORMATS))
    .option('--json', 'shorthand for --format json')
    .option('--csv', 'shorthand for --format csv')
    .option('--ndjson', 'shorthand for --format ndjson')
    .option('--excel', 'CSV for Excel: UTF-8 with a byte-order mark, CRLF, money in dollars (env RENTSURVEY_CSV=excel; per profile: config set csv excel)')
    .option('--out <file>', 'write to this file instead of stdout, in the format its extension names (.csv, .xlsx, .json, .ndjson, .md, .html) unless --format says; its folder must exist')
    .option('--fields <list>', 'comma-separated fields to output, in that order')
    .option('--sort <field>', 'sort list output by a field (-field: descending; numbers as numbers, empty last)')
    .option('--limit <n>', 'print at most n rows of list output (after --sort)')
    .option('--wide', 'terminal tables: every column, ids included, at full width')
    .option('--dollars', 'money in dollars (*_dollars) instead of cents in csv, ndjson and pricing export')
    .option('--no-pager', 'never page long output (pager: $RENTSURVEY_PAGER, $PAGER, else less -FRX)')
    .option('--no-color', 'no colors (also NO_COLOR=1)')
    .option('-q, --quiet', 'no progress or success messages on stderr')
    .option('--no-input', 'never prompt (env RENTSURVEY_NO_INPUT=1; also when CI is set): what would ask fails naming the flag to pass')
    .option('--debug', 'trace HTTP requests on stderr (the API key is redacted)')
    .option('--connect-timeout <seconds>', 'connect timeout (env RENTSURVEY_CONNECT_TIMEOUT; default 10)')
    .option('--request-timeout <seconds>', 'request timeout (env RENTSURVEY_REQUEST_TIMEOUT; default 30)')
    .helpCommand(false)
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false, minWidthToWrap: MIN_WIDTH_TO_WRAP });
}

/**
 * The words of a command line that are neither global flags nor their values
 * (`--profile x pricing --json export --days 7` → pricing, export, 7), up to
 * `--`; the value-taking global flags are read from the root command itself.
 */
export function typedWords(args: readonly string[], root: Pick<Command, 'options'> = rootCommand()): string[] {
  const takesValue = new Set(root.options.filter((option) => option.required || option.optional).flatMap((option) => [option.long, option.short]));
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    if (!arg.startsWith('-')) words.push(arg);
    else if (takesValue.has(arg)) i++;
  }
  return words;
}

/**
 * The name of the top-level command that `args` (argv after node and the script) run.
 * Anything unusual gives undefined (then the whole tree is built).
 */
export function typedCommand(args: readonly string[], root: Pick<Command, 'options'> = rootCommand()): string | undefined {
  const [first] = typedWords(args, root);
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? first : undefined;
}

/** The definitions of the top-level commands `names` (default: every one, in help's order); each module loads on first use. */
export function loadCommands(names: readonly string[] = Object.keys(COMMANDS)): Promise<AnyDefinition[]> {
  return Promise.all(names.map((name) => COMMANDS[name]!()));
}

/** What each command of a built program was built from. */
const definitions = new WeakMap<object, AnyDefinition>();

/** A command of a built program, as far as definitionAt looks at it. */
interface Built {
  readonly commands: readonly Built[];
  name(): string;
}

/** The definition `path` (`['pricing', 'history']`) names in `program`, as built (with only the command typed, only its own). */
export function definitionAt(program: Built, path: readonly string[]): AnyDefinition | undefined {
  let command: Built | undefined = program;
  for (const name of path) command = command?.commands.find((c) => c.name() === name);
  return command === program || command === undefined ? undefined : definitions.get(command);
}

/**
 * The command tree, built from the definitions (each command's code loads when it runs).
 * With `argv`, a run of one top-level command loads and builds only that one — its parsing,
 * help and errors are the same, and loading and building all the others is most of the
 * tree's cost; help, completion and anything else get the whole tree. TAB (`__complete`)
 * gets the command typed once a word follows its name (completionArgv).
 */
export async function buildProgram(runtime: Runtime, argv?: readonly string[]) {
  const program = rootCommand();
  const typed = argv ? typedCommand(argv.slice(2), program) : undefined;
  for (const definition of await loadCommands(typed ? [typed] : undefined))
    program.addCommand(build(definition, [], runtime, program) as unknown as Command);
  program.addHelpText('after', () => afterHelp(programHelp(runtime.io.terminalWidth)));
  configure(program as unknown as AnyCommand, runtime);
  return program;
}

/**
 * The command line whose tree TAB needs for `words` (what follows `__complete`, the last one
 * being completed): the command typed before it, unless that is `help` (which completes
 * command names) — otherwise none, and buildProgram builds the whole tree.
 */
export function completionArgv(words: readonly string[]): string[] {
  const before = words.slice(0, -1);
  return typedCommand(before) === 'help' ? [] : ['node', 'rentsurvey', ...before];
}

/** The commander Command of `definition`, its subcommands included. */
function build(definition: AnyDefinition, parents: readonly string[], runtime: Runtime, program: AnyCommand): AnyCommand {
  const path = [...parents, definition.name];
  const command = new Command(definition.name).description(definition.description).configureHelp({ minWidthToWrap: MIN_WIDTH_TO_WRAP });
  definitions.set(command, definition);
  definition.flags?.(command);
  if (definition.handler) runs(command as unknown as AnyCommand, definition, path.join(' '), runtime);
  for (const sub of definition.subcommands ?? []) command.addCommand(build(sub, path, runtime, program) as unknown as Command);
  // Written when help is shown: building the tree stays cheap.
  command.addHelpText('after', () => afterHelp(commandHelp(definition, program, runtime.io.terminalWidth)));
  return command as unknown as AnyCommand;
}

/** Text after commander's help, without the line end commander adds to it. */
const afterHelp = (text: string) => text.replace(/\n$/, '');

/** Help and usage errors: out through the same sanitizing door, at the terminal's width, wrapped once. */
function configure(command: AnyCommand, runtime: Runtime) {
  const { io } = runtime;
  command.showHelpAfterError('(add --help for usage)').showSuggestionAfterError();
  command.configureOutput({
    // Help is laid out at getOutHelpWidth by commander (its columns) and help-footer.ts (the rest): printed as it is.
    writeOut: (text) => printText(io, text, 'stdout'),
    writeErr: (text) => printText(io, text, 'stderr'),
    // An error message is one long line: wrapped here, on a terminal.
    outputError: (text) => printText(io, text, 'stderr', io.isStderrTTY ? { wrap: io.terminalWidth } : {}),
    getOutHelpWidth: () => io.terminalWidth,
    getErrHelpWidth: () => io.terminalWidth,
  });
  command.exitOverride();
  for (const sub of command.commands) configure(sub as AnyCommand, runtime);
}

/**
 * Makes `command` run the definition's handler, imported on use. The context is
 * created here, once; the handler's status is left on the command for main() to return.
 */
function runs(command: AnyCommand, definition: AnyDefinition, path: string, runtime: Runtime) {
  command.action(async (...received: unknown[]) => {
    const args = received.slice(0, -2);
    const [{ createContext, resolveGlobals, createLogger, assertOutputFlags, outCommand, listFile, fileOutput, sayOmittedColumns }, pager, module] =
      await Promise.all([
      import('./run-support.js'),
      // The pager is for a terminal: piped output (and serve) never loads it, nor a command that draws the screen itself.
      runtime.io.isStdoutTTY && !definition.fullScreen ? import('../output/pager.js') : undefined,
      definition.handler!(),
    ]);
    // A subcommand's type does not know its parents: the program's flags are GlobalFlags.
    const flags = command.optsWithGlobals() as GlobalFlags;
    const globals = resolveGlobals(flags, runtime.env, outCommand(path, definition.output));
    assertOutputFlags(path, definition.output, flags, globals);
    // A list or record for --out goes to its file; a full-screen command's messages wait for the screen to be given back;
    // long output on a terminal goes through the pager, the run's messages keeping their place after it.
    const file = listFile(definition.output, globals);
    const toFile = file === undefined ? undefined : fileOutput(runtime.io);
    const output =
      toFile ??
      (definition.fullScreen
        ? messagesAfterwards(runtime.io)
        : pager
          ? pager.pageOutput(runtime.io, { command: globals.pager ? pager.pagerCommand(runtime.env) : undefined, env: runtime.env })
          : unpaged(runtime.io));
    const log = createLogger(withStreams(output.io, { stderr: output.messages }), { quiet: globals.quiet, debug: globals.debug });
    const ctx = createContext({ io: output.io, log, globals, env: runtime.env, ...(runtime.now ? { now: runtime.now } : {}) });
    try {
      setStatus(command, (await module.run(ctx, command.opts(), args)) ?? undefined);
      if (toFile && file !== undefined) await toFile.commit(ctx, file);
      sayOmittedColumns(ctx);
    } finally {
      // Releases what the command held (ctx.defer), then its connections.
      await ctx.close();
      await output.close();
    }
  });
}
