/**
 * Paged lists of the service (GET /communities, and GET /users where a service
 * has it), read one way everywhere: by `communities list` and `users list`, by
 * the community resolver's search, and by the user look-up in community records.
 */
import type { Column } from '../output/columns.js';
import type { CommandContext } from './context.js';
import { UsageError } from './errors.js';
import { printList } from './print.js';
import { formatCount } from '../domain/format.js';

/** The page counts of a paged answer, as GET /communities gives them. */
export interface PageCounts {
  total: number;
  limit: number;
  offset: number;
}

export interface Followed<T> {
  items: T[];
  /** What the last answer counted. */
  total: number;
  /** The answers said there was no more (a short page, or total reached); false when paging stopped for another reason. */
  complete: boolean;
}

/** The largest page GET /communities (and GET /users) gives. */
export const MAX_PAGE = 100;

/**
 * Follows the pages of a list from `offset` until the answers say there are no
 * more, `wanted` items are in hand or `maxPages` pages were read. Never on the
 * service's word alone (its `total`): a page shorter than the limit it applied
 * ends the list, and a page with nothing new (a service that ignores offset)
 * stops it, incomplete. Items are kept once, by id.
 */
export async function followPages<T extends { id: string }>(
  fetchPage: (offset: number, size: number) => Promise<{ items: readonly T[]; total: number; limit: number }>,
  options: { offset?: number; wanted?: number | undefined; maxPages?: number } = {},
): Promise<Followed<T>> {
  const { offset = 0, wanted, maxPages = Infinity } = options;
  const items: T[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let page = 0; page < maxPages; page++) {
    const size = wanted === undefined ? MAX_PAGE : Math.min(MAX_PAGE, wanted - items.length);
    const answer = await fetchPage(offset + items.length, size);
    const fresh = answer.items.filter((item) => !seen.has(item.id));
    for (const item of fresh) seen.add(item.id);
    items.push(...fresh);
    total = answer.total;
    const applied = Number.isInteger(answer.limit) && answer.limit >= 1 && answer.limit <= size ? answer.limit : size;
    if (answer.items.length < applied || offset + items.length >= total) return { items, total, complete: true };
    if (fresh.length === 0 || (wanted !== undefined && items.length >= wanted)) break;
  }
  return { items, total, complete: false };
}

/**
 * A list command's rows (`communities list`, `users list`): one page as the
 * service gives it (its default size, or --limit up to 100), or, with --all,
 * --sort (which orders every row, not a page) or a --limit above 100, pages
 * followed from --offset until there are no more or --limit is reached,
 * printed as one document shaped like a single page. `key` names the list in
 * the answer (`communities`, `users`), `one` an item of it (`community`).
 */
export async function readList<K extends string, T extends { id: string }>(
  ctx: CommandContext,
  { key, one }: { key: K; one: string },
  opts: { all?: boolean | undefined; offset?: number | undefined },
  fetchPage: (query: { limit?: number | undefined; offset?: number | undefined }) => Promise<{ data: PageCounts & Record<K, T[]>; raw: unknown }>,
): Promise<{ rows: T[]; page: PageCounts; raw: unknown; following: boolean }> {
  const { limit, sort } = ctx.globals;
  if (sort && opts.offset !== undefined)
    throw new UsageError(`--offset pages through the service's order; --sort orders every ${one}, not a page: drop --offset`);
  const following = Boolean(opts.all) || sort !== undefined || (limit !== undefined && limit > MAX_PAGE);
  if (!following) {
    const { data, raw } = await fetchPage({ limit, offset: opts.offset });
    return { rows: data[key], page: data, raw, following };
  }
  const offset = opts.offset ?? 0;
  // Sorting needs every row; otherwise stop once --limit is reached.
  const wanted = sort === undefined ? limit : undefined;
  const followed = await followPages(
    async (at, size) => {
      const { data } = await fetchPage({ limit: size, offset: at });
      return { items: data[key], total: data.total, limit: data.limit };
    },
    { offset, wanted },
  );
  const rows = wanted === undefined ? followed.items : followed.items.slice(0, wanted);
  const page = { total: followed.total, limit: rows.length, offset };
  return { rows, page, raw: { [key]: rows, ...page }, following };
}

/**
 * Prints what readList read, as a list (json: the answer as received, or the
 * pages as one), and under a table of one page which rows these are of how
 * many and how to see the rest.
 */
export async function printPage<T>(
  ctx: CommandContext,
  listed: { rows: T[]; page: PageCounts; raw: unknown; following: boolean },
  output: { columns: Column<T>[]; emptyMessage: string; defaultFields?: readonly string[] | undefined },
): Promise<void> {
  const { rows, page, raw, following } = listed;
  await printList(ctx, { ...output, rows, json: raw, limitApplied: true });
  const shown = Math.min(rows.length, ctx.globals.limit ?? Infinity);
  if (ctx.globals.format === 'table' && !following && page.total > page.offset + shown)
    ctx.log.info(`Showing ${formatCount(page.offset + 1)}–${formatCount(page.offset + shown)} of ${formatCount(page.total)}; use --offset ${page.offset + shown} or --all.`);
}
