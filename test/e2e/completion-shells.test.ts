// TAB in real shells: bash (with and without bash-completion), zsh (installed
// in $fpath and sourced) and fish, each in a tmux pane with its own HOME, XDG
// folders and rc files, the scripts installed as README says. We type a
// prefix, press TAB, and read what the shell shows; then press Enter, and the
// `rentsurvey` on PATH (a stand-in that prints its arguments, except for
// `__complete` and `completion`, which run the built CLI) shows what the
// command would have received. Skipped, saying so, where tmux or a shell is missing.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createSandbox, run, type Sandbox } from '../helpers/cli.js';
import { NAMES, namesStore } from '../helpers/completion.js';
import { TmuxPane } from '../helpers/tmux.js';

const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const BASH_COMPLETION = ['/usr/share/bash-completion/bash_completion', '/usr/local/share/bash-completion/bash_completion'].find((f) =>
  existsSync(f),
);
const PROMPT = 'TAB> ';

type Shell = 'bash' | 'bash-completion' | 'zsh' | 'zsh-sourced' | 'fish';
const missing = (shell: Shell): string | undefined => {
  if (!has('tmux')) return 'tmux';
  const program = shell.startsWith('bash') ? 'bash' : shell.startsWith('zsh') ? 'zsh' : 'fish';
  if (!has(program)) return program;
  if (shell === 'bash-completion' && !BASH_COMPLETION) return 'bash-completion';
  return undefined;
};

let sb: Sandbox;
let storeDir: string;

beforeAll(async () => {
  sb = await createSandbox();
  storeDir = await namesStore(join(sb.root, 'store'), sb.root);
  const bin = join(sb.root, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'rentsurvey'),
    `#!/bin/sh\ncase "$1" in __complete|completion) exec '${process.execPath}' '${BIN}' "$@" ;; esac\n` +
      `for arg in "$@"; do printf 'ARG<%s>\\n' "$arg"; done\n`,
  );
  chmodSync(join(bin, 'rentsurvey'), 0o755);
  mkdirSync(join(sb.root, 'files', 'more'), { recursive: true });
  writeFileSync(join(sb.root, 'files', 'dataset one.json'), '{}');
}, 60_000);
afterAll(() => sb?.cleanup());

/** The script `rentsurvey completion <shell>` prints, written where README says to put it. */
async function install(shell: 'bash' | 'zsh' | 'fish', path: string) {
  const result = await run(['completion', shell]);
  expect(result.exitCode, result.stderr).toBe(0);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, result.stdout);
}

let panes = 0;

/** A shell in a tmux pane of its own (own server, no tmux.conf), knowing nothing of the user's dotfiles. */
class Pane {
  private constructor(
    private readonly pane: TmuxPane,
    readonly shell: Shell,
  ) {}

  static async open(shell: Shell, width = 200): Promise<Pane> {
    // Each pane its own home and tmux server: a shell's tests run at the same time.
    const name = `${shell}-${++panes}`;
    const home = join(sb.root, `home-${name}`);
    const env: Record<string, string> = {
      HOME: home,
      PATH: `${join(sb.root, 'bin')}:/usr/local/bin:/usr/bin:/bin`,
      TERM: 'xterm-256color',
      LANG: 'C.UTF-8',
      NO_COLOR: '1',
      XDG_CONFIG_HOME: join(home, '.config'),
      XDG_DATA_HOME: join(home, '.local', 'share'),
      XDG_CACHE_HOME: join(home, '.cache'),
      XDG_STATE_HOME: join(home, '.local', 'state'),
      XDG_RUNTIME_DIR: join(home, '.runtime'),
      RENTSURVEY_LOCAL: '1',
      RENTSURVEY_DATA_DIR: storeDir,
    };
    mkdirSync(home, { recursive: true });
    let command: string[];
    if (shell === 'bash' || shell === 'bash-completion') {
      const rc = join(home, '.bashrc');
      if (shell === 'bash') writeFileSync(rc, `PS1='${PROMPT}'\nsource <(rentsurvey completion bash)\n`);
      else {
        // bash-completion loads completions/<command> on first use, from $XDG_DATA_HOME/bash-completion.
        await install('bash', join(env.XDG_DATA_HOME!, 'bash-completion', 'completions', 'rentsurvey'));
        writeFileSync(rc, `PS1='${PROMPT}'\nsource ${BASH_COMPLETION}\n`);
      }
      command = ['bash', '--noprofile', '--rcfile', rc, '-i'];
    } else if (shell === 'zsh' || shell === 'zsh-sourced') {
      const zdotdir = join(home, 'zdotdir');
      mkdirSync(zdotdir);
      env.ZDOTDIR = zdotdir;
      const compinit = `autoload -Uz compinit && compinit -u -d '${join(zdotdir, '.zcompdump')}'`;
      if (shell === 'zsh') {
        await install('zsh', join(home, '.zfunc', '_rentsurvey'));
        writeFileSync(join(zdotdir, '.zshrc'), `PROMPT='${PROMPT}'\nfpath=(~/.zfunc $fpath)\n${compinit}\n`);
      } else writeFileSync(join(zdotdir, '.zshrc'), `PROMPT='${PROMPT}'\n${compinit}\nsource <(rentsurvey completion zsh)\n`);
      command = ['zsh', '-i'];
    } else {
      await install('fish', join(env.XDG_CONFIG_HOME!, 'fish', 'completions', 'rentsurvey.fish'));
      writeFileSync(
        join(env.XDG_CONFIG_HOME!, 'fish', 'config.fish'),
        // Autosuggestions would show text after the cursor that nobody typed.
        `function fish_prompt; printf '${PROMPT}'; end\nset -g fish_greeting\nset -g fish_autosuggestion_enabled 0\n`,
      );
      command = ['fish'];
    }
    const pane = new Pane(TmuxPane.open(join(sb.root, `tmux-${name}`), command, { width, height: 50, env, cwd: sb.root }), shell);
    await pane.until((screen) => screen.endsWith(PROMPT.trimEnd()), 'the first prompt');
    return pane;
  }

