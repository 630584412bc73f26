/**
 * A real terminal for end-to-end tests: a tmux pane of a given size on a tmux server
 * of its own (no tmux.conf), running a command in exactly the environment given.
 * Read with `screen()`; wait with `until()` (polling, never a fixed sleep).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { HUNG_MS } from './limits.js';

const WAIT_MS = HUNG_MS;

export const hasTmux = () => spawnSync('sh', ['-c', 'command -v tmux'], { stdio: 'ignore' }).status === 0;

export class TmuxPane {
  private constructor(private readonly socket: string) {}

  /** `command` (words, quoted for the shell here) in a `width` × `height` pane, with only `env`. */
  static open(socket: string, command: string[], options: { width: number; height: number; env: Record<string, string>; cwd: string }): TmuxPane {
    const pane = new TmuxPane(socket);
    const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
    const line = ['cd', quoted(options.cwd), '&&', 'exec', 'env', '-i', ...Object.entries(options.env).map(([k, v]) => quoted(`${k}=${v}`)), ...command.map(quoted)];
    pane.tmux('new-session', '-d', '-x', String(options.width), '-y', String(options.height), line.join(' '));
    return pane;
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-f', '/dev/null', '-S', this.socket, ...args], { encoding: 'utf8' });
  }

  /**
   * What the pane shows, lines without their trailing blanks. `joined`: a line the
   * terminal wrapped is one line again (so a row wider than the pane shows as such);
   * `colors`: with its escape sequences; `history`: with what scrolled off the top.
   */
  screen(options: { joined?: boolean; colors?: boolean; history?: boolean } = {}): string {
    const flags = ['-p', ...(options.joined ? ['-J'] : []), ...(options.colors ? ['-e'] : []), ...(options.history ? ['-S', '-'] : [])];
    return this.tmux('capture-pane', ...flags)
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trim();
  }

  async until(test: (screen: string) => boolean, what: string, options: Parameters<TmuxPane['screen']>[0] = {}): Promise<string> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const screen = this.screen(options);
      if (test(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS / 1000} s; the pane shows:\n${screen}`);
      await sleep(100);
    }
  }

  /** Whether the terminal shows its cursor (a spinner hides it while it spins and must give it back). */
  cursorShown(): boolean {
    return this.tmux('display-message', '-p', '#{cursor_flag}').trim() === '1';
  }

  /** Resizes the pane's window, as a person dragging the terminal's corner (the program gets SIGWINCH). */
  resize(width: number, height: number) {
    this.tmux('resize-window', '-x', String(width), '-y', String(height));
  }

  type(text: string) {
    this.tmux('send-keys', '-l', text);
  }

  press(...keys: string[]) {
    this.tmux('send-keys', ...keys);
  }

  close() {
    spawnSync('tmux', ['-S', this.socket, 'kill-server'], { stdio: 'ignore' });
  }
}
