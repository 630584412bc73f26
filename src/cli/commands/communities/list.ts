import type { ReadOf } from '../../../api/endpoints.js';
import type { Handler } from '../../command.js';
import { rememberCommunities } from '../../community-cache.js';
import { checkQuery } from '../../flag-terms.js';
import { UsageError } from '../../errors.js';
import { printList } from '../../print.js';
import { communityColumns, LIST_TABLE_FIELDS } from './columns.js';
import type { list } from './index.js';

type Page = ReadOf<'listCommunities'>;

const PAGE_SIZE = 100;

/**
 * One page as the service gives it (its default size, or --limit up to 100), or, with --all,
 * --sort (which orders every community, not a page) or a --limit above 100, pages followed
 * from --offset until there are no more or --limit is reached.
 */
export const run: Handler<typeof list> = async (ctx, opts) => {
  const { search } = opts;
  await checkQuery('listCommunities', { search }, { search: '--search' });
  const api = await ctx.api();
  const { limit, sort } = ctx.globals;
  if (sort && opts.offset !== undefined)
    throw new UsageError('--offset pages through the service\'s order; --sort orders every community: drop --offset');
  const following = Boolean(opts.all) || sort !== undefined || (limit !== undefined && limit > PAGE_SIZE);
  let page: Page;
  let raw: unknown;
  if (following) {
    // Follow pages until total is reached, then print one document shaped like a single page.
    const offset = opts.offset ?? 0;
    // Sorting needs every community; otherwise stop once --limit is reached.
    const wanted = sort === undefined ? limit : undefined;
    const communities: Page['communities'] = [];
    const seen = new Set<string>();
    let total: number;
    for (;;) {
      const size = wanted === undefined ? PAGE_SIZE : Math.min(PAGE_SIZE, wanted - communities.length);
      const answer = await api.call('listCommunities', { query: { search, limit: size, offset: offset + communities.length } });
      const fresh = answer.data.communities.filter((c) => !seen.has(c.id));
      for (const c of fresh) seen.add(c.id);
      communities.push(...fresh);
      total = answer.data.total;
      // A page shorter than the limit the service applied is the last one; a page of nothing new
      // means it ignores offset. Either way, stop: never loop on a service's word alone (total).
      const applied = answer.data.limit;
      const pageSize = Number.isInteger(applied) && applied >= 1 && applied <= size ? applied : size;
      if (answer.data.communities.length < pageSize || fresh.length === 0 || offset + communities.length >= total) break;
      if (wanted !== undefined && communities.length >= wanted) break;
    }
    if (wanted !== undefined) communities.splice(wanted);
    page = { communities, total, limit: communities.length, offset };
    raw = page;
  } else {
    ({ data: page, raw } = await api.call('listCommunities', {
      query: { search, limit, offset: opts.offset },
    }));
  }
  const everyOne = following && !search && page.offset === 0 && (sort !== undefined || limit === undefined);
  await rememberCommunities(ctx, page.communities, { whole: everyOne });
  await printList(ctx, {
    defaultFields: ctx.globals.format === 'table' ? LIST_TABLE_FIELDS : undefined,
    rows: page.communities,
    columns: communityColumns,
    json: raw,
    limitApplied: true,
    emptyMessage: search ? `No communities match "${search}".` : 'No communities yet.',
  });
  const shown = Math.min(page.communities.length, limit ?? Infinity);
  if (ctx.globals.format === 'table' && !following && page.total > page.offset + shown)
    ctx.log.info(
      `Showing ${page.offset + 1}–${page.offset + shown} of ${page.total}; use --offset ${page.offset + shown} or --all.`,
    );
};
