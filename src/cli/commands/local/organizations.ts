/**
 * The organization `--local` works in: the store's default organization, which
 * the CLI's own key (data-dir.ts, inProcessCaller) belongs to. `local organizations
 * use` chooses it; `local import` of another organization's dataset switches to
 * that one, and asks first when the store holds data (organizationSwitch).
 */
import { bool, number, text, uuid } from '../../columns.js';
import type { Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { canPrompt, confirm, whyNoPrompt } from '../../prompt.js';
import { shellWord } from '../../../shell-word.js';
import { printList } from '../../print.js';
import { countOf } from '../../../output/text.js';
import type { Store } from '../../../server/store/index.js';
import type { organizationsList, organizationsUse } from './index.js';
import { withLocalStore } from './store.js';

interface Organization {
  id: string;
  name: string;
  communities: number;
  users: number;
  current: boolean;
}

export const columns = [
  uuid<Organization>('id', (o) => o.id, 'ID'),
  text<Organization>('name', (o) => o.name, 'NAME', 'key'),
  number<Organization>('communities', (o) => o.communities, 'COMMUNITIES', 'high'),
  number<Organization>('users', (o) => o.users, 'USERS', 'high'),
  bool<Organization>('current', (o) => o.current, 'CURRENT', 'high', ['yes', '']),
];

function organizations(store: Store): Organization[] {
  const current = store.accounts.defaultOrganizationId();
  return store.accounts.organizationSummaries().map((o) => ({ ...o, current: o.id === current }));
}

export const list: Handler<typeof organizationsList> = async (ctx) => {
  const rows = await withLocalStore(ctx, organizations);
  await printList(ctx, { rows, columns, json: { organizations: rows }, emptyMessage: 'The local store has no organization yet.' });
};

export const use: Handler<typeof organizationsUse> = async (ctx, _opts, [name]) => {
  const chosen = await withLocalStore(ctx, (store) => {
    const all = organizations(store);
    const found = all.find((o) => o.name === name) ?? all.find((o) => o.name.toLowerCase() === name.trim().toLowerCase());
    if (!found)
      throw new CliError(
        `no organization named ${JSON.stringify(name)} in ${ctx.globals.dataDir}`,
        ExitCode.notFound,
        all.length > 0 ? `the store holds ${all.map((o) => JSON.stringify(o.name)).join(', ')}` : 'the store has no organization yet',
      );
    store.accounts.setDefaultOrganization(found.id);
    return found;
  });
  ctx.log.success(`--local now works in "${chosen.name}" (${holdings(chosen)})`);
};

const holdings = (o: { communities: number; users: number }) =>
  `${countOf(o.communities, 'community', 'communities')}, ${countOf(o.users, 'user')}`;

/** The command that makes `organization` the one --local works in again, for this data directory. */
function useCommand(ctx: CommandContext, organization: string): string {
  const dataDir = ctx.globals.dataDirSource === 'flag' ? ` --data-dir ${shellWord(ctx.globals.dataDir)}` : '';
  return `rentsurvey local organizations use ${shellWord(organization)}${dataDir}`;
}

/** The organization --local would leave by importing a dataset of `organization`: undefined when that loses sight of nothing. */
export function organizationSwitch(store: Store, organization: string): Omit<Organization, 'current'> | undefined {
  const currentId = store.accounts.defaultOrganizationId();
  const current = store.accounts.organizationSummaries().find((o) => o.id === currentId);
  // A new or empty store, or the dataset's own organization: nothing to switch away from.
  if (!current || current.name === organization || (current.communities === 0 && current.users === 0)) return undefined;
  return current;
}

/**
 * Importing switches --local to the dataset's organization: asked on a terminal,
 * --yes elsewhere. Without either it is a usage error that says how to go back.
 */
export async function confirmSwitch(ctx: CommandContext, file: string, from: Omit<Organization, 'current'>, to: string, yes: boolean): Promise<void> {
  if (yes) return;
  const what = `${file} holds the data of "${to}": importing it switches --local from "${from.name}" (${holdings(from)}) to "${to}"`;
  const back = `afterwards \`${useCommand(ctx, from.name)}\` switches back (nothing of "${from.name}" is deleted)`;
  if (!canPrompt(ctx)) throw new UsageError(`${what}; confirmation needed (${whyNoPrompt(ctx)})`, `add --yes to import and switch; ${back}`);
  if (!(await confirm(ctx, `${what}. Import and switch?`, '--yes'))) throw new UsageError('import cancelled; nothing changed');
}

/** Said after an import that switched: which organization --local works in now, and the way back. */
export function saySwitched(ctx: CommandContext, from: string, to: string): void {
  ctx.log.warn(`--local now works in "${to}", no longer in "${from}" (kept as it was); go back with \`${useCommand(ctx, from)}\``);
}
