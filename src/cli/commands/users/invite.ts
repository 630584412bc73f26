import type { ResponseOf } from '../../../api/endpoints.js';
import { text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printRecord } from '../../print.js';

type Invitation = ResponseOf<'inviteUser'>['invitation'];

export const run: Handler = async (ctx, opts) => {
  const api = await ctx.api();
  const { data, raw } = await api.call('inviteUser', {
    body: { email: opts.email as string, name: opts.name as string, role: opts.role as 'admin' | 'member' },
  });
  ctx.log.success(data.message);
  await printRecord<Invitation>(ctx, {
    record: data.invitation,
    json: raw,
    columns: [
      text('id', (i) => i.id),
      text('email', (i) => i.email),
      text('name', (i) => i.name),
      text('role', (i) => i.role),
      text('status', (i) => i.status),
      text('expires_at', (i) => i.expires_at),
      text('invite_url', (i) => i.invite_url),
    ],
  });
};
