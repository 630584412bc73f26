import type { Handler } from '../../command.js';
import { CliError, ExitCode } from '../../errors.js';
import { withLocalStore } from './store.js';

export const run: Handler = async (ctx, _opts, [id]) => {
  const revoked = await withLocalStore(ctx, (store) => store.accounts.revokeApiKey(id as string));
  if (!revoked) throw new CliError(`no active key with id or prefix ${id}`, ExitCode.notFound);
  ctx.log.success(`Revoked key ${id}`);
};
