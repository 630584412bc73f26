import { homedir } from 'node:os';
import { join } from 'node:path';
import { printData } from '../../../output/render.js';
import type { Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { writeAtomically } from '../../state-file.js';
import type { completion } from './index.js';
import { bashScript, fishScript, zshScript } from './scripts.js';

type Shell = 'bash' | 'zsh' | 'fish';

const SCRIPTS: Record<Shell, string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

/**
 * Where each shell loads a completion script of the user's from (the same places README's
 * "Shell completion" names): bash-completion's user folder, a ~/.zfunc on zsh's fpath, fish's own.
 */
function installPath(env: NodeJS.ProcessEnv, shell: Shell): string {
  const home = env.HOME || homedir();
  if (shell === 'bash')
    return join(env.BASH_COMPLETION_USER_DIR || join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'bash-completion'), 'completions', 'rentsurvey');
  if (shell === 'zsh') return join(home, '.zfunc', '_rentsurvey');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'fish', 'completions', 'rentsurvey.fish');
}

/** What is left to do once the file is there. */
const AFTERWARDS: Record<Shell, string> = {
  bash: 'bash-completion loads it in a new shell (without the bash-completion package: source <(rentsurvey completion bash) in ~/.bashrc)',
  zsh: 'zsh loads it in a new shell when ~/.zshrc has fpath=(~/.zfunc $fpath) before compinit (rm ~/.zcompdump* if an older one was installed)',
  fish: 'fish loads it in a new shell',
};

async function install(ctx: CommandContext, shell: Shell): Promise<void> {
  const path = installPath(ctx.env, shell);
  // Its folder is made when missing: a first install on a fresh account has none.
  await writeAtomically(path, SCRIPTS[shell]);
  ctx.log.success(`Wrote the ${shell} completion script to ${path}; ${AFTERWARDS[shell]}.`);
}

/** The script, byte for byte: it is code for the shell (and the committed copies under completions/ must match); --install writes it where the shell loads it. */
export const run: Handler<typeof completion> = async (ctx, opts, [shell]) => {
  if (opts.install) await install(ctx, shell);
  else printData(ctx.io, SCRIPTS[shell]);
};
