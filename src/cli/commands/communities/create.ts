import type { BodyOf } from '../../../api/endpoints.js';
import type { Handler } from '../../command.js';
import { assertFields, printRecord } from '../../print.js';
import { checkBody } from '../../flag-terms.js';
import { COMMUNITY_FLAGS, communityBody } from './body.js';
import { communityColumns } from './columns.js';
import type { create } from './index.js';
import { warnAboutRecord } from './warnings.js';

export const run: Handler<typeof create> = async (ctx, opts) => {
  assertFields(ctx, communityColumns);
  const body = communityBody(opts) as BodyOf<'createCommunity'>;
  await checkBody('createCommunity', body, COMMUNITY_FLAGS);
  const api = await ctx.api();
  const { data, raw } = await api.call('createCommunity', { body });
  ctx.log.success(`Created community ${data.name} (${data.id})`);
  await warnAboutRecord(ctx, data, body);
  await printRecord(ctx, { record: data, columns: communityColumns, json: raw });
};
