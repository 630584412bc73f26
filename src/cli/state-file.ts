/**
 * Small JSON state files that cron-driven commands keep between runs (the
 * watermarks of `pricing export --since-last` and `digest --since-last`),
 * and the atomic write both they and exported files go through.
 */
import { rmSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { isProcessAlive } from '../pid.js';
import type { Logger } from '../output/messages.js';
import type { CommandContext } from './context.js';
import { CliError, ExitCode, UsageError } from './errors.js';
import { LockBusy, takeLock, type FileLock } from './file-lock.js';
import { ENDING_SIGNALS, signalStatus } from './signals.js';

// Unique beside the pid, not secret: Math.random spares every command that saves state loading node:crypto.
const tempSuffix = () => Math.floor(Math.random() * 0x1_0000_0000).toString(16).padStart(8, '0');

/**
 * The state stored at `path`, or undefined when there is none yet (or it cannot
 * be read: start afresh). Reading claims the state for this run: until the run
 * writes it (writeState) or the command `ctx` ends, another rentsurvey that reads
 * it is refused (exit 5), so that two runs at once never both report the rows
 * since the same watermark. A claim whose process is gone (a SIGKILL) is taken over.
 */
export async function readState<T>(ctx: Pick<CommandContext, 'defer'>, path: string): Promise<T | undefined> {
  await claim(ctx, path);
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Saves the state atomically, and ends this run's claim on it. */
export async function writeState(path: string, state: unknown): Promise<void> {
  try {
    await writeAtomically(path, `${JSON.stringify(state)}\n`);
  } finally {
    unclaim(path);
  }
}

/** --state-name names a --since-last state: refused without --since-last (exit 2), which alone reads one. */
export function assertStateName(opts: { sinceLast?: true; stateName?: string }): void {
  if (opts.stateName !== undefined && !opts.sinceLast)
    throw new UsageError(`--state-name names a --since-last state: add --since-last`, 'e.g. --since-last --state-name mail, one name per cron job');
}

/**
 * The states this process has read, each with its lock file (`<state>.lock`),
 * removed when the state is written or the command ends (ctx.defer), or when a
 * signal ends the process first (its handler exits: the 'exit' event). A run
 * killed without a chance to remove it leaves a lock whose process is gone:
 * the next run takes it over.
 */
const claims = new Map<string, FileLock>();

const releaseClaims = () => {
  for (const path of [...claims.keys()]) unclaim(path);
};

async function claim(ctx: Pick<CommandContext, 'defer'>, path: string) {
  // Again in the same process (commands run one after another in tests): the claim stands.
  if (claims.has(path)) return;
  await mkdir(dirname(path), { recursive: true });
  let lock: FileLock;
  try {
    lock = await takeLock(`${path}.lock`);
  } catch (error) {
    if (!(error instanceof LockBusy)) throw error;
    throw new CliError(
      `another rentsurvey (process ${error.holder?.pid ?? '?'}) is running with ${path}: one --since-last run at a time`,
      ExitCode.conflict,
      `run it again once that one has finished; if no rentsurvey runs, remove ${error.lock}`,
    );
  }
  if (claims.size === 0) process.on('exit', releaseClaims);
  claims.set(path, lock);
  ctx.defer(() => unclaim(path));
}

function unclaim(path: string) {
  const lock = claims.get(path);
  if (!lock) return;
  claims.delete(path);
  lock.release();
  if (claims.size === 0) process.off('exit', releaseClaims);
}

/**
 * Writes through a temporary file in the same folder and renames it into place: readers never see half a file.
 * `log` hears of temporary files of the same file that a killed write left (removed first).
 */
export async function writeAtomically(path: string, content: string, options: { createFolder?: boolean; log?: Pick<Logger, 'warn'> | undefined } = {}) {
  const file = await createAtomicFile(path, options);
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
  options: {
    onSignal?: (signal: NodeJS.Signals) => void;
    /** `false` for the files people name (--out): a folder that is not there is an error, not made. */
    createFolder?: boolean;
    /** Told, on stderr, of each temporary file of `path` that a killed write left, which this one removes first. */
    log?: Pick<Logger, 'warn'> | undefined;
  } = {},
): Promise<AtomicFile> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${tempSuffix()}.tmp`);
  const failed = (error: unknown) => cannotWrite(path, error);
  let handle: FileHandle;
  try {
    if (options.createFolder !== false) await mkdir(dirname(path), { recursive: true });
    for (const left of await abandonedTemps(dirname(path), basename(path))) {
      await rm(left.path, { force: true });
      options.log?.warn(`removed ${left.path}: what a write of ${basename(path)} left when it was killed (its process ${left.pid} is gone)`);
    }
    handle = await open(temp, 'w', 0o644);
  } catch (error) {
    throw failed(error);
  }
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
      await (typeof chunk === 'string' ? handle.write(chunk) : handle.write(chunk)).catch((error: unknown) => {
        throw failed(error);
      });
    },
    async commit() {
      try {
        await handle.sync();
        await close();
        await rename(temp, path);
      } catch (error) {
        throw failed(error);
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

/** What the file system's refusals mean, for a message that names the file (never the temporary file beside it). */
const FILE_SYSTEM_SAYS: Record<string, string> = {
  // Its folder is created first when missing: one that still is not there cannot take files (/proc).
  ENOENT: 'no such folder',
  // mkdir of a folder on its path that is a file.
  EEXIST: 'a part of its path is a file, not a folder',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'an input/output error of the device',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of its path is not a folder',
};

/** A file that could not be written, named, with the file system's reason in words (exit 1). */
export class FileWriteError extends CliError {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`cannot write ${path}: ${reason}`, ExitCode.failure);
    this.name = 'FileWriteError';
  }
}

function cannotWrite(path: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (error instanceof CliError || code === undefined) return error;
  // The system's own message names the temporary file: only its code is said.
  return new FileWriteError(path, FILE_SYSTEM_SAYS[code] ?? `the file system refused (${code})`);
}

/** A temporary file of createAtomicFile: `.<file>.<writer's pid>.<8 hex digits>.tmp`. */
const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/** A temporary file whose writer is gone. */
export interface AbandonedTemp {
  path: string;
  /** The process that was writing it. */
  pid: number;
  /** The name of the file it was to become, in the same folder. */
  file: string;
}

/**
 * The temporary files in `dir` (of the file named `file` only, when given)
 * whose writers are gone: a SIGKILL (a cron timeout, the OOM killer) leaves no
 * chance to remove one, so the next writer of the same file does (createAtomicFile),
 * and `doctor` reports them. Its name carries its writer's pid.
 */
export async function abandonedTemps(dir: string, file?: string): Promise<AbandonedTemp[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.flatMap((name) => {
    const [, of, digits] = TEMP_NAME.exec(name) ?? [];
    const pid = Number(digits);
    if (of === undefined || (file !== undefined && of !== file)) return [];
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isProcessAlive(pid)) return [];
    return [{ path: join(dir, name), pid, file: of }];
  });
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
