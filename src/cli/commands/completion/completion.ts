import { printData } from '../../../output/render.js';
import type { Handler } from '../../command.js';
import type { completion } from './index.js';
import { bashScript, fishScript, zshScript } from './scripts.js';

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** The script, byte for byte: it is code for the shell (and the committed copies under completions/ must match). */
export const run: Handler<typeof completion> = async (ctx, _opts, [shell]) => {
  printData(ctx.io, SCRIPTS[shell]);
};
