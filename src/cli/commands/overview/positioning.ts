/**
 * `rentsurvey overview --all | <community>... | --communities <refs>`: one positioning
 * row per subject, computed in this process from the spec's endpoints of each
 * (overview, vacancy-trend, and floor plans when the overview has no unit counts),
 * so it works against any service built from the spec and offline. Subjects are
 * read a few at once; one that fails is named on stderr, the others are printed,
 * and the exit status says so. Definitions: docs/metrics.md, "Portfolio positioning".
 */
import { BANDS } from '../../../domain/bands.js';
import { BASIS_TEXT, type Basis } from '../../../domain/basis.js';
import {
  byPsiDescending,
  DEFAULT_THRESHOLD,
  needsFloorPlans,
  positioningRow,
  positioningTotals,
  SIGNALS,
  type PositioningInput,
  type PositioningRow,
  type PositioningTotals,
} from '../../../domain/positioning.js';
import type { ReadOf } from '../../../api/endpoints.js';
import { formatMoney, formatPercentFromFraction, formatSignedMoney } from '../../../domain/format.js';
import { progressBar } from '../../../output/progress.js';
import { concurrencyOf, type OptionsOf } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { fanOutAll, fanOutFailure, isFailed, type Outcome } from '../../concurrency.js';
import { UsageError } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import { assertFields, orderRows, printLines, printList } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { chooseSubjects, type ChosenSubject } from '../../references.js';
import { OVERVIEW_CONCURRENCY, type overview } from './index.js';
import { positioningColumns } from './positioning-columns.js';

type Flags = OptionsOf<typeof overview>;

/** Flags that mean nothing to one community's per-plan view. */
const POSITIONING_FLAGS = ['basis', 'band', 'signal', 'threshold', 'concurrency'] as const;

/**
 * What one subject's positioning row is computed from (`input`): its overview and vacancy trend
 * together, its floor plans only when the overview lacks unit counts; and those two answers
 * whole (the report shows more of them).
 */
export async function readSubject(
  api: ApiClient,
  subject: Pick<ChosenSubject, 'id' | 'external_community_id'>,
): Promise<{ input: PositioningInput; overview: ReadOf<'getOverview'>; trend: ReadOf<'getVacancyTrend'> }> {
  const params = { params: { id: subject.id } };
  const [{ data: answer }, { data: trend }] = await Promise.all([api.call('getOverview', params), api.call('getVacancyTrend', params)]);
  const floorPlans = needsFloorPlans(answer) ? (await api.call('listFloorPlans', params)).data.floor_plans : undefined;
  const community = { id: answer.community.id, name: answer.community.name, external_community_id: subject.external_community_id };
  return { input: { community, overview: answer, trend: trend.trends, floorPlans }, overview: answer, trend };
}

/**
 * How `overview --all` (and the dashboard's portfolio) makes a subject's row: its answers, and
 * the 13-week forecast of its market, which needs its comparables' pricing history (each read
 * once per reader, so once per run: subjects of a market share comparables).
 */
export async function positioningReader(
  api: ApiClient,
  today: string,
  options: { basis: Basis; threshold: number },
): Promise<(subject: Pick<ChosenSubject, 'id' | 'external_community_id'>) => Promise<PositioningRow>> {
  const [{ heldNerPsi }, { forecastReader, readMarket }] = await Promise.all([import('../../../domain/forecast.js'), import('../forecast/read.js')]);
  const reader = forecastReader(api, today);
  return async (subject) => {
    const [{ input }, compPricing] = await Promise.all([readSubject(api, subject), readMarket(reader, subject.id)]);
    const forecastPsiNer13w = heldNerPsi({ overview: input.overview, floorPlans: input.floorPlans, compPricing }, 13);
    return positioningRow({ ...input, forecastPsiNer13w }, options);
  };
}

