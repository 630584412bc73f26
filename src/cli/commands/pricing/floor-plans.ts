import type { Handler } from '../../command.js';
import { rememberFloorPlans } from '../../community-cache.js';
import { printList } from '../../print.js';
import { floorPlanColumns } from '../communities/show.js';
import { explainNotUnderstood } from './columns.js';
import { communityArgument } from '../../references.js';
import type { floorPlans } from './index.js';

export const run: Handler<typeof floorPlans> = async (ctx, _opts, [ref]) => {
  const id = await communityArgument(ctx, ref, { comparables: true });
  const api = await ctx.api();
  const { data, raw } = await api.call('listFloorPlans', { params: { id } });
  await rememberFloorPlans(ctx, id, data.floor_plans);
  await printList(ctx, {
    rows: data.floor_plans,
    columns: floorPlanColumns,
    json: raw,
    emptyMessage: `${data.community.name} has no floor plans.`,
  });
  explainNotUnderstood(ctx, data.floor_plans, (p) => p.latest_pricing);
};
