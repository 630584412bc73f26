/**
 * --format xlsx for commands that print rows or a record: the sheets go into one
 * workbook written to --out, atomically (a temporary file renamed into place, as
 * pricing export writes its CSV). Loaded only when a workbook is written.
 */
import { basename, extname, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { writeWorkbook, type SheetData } from '../output/xlsx.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';
import { createAtomicFile, type AtomicFile } from './state-file.js';

export { sheetData } from '../output/xlsx.js';

/** A sheet name when the command gives none: the file's own name (`--out q1-pricing.xlsx` → "q1-pricing"). */
export function defaultSheetName(out: string): string {
  return basename(out, extname(out)) || 'Sheet1';
}

/** An atomic file as the stream exceljs writes to; each chunk waits for the disk (memory stays bounded). */
export function atomicStream(file: AtomicFile): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      file.write(chunk).then(() => done(), done);
    },
  });
}

/** Writes `sheets` as one workbook to --out; says so on stderr. */
export async function printSheets(ctx: CommandContext, sheets: readonly SheetData[]): Promise<void> {
  const { out } = ctx.globals;
  // resolveGlobals refuses xlsx without a file; a caller that gets here without one has a bug.
  if (out === undefined || out === '-') throw new UsageError('--format xlsx writes a file: give --out <file.xlsx>');
  const file = await createAtomicFile(resolve(out), {
    createFolder: false,
    onSignal: (signal) => ctx.log.error(`interrupted (${signal}): ${out} left unchanged`),
    log: ctx.log,
  });
  try {
    await writeWorkbook(atomicStream(file), sheets);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
  ctx.log.success(`Wrote ${out}: ${sheets.length === 1 ? 'sheet' : 'sheets'} ${sheets.map((sheet) => sheet.name).join(', ')}`);
}
