import type { BodyOf } from '../../../api/endpoints.js';
import type { Handler } from '../../command.js';
import { UsageError } from '../../errors.js';
import { checkBody } from '../../flag-terms.js';
import { assertFields, printRecord } from '../../print.js';
import { userColumns } from './columns.js';
import type { update } from './index.js';
import { resolveUser } from './lookup.js';

export const run: Handler<typeof update> = async (ctx, opts, [ref]) => {
  const body: BodyOf<'updateUser'> = {
    ...(opts.name !== undefined ? { full_name: opts.name } : {}),
    ...(opts.role !== undefined ? { role: opts.role } : {}),
    ...(opts.status !== undefined ? { status: opts.status } : {}),
  };
  if (Object.keys(body).length === 0) throw new UsageError('nothing to update: give --name, --role or --status');
  assertFields(ctx, userColumns);
  await checkBody('updateUser', body, { full_name: '--name', role: '--role', status: '--status' });
  const id = await resolveUser(ctx, ref);
  const api = await ctx.api();
  const { data, raw } = await api.call('updateUser', { params: { id }, body });
  ctx.log.success(`Updated ${data.email}`);
  await printRecord(ctx, { record: data, columns: userColumns, json: raw });
};
