import type { Command } from '@commander-js/extra-typings';
import type { IOStreams } from '../output/io.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';
import type { GlobalFlags } from './globals.js';

/** What the program needs from its surroundings; tests hand in their own streams and env. */
export interface Runtime {
  io: IOStreams;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
}

/** A command's implementation: flags as commander parsed them, positional arguments in order. */
export type Handler = (ctx: CommandContext, opts: Record<string, unknown>, args: string[]) => Promise<void>;

/**
 * The action of a command whose implementation loads on use, so that only the
 * running command pays for its imports. The context is created here, once.
 */
export function lazy(runtime: Runtime, load: () => Promise<{ run: Handler }>) {
  return async (...received: unknown[]) => {
    const command = received.at(-1) as Command;
    const opts = command.opts() as Record<string, unknown>;
    const args = received.slice(0, -2).flatMap((value) => (Array.isArray(value) ? value : [value])) as string[];
    const [{ createContext }, { resolveGlobals }, { createLogger }, module] = await Promise.all([
      import('./context.js'),
      import('./globals.js'),
      import('../output/messages.js'),
      load(),
    ]);
    const globals = resolveGlobals(command.optsWithGlobals() as GlobalFlags, runtime.env);
    const log = createLogger(runtime.io, { quiet: globals.quiet, debug: globals.debug });
    const ctx = createContext({ io: runtime.io, log, globals, env: runtime.env, ...(runtime.now ? { now: runtime.now } : {}) });
    try {
      await module.run(ctx, opts, args);
    } finally {
      await ctx.close();
    }
  };
}

/** "Examples:" block for --help. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

export function parseIntegerOption(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    // Digits only, like the service's query integers: Number() would also read 1e1, 0x10 and "".
    const n = /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max)
      throw new UsageError(`${name} must be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}, got "${value}"`);
    return n;
  };
}