export async function runPositioning(ctx: CommandContext, opts: Flags, refs: string[]): Promise<void> {
  const basis: Basis = opts.basis ?? 'ner';
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const columns = positioningColumns(basis);
  // Every flag checked before the first request: a typo must not cost a portfolio's worth of them.
  assertFields(ctx, columns.all);
  orderRows(ctx, [], columns.all);
  // The spec's overview names a community but not its external id: the portfolio has both.
  const subjects = await chooseSubjects(ctx, { all: opts.all, refs, communities: opts.communities }, 'read');
  const concurrency = concurrencyOf(ctx, opts.concurrency, OVERVIEW_CONCURRENCY);
  const api = (await ctx.api()).inFlight(concurrency);
  const progress = progressBar(ctx.io, { total: subjects.length, unit: 'communities', itemUnit: 'failed', quiet: ctx.globals.quiet });
  let outcomes: Outcome<ChosenSubject, PositioningRow>[];
  try {
    // Each answer becomes its row at once: a thousand subjects' overviews and trends are never held together.
    const rowOf = await positioningReader(api, ctx.today(), { basis, threshold });
    outcomes = await fanOutAll(subjects, concurrency, rowOf, progress);
  } finally {
    progress.stop();
  }

  const read = outcomes.flatMap((outcome) => ('value' in outcome ? [outcome.value] : []));
  const rows = byPsiDescending(read).filter(
    (row) => (opts.band === undefined || (row.band !== null && opts.band.includes(row.band))) && (opts.signal === undefined || opts.signal.includes(row.signal)),
  );
  const totals = positioningTotals(rows);
  const { format } = ctx.globals;
  const human = format === 'table' || format === 'md';
  // --json is our own answer, not a service's: --sort and --limit apply to it too.
  const listed = format === 'json' ? orderRows(ctx, rows, columns.all) : rows;
  await printWhole(ctx, async (out) => {
    await printList(out, {
      rows: listed,
      columns: columns.all,
      defaultFields: columns.defaultFields(format),
      wideFields: columns.wideFields,
      json: { basis, threshold, communities: listed, totals },
      limitApplied: format === 'json',
      emptyMessage: emptyMessage(opts, read.length),
    });
    if (human && rows.length > 0) printLines(out, footer(totals, basis, threshold, format === 'md'));
  });
  const unread = outcomes.filter(isFailed);
  if (unread.length > 0)
    throw fanOutFailure(ctx, unread, {
      total: subjects.length,
      what: 'communities could not be read',
      outcome: subjects.length > unread.length ? 'the other communities are printed' : 'no community could be read',
    });
}

function emptyMessage(opts: Flags, read: number): string {
  if (read === 0) return 'No community to show.';
  const filters = [opts.band && `--band ${opts.band.join(',')}`, opts.signal && `--signal ${opts.signal.join(',')}`].filter(Boolean);
  return `None of the ${read} communities matches ${filters.join(' and ')}.`;
}

/** Under the table: communities per band and per signal, and the gap summed over them. */
function footer(totals: PositioningTotals, basis: Basis, threshold: number, md: boolean): string {
  return `\n${footerLines(totals, basis, threshold).join(md ? '\n\n' : '\n')}\n`;
}

/** The footer's lines (also under the report's portfolio table). */
export function footerLines(totals: PositioningTotals, basis: Basis, threshold: number): string[] {
  const counts = (names: readonly string[], of: Record<string, number>) =>
    names.filter((name) => (of[name] ?? 0) > 0).map((name) => `${name} ${of[name]}`).join(', ');
  const gap = totals.gap_to_market_cents;
  return [
    `${totals.communities} ${totals.communities === 1 ? 'community' : 'communities'} on ${BASIS_TEXT[basis]}; CRI bands: ${counts([...BANDS, 'no data'], totals.bands)}.`,
    `Signals (PSI threshold ±${formatPercentFromFraction(threshold)}): ${counts(SIGNALS, totals.signals)}.`,
    `Gap to market: ${formatSignedMoney(gap, formatMoney)} a month (Σ over plans with comp data of (rent − comp average) × units).`,
  ];
}

/** Whether this run asks for positioning rows rather than one community's plans. */
export function wantsPositioning(opts: Flags, refs: string[]): boolean {
  return opts.all === true || opts.communities !== undefined || refs.length > 1;
}

/** A positioning flag with one community's per-plan view: refused, saying how to get its row. */
export function assertPlanView(opts: Flags, ref: string | undefined): void {
  const given = POSITIONING_FLAGS.filter((flag) => opts[flag] !== undefined);
  if (given.length === 0) return;
  throw new UsageError(
    `${given.map((flag) => `--${flag}`).join(', ')} ${given.length === 1 ? 'is' : 'are'} for positioning rows (--all, --communities or several communities), not one community's floor plans`,
    ref === undefined ? 'add --all' : `for its positioning row: rentsurvey overview --communities ${JSON.stringify(ref)} …`,
  );
}
