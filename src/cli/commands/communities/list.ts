import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { checkQuery } from '../../flag-terms.js';
import { printPage, readList } from '../../pages.js';
import { communityColumns, LIST_TABLE_FIELDS } from './columns.js';
import type { list } from './index.js';

/** One page, or every page with --all, --sort or a --limit above 100 (pages.ts, readList). */
export const run: Handler<typeof list> = async (ctx, opts) => {
  const { search } = opts;
  await checkQuery('listCommunities', { search }, { search: '--search' });
  const api = await ctx.api();
  const { limit, sort } = ctx.globals;
  const listed = await readList(ctx, { key: 'communities', one: 'community' }, opts, (query) =>
    api.call('listCommunities', { query: { search, ...query } }),
  );
  const { page, following } = listed;
  const everyOne = following && !search && page.offset === 0 && (sort !== undefined || limit === undefined);
  await rememberCommunities(ctx, listed.rows, { whole: everyOne });
  await printPage(ctx, listed, {
    defaultFields: ctx.globals.format === 'table' ? LIST_TABLE_FIELDS : undefined,
    columns: communityColumns,
    emptyMessage: search ? `No communities match "${search}".` : 'No communities yet.',
  });
};
