import type { Handler } from '../../command.js';
import { printRecord } from '../../print.js';
import { userColumns } from './columns.js';

export const run: Handler = async (ctx, _opts, [id]) => {
  const api = await ctx.api();
  const { data, raw } = await api.call('getUser', { params: { id: id as string } });
  await printRecord(ctx, { record: data, columns: userColumns, json: raw });
};
