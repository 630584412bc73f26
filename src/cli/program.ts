import { Command, Option } from '@commander-js/extra-typings';
import { FORMATS } from '../output/formats.js';
import { printText } from '../output/text.js';
import { VERSION } from '../version.js';
import { addHelpFooters } from './help-footer.js';
import type { Runtime } from './command.js';
import { authCommand, loginCommand, logoutCommand } from './commands/auth/index.js';
import { communitiesCommand } from './commands/communities/index.js';
import { completionCommand } from './commands/completion/index.js';
import { configCommand } from './commands/config/index.js';
import { compsCommand } from './commands/comps/index.js';
import { digestCommand } from './commands/digest/index.js';
import { helpCommand } from './commands/help/index.js';
import { localCommand } from './commands/local/index.js';
import { overviewCommand } from './commands/overview/index.js';
import { portfolioCommand } from './commands/portfolio/index.js';
import { reportCommand } from './commands/report/index.js';
import { pricingCommand } from './commands/pricing/index.js';
import { serveCommand } from './commands/serve/index.js';
import { syncCommand } from './commands/sync/index.js';
import { usersCommand } from './commands/users/index.js';
import { vacancyCommand } from './commands/vacancy/index.js';

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
    .addOption(new Option('--format <format>', 'output format (md: Markdown to paste into an e-mail)').choices(FORMATS))
    .option('--json', 'shorthand for --format json')
    .option('--csv', 'shorthand for --format csv')
    .option('--ndjson', 'shorthand for --format ndjson')
    .option('--excel', 'CSV for Excel: UTF-8 with a byte-order mark, CRLF, money in dollars (env RENTSURVEY_CSV=excel; per profile: config set csv excel)')
    .option('--out <file>', 'file to write: a workbook with --format xlsx; the CSV of pricing export; the HTML of report')
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
    .showHelpAfterError('(add --help for usage)')
    .showSuggestionAfterError()
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText(
      'after',
      '\nMore help: rentsurvey help environment, rentsurvey help exit-codes, rentsurvey <command> --help\n',
    );
}

const COMMANDS = {
  login: loginCommand,
  logout: logoutCommand,
  auth: authCommand,
  portfolio: portfolioCommand,
  communities: communitiesCommand,
  comps: compsCommand,
  pricing: pricingCommand,
  vacancy: vacancyCommand,
  overview: overviewCommand,
  digest: digestCommand,
  report: reportCommand,
  users: usersCommand,
  serve: serveCommand,
  local: localCommand,
  sync: syncCommand,
  config: configCommand,
  completion: completionCommand,
};

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
 * The top-level command that `args` (argv after node and the script) run, when
 * it is one of COMMANDS. Anything unusual gives undefined (then the whole tree is built).
 */
export function typedCommand(args: readonly string[], root: Pick<Command, 'options'> = rootCommand()): keyof typeof COMMANDS | undefined {
  const [first] = typedWords(args, root);
  return first !== undefined && Object.hasOwn(COMMANDS, first) ? (first as keyof typeof COMMANDS) : undefined;
}

/**
 * The command tree. Definitions only: each command's code loads when it runs.
 * With `argv`, a run of one top-level command registers only that one — its
 * parsing, help and errors are the same, and building all the others is most
 * of the tree's cost; help, completion and anything else get the whole tree.
 */
export function buildProgram(runtime: Runtime, argv?: readonly string[]) {
  const program = rootCommand();
  const typed = argv ? typedCommand(argv.slice(2), program) : undefined;
  for (const make of typed ? [COMMANDS[typed]] : Object.values(COMMANDS))
    program.addCommand(make(runtime) as unknown as Command);
  if (!typed) program.addCommand(helpCommand(runtime) as unknown as Command);
  addHelpFooters(program as unknown as Command);
  applyToTree(program, (command) => {
    command.showHelpAfterError('(add --help for usage)');
    // Commander's help and usage errors echo what was typed: out through the same sanitizing door.
    command.configureOutput({
      // Commander wraps its own columns; our examples and notes wrap here, at the terminal's width.
      writeOut: (text) => printText(runtime.io, text, 'stdout', runtime.io.isStdoutTTY ? { wrap: runtime.io.terminalWidth } : {}),
      writeErr: (text) => printText(runtime.io, text, 'stderr', runtime.io.isStderrTTY ? { wrap: runtime.io.terminalWidth } : {}),
      getOutHelpWidth: () => runtime.io.terminalWidth,
      getErrHelpWidth: () => runtime.io.terminalWidth,
    });
    command.exitOverride();
  });
  return program;
}

function applyToTree(command: Command, apply: (command: Command) => void) {
  apply(command);
  for (const sub of command.commands) applyToTree(sub as Command, apply);
}
