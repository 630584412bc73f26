import { SCOPES, type Scope } from '../../../api/routes.js';
import { splitList, type Handler } from '../../command.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { printLines } from '../../print.js';
import type { keysCreate } from './index.js';
import { withLocalStore } from './store.js';

export const run: Handler<typeof keysCreate> = async (ctx, opts) => {
  if (!opts.scopes && !opts.allScopes) throw new UsageError('give --scopes <list> or --all-scopes', `scopes: ${SCOPES.join(', ')}`);
  if (opts.scopes && opts.allScopes) throw new UsageError('use either --scopes or --all-scopes');
  const scopes = opts.allScopes ? [...SCOPES] : splitList(opts.scopes ?? '');
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0)
    throw new UsageError(`unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ') || '(none)'}`, `scopes: ${SCOPES.join(', ')}`);
  const created = await withLocalStore(ctx, (store) => {
    const organizationId = opts.org
      ? store.accounts.ensureOrganization(opts.org)
      : (store.accounts.defaultOrganizationId() ?? store.accounts.ensureOrganization('Local'));
    let userId: string | null = null;
    if (opts.email) {
      const user = store.accounts.userByEmail(organizationId, opts.email.toLowerCase());
      if (!user) throw new CliError(`no user ${opts.email} in this organization`, ExitCode.notFound);
      if (user.status !== 'active') throw new CliError(`user ${user.email} is inactive; a key for them would not work`, ExitCode.conflict);
      userId = user.id;
    }
    return store.accounts.createApiKey({
      organizationId,
      userId,
      scopes: scopes as Scope[],
      label: opts.label ?? `created ${ctx.now().toISOString()}`,
    });
  });
  // The key alone on stdout, so that KEY=$(rentsurvey local keys create …) works; the note is for a person.
  printLines(ctx, created.key);
  if (ctx.io.isStdoutTTY)
    ctx.log.info(`Key ${created.prefix} (id ${created.id}) with scopes ${scopes.join(', ')}. It is shown once; store it now.`);
};
