import type { ReadOf } from '../../../api/endpoints.js';
import { bool, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { rememberCompState } from '../../community-cache.js';
import { assertFields, printRecord } from '../../print.js';
import { communityArgument, resolveComparable } from '../../references.js';
import type { toggle as toggleCommand } from './index.js';

type Toggled = ReadOf<'updateComp'>;

export const columns = [
  { ...text<Toggled>('comp_id', (t) => t.comp_id), label: 'Comparable id' },
  { ...bool<Toggled>('is_included_in_surveys', (t) => t.is_included_in_surveys), label: 'Included in surveys' },
  { ...text<Toggled>('message', (t) => t.message), label: 'Message' },
];

function toggle(included: boolean): Handler<typeof toggleCommand> {
  return async (ctx, _opts, [ref, compRef]) => {
    assertFields(ctx, columns);
    const id = await communityArgument(ctx, ref);
    const comp = await resolveComparable(ctx, id, compRef, { include: included });
    const api = await ctx.api();
    const { data, raw } = await api.call('updateComp', {
      params: { id, comp_id: comp.id },
      body: { is_included_in_surveys: included },
    });
    ctx.log.success(`${comp.name ?? data.comp_id}: ${data.message}`);
    await rememberCompState(ctx, id, comp.id, included);
    await printRecord<Toggled>(ctx, {
      record: data,
      json: raw,
      columns,
    });
  };
}

export const activate = { run: toggle(true) };
export const deactivate = { run: toggle(false) };