  screen(): string {
    return this.pane.screen();
  }

  /** The command line being edited: the last prompt line. */
  line(): string {
    const lines = this.screen().split('\n');
    for (let i = lines.length - 1; i >= 0; i--) if (lines[i]!.startsWith(PROMPT.trimEnd())) return lines[i]!.slice(PROMPT.length);
    return '';
  }

  /** Polls the pane until `test` holds (never a fixed sleep as the assertion). */
  until(test: (screen: string) => boolean, what: string): Promise<string> {
    return this.pane.until(test, `${what} (${this.shell})`);
  }

  type(text: string) {
    this.pane.type(text);
  }

  press(...keys: string[]) {
    this.pane.press(...keys);
  }

  /**
   * An empty command line on a cleared screen: end of line, erase it, clear the
   * screen (fish first closes its pager). Keys that do nothing more when pressed
   * twice, so they are pressed again while the screen does not show it yet.
   */
  async fresh() {
    const keys = [...(this.shell === 'fish' ? ['Escape'] : []), 'C-e', 'C-u', 'C-l'];
    let polls = 0;
    await this.until((screen) => {
      if (screen === PROMPT.trimEnd()) return true;
      if (polls++ % 10 === 0) this.press(...keys);
      return false;
    }, 'empty command line on a cleared screen');
  }

  /** Types `text`, presses TAB, and waits until the command line reads `expected`. */
  async complete(text: string, expected: string) {
    this.type(text);
    this.press('Tab');
    await this.until(() => this.line() === expected, `command line "${expected}" (it reads "${this.line()}")`);
  }

  /** Presses Enter and returns the arguments the stand-in rentsurvey received. */
  async enter(): Promise<string[]> {
    this.press('Enter');
    const screen = await this.until((s) => /ARG<[^]*\n\S*TAB>$/.test(s) || s.endsWith(`\n${PROMPT.trimEnd()}`), 'command output');
    return [...screen.matchAll(/^ARG<([^]*?)>$/gm)].map((match) => match[1]!);
  }

  close() {
    this.pane.close();
  }
}

