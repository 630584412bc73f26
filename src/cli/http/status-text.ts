import { createRequire } from 'node:module';

let reasons: Record<number, string | undefined> | undefined;

/**
 * "502 Bad Gateway" for 502. node:http is required on the first status line, not
 * imported: the API client (and so `--local`, which never opens a socket) imports
 * this module, and loading node:http costs a few ms of every start.
 */
export function statusLine(status: number): string {
  reasons ??= (createRequire(import.meta.url)('node:http') as typeof import('node:http')).STATUS_CODES;
  const reason = reasons[status];
  return reason ? `${status} ${reason}` : String(status);
}
