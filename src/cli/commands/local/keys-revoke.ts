import type { Handler } from '../../command.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { confirm } from '../../prompt.js';
import type { keysRevoke } from './index.js';
import { withLocalStore } from './store.js';

/** Revoking cannot be undone (a new key must be issued and handed out): asked on a terminal, --yes elsewhere. */
export const run: Handler<typeof keysRevoke> = async (ctx, opts, [id]) => {
  const key = await withLocalStore(ctx, (store) =>
    store.accounts.listApiKeys().find((k) => k.revoked_at === null && (k.id === id || k.prefix === id)),
  );
  if (!key) throw new CliError(`no active key with id or prefix ${id}`, ExitCode.notFound, 'keys are listed by `rentsurvey local keys list`');
  if (opts.yes !== true) {
    const who = [key.label && `"${key.label}"`, key.user_email, key.organization].filter(Boolean).join(', ');
    const ok = await confirm(ctx, `Revoke key ${key.prefix} (${who})? Whoever uses it is refused from now on`, '--yes');
    if (!ok) throw new UsageError('revoke cancelled; the key still works');
  }
  const revoked = await withLocalStore(ctx, (store) => store.accounts.revokeApiKey(key.id));
  if (!revoked) throw new CliError(`no active key with id or prefix ${id}`, ExitCode.notFound);
  ctx.log.success(`Revoked key ${id}`);
};
