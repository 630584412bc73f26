import { createRequire } from 'node:module';

let reasons: Record<number, string | undefined> | undefined;

/**
 * "502 Bad Gateway" for 502. node:http is required, not imported: an ESM
 * import of node:http evaluates all its exports, and its lazy WebSocket getter
 * loads Node's bundled undici (~20 ms of start-up) on every run.
 */
export function statusLine(status: number): string {
  reasons ??= (createRequire(import.meta.url)('node:http') as typeof import('node:http')).STATUS_CODES;
  const reason = reasons[status];
  return reason ? `${status} ${reason}` : String(status);
}
