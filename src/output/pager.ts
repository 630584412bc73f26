import { spawn, type ChildProcess } from 'node:child_process';
import { unpaged, withStreams, type IOStreams, type OutputStream, type PagedOutput } from './io.js';
import { displayWidth } from './text.js';

/**
 * The pager a terminal's long output goes through: $RENTSURVEY_PAGER, else $PAGER, else
 * `less -FRX` (quit at the end when it fits, colors, leave the text on the screen).
 * Set to "" or "cat", no pager (as git and gh read them).
 */
export function pagerCommand(env: NodeJS.ProcessEnv): string | undefined {
  const chosen = env.RENTSURVEY_PAGER ?? env.PAGER;
  // less on a dumb terminal (Emacs' shell) only warns that it is "not fully functional" and waits.
  if (chosen === undefined && env.TERM === 'dumb') return undefined;
  const command = (chosen ?? 'less -FRX').trim();
  return command === '' || command === 'cat' ? undefined : command;
}

export interface PagerOptions {
  /** The pager's command line, run by the shell (it may carry flags); undefined: none. */
  command: string | undefined;
  env: NodeJS.ProcessEnv;
}

type Held = { stream: 'stdout' | 'stderr'; text: string };

/**
 * Long output on a terminal goes through the pager; short output, a pipe, or no pager
 * configured, straight out. Stdout is held until it has more lines than the screen: then
 * the pager starts with all of it and gets the rest as it comes; if the run ends first,
 * it is written as is. A pager that is missing shows the output itself (the shell said
 * why on stderr); one that quits early (q) drops the rest, quietly.
 */
export function pageOutput(io: IOStreams, options: PagerOptions): PagedOutput {
  const { command } = options;
  if (!io.isStdoutTTY || command === undefined) return unpaged(io);

  const held: Held[] = [];
  let heldLines = 0;
  let pager: Pager | undefined;
  const screen = Math.max(1, io.terminalHeight - 1);

  const flush = () => {
    for (const { stream, text } of held.splice(0)) io[stream].write(text);
  };
  const stdout: OutputStream = {
    isTTY: true,
    columns: io.terminalWidth,
    write(text: string) {
      if (pager) return pager.write(text);
      held.push({ stream: 'stdout', text });
      heldLines += countLines(text, io.terminalWidth);
      if (heldLines >= screen) {
        pager = startPager(io, command, options.env);
        for (const { stream, text: part } of held.splice(0)) {
          if (stream === 'stdout') pager.write(part);
          else pager.afterwards.push(part);
        }
      }
      return true;
    },
  };
  const messages: OutputStream = {
    isTTY: io.isStderrTTY,
    ...(io.stderr.columns !== undefined ? { columns: io.stderr.columns } : {}),
    write(text: string) {
      if (pager) pager.afterwards.push(text);
      // After held stdout, in its place; before any, straight out (a spinner's line, a warning).
      else if (held.length > 0) held.push({ stream: 'stderr', text });
      else io.stderr.write(text);
      return true;
    },
  };
  return {
    io: withStreams(io, { stdout }),
    messages,
    async close() {
      if (!pager) return flush();
      await pager.close();
    },
  };
}

interface Pager {
  write(text: string): boolean;
  /** Messages to write once the pager has quit. */
  afterwards: string[];
  close(): Promise<void>;
}

function startPager(io: IOStreams, command: string, env: NodeJS.ProcessEnv): Pager {
  const sent: string[] = [];
  const afterwards: string[] = [];
  let child: ChildProcess | undefined;
  let failed = false;
  // Ctrl-C in the pager is the pager's (less stops a search); the run waits for it to quit.
  const ignoreInterrupt = () => {};
  process.on('SIGINT', ignoreInterrupt);
  try {
    child = spawn(command, {
      shell: true,
      // A terminal's stdout (a file descriptor) is the pager's own; anything else (a test's capture) gets what it prints.
      stdio: ['pipe', fdOf(io.stdout) ?? 'pipe', fdOf(io.stderr) ?? 'pipe'],
      // As git and gh do: less and lv keep colors and quit when the text fits, unless the user set their own.
      // What we print is UTF-8 (borders, —, ✓): less under a C or unset locale (a container) would show <E2><94>…
      env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c', ...(env.LESSCHARSET || env.LESSCHARDEF ? {} : { LESSCHARSET: 'utf-8' }) },
    });
  } catch {
    failed = true;
  }
  child?.stdout?.on('data', (chunk: Buffer) => io.stdout.write(chunk.toString('utf8')));
  child?.stderr?.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString('utf8')));
  // The pager quit before reading everything (q): the rest is not wanted. Never an EPIPE.
  child?.stdin?.on('error', () => {});
  const exited = new Promise<number | null>((resolve) => {
    if (!child) return resolve(null);
    child.on('error', () => {
      failed = true;
      resolve(null);
    });
    child.on('close', (code) => resolve(code));
  });
  return {
    afterwards,
    write(text) {
      sent.push(text);
      if (!failed && child?.stdin?.writable) child.stdin.write(text);
      return true;
    },
    async close() {
      child?.stdin?.end();
      const code = await exited;
      process.off('SIGINT', ignoreInterrupt);
      // No such pager (the shell's 127, or no shell): the output is not lost.
      if (failed || code === 127) for (const text of sent) io.stdout.write(text);
      for (const text of afterwards) io.stderr.write(text);
    },
  };
}

function fdOf(stream: OutputStream): number | undefined {
  const { fd } = stream as { fd?: unknown };
  return typeof fd === 'number' ? fd : undefined;
}

/** Screen lines the text takes: each line at least one, long ones as many as the terminal wraps them into. */
function countLines(text: string, width: number): number {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(displayWidth(line) / Math.max(1, width))), 0);
}
