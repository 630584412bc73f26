import type { Handler } from '../../command.js';
import { printLines } from '../../print.js';
import type { get } from './index.js';

const DEFAULTS = { csv: 'plain' } as const;

export const run: Handler<typeof get> = async (ctx, _opts, [key]) => {
  const config = await ctx.config();
  printLines(ctx, config.getProfile(ctx.globals.profile ?? 'default')?.[key] ?? DEFAULTS[key]);
};
