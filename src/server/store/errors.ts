import { dirname } from 'node:path';
import type { ErrorDetail } from '../../api/schemas/errors.js';
import { shellWord } from '../../shell-word.js';

/**
 * Why the store refused: the kinds of the API's error codes, without HTTP.
 * The service maps them to statuses at its edge (operations.ts, with errors.ts);
 * the CLI maps them to exit codes (reportError in main.ts).
 */
export type StoreErrorCode =
  | 'validation_error'
  | 'not_found'
  | 'conflict'
  | 'comp_limit_reached'
  | 'unknown_user'
  /** The store's device is full: nothing of the change was written. */
  | 'storage_full'
  /** The store's file cannot be used: damaged, not a database, unreadable. */
  | 'store_unavailable';

/** A refusal the store reports to its caller. Anything else that is thrown is a bug (a 500 without details). */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** For whoever runs the store (the CLI prints it): how to get out of it. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export const notFound = (what: string, id: string) => new StoreError('not_found', `${what} ${id} not found`);
export const conflict = (message: string, details: ErrorDetail[] = []) => new StoreError('conflict', message, details);

// SQLite's primary result codes (node:sqlite puts the extended one in `errcode`: the low byte is the primary).
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_CORRUPT = 11;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const SQLITE_NOTADB = 26;
/** The shared-memory file (`-shm`) could not be grown: on Linux, what a full disk gives when the store is opened. */
const SQLITE_IOERR_SHMSIZE = SQLITE_IOERR | (19 << 8);

/**
 * What a failure of SQLite itself says about the store in `path`: its device
 * is full, or the file is damaged, not a database, or cannot be read or
 * written. Undefined for anything else (a constraint, a bug). `opening`: the
 * store could not even be opened, so the message names the file and the hint
 * how to start again; a store that fails while it serves keeps its path to
 * itself (the service's clients see the message).
 */
export function storeFailure(error: unknown, path: string, opening: boolean): StoreError | undefined {
  const { code, errcode, errstr } = (error ?? {}) as { code?: string; errcode?: number; errstr?: string };
  if (code !== 'ERR_SQLITE_ERROR' || typeof errcode !== 'number') return undefined;
  const what = errstr ?? (error as Error).message;
  const file = opening ? path : 'the store';
  const primary = errcode === SQLITE_IOERR_SHMSIZE ? SQLITE_FULL : errcode & 0xff;
  switch (primary) {
    case SQLITE_FULL:
      return new StoreError(
        'storage_full',
        `no space left on ${opening ? `the device of ${path}` : "the store's device"}; nothing was written`,
        [],
        'free some space and try again',
      );
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return new StoreError(
        'store_unavailable',
        `${file} ${primary === SQLITE_NOTADB ? 'is not a rentsurvey store' : 'is damaged'} (${what})`,
        [],
        opening ? startAgain(path) : undefined,
      );
    case SQLITE_IOERR:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
      return new StoreError('store_unavailable', `${file} cannot be ${opening ? 'opened' : 'read or written'} (${what})`, [], opening ? 'check the file, its folder and their permissions' : undefined);
  }
  return undefined;
}

/** How to get a working store again without losing the broken one (shell words, to paste). */
export function startAgain(path: string): string {
  return (
    `keep a copy of it (mv ${shellWord(path)} ${shellWord(`${path}.broken`)}), then ` +
    `\`rentsurvey local reset --data-dir ${shellWord(dirname(path))}\` starts a new store (local import brings your data back)`
  );
}
