/**
 * A real pseudo-terminal for the interactive parts (pickers, confirmations,
 * Ctrl-C): bash in a tmux pane of its own (own server, no tmux.conf, no dotfiles)
 * at a given size, with `rentsurvey` running the built CLI. Tests type, press
 * keys and read the screen; every wait polls the screen until it shows what is
 * expected (never a fixed sleep as the assertion).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { BIN } from './cli.js';

const PROMPT = 'PTY> ';
const WAIT_MS = 30_000;

export const hasTmux = () => spawnSync('sh', ['-c', 'command -v tmux'], { stdio: 'ignore' }).status === 0;

export class Terminal {
  private constructor(
    private readonly socket: string,
    readonly columns: number,
  ) {}

  /** bash at `columns` × `rows`, in `dir`, with exactly `env` (plus PATH, TERM, LANG). */
  static async open(dir: string, options: { columns: number; rows?: number; env: Record<string, string> }): Promise<Terminal> {
    mkdirSync(dir, { recursive: true });
    const rc = join(dir, 'bashrc');
    writeFileSync(rc, `PS1='${PROMPT}'\nrentsurvey() { '${process.execPath}' '${BIN}' "$@"; }\n`);
    const env: Record<string, string> = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      ...options.env,
    };
    const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
    const line = ['cd', quoted(dir), '&&', 'exec', 'env', '-i', ...Object.entries(env).map(([k, v]) => quoted(`${k}=${v}`)), 'bash', '--noprofile', '--rcfile', quoted(rc), '-i'];
    const terminal = new Terminal(join(dir, 'tmux.sock'), options.columns);
    terminal.tmux('new-session', '-d', '-x', String(options.columns), '-y', String(options.rows ?? 40), line.join(' '));
    await terminal.until((screen) => screen.trimEnd().endsWith(PROMPT.trimEnd()), 'the first shell prompt');
    return terminal;
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-f', '/dev/null', '-S', this.socket, ...args], { encoding: 'utf8' });
  }

  /** What the pane shows, trailing blanks removed. */
  screen(): string {
    return this.tmux('capture-pane', '-p')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trimEnd();
  }

  async until(test: (screen: string) => boolean, what: string): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const screen = this.screen();
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS / 1000} s at ${this.columns} columns; the pane shows:\n${screen}`);
      await sleep(100);
    }
  }

  /** Waits until the screen shows `text` (a string or a pattern). */
  waitFor(text: string | RegExp): Promise<string> {
    return this.until((screen) => (typeof text === 'string' ? screen.includes(text) : text.test(screen)), `"${String(text)}"`);
  }

  /** Whether the terminal shows its cursor (a spinner hides it while it spins and must give it back). */
  cursorShown(): boolean {
    return this.tmux('display-message', '-p', '#{cursor_flag}').trim() === '1';
  }

  type(text: string) {
    this.tmux('send-keys', '-l', text);
  }

  press(...keys: string[]) {
    this.tmux('send-keys', ...keys);
  }

  /** Clears the screen, then types `command` at the shell prompt and presses Enter. */
  async run(command: string) {
    this.press('C-l');
    await this.until((screen) => screen === PROMPT.trimEnd(), 'a cleared screen');
    this.type(command);
    this.press('Enter');
  }

  /** After a command: its exit status, as the shell saw it; the screen is left with the status line. */
  async status(): Promise<number> {
    await this.until((screen) => screen.endsWith(PROMPT.trimEnd()), 'the shell prompt back');
    this.type('echo "[exit $?]"');
    this.press('Enter');
    const screen = await this.waitFor(/\[exit \d+\]\n\S*PTY>$/);
    return Number(/\[exit (\d+)\]\n\S*PTY>$/.exec(screen)![1]);
  }

  close() {
    spawnSync('tmux', ['-S', this.socket, 'kill-server'], { stdio: 'ignore' });
  }
}
