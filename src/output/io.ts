import { Readable, Writable } from 'node:stream';

/** The part of a writable stream the renderers use; process.stdout/stderr satisfy it. */
export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
  rows?: number;
}

export type InputStream = NodeJS.ReadableStream & { isTTY?: boolean };

/**
 * Everything a command prints goes through these streams (GitHub CLI's IOStreams).
 * Capabilities are decided once, here, so renderers never look at process.* or env.
 */
export interface IOStreams {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: InputStream;
  /** ANSI color allowed on stdout. */
  colorEnabled: boolean;
  /** ANSI color allowed on stderr (decided separately: `cmd 2>log` keeps stdout colored). */
  stderrColorEnabled: boolean;
  isStdoutTTY: boolean;
  isStderrTTY: boolean;
  isStdinTTY: boolean;
  /**
   * stderr can redraw a line in place (spinners, progress bars): a terminal that is
   * not TERM=dumb (Emacs' shell, some CI consoles) and reports a width (a
   * `docker exec -t` before its first resize reports 0 columns).
   */
  stderrAnimates: boolean;
  /** Columns of the terminal; 80 when unknown (piped and no COLUMNS). */
  terminalWidth: number;
  /** Lines of the terminal (what is "long" for the pager); 24 when unknown. */
  terminalHeight: number;
}

export interface SystemIOOptions {
  /** The --no-color flag: wins over everything, FORCE_COLOR included. */
  noColor?: boolean;
  env?: NodeJS.ProcessEnv;
  stdout?: OutputStream;
  stderr?: OutputStream;
  stdin?: InputStream;
}

export const DEFAULT_TERMINAL_WIDTH = 80;
const DEFAULT_TERMINAL_HEIGHT = 24;

/**
 * Color decision for one stream. Order: --no-color > FORCE_COLOR > NO_COLOR > TERM=dumb > TTY.
 * FORCE_COLOR beats NO_COLOR as in Node and chalk; FORCE_COLOR=0/false turns color off
 * like it does for Node itself. Empty values count as unset (no-color.org).
 */
export function shouldUseColor(isTTY: boolean, env: NodeJS.ProcessEnv, noColorFlag = false): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function createSystemIO(options: SystemIOOptions = {}): IOStreams {
  const env = options.env ?? process.env;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const isStdoutTTY = stdout.isTTY === true;
  const isStderrTTY = stderr.isTTY === true;
  return {
    stdout,
    stderr,
    // Opened when first asked about: process.stdin makes a stream (on /dev/null, as under cron, ~2.5 ms of
    // a start) that only prompts and `-` for a file read.
    get stdin() {
      return options.stdin ?? process.stdin;
    },
    colorEnabled: shouldUseColor(isStdoutTTY, env, options.noColor),
    stderrColorEnabled: shouldUseColor(isStderrTTY, env, options.noColor),
    isStdoutTTY,
    isStderrTTY,
    stderrAnimates: canAnimate(isStderrTTY, stderr, env),
    get isStdinTTY() {
      return (options.stdin ?? process.stdin).isTTY === true;
    },
    terminalWidth: terminalSize(isStdoutTTY ? stdout.columns : undefined, env.COLUMNS, DEFAULT_TERMINAL_WIDTH),
    terminalHeight: terminalSize(isStdoutTTY ? stdout.rows : undefined, env.LINES, DEFAULT_TERMINAL_HEIGHT),
  };
}

function canAnimate(isTTY: boolean, stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  return isTTY && env.TERM !== 'dumb' && stream.columns !== 0;
}

/** `io` with some of its streams replaced. Not a spread, which would read (and open) stdin. */
export function withStreams(io: IOStreams, streams: Partial<Pick<IOStreams, 'stdout' | 'stderr'>>): IOStreams {
  return Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(io), ...Object.getOwnPropertyDescriptors(streams) }) as IOStreams;
}

function terminalSize(fromTTY: number | undefined, variable: string | undefined, fallback: number): number {
  if (fromTTY && fromTTY > 0) return fromTTY;
  const fromEnv = Number.parseInt(variable ?? '', 10);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}

export interface TestIOOptions {
  stdoutTTY?: boolean;
  stderrTTY?: boolean;
  stdinTTY?: boolean;
  /** Color on stdout; defaults to false so assertions see plain text. */
  color?: boolean;
  /** Color on stderr; defaults to `color`. */
  stderrColor?: boolean;
  columns?: number;
  /** Terminal height; 24 by default. */
  rows?: number;
  /** Content of stdin, or a stream. Empty by default. */
  stdin?: string | NodeJS.ReadableStream;
  /**
   * An environment to decide color and width from, as createSystemIO does for the
   * real streams (NO_COLOR, FORCE_COLOR, COLUMNS, the TTYs); `color` still wins.
   */
  env?: NodeJS.ProcessEnv;
  /** The --no-color flag, with `env`. */
  noColor?: boolean;
}

