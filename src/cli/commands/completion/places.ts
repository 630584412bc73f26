/**
 * Where each shell loads a user's completion script from (the places README's "Shell
 * completion" names): bash-completion's user folder, a ~/.zfunc on zsh's fpath, fish's own.
 * `completion <shell> --install` writes there and `doctor` looks there: one answer for both.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export type Shell = 'bash' | 'zsh' | 'fish';

export function installPath(env: NodeJS.ProcessEnv, shell: Shell): string {
  const home = env.HOME || homedir();
  if (shell === 'bash')
    return join(env.BASH_COMPLETION_USER_DIR || join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'bash-completion'), 'completions', 'rentsurvey');
  if (shell === 'zsh') return join(home, '.zfunc', '_rentsurvey');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'fish', 'completions', 'rentsurvey.fish');
}

/** What is left to do once the file is there. */
export const AFTERWARDS: Record<Shell, string> = {
  bash: 'bash-completion loads it in a new shell (without the bash-completion package: source <(rentsurvey completion bash) in ~/.bashrc)',
  zsh: 'zsh loads it in a new shell when ~/.zshrc has fpath=(~/.zfunc $fpath) before compinit (rm ~/.zcompdump* if an older one was installed)',
  fish: 'fish loads it in a new shell',
};
