/**
 * Small JSON state files that cron-driven commands keep between runs (the
 * watermarks of `pricing export --since-last` and `digest --since-last`),
 * and the atomic write both they and exported files go through.
 */
import { rmSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ENDING_SIGNALS, signalStatus } from './signals.js';

// Unique beside the pid, not secret: Math.random spares every command that saves state loading node:crypto.
const tempSuffix = () => Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');

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
  const file = await createAtomicFile(path);
  try {
    await file.write(content);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
}

/**
 * A file written piece by piece that appears at `path` only when committed:
 * until then it is a temporary file beside it (same folder, so the rename is
 * atomic). Abort, or a failure, removes it and leaves `path` as it was.
 */
export interface AtomicFile {
  /** The temporary file's path (for messages and tests). */
  readonly temp: string;
  /** Appends; resolves when the data is handed to the file (so memory stays bounded). */
  write(chunk: string | Uint8Array): Promise<void>;
  /** Flushes to disk and renames over `path`. */
  commit(): Promise<void>;
  /** Removes the temporary file; `path` is untouched. Safe to call more than once. */
  abort(): Promise<void>;
}

export async function createAtomicFile(
  path: string,
  options: { onSignal?: (signal: NodeJS.Signals) => void } = {},
): Promise<AtomicFile> {
  await mkdir(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${tempSuffix()}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  const release = removeOnSignal(temp, options.onSignal);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  return {
    temp,
    async write(chunk) {
      await (typeof chunk === 'string' ? handle.write(chunk) : handle.write(chunk));
    },
    async commit() {
      try {
        await handle.sync();
        await close();
        await rename(temp, path);
      } finally {
        release();
      }
    },
    async abort() {
      await close().catch(() => undefined);
      await rm(temp, { force: true });
      release();
    },
  };
}

/** The temporary files a signal must remove, each with what its writer says then. */
const pendingTemps = new Map<string, ((signal: NodeJS.Signals) => void) | undefined>();

// One handler per signal for all of them (not one per file: many files at once would pass Node's listener limit).
const signalHandlers = ENDING_SIGNALS.map((signal) => {
  const handler = () => {
    // Every file goes first, then what their writers say (which must not keep a file or the status from the run).
    for (const temp of pendingTemps.keys()) rmSync(temp, { force: true });
    for (const onSignal of pendingTemps.values())
      try {
        onSignal?.(signal);
      } catch {
        // the run ends with the signal's status all the same
      }
    // A signal ends the run at once, whatever is awaited (requests in flight): there is no handler to return to.
    // eslint-disable-next-line no-restricted-syntax
    process.exit(signalStatus(signal));
  };
  return [signal, handler] as const;
});

/**
 * While a temporary file exists, Ctrl-C (SIGINT), a kill (SIGTERM) or a closed
 * terminal (SIGHUP) removes it before the process ends: a cron job killed by a
 * timeout leaves nothing behind. Returns the function that stops watching.
 */
function removeOnSignal(temp: string, onSignal?: (signal: NodeJS.Signals) => void): () => void {
  if (pendingTemps.size === 0) for (const [signal, handler] of signalHandlers) process.on(signal, handler);
  pendingTemps.set(temp, onSignal);
  return () => {
    if (pendingTemps.delete(temp) && pendingTemps.size === 0) for (const [signal, handler] of signalHandlers) process.off(signal, handler);
  };
}