/** How each shell writes a value with spaces or quotes when it completes it. */
const quote = (shell: Shell, value: string, unique = true) => {
  if (shell === 'fish') return value.replace(/([\s'"$\\&;|<>()*?~#])/g, '\\$1');
  const style = value.includes('!') ? "'" : '"';
  const body = style === "'" ? value.replaceAll("'", `'\\''`) : value.replace(/(["$`\\])/g, '\\$1');
  return `${style}${body}${unique ? style : ''}`;
};

const SHELLS: Shell[] = ['bash', 'bash-completion', 'zsh', 'zsh-sourced', 'fish'];

describe.concurrent.each(SHELLS)('TAB in %s', (shell) => {
  const absent = missing(shell);
  if (absent) process.stderr.write(`completion-shells: ${absent} not found, the ${shell} tests are skipped\n`);
  const full = shell === 'bash' || shell === 'zsh' || shell === 'fish';

  it.skipIf(absent)(
    'completes commands, values, files and community names as an analyst types them',
    async () => {
      const pane = await Pane.open(shell);
      try {
        // The first TAB of a new shell: the command, then the community.
        await pane.complete('rentsurvey ov', 'rentsurvey overview');
        await pane.complete('Bar', `rentsurvey overview ${quote(shell, NAMES.barton)}`);
        expect(await pane.enter()).toEqual(['overview', NAMES.barton]);

        // A flag's values: listed, then completed after "=".
        await pane.fresh();
        pane.type('rentsurvey --format ');
        pane.press('Tab', 'Tab');
        await pane.until((s) => ['csv', 'json', 'md', 'ndjson', 'table'].every((f) => new RegExp(`\\b${f}\\b`).test(s)), 'the formats');
        await pane.fresh();
        await pane.complete('rentsurvey portfolio --format=n', 'rentsurvey portfolio --format=ndjson');
        expect(await pane.enter()).toEqual(['portfolio', '--format=ndjson']);

        // File names where a file is expected, quoted by the shell.
        await pane.fresh();
        await pane.complete('rentsurvey local import files/da', `rentsurvey local import files/dataset\\ one.json`);
        expect(await pane.enter()).toEqual(['local', 'import', 'files/dataset one.json']);
        if (!full) return;

        // Names with an apostrophe, a dollar sign and double quotes, an exclamation mark.
        for (const [typed, name] of [
          ['Mil', NAMES.miller],
          ['Lo', NAMES.lofts],
          ['Y', NAMES.yes],
        ] as const) {
          await pane.fresh();
          await pane.complete(`rentsurvey overview ${typed}`, `rentsurvey overview ${quote(shell, name)}`);
          expect(await pane.enter()).toEqual(['overview', name]);
        }

        // Several names sharing a prefix: it is inserted, then one more letter decides.
        await pane.fresh();
        const shared = shell === 'fish' ? 'The\\ Vue\\ at\\' : quote(shell, 'The Vue at ', false).trimEnd();
        await pane.complete('rentsurvey vacancy trend The', `rentsurvey vacancy trend ${shared}`);
        await pane.complete('H', `rentsurvey vacancy trend ${quote(shell, NAMES.hidden)}`);
        expect(await pane.enter()).toEqual(['vacancy', 'trend', NAMES.hidden]);

        // A comparable of the subject typed before; an entry added to a --communities list.
        await pane.fresh();
        await pane.complete("rentsurvey comps activate TT-001 O\\'", `rentsurvey comps activate TT-001 ${quote(shell, NAMES.ohara)}`);
        expect(await pane.enter()).toEqual(['comps', 'activate', 'TT-001', NAMES.ohara]);
        await pane.fresh();
        pane.type('rentsurvey pricing export --communities TT-001,Bro');
        pane.press('Tab');
        await pane.until(() => pane.line().includes('Brodie'), 'the list completed');
        expect(await pane.enter()).toEqual(['pricing', 'export', '--communities', `TT-001,${NAMES.brodie}`]);

        // Subcommands; the flags of the command typed and the global ones, not another command's.
        await pane.fresh();
        pane.type('rentsurvey pricing ');
        pane.press('Tab', 'Tab');
        await pane.until((s) => ['history', 'floor-plans', 'export', 'target'].every((c) => s.includes(c)), 'the pricing subcommands');
        await pane.fresh();
        pane.type('rentsurvey users show x --');
        pane.press('Tab', 'Tab');
        const flags = await pane.until((s) => s.includes('--format') && s.includes('--help'), 'the flags of users show');
        expect(flags).not.toContain('--no-comps');
        expect(flags).not.toContain('--include-pricing');
        await pane.fresh();
        await pane.complete('rentsurvey communities show x --no-c', 'rentsurvey communities show x --no-co');
      } finally {
        pane.close();
      }
    },
    240_000,
  );

  it.skipIf(absent || !full)(
    'shows long descriptions shortened at a word, with “…”; bash cuts them to a narrow terminal at a word too',
    async () => {
      const wide = await Pane.open(shell);
      try {
        wide.type('rentsurvey users ');
        wide.press('Tab', 'Tab');
        await wide.until((s) => s.includes("Change a user's name, role or status (deactivated users…"), 'the descriptions of the users commands');
      } finally {
        wide.close();
      }
      if (shell !== 'bash') return;
      // 60 columns: "invite  (Invite a user by e-mail (they get a link to create their…)" does not fit.
      const narrow = await Pane.open(shell, 60);
      try {
        narrow.type('rentsurvey users ');
        narrow.press('Tab', 'Tab');
        const screen = await narrow.until((s) => s.includes('(Invite a user by e-mail'), 'the descriptions at 60 columns');
        expect(screen).toContain('invite  (Invite a user by e-mail (they get a link to…)');
        expect(screen).toContain("update  (Change a user's name, role or status…)");
        expect(screen).toContain('show    (Show a user, by id or e-mail)');
      } finally {
        narrow.close();
      }
    },
    120_000,
  );
});
