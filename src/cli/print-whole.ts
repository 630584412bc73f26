import { withStreams, type OutputStream } from '../output/io.js';
import { printData } from '../output/render.js';
import { printText } from '../output/text.js';
import type { CommandContext } from './context.js';

/**
 * Runs `print` with stdout collected, then writes it in one piece. A command that
 * prints several parts (a heading, a table, a summary) thus never leaves part of
 * its output on stdout when a later part fails: stdout is whole or empty.
 * Messages on stderr (an empty list's note) go out as they come.
 *
 * Text for people (table, md) goes through the sanitizer on the way out: headings
 * and summaries quote server text (names, concessions) that may carry terminal
 * controls. Machine formats are left as they are: csv cells are sanitized by the
 * renderer, and JSON escaping keeps controls inert.
 */
export async function printWhole(ctx: CommandContext, print: (ctx: CommandContext) => Promise<void> | void): Promise<void> {
  let text = '';
  const { isTTY, columns } = ctx.io.stdout;
  const stdout: OutputStream = {
    write(chunk: string) {
      text += chunk;
      return true;
    },
    ...(isTTY !== undefined ? { isTTY } : {}),
    ...(columns !== undefined ? { columns } : {}),
  };
  await print({ ...ctx, io: withStreams(ctx.io, { stdout }) });
  const { format } = ctx.globals;
  const forPeople = format === 'table' || format === 'md';
  if (text === '') return;
  if (forPeople) printText(ctx.io, text);
  else printData(ctx.io, text);
}
