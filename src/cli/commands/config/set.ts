import type { CsvDialect } from '../../../output/csv-dialect.js';
import type { Handler } from '../../command.js';
import { UsageError } from '../../errors.js';
import { SETTINGS, type set } from './index.js';

export const run: Handler<typeof set> = async (ctx, _opts, [key, value]) => {
  const allowed: readonly string[] = SETTINGS[key];
  const chosen = value.trim().toLowerCase();
  if (!allowed.includes(chosen)) throw new UsageError(`${key}: "${value}" is not one of ${allowed.join(', ')}`);
  const profile = ctx.globals.profile ?? 'default';
  const config = await ctx.config();
  await config.setSetting(profile, key, chosen as CsvDialect);
  ctx.log.success(`Profile ${profile}: ${key} = ${chosen} (in ${config.path})`);
};
