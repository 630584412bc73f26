import type { ReadOf } from '../../../api/endpoints.js';
import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { checkQuery } from '../../flag-terms.js';
import { printList } from '../../print.js';
import { communityColumns, LIST_TABLE_FIELDS } from './columns.js';
import type { list } from './index.js';

type Page = ReadOf<'listCommunities'>;

const PAGE_SIZE = 100;

export const run: Handler<typeof list> = async (ctx, opts) => {
  const { search } = opts;
  checkQuery('listCommunities', { search }, { search: '--search' });
  const api = await ctx.api();
  let page: Page;
  let raw: unknown;
  if (opts.all) {
    // Follow pages until total is reached, then print one document shaped like a single page.
    const communities: Page['communities'] = [];
    const seen = new Set<string>();
    let total: number;
    for (;;) {
      const answer = await api.call('listCommunities', { query: { search, limit: PAGE_SIZE, offset: communities.length } });
      const fresh = answer.data.communities.filter((c) => !seen.has(c.id));
      for (const c of fresh) seen.add(c.id);
      communities.push(...fresh);
      total = answer.data.total;
      // A page shorter than the limit the service applied is the last one; a page of nothing new
      // means it ignores offset. Either way, stop: never loop on a service's word alone (total).
      const { limit } = answer.data;
      const pageSize = Number.isInteger(limit) && limit >= 1 && limit <= PAGE_SIZE ? limit : PAGE_SIZE;
      if (answer.data.communities.length < pageSize || fresh.length === 0 || communities.length >= total) break;
    }
    page = { communities, total, limit: communities.length, offset: 0 };
    raw = page;
  } else {
    ({ data: page, raw } = await api.call('listCommunities', {
      query: { search, limit: opts.limit, offset: opts.offset },
    }));
  }
  await rememberCommunities(ctx, page.communities, { whole: Boolean(opts.all) && !search });
  const fields = ctx.globals.fields ?? (ctx.globals.format === 'table' ? LIST_TABLE_FIELDS : undefined);
  await printList(ctx, {
    fields,
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
