/**
 * The signals that end a run early — Ctrl-C, a kill (a cron timeout), a closed
 * terminal — and the status a run ended by one reports, as a shell does.
 */
import { constants } from 'node:os';
import type { ExitCode } from './errors.js';

/** What temporary files are removed on (state-file.ts). */
export const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** 128 + the signal's number: 130 after Ctrl-C, 143 after a kill, 134 after an abort. */
export function signalStatus(signal: NodeJS.Signals): ExitCode {
  return (128 + constants.signals[signal]) as ExitCode;
}
