import type { ResponseOf } from '../../../api/endpoints.js';
import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { printList } from '../../print.js';
import { communityColumns, LIST_TABLE_FIELDS } from './columns.js';

type Page = ResponseOf<'listCommunities'>;

const PAGE_SIZE = 100;

export const run: Handler = async (ctx, opts) => {
  const api = await ctx.api();
  const search = opts.search as string | undefined;
  let page: Page;
  let raw: unknown;
  if (opts.all) {
    // Follow pages until total is reached, then print one document shaped like a single page.
    const communities: Page['communities'] = [];
    let total: number;
    do {
      const answer = await api.call('listCommunities', { query: { search, limit: PAGE_SIZE, offset: communities.length } });
      communities.push(...answer.data.communities);
      total = answer.data.total;
      if (answer.data.communities.length === 0) break;
    } while (communities.length < total);
    page = { communities, total, limit: communities.length, offset: 0 };
    raw = page;
  } else {
    ({ data: page, raw } = await api.call('listCommunities', {
      query: { search, limit: opts.limit as number | undefined, offset: opts.offset as number | undefined },
    }));
  }
  await rememberCommunities(ctx, page.communities, { whole: Boolean(opts.all) && !search });
  const fields = ctx.globals.fields ?? (ctx.globals.format === 'table' ? LIST_TABLE_FIELDS : undefined);
  await printList({ ...ctx, globals: { ...ctx.globals, fields } }, {
    rows: page.communities,
    columns: communityColumns,
    json: raw,
    emptyMessage: search ? `No communities match "${search}".` : 'No communities yet.',
  });
  if (ctx.globals.format === 'table' && !opts.all && page.total > page.offset + page.communities.length)
    ctx.log.info(
      `Showing ${page.offset + 1}–${page.offset + page.communities.length} of ${page.total}; use --offset ${page.offset + page.communities.length} or --all.`,
    );
};
