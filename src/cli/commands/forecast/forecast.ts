/**
 * `rentsurvey forecast <community>... | --all | --communities <refs>`: each
 * community's market rents per bedroom count and its vacancy, forecast with
 * the method that earned it in a backtest on the same history
 * (src/domain/forecast.ts), as a table (a row per series and horizon), charts,
 * the track record (--backtest), or JSON/CSV/xlsx. Communities are read a few
 * at once; one that fails (or has too little history) is named on stderr, the
 * others are printed, and the exit status says so.
 */
import {
  DEFAULT_HORIZONS,
  forecastCommunity,
  weeksNeeded,
  type CommunityForecast,
  type SeriesForecast,
} from '../../../domain/forecast.js';
import { formatSignedPercent } from '../../../domain/format.js';
import { lineChart } from '../../../output/chart.js';
import { progressBar } from '../../../output/progress.js';
import { stdoutStyle } from '../../../output/style.js';
import { concurrencyOf, type Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { fanOutAll, fanOutFailure, isFailed } from '../../concurrency.js';
import { CliError, UsageError } from '../../errors.js';
import { assertFields, orderRows, printLines, printList } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { chooseSubjects, type ChosenSubject } from '../../references.js';
import { assertChartFlags } from '../../table-flags.js';
import {
  BACKTEST_TABLE_FIELDS,
  backtestColumns,
  FORECAST_TABLE_FIELDS,
  forecastColumns,
  formatSeriesValue,
  seriesLabel,
  type ForecastRow,
} from './columns.js';
import { forecastLines, forecastSummary } from './chart.js';
import { FORECAST_CONCURRENCY, type forecast } from './index.js';
import { forecastReader, readForecastInput } from './read.js';

interface Forecasted {
  subject: ChosenSubject;
  name: string;
  asOf: string | null;
  result: CommunityForecast;
}

/** The answer's series as JSON: without the history they were made from (the surveys say it). */
const seriesJson = ({ history: _history, ...series }: SeriesForecast) => series;

function rowsOf({ subject, name, result }: Forecasted): ForecastRow[] {
  return result.series.flatMap((series) =>
    series.forecasts.map((f) => {
      const backtest = series.backtest.by_horizon.find((b) => b.horizon_weeks === f.horizon_weeks)!;
      const held = result.holding_rents.find((r) => r.horizon_weeks === f.horizon_weeks);
      return {
        community_id: subject.id,
        community: name,
        external_community_id: subject.external_community_id,
        kind: series.kind,
        bedrooms: series.bedrooms,
        history_weeks: series.history_weeks,
        last_date: series.last_date,
        last_value: series.last_value,
        ...f,
        held_psi_ner: series.kind === 'market_ner' ? (held?.by_bedrooms.find((b) => b.bedrooms === series.bedrooms)?.psi_ner ?? null) : null,
        pairs: backtest.pairs,
        mae: backtest.mae,
        mae_baseline: backtest.mae_baseline,
        baseline: backtest.baseline,
        coverage_80: backtest.coverage_80,
        coverage_95: backtest.coverage_95,
      };
    }),
  );
}

/** A community none of whose series is long enough for the shortest horizon asked for. */
function tooLittleHistory(result: CommunityForecast, horizons: readonly number[]): CliError | undefined {
  if (result.series.some((s) => s.forecasts.length > 0)) return undefined;
  const weeks = Math.max(0, ...result.series.map((s) => s.history_weeks));
  const shortest = Math.min(...horizons);
  return new CliError(
    `too little history: ${weeks} ${weeks === 1 ? 'week' : 'weeks'} of surveys; a forecast ${shortest} weeks ahead needs ${weeksNeeded(shortest)} weeks to be judged`,
  );
}

export const run: Handler<typeof forecast> = async (ctx, opts, [refs]) => {
  const horizons = opts.horizons ?? [...DEFAULT_HORIZONS];
  const { format } = ctx.globals;
  if (opts.chart && opts.backtest) throw new UsageError('--chart draws the forecasts, --backtest lists their track record: one at a time');
  if (opts.chart && format !== 'table') throw new UsageError('--chart draws for a terminal; drop it or use --format table');
  if (opts.chart) assertChartFlags(ctx);
  const columns = opts.backtest ? backtestColumns : forecastColumns;
  // Every flag checked before the first request.
  assertFields(ctx, columns);
  orderRows(ctx, [], columns);
  const subjects = await chooseSubjects(ctx, { all: opts.all, refs, communities: opts.communities }, 'forecast');
  const concurrency = concurrencyOf(ctx, opts.concurrency, FORECAST_CONCURRENCY);
  // Requests in flight at once; comparables shared by subjects read once (the reader's cache).
  const api = (await ctx.api()).inFlight(concurrency);
  const reader = forecastReader(api, ctx.today());
  const withPairs = opts.backtest === true && format === 'json';
  const progress = progressBar(ctx.io, { total: subjects.length, unit: 'communities', itemUnit: 'failed', quiet: ctx.globals.quiet });
  let outcomes;
  try {
    outcomes = await fanOutAll(
      subjects,
      concurrency,
      async (subject): Promise<Forecasted> => {
        const { name, asOf, ...input } = await readForecastInput(reader, subject.id);
        const result = forecastCommunity(input, { horizons, withPairs });
        const problem = tooLittleHistory(result, horizons);
        if (problem) throw problem;
        return { subject, name, asOf, result };
      },
      progress,
    );
  } finally {
    progress.stop();
  }
  const done = outcomes.flatMap((outcome) => ('value' in outcome ? [outcome.value] : []));
  const rows = done.flatMap(rowsOf);
  const json = {
    horizons,
    communities: done.map(({ subject, name, asOf, result }) => ({
      community: { id: subject.id, name, external_community_id: subject.external_community_id },
      as_of_date: asOf,
      series: result.series.map(seriesJson),
      holding_rents: result.holding_rents,
    })),
  };
  await printWhole(ctx, async (out) => {
    if (opts.chart) {
      for (const forecasted of done) printCharts(out, forecasted);
      return;
    }
    await printList(out, {
      rows,
      columns,
      defaultFields: format === 'table' || format === 'md' ? (opts.backtest ? BACKTEST_TABLE_FIELDS : FORECAST_TABLE_FIELDS) : undefined,
      json,
      jsonRowsKey: 'communities',
      emptyMessage: 'No forecast to show.',
    });
    if (format === 'table' && !opts.backtest) for (const forecasted of done) printHeld(out, forecasted);
  });
  const failed = outcomes.filter(isFailed);
  if (failed.length > 0)
    throw fanOutFailure(ctx, failed, {
      total: subjects.length,
      what: 'communities could not be forecast',
      outcome: done.length > 0 ? 'the other communities are printed' : 'no community could be forecast',
    });
};

/** Under the table: the subject's overall NER PSI if its rents stay, per horizon. */
function printHeld(ctx: CommandContext, { name, result }: Forecasted): void {
  const held = result.holding_rents.filter((r) => r.psi_ner !== null);
  if (held.length === 0) return;
  printLines(ctx, `\n${name}, NER PSI if rents are held: ${held.map((r) => `${r.horizon_weeks} weeks ${formatSignedPercent(r.psi_ner)}`).join(', ')}\n`);
}

/** Each series: its history, then the forecast and its 80 % band. */
function printCharts(ctx: CommandContext, { name, result }: Forecasted): void {
  const style = stdoutStyle(ctx.io);
  for (const series of result.series) {
    const title = `${name} — ${seriesLabel(series.kind, series.bedrooms)}: ${forecastSummary(series)}`;
    const drawn = lineChart(
      [{ name: 'history', points: series.history.map((p) => ({ x: p.date, y: p.value })) }, ...forecastLines(series)],
      { yFormat: (n) => formatSeriesValue(series.kind, n), width: Math.max(40, ctx.io.terminalWidth - 2), color: style },
    );
    printLines(ctx, `${title}\n${drawn}\n`);
  }
}
