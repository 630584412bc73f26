import { alignRows, cutToWidth, displayWidth, sanitize } from '../output/text.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';

/**
 * Prompts only for a person at a terminal: stdin is a TTY, stderr (where prompts draw)
 * a terminal that can redraw (not TERM=dumb, a width: io.stderrAnimates), and
 * neither --no-input, RENTSURVEY_NO_INPUT nor CI turned them off.
 */
export function canPrompt(ctx: CommandContext): boolean {
  // stdin last: asking about it opens it (io.ts), which a script's run need not do.
  return ctx.io.stderrAnimates && !ctx.globals.noInput && ctx.io.isStdinTTY;
}

/** Why a prompt cannot be shown, for the message of a command that would have asked. */
export function whyNoPrompt(ctx: CommandContext): string {
  if (ctx.globals.noInput) return 'prompts are off (--no-input, RENTSURVEY_NO_INPUT or CI)';
  return ctx.io.isStderrTTY && ctx.io.isStdinTTY && !ctx.io.stderrAnimates ? 'this terminal cannot redraw a prompt (TERM=dumb or no width)' : 'not a terminal';
}

/**
 * Asks a yes/no question on a terminal. Without one, a confirmation cannot be
 * given, so the command fails naming the flag that skips the question.
 */
export async function confirm(ctx: CommandContext, message: string, skipFlag: string): Promise<boolean> {
  if (!canPrompt(ctx))
    throw new UsageError(`confirmation needed (${whyNoPrompt(ctx)}): ${message}`, `add ${skipFlag} to proceed without a prompt`);
  const { confirm: ask } = await import('@inquirer/prompts');
  return ask({ message, default: false }, promptStreams(ctx));
}

/** Prompts read the context's stdin and draw on its stderr (stdout stays data), like everything else. */
export function promptStreams(ctx: CommandContext): { input: NodeJS.ReadableStream; output: NodeJS.WritableStream } {
  return { input: ctx.io.stdin, output: ctx.io.stderr as NodeJS.WritableStream };
}

/** One line of a picker: what it shows, in columns, and what choosing it gives. */
export interface PickChoice<T> {
  value: T;
  /** Shown side by side, aligned: e.g. name, external id, short id. The first one is cut to fit the terminal. */
  columns: string[];
  /** Shown under the list while the choice is highlighted (an address). */
  description?: string | undefined;
}

const PAGE_SIZE = 10;

/**
 * A searchable list on the terminal (typing narrows it, case-insensitively, on
 * every column). Callers check canPrompt first: what to do without a terminal
 * (fail, listing the choices) is theirs to say.
 */
export async function pick<T>(ctx: CommandContext, message: string, choices: readonly PickChoice<T>[]): Promise<T> {
  const { search } = await import('@inquirer/prompts');
  const rows = alignColumns(
    choices.map((c) => c.columns.map((text) => sanitize(text))),
    ctx.io.stderr.columns ?? ctx.io.terminalWidth,
  );
  const entries = choices.map((choice, i) => ({
    name: rows[i]!,
    value: choice.value,
    short: sanitize(choice.columns[0] ?? ''),
    haystack: choice.columns.join(' ').toLowerCase(),
    ...(choice.description ? { description: sanitize(choice.description) } : {}),
  }));
  return search(
    {
      message,
      pageSize: PAGE_SIZE,
      source: (term) => {
        const words = (term ?? '').toLowerCase().split(/\s+/).filter(Boolean);
        return Promise.resolve(
          entries
            .filter((entry) => words.every((word) => entry.haystack.includes(word)))
            .map(({ name, value, short, description }) => ({ name, value, short, ...(description ? { description } : {}) })),
        );
      },
    },
    promptStreams(ctx),
  );
}

/**
 * Columns padded to a common width; the first (a name) is cut with "…" so that a
 * line fits `width` (the picker's cursor and margin take 4).
 */
export function alignColumns(rows: readonly string[][], width: number): string[] {
  const others = alignRows(rows.map((r) => r.slice(1)));
  const room = Math.max(12, width - 4 - (others[0] ?? []).reduce((sum, cell) => sum + displayWidth(cell) + 2, 0));
  return alignRows(rows.map(([name = ''], i) => [cutToWidth(name, room), ...(others[i] ?? [])])).map((r) => r.join('  ').trimEnd());
}
