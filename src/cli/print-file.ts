/**
 * --out <file> for a command that prints a list or a record (in csv, json, ndjson, md, or a
 * message body): what it would print on stdout is collected, as for a pipe (no colors, no
 * pager, every column), and written to the file atomically once the command succeeded. A
 * command that fails leaves the file as it was. Workbooks are written by print-xlsx.ts.
 */
import { resolve } from 'node:path';
import { withStreams, type IOStreams, type OutputStream, type PagedOutput } from '../output/io.js';
import type { CommandContext } from './context.js';

export interface FileOutput extends PagedOutput {
  /** Writes what the command printed to `out` (after it succeeded), and says so on stderr. */
  commit(ctx: CommandContext, out: string): Promise<void>;
}

/** The run's streams with stdout collected for the file: what a pipe would get. */
export function fileOutput(io: IOStreams): FileOutput {
  let text = '';
  const stdout: OutputStream = {
    write(chunk: string) {
      text += chunk;
      return true;
    },
  };
  const collected = Object.defineProperties(withStreams(io, { stdout }), {
    isStdoutTTY: { value: false },
    colorEnabled: { value: false },
  }) as IOStreams;
  return {
    io: collected,
    messages: io.stderr,
    close: () => Promise.resolve(),
    async commit(ctx, out) {
      const { writeAtomically } = await import('./state-file.js');
      await writeAtomically(resolve(out), text, { createFolder: false, log: ctx.log });
      ctx.log.success(`Wrote ${out}`);
    },
  };
}
