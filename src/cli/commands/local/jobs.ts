import type { Column } from '../../../output/columns.js';
import type { JobsStore } from '../../../server/store/jobs.js';
import { date, uuid, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import { printList } from '../../print.js';
import type { jobs as jobsCommand } from './index.js';
import { withLocalStore } from './store.js';

type Job = ReturnType<JobsStore['list']>[number];

export const columns: Column<Job>[] = [
  uuid('id', (j) => j.id),
  text('kind', (j) => j.kind),
  text('community_name', (j) => j.community_name, 'COMMUNITY', 'key'),
  { ...text<Job>('status', (j) => j.status, undefined, 'high'), display: (j, style) => (j.status === 'failed' ? style.negative(j.status) : j.status === 'done' ? style.positive(j.status) : style.warn(j.status)) },
  text('detail', (j) => j.detail || (j.kind === 'pricing' && j.status === 'queued' ? 'needs the network; waits for a collector' : ''), undefined, 'low'),
  date('created_at', (j) => j.created_at),
];

export const run: Handler<typeof jobsCommand> = async (ctx) => {
  const jobs = await withLocalStore(ctx, (store) => store.jobs.list());
  await printList<Job>(ctx, {
    rows: jobs,
    json: { jobs },
    emptyMessage: 'No collection jobs. `rentsurvey comps add` queues them.',
    columns,
  });
};
