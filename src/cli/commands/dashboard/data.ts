/**
 * What each view of the dashboard reads, through the client and the very functions of the
 * commands that print the same figures: `overview --all` (readSubject, positioningRow, fanOut at
 * the commands' concurrency), `overview <community>`, `comps list --include-pricing`, the charts of
 * `pricing history`/`vacancy trend --chart` and the report's rent chart, `pricing target --band
 * market`, and `digest`. Each loader reads one view (or section) and resolves to plain data; a
 * failure is thrown and shown in that view, with `r` to read it again.
 */
import type { ReadOf } from '../../../api/endpoints.js';
import type { Basis } from '../../../domain/basis.js';
import { addDays } from '../../../domain/dates.js';
import type { SeriesForecast } from '../../../domain/forecast.js';
import { byPsiDescending, positioningRow, positioningTotals, type PositioningRow, type PositioningTotals } from '../../../domain/positioning.js';
import { rentSeries, type BedroomSeries } from '../../../domain/rent-series.js';
import { mean } from '../../../domain/stats.js';
import { concurrencyOf } from '../../command.js';
import { fanOut, isFailed, mapLimited } from '../../concurrency.js';
import type { CommandContext } from '../../context.js';
import type { ApiClient } from '../../http/client.js';
import { chooseSubjects } from '../../references.js';
import { CONCURRENCY, type Comparable } from '../../surveys.js';
import type { SubjectDigest } from '../digest/collect.js';
import { collectSubject } from '../digest/collect.js';
import { DEFAULT_LOOKBACK_DAYS, DEFAULT_MIN_UNITS, readingOf, REQUESTS_AT_ONCE, type ReadDigest } from '../digest/digest.js';
import { positioningReader, readSubject } from '../overview/positioning.js';
import type { Overview } from '../overview/overview.js';
import { targetsOf, type TargetRow } from '../pricing/target.js';
import { pricedPlans } from '../report/collect.js';

/** How often the portfolio's rows read so far are drawn while the rest load. */
const PROGRESS_MS = 250;

/** How the dashboard reads: the basis and threshold of positioning and targets, the charts' days, requests at once. */
export interface Reading {
  ctx: CommandContext;
  api: ApiClient;
  basis: Basis;
  threshold: number;
  /** The history the charts draw, both days included (--days, --start, --end). */
  window: { start: string; end: string };
  /** Communities read at once (the commands' --concurrency: 1 with --local). */
  concurrency: number;
}

/** Today where the user is (the command's context). */
const today = (reading: Reading) => reading.ctx.today();

// ---------------------------------------------------------------- portfolio

export interface PortfolioData {
  /** The rows read so far, most above market first (as `overview --all`). */
  rows: PositioningRow[];
  totals: PositioningTotals;
  /** Subjects of the portfolio, and how many were read (or failed) so far. */
  total: number;
  done: number;
  /** Subjects that could not be read, and why. */
  failed: { name: string; reason: string }[];
}

/**
 * `overview --all`'s rows: the portfolio's subjects read `concurrency` at a time, each answer made
 * its row at once; `progress` is told the rows so far as they come (the first rows show while
 * the others load).
 */
