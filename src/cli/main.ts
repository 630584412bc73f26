import { CommanderError } from '@commander-js/extra-typings';
import type { Command } from 'commander';
import { createSystemIO } from '../output/io.js';
import type { Logger } from '../output/messages.js';
import { loadColors } from '../output/style.js';
import { StoreError } from '../server/store/errors.js';
import { statusOf } from './command.js';
import { CliError, ExitCode, exitCodeForStore } from './errors.js';
import { buildProgram, completionArgv, type Runtime } from './program.js';

/** Commander has already printed its message (help, a usage error): only the status is left to decide. */
function commanderStatus(error: CommanderError): ExitCode {
  // Help and version are successes.
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
  // A group without its subcommand (`rentsurvey pricing`): help went to stderr; for a script it is a usage error.
  if (error.code === 'commander.help') return ExitCode.usage;
  return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
}

/**
 * The one place that decides the exit code of anything thrown: one line on
 * stderr (plus a hint) through the logger, never a stack unless --debug.
 */
export function reportError(log: Logger, error: unknown): ExitCode {
  if (error instanceof CommanderError) return commanderStatus(error);
  // Ctrl-C at a prompt: the prompt stays as it was drawn; the shell's next prompt starts on a line of its own.
  if (error instanceof Error && error.name === 'ExitPromptError') {
    log.notice('');
    return ExitCode.interrupted;
  }
  if (error instanceof CliError) {
    log.error(error.message, error.hint);
    if (error.cause) log.debug(String(error.cause));
    return error.exitCode;
  }
  // The local store said no, or cannot be used (damaged, a full disk): the user's to act on, not a bug.
  if (error instanceof StoreError) {
    log.error(error.message, error.hint);
    return exitCodeForStore(error.code);
  }
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  // The system said no (a port in use, a file where a folder should be): the user's to fix, not a bug.
  const systemError = (error as NodeJS.ErrnoException | undefined)?.code?.startsWith('E') === true;
  if (log.debugEnabled && stack) {
    log.error(message);
    log.debug(stack);
  } else log.error(message, systemError ? undefined : 'this is a bug in rentsurvey; run again with --debug for details');
  return ExitCode.failure;
}

/**
 * `rentsurvey ... | head` closes the pipe early: the next write fails with EPIPE,
 * which Node throws as an unhandled 'error' event (a stack trace). The reader
 * has what it wanted, so stop quietly, as a command killed by SIGPIPE would,
 * with the status of the command when it has one.
 */
function exitQuietlyOnBrokenPipe(status: () => ExitCode | undefined) {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(status() ?? ExitCode.ok);
      throw error;
    });
}

/** Runs the CLI and resolves to its exit code; bin/rentsurvey.js hands it to the process. */
export async function main(argv: string[], runtime?: Runtime): Promise<ExitCode> {
  let status: ExitCode | undefined;
  if (!runtime) exitQuietlyOnBrokenPipe(() => status);
  const rt: Runtime = runtime ?? {
    io: createSystemIO({ noColor: argv.includes('--no-color') }),
    env: process.env,
  };
  await loadColors(rt.io);
  // Hidden: the completion scripts' question at each TAB. Not a commander command: its words are the
  // user's half-typed command line, which commander would parse as our own flags (--help, --format …).
  if (argv[2] === '__complete') {
    const [{ answer }, program] = await Promise.all([import('./commands/completion/answer.js'), buildProgram(rt, completionArgv(argv.slice(3)))]);
    return (status = await answer(program as unknown as Command, argv.slice(3), rt));
  }
  const program = await buildProgram(rt, argv);
  if (argv.length <= 2) {
    program.outputHelp();
    return (status = ExitCode.ok);
  }
  try {
    await program.parseAsync(argv);
    status = statusOf(program) ?? ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) return (status = commanderStatus(error));
    // Loaded on failure only: --help and --version stay fast.
    const { createLogger } = await import('../output/messages.js');
    status = reportError(createLogger(rt.io, { debug: argv.includes('--debug') }), error);
  }
  return status;
}