export interface TestIOStreams extends IOStreams {
  /** Everything written to stdout so far. */
  out(): string;
  /** Everything written to stderr so far. */
  err(): string;
  /** Forget captured output. */
  reset(): void;
}

/**
 * Captures output in memory; streams also carry the cursor methods ora calls on a TTY.
 * The seam every in-process test prints through (test/helpers/run-cli.ts).
 * @public
 */
export function createTestIO(options: TestIOOptions = {}): TestIOStreams {
  const columns = options.columns ?? DEFAULT_TERMINAL_WIDTH;
  const rows = options.rows ?? DEFAULT_TERMINAL_HEIGHT;
  const stdout = captureStream(options.stdoutTTY ?? false, columns, rows);
  const stderr = captureStream(options.stderrTTY ?? false, columns, rows);
  const stdin: InputStream =
    typeof options.stdin === 'string' || options.stdin === undefined
      ? Readable.from(options.stdin ? [Buffer.from(options.stdin)] : [])
      : options.stdin;
  stdin.isTTY = options.stdinTTY ?? false;
  const decided = options.env ? createSystemIO({ env: options.env, noColor: options.noColor ?? false, stdout, stderr, stdin }) : undefined;
  const color = options.color ?? decided?.colorEnabled ?? false;
  return {
    stdout,
    stderr,
    stdin,
    colorEnabled: color,
    stderrColorEnabled: options.stderrColor ?? (options.color === undefined ? decided?.stderrColorEnabled : undefined) ?? color,
    isStdoutTTY: stdout.isTTY,
    isStderrTTY: stderr.isTTY,
    stderrAnimates: decided?.stderrAnimates ?? canAnimate(stderr.isTTY, stderr, {}),
    isStdinTTY: stdin.isTTY,
    terminalWidth: decided?.terminalWidth ?? columns,
    terminalHeight: decided?.terminalHeight ?? rows,
    out: () => stdout.chunks.join(''),
    err: () => stderr.chunks.join(''),
    reset: () => {
      stdout.chunks.length = 0;
      stderr.chunks.length = 0;
    },
  };
}

/**
 * A real Writable (prompts pipe into it) that keeps what was written, synchronously,
 * with the terminal methods ora and the prompts call on a TTY.
 */
class CaptureStream extends Writable implements OutputStream {
  readonly chunks: string[] = [];

  constructor(
    readonly isTTY: boolean,
    readonly columns: number,
    readonly rows: number,
  ) {
    super({ decodeStrings: false });
  }

  override _write(chunk: string | Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    callback();
  }

  // Like process.stdout/stderr, it cannot be closed: a prompt that pipes into it ends the pipe when done.
  override end(): this {
    return this;
  }

  cursorTo = () => true;
  moveCursor = () => true;
  clearLine = () => true;
  clearScreenDown = () => true;
  getColorDepth = () => 8;
  hasColors = () => true;
}

function captureStream(isTTY: boolean, columns: number, rows: number): CaptureStream {
  return new CaptureStream(isTTY, columns, rows);
}

/** One run's output: what the command prints goes to `io`; `close` when it is done. */
export interface PagedOutput {
  /** The run's streams: stdout held until it is known whether it needs the pager. */
  io: IOStreams;
  /**
   * For the run's messages (the logger): written in order with stdout, and while a pager
   * shows stdout, held until it quits (the pager owns the screen). Prompts and spinners
   * keep `io.stderr`: they are live.
   */
  messages: OutputStream;
  /** Everything printed: shows what was held, waits for the pager to quit. Never fails. */
  close(): Promise<void>;
}

/** Output as it goes, with no pager (piped, or paging off). */
export function unpaged(io: IOStreams): PagedOutput {
  return { io, messages: io.stderr, close: () => Promise.resolve() };
}

/**
 * The output of a command that draws the whole screen (the dashboard): stdout as it is, and the
 * run's messages (a --debug trace, a note) held until it has given the screen back.
 */
export function messagesAfterwards(io: IOStreams): PagedOutput {
  const held: string[] = [];
  const messages: OutputStream = {
    isTTY: io.isStderrTTY,
    ...(io.stderr.columns !== undefined ? { columns: io.stderr.columns } : {}),
    write(text: string) {
      held.push(text);
      return true;
    },
  };
  return {
    io,
    messages,
    close() {
      for (const text of held.splice(0)) io.stderr.write(text);
      return Promise.resolve();
    },
  };
}
