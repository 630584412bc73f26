import type { Handler } from '../../command.js';
import { CliError, ExitCode } from '../../errors.js';
import { checkQuery } from '../../flag-terms.js';
import { printPage, readList } from '../../pages.js';
import { userColumns } from './columns.js';
import type { list } from './index.js';
import { lacksUserList, NO_USER_LIST } from './lookup.js';

/** GET /users, our extension: against a service built from the spec alone, it says why it cannot list. */
export const run: Handler<typeof list> = async (ctx, opts) => {
  const { search } = opts;
  await checkQuery('listUsers', { search }, { search: '--search' });
  const api = await ctx.api();
  const read = () => readList(ctx, { key: 'users', one: 'user' }, opts, (query) => api.call('listUsers', { query: { search, ...query } }));
  let listed: Awaited<ReturnType<typeof read>>;
  try {
    listed = await read();
  } catch (error) {
    if (!lacksUserList(error)) throw error;
    throw new CliError(
      `this service cannot list users: ${NO_USER_LIST} (it answered ${error.status})`,
      ExitCode.failure,
      'find a user by e-mail with `rentsurvey users show <e-mail>` (community managers and team members are found through community records)',
    );
  }
  await printPage(ctx, listed, { columns: userColumns, emptyMessage: search ? `No users match "${search}".` : 'No users yet.' });
};
