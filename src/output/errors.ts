/**
 * A usage mistake found while rendering (e.g. an unknown --fields name).
 * output/ may not import cli/, so this mirrors the CLI's UsageError shape
 * (`exitCode` 2, optional `hint`) for its error handler to map.
 */
export class UsageError extends Error {
  readonly exitCode = 2 as const;

  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
