import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';

/** Prompts only for a person at a terminal: never in CI, never when stdin is not a TTY. */
export function canPrompt(ctx: CommandContext, noInput = false): boolean {
  return ctx.io.isStdinTTY && ctx.io.isStderrTTY && !noInput && !ctx.env.CI;
}

/**
 * Asks a yes/no question on a terminal. Without one, a confirmation cannot be
 * given, so the command fails naming the flag that skips the question.
 */
export async function confirm(ctx: CommandContext, message: string, skipFlag: string): Promise<boolean> {
  if (!canPrompt(ctx)) throw new UsageError(`confirmation needed: ${message}`, `add ${skipFlag} to proceed without a prompt`);
  const { confirm: ask } = await import('@inquirer/prompts');
  return ask({ message, default: false }, promptStreams(ctx));
}

/** Prompts read the context's stdin and draw on its stderr (stdout stays data), like everything else. */
export function promptStreams(ctx: CommandContext): { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } {
  return { input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream };
}
