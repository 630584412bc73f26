import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printList } from '../../print.js';
import type { keysList } from './index.js';
import { withLocalStore } from './store.js';

export const run: Handler<typeof keysList> = async (ctx) => {
  const keys = await withLocalStore(ctx, (store) => store.accounts.listApiKeys());
  type Key = (typeof keys)[number];
  const rows = keys.map(({ organization_id: _, ...key }) => key);
  await printList<Omit<Key, 'organization_id'>>(ctx, {
    rows,
    json: { keys: rows },
    emptyMessage: 'No keys yet: rentsurvey local keys create --all-scopes',
    columns: [
      text('id', (k) => k.id),
      text('prefix', (k) => k.prefix),
      text('organization', (k) => k.organization),
      text('user_email', (k) => k.user_email, 'USER'),
      text('scopes', (k) => k.scopes.replaceAll(' ', ',')),
      text('label', (k) => k.label),
      text('created_at', (k) => k.created_at),
      { ...text('revoked_at', (k) => k.revoked_at, 'REVOKED'), display: (k, style) => (k.revoked_at ? style.warn(k.revoked_at) : '—') },
    ],
  });
};
