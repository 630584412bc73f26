import type { ErrorDetail } from '../../api/schemas/errors.js';

/**
 * Why the store refused: the kinds of the API's error codes, without HTTP.
 * The service maps them to statuses at its edge (operations.ts); the CLI's local
 * commands map them to exit codes.
 */
export type StoreErrorCode = 'validation_error' | 'not_found' | 'conflict' | 'comp_limit_reached' | 'unknown_user';

/** A refusal the store reports to its caller. Anything else that is thrown is a bug (a 500 without details). */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export const notFound = (what: string, id: string) => new StoreError('not_found', `${what} ${id} not found`);
export const conflict = (message: string, details: ErrorDetail[] = []) => new StoreError('conflict', message, details);
