import { SCOPES, type Scope } from '../../../api/endpoints.js';
import type { Handler } from '../../command.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { withLocalStore } from './store.js';

export const run: Handler = async (ctx, opts) => {
  if (!opts.scopes && !opts.allScopes) throw new UsageError('give --scopes <list> or --all-scopes', `scopes: ${SCOPES.join(', ')}`);
  if (opts.scopes && opts.allScopes) throw new UsageError('use either --scopes or --all-scopes');
  const scopes = opts.allScopes
    ? [...SCOPES]
    : String(opts.scopes)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0 || scopes.length === 0)
    throw new UsageError(`unknown scope${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ') || '(none)'}`, `scopes: ${SCOPES.join(', ')}`);
  const created = await withLocalStore(ctx, (store) => {
    const orgName = opts.org as string | undefined;
    const organizationId = orgName
      ? store.accounts.ensureOrganization(orgName)
      : (store.accounts.defaultOrganizationId() ?? store.accounts.ensureOrganization('Local'));
    let userId: string | null = null;
    if (opts.email) {
      const user = store.accounts.userByEmail(organizationId, String(opts.email).toLowerCase());
      if (!user) throw new CliError(`no user ${String(opts.email)} in this organization`, ExitCode.notFound);
      if (user.status !== 'active') throw new CliError(`user ${user.email} is inactive; a key for them would not work`, ExitCode.conflict);
      userId = user.id;
    }
    return store.accounts.createApiKey({
      organizationId,
      userId,
      scopes: scopes as Scope[],
      label: (opts.label as string | undefined) ?? `created ${new Date().toISOString()}`,
    });
  });
  if (ctx.io.isStdoutTTY) {
    ctx.io.stdout.write(`${created.key}\n`);
    ctx.log.info(`Key ${created.prefix} (id ${created.id}) with scopes ${scopes.join(', ')}. It is shown once; store it now.`);
  } else ctx.io.stdout.write(`${created.key}\n`);
};
