/**
 * The invitation life cycle offline: what the invitee's click on the link does
 * at the service (the web app, outside the API), done on the local store, so
 * that invite → accept → users show/update by e-mail → users list can be tried
 * without a mail box.
 */
import { isUuid } from '../../../api/rules.js';
import { StoreError } from '../../../server/store/errors.js';
import type { InvitationRow } from '../../../server/store/accounts.js';
import type { Store } from '../../../server/store/index.js';
import { date, text, uuid } from '../../columns.js';
import type { Handler } from '../../command.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { printList, printRecord } from '../../print.js';
import { userColumns } from '../users/columns.js';
import type { invitationsAccept, invitationsList } from './index.js';
import { isStoreConflict, withLocalStore } from './store.js';

const LIST_HINT = '`rentsurvey local invitations list` lists the invitations';

type Invitation = Omit<InvitationRow, 'organization_id'>;

export const columns = [
  uuid<Invitation>('id', (i) => i.id, 'ID'),
  text<Invitation>('email', (i) => i.email, 'EMAIL', 'key'),
  text<Invitation>('name', (i) => i.name, 'NAME', 'high'),
  text<Invitation>('role', (i) => i.role, 'ROLE'),
  text<Invitation>('status', (i) => i.status, 'STATUS', 'high'),
  date<Invitation>('expires_at', (i) => i.expires_at, 'EXPIRES'),
  date<Invitation>('created_at', (i) => i.created_at, 'SENT', 'low'),
];

/** As the invitee would find it: a pending invitation past its date is expired. */
function asSeen(store: Store, { organization_id: _, ...invitation }: InvitationRow): Invitation {
  return invitation.status === 'pending' && invitation.expires_at <= store.now() ? { ...invitation, status: 'expired' } : invitation;
}

export const list: Handler<typeof invitationsList> = async (ctx) => {
  const rows = await withLocalStore(ctx, (store) => {
    const organizationId = store.accounts.defaultOrganizationId();
    return organizationId ? store.accounts.invitations(organizationId).map((i) => asSeen(store, i)) : [];
  });
  await printList(ctx, { rows, columns, json: { invitations: rows }, emptyMessage: 'No invitations yet: `rentsurvey users invite` sends one.' });
};

/** The invitation `ref` names: an id (any organization of the store), or the latest for an e-mail in the organization --local works in. */
function findInvitation(store: Store, ref: string): InvitationRow {
  const wanted = ref.trim();
  if (isUuid(wanted)) {
    const invitation = store.accounts.invitationById(wanted.toLowerCase());
    if (!invitation) throw new CliError(`no invitation with id ${wanted}`, ExitCode.notFound, LIST_HINT);
    return invitation;
  }
  if (!wanted.includes('@')) throw new UsageError(`<invitation>: ${JSON.stringify(ref)} is neither an invitation id (UUID) nor an e-mail address`);
  const organizationId = store.accounts.defaultOrganizationId();
  const [latest] = organizationId ? store.accounts.invitations(organizationId, wanted) : [];
  if (!latest) throw new CliError(`no invitation for ${wanted} in the organization --local works in`, ExitCode.notFound, LIST_HINT);
  return latest;
}

export const accept: Handler<typeof invitationsAccept> = async (ctx, _opts, [ref]) => {
  const { user, organization } = await withLocalStore(ctx, (store) => {
    const invitation = findInvitation(store, ref);
    try {
      const { organization_id: organizationId, ...accepted } = store.accounts.acceptInvitation(invitation.id);
      const name = store.accounts.organizations().find((o) => o.id === organizationId)?.name ?? organizationId;
      return { user: accepted, organization: name };
    } catch (error) {
      if (error instanceof StoreError)
        throw new CliError(error.message, isStoreConflict(error) ? ExitCode.conflict : ExitCode.notFound, LIST_HINT);
      throw error;
    }
  });
  ctx.log.success(`${user.email} accepted the invitation: an active ${user.role} of ${organization}, user id ${user.id}`);
  await printRecord(ctx, { record: user, columns: userColumns, json: user });
};
