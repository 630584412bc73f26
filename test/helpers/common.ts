/**
 * What every kind of test shares, whichever harness runs the CLI or the service
 * (run-cli.ts in process, cli.ts as a child process, server.ts over HTTP): each
 * harness re-exports what its tests use, so that a test imports from its harness only.
 */
import { join } from 'node:path';

/** The repository's root folder. */
export const ROOT = join(import.meta.dirname, '../..');

/** A syntactically valid id that names nothing. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

// eslint-disable-next-line no-control-regex -- ESC is exactly what we look for
export const ANSI = /\u001b\[/;

/** JSON.parse that names the output when it is not JSON (only JSON may be on stdout). */
export function parseJson<T = unknown>(stdout: string): T {
  try {
    return JSON.parse(stdout) as T;
  } catch {
    throw new Error(`stdout is not one JSON document:\n${stdout.slice(0, 2000)}`);
  }
}
