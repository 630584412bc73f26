import type { Handler } from '../../command.js';
import { bashScript, fishScript, zshScript } from './scripts.js';

const SCRIPTS: Record<string, string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

export const run: Handler = async (ctx, _opts, [shell]) => {
  ctx.io.stdout.write(SCRIPTS[shell as string]!);
};
