import type { ErrorDetail } from '../api/schemas/errors.js';
import type { StoreErrorCode } from '../server/store/errors.js';

/** Exit codes of DESIGN.md; `rentsurvey help exit-codes` prints this table. */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  conflict: 5,
  hangUp: 129,
  interrupted: 130,
  terminated: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODE_HELP: [ExitCode, string][] = [
  [ExitCode.ok, 'success'],
  [ExitCode.failure, 'failure: the server answered 5xx, the network failed, or a response broke the contract'],
  [ExitCode.usage, 'usage error, or input rejected before sending (bad flag, bad id, invalid file) or by the server (400)'],
  [ExitCode.auth, 'not authenticated (401) or missing scope (403)'],
  [ExitCode.notFound, 'not found (404)'],
  [ExitCode.conflict, 'conflict or limit (409, 422), e.g. a duplicate or the 10-comparable limit; another run holds the --since-last state or keeps changing config.json'],
  [ExitCode.hangUp, 'the terminal closed (SIGHUP)'],
  [ExitCode.interrupted, 'interrupted (Ctrl-C, SIGINT)'],
  [ExitCode.terminated, 'terminated (SIGTERM, e.g. kill or a cron timeout)'],
];

/** An error the user can act on: printed as one line (plus an optional hint), never with a stack. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = ExitCode.failure,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, ExitCode.usage, hint);
    this.name = 'UsageError';
  }
}

export type { ErrorDetail };

/** A non-2xx answer of the service (ours or anything in between, like a proxy). */
export class ApiError extends CliError {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
    hint?: string,
  ) {
    super(message, exitCodeForStatus(status), hint);
    this.name = 'ApiError';
  }
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404) return ExitCode.notFound;
  if (status === 409 || status === 422) return ExitCode.conflict;
  if (status === 400 || status === 413 || status === 415) return ExitCode.usage;
  return ExitCode.failure;
}

/** The status of a refusal of the local store, as the service's answer for it would give. */
export function exitCodeForStore(code: StoreErrorCode): ExitCode {
  const codes: Record<StoreErrorCode, ExitCode> = {
    validation_error: ExitCode.usage,
    not_found: ExitCode.notFound,
    conflict: ExitCode.conflict,
    comp_limit_reached: ExitCode.conflict,
    unknown_user: ExitCode.conflict,
    storage_full: ExitCode.failure,
    store_unavailable: ExitCode.failure,
  };
  return codes[code];
}
