/**
 * Small JSON state files that cron-driven commands keep between runs (the
 * watermarks of `pricing export --since-last` and `digest --since-last`),
 * and the atomic write both they and exported files go through.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The state stored at `path`, or undefined when there is none yet (or it cannot be read: start afresh). */
export async function readState<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export function writeState(path: string, state: unknown): Promise<void> {
  return writeAtomically(path, `${JSON.stringify(state)}\n`);
}

/** Writes through a temporary file in the same folder and renames it into place: readers never see half a file. */
export async function writeAtomically(path: string, content: string) {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await open(temp, 'w', 0o644);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
