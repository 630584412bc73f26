import type { Handler } from '../../command.js';
import { CliError, ExitCode } from '../../errors.js';
import type { keysRevoke } from './index.js';
import { withLocalStore } from './store.js';

export const run: Handler<typeof keysRevoke> = async (ctx, _opts, [id]) => {
  const revoked = await withLocalStore(ctx, (store) => store.accounts.revokeApiKey(id));
  if (!revoked) throw new CliError(`no active key with id or prefix ${id}`, ExitCode.notFound);
  ctx.log.success(`Revoked key ${id}`);
};
