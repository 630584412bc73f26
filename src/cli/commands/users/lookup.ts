/**
 * A user as people name them: an id, or an e-mail. The spec reads users by id
 * only; an e-mail is found
 * - through GET /users?email= where the service has it (our own does: an
 *   extension, docs/api-decisions.md "Users by e-mail"), which answers for every
 *   user of the organization;
 * - otherwise (a 404, 405 or 501 to it: a service built from the spec alone)
 *   among the user summaries of community records (GET /communities, every
 *   page), the only place the spec shows users with their ids: managers and
 *   team members of a community are found, other users are not.
 */
import { isUuid } from '../../../api/rules.js';
import type { CommandContext } from '../../context.js';
import { ApiError, CliError, ExitCode, UsageError } from '../../errors.js';
import { checkQuery } from '../../flag-terms.js';
import { followPages } from '../../pages.js';
import { busy } from '../../references.js';

/** The extension's absence: what a service answers for a path or method it does not have. */
export function lacksUserList(error: unknown): error is ApiError {
  return error instanceof ApiError && [404, 405, 501].includes(error.status);
}

/** Why GET /users may be missing, said where it matters. */
export const NO_USER_LIST = 'GET /v1/users is an extension of rentsurvey’s own service, not part of the API spec';

/** Community records are paged by at most 100: this many pages is a portfolio of 100,000. */
const MAX_RECORD_PAGES = 1000;

/** The user id `ref` names: an id as it is (no request), or the id of the user with that e-mail. */
export async function resolveUser(ctx: CommandContext, ref: string): Promise<string> {
  const wanted = ref.trim();
  if (isUuid(wanted)) return wanted;
  if (!wanted.includes('@')) throw new UsageError(`<user>: ${JSON.stringify(ref)} is neither a user id (UUID) nor an e-mail address`);
  await checkQuery('listUsers', { email: wanted }, { email: '<user>' });
  const api = await ctx.api();
  let users: { id: string; email: string }[];
  try {
    users = (await api.call('listUsers', { query: { email: wanted, limit: 1 } })).data.users;
  } catch (error) {
    if (!lacksUserList(error)) throw error;
    ctx.log.debug(`GET /v1/users answered ${error.status}: looking for ${wanted} in community records`);
    return fromCommunityRecords(ctx, wanted);
  }
  const user = users.find((u) => u.email.toLowerCase() === wanted.toLowerCase());
  if (user) return user.id;
  throw new CliError(
    `no user with e-mail ${wanted} in your organization`,
    ExitCode.notFound,
    'an invited person becomes a user once they accept the invitation; `rentsurvey users list` lists the users',
  );
}

async function fromCommunityRecords(ctx: CommandContext, email: string): Promise<string> {
  const api = await ctx.api();
  const lower = email.toLowerCase();
  const found = await busy(ctx, `Looking for ${email} in community records…`, async () => {
    try {
      const { items } = await followPages(
        async (offset, limit) => {
          const { data } = await api.call('listCommunities', { query: { limit, offset } });
          return { items: data.communities, total: data.total, limit: data.limit };
        },
        { maxPages: MAX_RECORD_PAGES },
      );
      return items
        .flatMap((c) => [c.community_manager, c.asset_manager, c.leasing_manager, ...c.other_team_members])
        .find((person) => person?.email.toLowerCase() === lower);
    } catch (error) {
      // A key without communities:read: say what the records were for.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403))
        throw new ApiError(error.status, error.code, `${error.message} (needed to find ${email} in community records: ${NO_USER_LIST})`, error.details, 'give the user’s id instead');
      throw error;
    }
  });
  if (!found)
    throw new CliError(
      `no community record names a user with e-mail ${email}`,
      ExitCode.notFound,
      `this service has no user look-up by e-mail (${NO_USER_LIST}), so only community managers and team members are found by e-mail; give the user’s id instead`,
    );
  if (!isUuid(found.id))
    throw new CliError(`the service gives ${email} the id ${JSON.stringify(found.id)}, which is not a UUID: GET /users/:id takes only UUIDs`, ExitCode.failure);
  return found.id;
}
