import type { ErrorDetail } from '../../api/schemas.js';

/**
 * A failure the store reports to its caller in API terms; the HTTP layer turns
 * it into the error body of DESIGN.md. Anything else that is thrown is a bug
 * and becomes a 500 without details.
 */
export class StoreError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422 | 502,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export const notFound = (what: string, id: string) => new StoreError(404, 'not_found', `${what} ${id} not found`);
export const conflict = (message: string, details: ErrorDetail[] = []) =>
  new StoreError(409, 'conflict', message, details);
