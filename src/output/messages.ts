import type { IOStreams, OutputStream } from './io.js';
import { stderrStyle } from './style.js';
import { sanitize, wrapLines } from './text.js';

export interface LoggerOptions {
  /** --quiet: drops info and success; warnings and errors still print. */
  quiet?: boolean;
  /** --debug: enables debug lines. */
  debug?: boolean;
}

/** Human messages, all on stderr so stdout stays data only. */
export interface Logger {
  readonly quiet: boolean;
  readonly debugEnabled: boolean;
  info(message: string): void;
  /** A side remark (muted on a terminal), silenced by --quiet: what a table left out. */
  note(message: string): void;
  /** "✓ message" on a terminal (green when colored), the bare message when piped. */
  success(message: string): void;
  warn(message: string): void;
  /** "error: message", then "hint: …" when given. */
  error(message: string, hint?: string): void;
  /** A line scripts wait for (serve's "Listening on"): as is, even with --quiet. */
  notice(message: string): void;
  debug(message: string): void;
}

export function createLogger(io: IOStreams, options: LoggerOptions = {}): Logger {
  const style = stderrStyle(io);
  const quiet = options.quiet ?? false;
  const debugEnabled = options.debug ?? false;
  // Messages often quote server text: nothing in them may drive the terminal (not even colors);
  // the only escapes that reach stderr are our own, added after.
  const clean = (text: string) => sanitize(text, { multiline: true });
  // On a terminal, long messages break at spaces rather than mid-word; piped, they stay one line each.
  const fit = (text: string) => (io.isStderrTTY ? wrapLines(text, io.terminalWidth) : text);
  const line = (prefix: string, message: string) => io.stderr.write(`${fit(`${prefix}${clean(message)}`)}\n`);
  const write = (message: string) => line('', message);
  return {
    quiet,
    debugEnabled,
    info(message) {
      if (!quiet) write(message);
    },
    note(message) {
      if (!quiet) io.stderr.write(`${fit(style.muted(clean(message)))}\n`);
    },
    success(message) {
      if (quiet) return;
      line(io.isStderrTTY ? `${style.positive('✓')} ` : '', message);
    },
    warn(message) {
      line(`${style.warn('warning:')} `, message);
    },
    error(message, hint) {
      line(`${style.negative('error:')} `, message);
      if (hint) io.stderr.write(`${fit(style.muted(`hint: ${clean(hint)}`))}\n`);
    },
    notice(message) {
      io.stderr.write(`${clean(message)}\n`);
    },
    debug(message) {
      if (debugEnabled) io.stderr.write(`${style.muted(`debug: ${clean(message)}`)}\n`);
    },
  };
}

export interface Spinner {
  text: string;
  readonly isSpinning: boolean;
  start(text?: string): Spinner;
  /** Stops and leaves "✓ text" (the current text when none is given). */
  succeed(text?: string): void;
  /** Stops and leaves "✗ text" (the current text when none is given). */
  fail(text?: string): void;
  /** Stops and clears the line. */
  stop(): void;
}

export interface SpinnerOptions {
  quiet?: boolean;
}

/**
 * A spinner on stderr. Only a terminal that can redraw (io.stderrAnimates), without --quiet,
 * gets ora (imported here, not at start-up); anywhere else nothing animates, but the outcome line of succeed/fail is
 * still printed (a cron log wants "Exported 6656 records"), so commands never branch.
 */
export async function spinner(io: IOStreams, text: string, options: SpinnerOptions = {}): Promise<Spinner> {
  // Not on a terminal that cannot redraw: ora's escapes would show as text under TERM=dumb, and with
  // 0 columns ora, which divides by the width, cleared lines forever instead of finishing.
  if (!io.stderrAnimates || options.quiet) return plainSpinner(io, text, options.quiet ?? false);
  const { default: ora } = await import('ora');
  const style = stderrStyle(io);
  const instance = ora({
    text,
    stream: io.stderr as NodeJS.WritableStream & OutputStream,
    isEnabled: true,
    color: style.enabled ? 'cyan' : false,
    // ora would put stdin in raw mode, which fights prompts and piped input.
    discardStdin: false,
  });
  const finish = (symbol: string, message?: string) => {
    instance.stopAndPersist({ symbol, text: message ?? instance.text });
  };
  const handle: Spinner = {
    get text() {
      return instance.text;
    },
    set text(value: string) {
      instance.text = value;
    },
    get isSpinning() {
      return instance.isSpinning;
    },
    start(message?: string) {
      instance.start(message);
      return handle;
    },
    succeed: (message) => finish(style.positive('✓'), message),
    fail: (message) => finish(style.negative('✗'), message),
    stop: () => {
      instance.stop();
    },
  };
  return handle;
}

function plainSpinner(io: IOStreams, text: string, quiet: boolean): Spinner {
  let spinning = false;
  const write = (line: string) => io.stderr.write(`${sanitize(line, { multiline: true })}\n`);
  const handle: Spinner = {
    text,
    get isSpinning() {
      return spinning;
    },
    start(message?: string) {
      if (message !== undefined) handle.text = message;
      spinning = true;
      return handle;
    },
    succeed: (message) => {
      spinning = false;
      if (!quiet) write(message ?? handle.text);
    },
    // A failure is reported even with --quiet, like warnings and errors.
    fail: (message) => {
      spinning = false;
      write(message ?? handle.text);
    },
    stop: () => {
      spinning = false;
    },
  };
  return handle;
}

