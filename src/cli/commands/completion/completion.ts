import { printData } from '../../../output/render.js';
import type { Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { writeAtomically } from '../../state-file.js';
import type { completion } from './index.js';
import { AFTERWARDS, installPath, type Shell } from './places.js';
import { bashScript, fishScript, zshScript } from './scripts.js';

const SCRIPTS: Record<Shell, string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

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
