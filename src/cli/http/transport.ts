import { CliError, ExitCode } from '../errors.js';

/**
 * How the API client reaches a service: over HTTP (node:http, remote.ts) or in-process
 * (the service's request pipeline, in-process.ts). Both speak raw requests so that the
 * client code above them is the same for both.
 */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** Path with query string, starting with /v1. */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /**
   * In-process only: the answer's JSON value handed over as it is, instead of as
   * text in `body` (then empty) — what JSON.parse(body) would give, without the
   * round trip through text.
   */
  answer?: unknown;
}

export interface Transport {
  /** A human-readable description for --debug and error messages, e.g. the base URL. */
  readonly target: string;
  request(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
}

/** The service could not be reached, or the connection failed before a whole answer came back. */
export class NetworkError extends CliError {
  constructor(
    message: string,
    /** False when the request cannot have reached the service (refused, no such host): nothing to double-apply. */
    readonly requestMayHaveArrived: boolean,
    hint?: string,
  ) {
    super(message, ExitCode.failure, hint);
    this.name = 'NetworkError';
  }
}
