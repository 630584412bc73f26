import type { StoreErrorCode } from './store/errors.js';

/** The HTTP status of each kind of store refusal (docs/api-decisions.md, "Error shape, codes and statuses"). */
export const STORE_ERROR_STATUS: Record<StoreErrorCode, number> = {
  validation_error: 400,
  not_found: 404,
  conflict: 409,
  comp_limit_reached: 409,
  unknown_user: 422,
  // The store's condition, not the request's: a write on a full disk; a damaged or unreadable store file.
  storage_full: 507,
  store_unavailable: 503,
};

/** A failure of the service itself, not of the store: e.g. the mail server refused an invitation (502). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Why, for whoever runs the service (serve --log): kept out of the answer, which is the client's. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}
