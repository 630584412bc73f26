import type { ReadOf } from '../../../api/endpoints.js';
import { formatVacancy } from '../../../domain/format.js';
import type { Column } from '../../../output/columns.js';
import { number, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printRecord } from '../../print.js';
import { communityArgument } from '../../references.js';
import type { vacancy } from './index.js';

type Vacancy = ReadOf<'getVacancy'>;

export const columns: Column<Vacancy>[] = [
  { ...text('community_name', (v) => v.community_name), label: 'Community' },
  { ...text('as_of_date', (v) => v.as_of_date ?? (v.has_data ? null : 'no completed survey yet')), label: 'Survey date' },
  { ...number('total_units', (v) => v.total_units), label: 'Total units' },
  {
    key: 'vacancy_rate',
    label: '14-day vacancy',
    value: (v) => v.vacancy_rate,
    kind: 'fraction',
    display: (v) => (v.has_data ? formatVacancy(v.vacancy_rate, v.available_units_next_14_days) : '—'),
  },
  { ...number('available_units_next_14_days', (v) => v.available_units_next_14_days), label: 'Available ≤ 14 days' },
  {
    key: 'has_data',
    label: 'Has data',
    value: (v) => v.has_data,
    display: (v) => (v.has_data ? 'yes' : 'no'),
  },
];

export const run: Handler<typeof vacancy> = async (ctx, _opts, [ref]) => {
  const id = await communityArgument(ctx, ref);
  const api = await ctx.api();
  const { data, raw } = await api.call('getVacancy', { params: { id } });
  await printRecord<Vacancy>(ctx, {
    record: data,
    json: raw,
    columns,
  });
};
