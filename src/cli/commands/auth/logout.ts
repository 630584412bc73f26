import type { Handler } from '../../command.js';
import type { logout } from './index.js';

export const run: Handler<typeof logout> = async (ctx) => {
  const profile = ctx.globals.profile ?? 'default';
  const config = await ctx.config();
  if (!config.getProfile(profile)) {
    ctx.log.info(`Profile ${profile} has no stored credentials; nothing to do.`);
    return;
  }
  await config.deleteProfile(profile);
  ctx.log.success(`Logged out: removed the credentials of profile ${profile} from ${config.path}`);
};
