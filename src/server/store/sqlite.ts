/**
 * node:sqlite, loaded without the ExperimentalWarning Node 22 prints as it loads
 * (Node 24 prints none). On Node 22 every `--local` command, `serve` and each TAB
 * that reads the store wrote it to stderr: into cron logs, and onto the command
 * line being completed. Only that one warning is dropped, only while loading.
 */
import { createRequire } from 'node:module';

export type { SQLInputValue, StatementSync } from 'node:sqlite';

/** The warning node:sqlite emits on Node 22 when it loads. */
export function isSqliteExperimentalWarning(warning: string | Error, type?: unknown): boolean {
  const name = typeof warning === 'string' ? (typeof type === 'string' ? type : (type as { type?: string } | undefined)?.type) : warning.name;
  const message = typeof warning === 'string' ? warning : warning.message;
  return name === 'ExperimentalWarning' && message.startsWith('SQLite is an experimental feature');
}

function loadQuietly(): typeof import('node:sqlite') {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest[0])) return;
    (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
}

export const { DatabaseSync } = loadQuietly();
export type DatabaseSync = import('node:sqlite').DatabaseSync;
