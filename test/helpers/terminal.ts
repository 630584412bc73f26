/**
 * A real pseudo-terminal for the interactive parts (pickers, confirmations,
 * Ctrl-C): bash in a tmux pane of its own (own server, no tmux.conf, no dotfiles)
 * at a given size, with `rentsurvey` running the built CLI. Tests type, press
 * keys and read the screen; every wait polls the screen until it shows what is
 * expected (never a fixed sleep as the assertion).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from './cli.js';
import { TmuxPane } from './tmux.js';

export { hasTmux } from './tmux.js';

const PROMPT = 'PTY> ';

export class Terminal {
  private constructor(
    private readonly pane: TmuxPane,
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
    const pane = TmuxPane.open(join(dir, 'tmux.sock'), ['bash', '--noprofile', '--rcfile', rc, '-i'], {
      width: options.columns,
      height: options.rows ?? 40,
      env,
      cwd: dir,
    });
    const terminal = new Terminal(pane, options.columns);
    await terminal.until((screen) => screen.endsWith(PROMPT.trimEnd()), 'the first shell prompt');
    return terminal;
  }

  /** What the pane shows, trailing blanks removed. */
  screen(): string {
    return this.pane.screen();
  }

  until(test: (screen: string) => boolean, what: string): Promise<string> {
    return this.pane.until(test, `${what} at ${this.columns} columns`);
  }

  /** Waits until the screen shows `text` (a string or a pattern). */
  waitFor(text: string | RegExp): Promise<string> {
    return this.until((screen) => (typeof text === 'string' ? screen.includes(text) : text.test(screen)), `"${String(text)}"`);
  }

  /** Whether the terminal shows its cursor (a spinner hides it while it spins and must give it back). */
  cursorShown(): boolean {
    return this.pane.cursorShown();
  }

  type(text: string) {
    this.pane.type(text);
  }

  press(...keys: string[]) {
    this.pane.press(...keys);
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
    this.pane.close();
  }
}
