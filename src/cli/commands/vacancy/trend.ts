import type { ReadOf } from '../../../api/endpoints.js';
import { formatPercentValue } from '../../../domain/format.js';
import { lineChart, type LineChartOptions } from '../../../output/chart.js';
import type { Column } from '../../../output/columns.js';
import { stdoutStyle } from '../../../output/style.js';
import { date, uuid } from '../../columns.js';
import type { Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkQuery } from '../../flag-terms.js';
import { printLines, printList } from '../../print.js';
import { assertChartFlags } from '../../table-flags.js';
import { printWhole } from '../../print-whole.js';
import { communityArgument } from '../../references.js';
import { vacancyTrendIn } from '../../vacancy-trend.js';
import type { trend } from './index.js';

type Trend = ReadOf<'getVacancyTrend'>;
type Point = Trend['trends'][number];

const percent = (key: string, get: (p: Point) => number | null, header: string): Column<Point> => ({
  key,
  header,
  importance: 'key',
  value: get,
  display: (p) => formatPercentValue(get(p)),
  align: 'right',
  kind: 'percent',
});

export const columns: Column<Point>[] = [
  date('date', (p) => p.date.slice(0, 10), 'SURVEY', 'key'),
  uuid('survey_id', (p) => p.survey_id, 'SURVEY ID'),
  percent('subject_vacancy', (p) => p.subject_vacancy, 'SUBJECT'),
  percent('avg_comp_vacancy', (p) => p.avg_comp_vacancy, 'COMP AVG'),
];

export const run: Handler<typeof trend> = async (ctx, opts, [ref]) => {
  if (opts.chart && ctx.globals.format !== 'table') throw new UsageError('--chart draws for a terminal; drop it or use --format table');
  if (opts.chart) assertChartFlags(ctx);
  const query = { start_date: opts.start, end_date: opts.end };
  await checkQuery('getVacancyTrend', query, { start_date: '--start', end_date: '--end' });
  const id = await communityArgument(ctx, ref);
  const api = await ctx.api();
  const { data, raw, rangedHere } = await vacancyTrendIn(api, id, query);
  if (rangedHere) ctx.log.info(`${api.target} takes no date range for vacancy trends (an extension of ours): its whole trend was read and cut to the range here.`);
  await printWhole(ctx, (out) => print(out, data, raw, opts.chart === true));
};

/** `--chart`: the community's vacancy at each survey against its comparables' mean; the dashboard draws it too. */
export function vacancyChart(data: Pick<Trend, 'community_name' | 'trends'>, options: Pick<LineChartOptions, 'width' | 'height' | 'color'>): string {
  return lineChart(
    [
      { name: data.community_name, points: data.trends.map((p) => ({ x: p.date.slice(0, 10), y: p.subject_vacancy })) },
      { name: 'comparables (mean)', points: data.trends.map((p) => ({ x: p.date.slice(0, 10), y: p.avg_comp_vacancy })) },
    ],
    { yFormat: (n) => formatPercentValue(n), ...options },
  );
}

async function print(ctx: CommandContext, data: Trend, raw: unknown, chart: boolean) {
  if (chart) {
    printLines(ctx, vacancyChart(data, { width: Math.max(40, ctx.io.terminalWidth - 2), color: stdoutStyle(ctx.io) }));
  } else {
    await printList<Point>(ctx, {
      rows: data.trends,
      json: raw,
      emptyMessage: `${data.community_name} has no completed surveys in this range.`,
      columns,
    });
  }
  if (ctx.globals.format === 'table') {
    const p = data.projections;
    printLines(
      ctx,
      `\nProjected vacancy from available-from dates: 14d ${formatPercentValue(p['14d'])}  30d ${formatPercentValue(p['30d'])}  ` +
        `60d ${formatPercentValue(p['60d'])}  90d ${formatPercentValue(p['90d'])}  (${data.total_surveys} surveys)\n`,
    );
  }
}
