import type { Handler } from '../../command.js';
import { checkParams } from '../../flag-terms.js';
import { printRecord } from '../../print.js';
import { userColumns } from './columns.js';
import type { show } from './index.js';

export const run: Handler<typeof show> = async (ctx, _opts, [id]) => {
  await checkParams('getUser', { id }, { id: '<id>' });
  const api = await ctx.api();
  const { data, raw } = await api.call('getUser', { params: { id } });
  await printRecord(ctx, { record: data, columns: userColumns, json: raw });
};
