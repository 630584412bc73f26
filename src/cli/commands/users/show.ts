import type { Handler } from '../../command.js';
import { printRecord } from '../../print.js';
import { userColumns } from './columns.js';
import type { show } from './index.js';
import { resolveUser } from './lookup.js';

export const run: Handler<typeof show> = async (ctx, _opts, [ref]) => {
  const id = await resolveUser(ctx, ref);
  const api = await ctx.api();
  const { data, raw } = await api.call('getUser', { params: { id } });
  await printRecord(ctx, { record: data, columns: userColumns, json: raw });
};
