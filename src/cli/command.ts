import type { Command, OptionValues } from '@commander-js/extra-typings';
import { unpaged, withStreams, type IOStreams } from '../output/io.js';
import type { CommandContext } from './context.js';
import { type ExitCode, UsageError } from './errors.js';
import type { GlobalFlags } from './globals.js';

/** What the program needs from its surroundings; tests hand in their own streams and env. */
export interface Runtime {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
}

// Commander's types are invariant in their parameters: `any` is the only "some command".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCommand = Command<any[], OptionValues, OptionValues>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type CommandOf<D> = D extends (...args: any[]) => infer C ? C : D;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OptionsOf<D> = CommandOf<D> extends Command<any[], infer O, any> ? O : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ArgumentsOf<D> = CommandOf<D> extends Command<infer A, any, any> ? A : never;

/**
 * A command's implementation. `D` is its definition (the function in the group's
 * index.ts that builds the commander Command), so flags and arguments are typed
 * from what commander parses: a renamed flag fails to compile here.
 * Resolves to nothing on success, or to the exit status the command decided
 * (e.g. `serve` after a signal); failures are thrown (CliError and subclasses).
 */
export type Handler<D> = (ctx: CommandContext, opts: OptionsOf<D>, args: ArgumentsOf<D>) => Promise<ExitCode | void>;

/**
 * Makes `command` run the handler that `load` imports on use, so that only the
 * running command pays for its imports. The context is created here, once;
 * the handler's status is left on the command for main() to return.
 */
export function lazy<C extends AnyCommand>(runtime: Runtime, command: C, load: () => Promise<{ run: Handler<() => C> }>): C {
  command.action(async (...received: unknown[]) => {
    const args = received.slice(0, -2) as ArgumentsOf<() => C>;
    const [{ createContext, resolveGlobals, createLogger, assertRowFlags, sayOmittedColumns }, pager, module] = await Promise.all([
      import('./run-support.js'),
      // The pager is for a terminal: piped output (and serve) never loads it.
      runtime.io.isStdoutTTY ? import('../output/pager.js') : undefined,
      load(),
    ]);
    // A subcommand's type does not know its parents: the program's flags are GlobalFlags.
    const globals = resolveGlobals(command.optsWithGlobals() as GlobalFlags, runtime.env);
    assertRowFlags(command, globals);
    // Long output on a terminal goes through the pager; the run's messages keep their place after it.
    const output = pager
      ? pager.pageOutput(runtime.io, { command: globals.pager ? pager.pagerCommand(runtime.env) : undefined, env: runtime.env })
      : unpaged(runtime.io);
    const log = createLogger(withStreams(output.io, { stderr: output.messages }), { quiet: globals.quiet, debug: globals.debug });
    const ctx = createContext({ io: output.io, log, globals, env: runtime.env, ...(runtime.now ? { now: runtime.now } : {}) });
    try {
      setStatus(command, (await module.run(ctx, command.opts() as OptionsOf<() => C>, args)) ?? undefined);
      sayOmittedColumns(ctx);
    } finally {
      await ctx.close();
      await output.close();
    }
  });
  return command;
}

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

/** "Examples:" block for --help. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
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

/** "a, b,,c" → ["a", "b", "c"]: the one reader of comma-separated flag values (--fields, --scopes, ids). */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
