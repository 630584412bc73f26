import type { Column } from '../../../output/columns.js';
import type { ApiKeyRow } from '../../../server/store/accounts.js';
import { date, uuid, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printList } from '../../print.js';
import type { keysList } from './index.js';
import { withLocalStore } from './store.js';

type Key = Omit<ApiKeyRow, 'organization_id'>;

export const columns: Column<Key>[] = [
  uuid('id', (k) => k.id),
  // What `local keys revoke` takes, and what identifies a key on the screen.
  text('prefix', (k) => k.prefix, undefined, 'key'),
  text('organization', (k) => k.organization),
  text('user_email', (k) => k.user_email, 'USER'),
  text('scopes', (k) => k.scopes.replaceAll(' ', ','), undefined, 'low'),
  text('label', (k) => k.label, undefined, 'high'),
  date('created_at', (k) => k.created_at, undefined, 'low'),
  {
    ...date<Key>('revoked_at', (k) => k.revoked_at, 'REVOKED', 'high'),
    // Not revoked is known: "no", not the "—" of a value nobody knows.
    display: (k, style) => (k.revoked_at ? style.warn(k.revoked_at) : style.muted('no')),
  },
];

export const run: Handler<typeof keysList> = async (ctx) => {
  const keys = await withLocalStore(ctx, (store) => store.accounts.listApiKeys());
  const rows = keys.map(({ organization_id: _, ...key }) => key);
  await printList<Key>(ctx, {
    rows,
    json: { keys: rows },
    emptyMessage: 'No keys yet: rentsurvey local keys create --all-scopes',
    columns,
  });
};