export async function readPortfolio(reading: Reading, progress: (data: PortfolioData) => void): Promise<PortfolioData> {
  const { api, basis, threshold } = reading;
  // A context of its own: the portfolio is read again on `r`, not taken from this run's cache.
  const subjects = await chooseSubjects(Object.create(reading.ctx) as CommandContext, { all: true }, 'read');
  const rows: PositioningRow[] = [];
  const failed: PortfolioData['failed'] = [];
  let done = 0;
  const data = (): PortfolioData => {
    const ordered = byPsiDescending(rows);
    return { rows: ordered, totals: positioningTotals(ordered), total: subjects.length, done, failed: [...failed] };
  };
  let shownAt = 0;
  const rowOf = await positioningReader(api, today(reading), { basis, threshold });
  for await (const outcome of fanOut(subjects, reading.concurrency, rowOf)) {
    done += 1;
    if (isFailed(outcome)) failed.push({ name: outcome.item.name ?? outcome.item.id, reason: 'error' in outcome ? outcome.error.message : 'not tried after the failures above' });
    else rows.push(outcome.value);
    // The first rows at once, then a redraw every quarter of a second at most: each costs a sort and a frame.
    if (done === 1 || performance.now() - shownAt >= PROGRESS_MS) {
      shownAt = performance.now();
      progress(data());
      // With --local the answers come from this thread without a pause: a turn of the event loop lets the screen draw them.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return data();
}

// ---------------------------------------------------------------- a community

export interface PlansData {
  overview: Overview;
  trend: ReadOf<'getVacancyTrend'>;
  /** Its row of `overview --all`. */
  positioning: PositioningRow;
}

/** `overview <community>` and its positioning row, from the same answers `overview --all` reads. */
export async function readPlans(reading: Reading, subject: { id: string; external_community_id: string | null }): Promise<PlansData> {
  const { input, overview, trend } = await readSubject(reading.api, subject);
  return { overview, trend, positioning: positioningRow(input, { basis: reading.basis, threshold: reading.threshold }) };
}

/** A comparable as `comps list --include-pricing` lists it, with its latest plans' NER, concessions and units available. */
export interface ComparableRow extends Comparable {
  /** The mean net effective rent of its plans' latest pricing, cents; null without any. */
  avg_ner_cents: number | null;
  /** Its plans' concession texts, each once ("" when none offers one); null without pricing. */
  concessions: string | null;
  units_available: number | null;
  unit_count: number;
  /** Units available of its units, percent (1 decimal); null without units. */
  available_pct: number | null;
}

/** The active comparables (nearest first), each with its floor plans' latest pricing. */
export async function readComparables(reading: Reading, subjectId: string): Promise<ComparableRow[]> {
  const { api } = reading;
  const { data } = await api.call('listComps', { params: { id: subjectId }, query: { include_inactive: false, include_pricing: true } });
  return mapLimited(data.comps, CONCURRENCY, async (comp) => {
    const { data: plans } = await api.call('listFloorPlans', { params: { id: comp.id } });
    const priced = plans.floor_plans.flatMap((plan) => (plan.latest_pricing ? [plan.latest_pricing] : []));
    const units = plans.floor_plans.reduce((sum, plan) => sum + plan.unit_count, 0);
    const available = priced.length === 0 ? null : priced.reduce((sum, pricing) => sum + pricing.units_available, 0);
    const ner = mean(priced.map((pricing) => pricing.net_effective_rent_cents));
    const texts = [...new Set(priced.map((pricing) => pricing.concessions.trim()).filter((text) => text !== ''))];
    return {
      ...comp,
      avg_ner_cents: ner === null ? null : Math.round(ner),
      concessions: priced.length === 0 ? null : texts.join('; '),
      units_available: available,
      unit_count: units,
      available_pct: available === null || units === 0 ? null : Math.round((available / units) * 1000) / 10,
    };
  });
}

export interface TrendsData {
  /** Rent over time per bedroom count against the comparables' mean (the report's chart), on the basis. */
  rent: BedroomSeries[];
  vacancy: ReadOf<'getVacancyTrend'>;
  window: { start: string; end: string };
  /** As `forecast` makes them: the comparables' rent per bedroom count on the basis, and the subject's vacancy. */
  forecast: SeriesForecast[];
}

/** The horizons the dashboard's charts forecast: `forecast`'s default. */
const TREND_HORIZONS = [4, 13, 26];

/**
 * The report's rent chart (each plan's pricing in the window, the subject's and its active
 * comparables'), the vacancy trend, and their forecasts. The comparables' history is read once,
 * over the forecast's years, and the chart draws its window of it (as the report does).
 */
export async function readTrends(reading: Reading, subjectId: string): Promise<TrendsData> {
  const { api, basis } = reading;
  const { window } = reading;
  const [{ forecastMarket, forecastVacancy }, { forecastReader, pricingOf }] = await Promise.all([import('../../../domain/forecast.js'), import('../forecast/read.js')]);
  const [own, { data: comps }, { data: vacancy }] = await Promise.all([
    pricedPlans(api, subjectId, window, basis),
    api.call('listComps', { params: { id: subjectId }, query: { include_inactive: false } }),
    api.call('getVacancyTrend', { params: { id: subjectId } }),
  ]);
  const history = await pricingOf(forecastReader(api, window.end), comps.comps);
  const inWindow = (date: string) => date >= window.start && date <= window.end;
  const theirs = history.map((records) =>
    records.filter((r) => inWindow(r.date)).map((r) => ({ date: r.date, bedrooms: r.bedrooms, rent: basis === 'ner' ? r.ner : r.asking })),
  );
  const rent = rentSeries(own, theirs);
  const options = { horizons: TREND_HORIZONS, kinds: [basis === 'ner' ? ('market_ner' as const) : ('market_asking' as const)] };
  const vacancyForecast = forecastVacancy(vacancy.trends, options);
  const forecast = [
    ...forecastMarket(
      history,
      rent.map((series) => series.bedrooms),
      options,
    ),
    ...(vacancyForecast ? [vacancyForecast] : []),
  ];
  return { rent, vacancy, window, forecast };
}

export interface TargetData {
  /** The basis its targets are on: its columns (NER with cents and LIST AT, or asking rents) follow it. */
  basis: Basis;
  asOf: string | null;
  active: number;
  rows: TargetRow[];
}

/** `pricing target <community> --band market` on the dashboard's basis. */
export async function readTarget(reading: Reading, subjectId: string): Promise<TargetData> {
  const { api } = reading;
  const plans = api.call('listFloorPlans', { params: { id: subjectId } }).then((answer) => answer.data);
  const { asOf, active, rows } = await targetsOf(api, subjectId, plans, { target: { band: 'market' }, basis: reading.basis, perSqft: false });
  return { basis: reading.basis, asOf, active: active.length, rows };
}

// ---------------------------------------------------------------- a comparable

export interface ComparableData {
  plans: ReadOf<'listFloorPlans'>;
  history: ReadOf<'getPricingHistory'>;
}

/** A comparable's floor plans with their latest pricing (`pricing floor-plans`) and their history (`pricing history --chart`). */
export async function readComparable(reading: Reading, id: string): Promise<ComparableData> {
  const { api } = reading;
  const [{ data: plans }, { data: history }] = await Promise.all([
    api.call('listFloorPlans', { params: { id } }),
    api.call('getPricingHistory', { params: { id }, query: { start_date: reading.window.start, end_date: reading.window.end } }),
  ]);
  return { plans, history };
}

// ---------------------------------------------------------------- this week

/** `digest` as it runs without flags: each subject's survey of a week back against its latest, summed up. */
export async function readWeek(reading: Reading): Promise<ReadDigest> {
  const subjects = await chooseSubjects(Object.create(reading.ctx) as CommandContext, { all: true }, 'digest');
  const since = addDays(today(reading), -DEFAULT_LOOKBACK_DAYS);
  // The digest's own pace: its requests in flight at once.
  const concurrency = concurrencyOf(reading.ctx, undefined, REQUESTS_AT_ONCE);
  const digests: SubjectDigest[] = await mapLimited(
    subjects.map((subject) => subject.id),
    concurrency,
    (id) => collectSubject(reading.api, id, since),
  );
  return readingOf(digests, () => since, { detail: false, top: undefined, allChanges: false, minChangeCents: 0, minUnits: DEFAULT_MIN_UNITS });
}
