import type { Handler } from '../../command.js';
import { UsageError } from '../../errors.js';
import { confirm } from '../../prompt.js';
import { assertFields, printRecord } from '../../print.js';
import { checkBody } from '../../flag-terms.js';
import { COMMUNITY_FLAGS, communityBody } from './body.js';
import { communityColumns } from './columns.js';
import { communityArgument } from '../../references.js';
import type { update } from './index.js';
import { warnAboutRecord } from './warnings.js';

export const run: Handler<typeof update> = async (ctx, opts, [ref]) => {
  const body = communityBody(opts);
  if (Object.keys(body).length === 0)
    throw new UsageError('nothing to update: give at least one flag, e.g. --status inactive', 'see rentsurvey communities update --help');
  assertFields(ctx, communityColumns);
  await checkBody('updateCommunity', body, COMMUNITY_FLAGS);
  const id = await communityArgument(ctx, ref);
  if (body.other_team_members_emails !== undefined && opts.yes !== true) {
    const list = body.other_team_members_emails.join(', ') || '(nobody)';
    const ok = await confirm(ctx, `Replace the whole team member list with ${list}?`, '--yes');
    if (!ok) {
      ctx.log.info('Nothing changed.');
      return;
    }
  }
  const api = await ctx.api();
  const { data, raw } = await api.call('updateCommunity', { params: { id }, body });
  ctx.log.success(`Updated community ${data.name} (${data.id})`);
  await warnAboutRecord(ctx, data, body);
  await printRecord(ctx, { record: data, columns: communityColumns, json: raw });
};
