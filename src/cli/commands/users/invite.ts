import type { ReadOf } from '../../../api/endpoints.js';
import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { checkBody } from '../../flag-terms.js';
import { assertFields, printRecord } from '../../print.js';
import type { invite } from './index.js';

type Invitation = ReadOf<'inviteUser'>['invitation'];

export const columns = [
  // The invitation's id, not a user's: said on the record's line and on stderr.
  { ...text<Invitation>('id', (i) => i.id), label: 'Invitation id' },
  text<Invitation>('email', (i) => i.email),
  text<Invitation>('name', (i) => i.name),
  text<Invitation>('role', (i) => i.role),
  text<Invitation>('status', (i) => i.status),
  text<Invitation>('expires_at', (i) => i.expires_at),
  text<Invitation>('invite_url', (i) => i.invite_url),
];

export const run: Handler<typeof invite> = async (ctx, opts) => {
  assertFields(ctx, columns);
  const body = { email: opts.email, name: opts.name, role: opts.role };
  await checkBody('inviteUser', body, { email: '--email', name: '--name', role: '--role' });
  const api = await ctx.api();
  const { data, raw } = await api.call('inviteUser', { body });
  ctx.log.success(data.message);
  const email = data.invitation.email;
  ctx.log.info(
    `The id printed is the invitation's, not a user id: ${email} becomes a user when they accept the link, ` +
      `and \`rentsurvey users show ${email}\` finds them from then on.` +
      (ctx.globals.local ? ` Offline, accept it yourself: \`rentsurvey local invitations accept ${email}\`.` : ''),
  );
  await printRecord<Invitation>(ctx, {
    record: data.invitation,
    json: raw,
    columns,
  });
};
