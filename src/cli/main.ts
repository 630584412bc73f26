import { CommanderError } from '@commander-js/extra-typings';
import type { Command } from 'commander';
import { UsageError as RenderUsageError } from '../output/errors.js';
import { createSystemIO } from '../output/io.js';
import type { Runtime } from './command.js';
import { CliError, ExitCode } from './errors.js';
import { buildProgram } from './program.js';

/** Maps anything thrown to one line on stderr (plus a hint) and an exit code; never a stack unless --debug. */
export function reportError(runtime: Runtime, error: unknown, debug: boolean): number {
  const { stderr } = runtime.io;
  if (error instanceof CommanderError) {
    // Commander has already printed its message; help and version are successes.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
    // A group without its subcommand (`rentsurvey pricing`): help went to stderr; for a script it is a usage error.
    if (error.code === 'commander.help') return ExitCode.usage;
    return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  }
  // output/ cannot import cli/, so the renderers throw their own UsageError (e.g. an unknown --fields name).
  if (error instanceof CliError || error instanceof RenderUsageError) {
    stderr.write(`error: ${error.message}\n`);
    if (error.hint) stderr.write(`hint: ${error.hint}\n`);
    if (debug && error.cause) stderr.write(`${String(error.cause)}\n`);
    return error instanceof RenderUsageError ? ExitCode.usage : error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(`error: ${message}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  // The system said no (a port in use, a file where a folder should be): the user's to fix, not a bug.
  else if (!(error as NodeJS.ErrnoException | undefined)?.code?.startsWith('E'))
    stderr.write('hint: this is a bug in rentsurvey; run again with --debug for details\n');
  return ExitCode.failure;
}

/**
 * `rentsurvey ... | head` closes the pipe early: the next write fails with EPIPE,
 * which Node throws as an unhandled 'error' event (a stack trace). The reader
 * has what it wanted, so stop quietly, as a command killed by SIGPIPE would.
 */
function exitQuietlyOnBrokenPipe() {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok);
      throw error;
    });
}

export async function main(argv: string[], runtime?: Runtime): Promise<number> {
  if (!runtime) exitQuietlyOnBrokenPipe();
  const rt: Runtime = runtime ?? {
    io: createSystemIO({ noColor: argv.includes('--no-color') }),
    env: process.env,
  };
  const program = buildProgram(rt);
  // Hidden: the completion scripts' question at each TAB. Not a commander command: its words are the
  // user's half-typed command line, which commander would parse as our own flags (--help, --format …).
  if (argv[2] === '__complete') {
    const { answer } = await import('./commands/completion/answer.js');
    return answer(program as unknown as Command, argv.slice(3), rt);
  }
  if (argv.length <= 2) {
    rt.io.stdout.write(program.helpInformation());
    return ExitCode.ok;
  }
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.ok;
  } catch (error) {
    return reportError(rt, error, argv.includes('--debug'));
  }
}
