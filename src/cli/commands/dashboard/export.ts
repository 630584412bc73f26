/**
 * `e`: the list on screen written to a file, through the writers of the commands — the CSV of
 * `--csv` (its dialect: `config set csv excel` holds here too) or the workbook of `--format xlsx`
 * (by the file's extension), in the fields the command's CSV has, the rows in the order shown.
 * Written atomically, as every file the CLI writes.
 */
import { stat } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import type { Format } from '../../../output/formats.js';
import { withStreams, type OutputStream } from '../../../output/io.js';
import { createLogger } from '../../../output/messages.js';
import { countOf } from '../../../output/text.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { printList } from '../../print.js';
import { writeAtomically } from '../../state-file.js';
import type { AnyList } from './lists.js';

/** The file a typed path names: `~/` is the home folder, a relative path is from the current folder. */
function fileOf(typed: string, env: NodeJS.ProcessEnv): string {
  const home = env.HOME;
  return resolve(typed.startsWith('~/') && home ? join(home, typed.slice(2)) : typed);
}

export async function exportList(ctx: CommandContext, list: AnyList, rows: readonly unknown[], typed: string): Promise<string> {
  const file = fileOf(typed, ctx.env);
  const extension = extname(file).toLowerCase();
  const format: Format | undefined = extension === '.xlsx' ? 'xlsx' : extension === '.csv' || extension === '' ? 'csv' : undefined;
  if (!format) throw new UsageError(`${typed}: e writes a CSV (.csv) or a workbook (.xlsx), not ${extension}`);
  const folder = await stat(dirname(file)).catch(() => undefined);
  if (!folder?.isDirectory()) throw new UsageError(`${typed}: no folder ${dirname(file)}`);
  let text = '';
  const sink: OutputStream = { isTTY: false, write: (chunk: string) => ((text += chunk), true) };
  const quiet: OutputStream = { isTTY: false, write: () => true };
  const io = Object.defineProperties(withStreams(ctx.io, { stdout: sink, stderr: quiet }), { isStdoutTTY: { value: false }, colorEnabled: { value: false } });
  const writing: CommandContext = {
    ...ctx,
    io,
    log: createLogger(io, { quiet: true }),
    omittedColumns: new Set(),
    globals: {
      ...ctx.globals,
      format,
      out: file,
      fields: undefined,
      sort: undefined,
      limit: undefined,
      wide: false,
      // A CSV for Excel has money in dollars, as `--excel` writes it.
      dollars: format === 'csv' && ctx.globals.csvDialect === 'excel',
    },
  };
  await printList(writing, { rows: [...rows], columns: list.exportColumns, defaultFields: list.exportFields, json: undefined, asGiven: true, sheet: list.key });
  if (format === 'csv') await writeAtomically(file, text);
  return `Wrote ${typed}: ${countOf(rows.length, 'row')}${format === 'xlsx' ? ', a workbook' : ''}.`;
}
