/**
 * The lists the dashboard's views show, each with the columns of the command that prints the same
 * rows (what `e` exports, and in the same fields), what `/` matches, and where Enter leads. Pure:
 * given what data.ts read and the view state, the rows on screen in their order.
 */
import { formatMoney, formatPercentValue, formatSignedMoney, MISSING } from '../../../domain/format.js';
import type { BedroomSeries, RentPoint } from '../../../domain/rent-series.js';
import type { PositioningRow } from '../../../domain/positioning.js';
import { sortRows, type Column, type SortOrder } from '../../../output/columns.js';
import { money, number, text } from '../../columns.js';
import { columns as compColumns } from '../comps/list.js';
import { floorPlanColumns } from '../communities/show.js';
import type { SubjectSummary } from '../../../domain/digest-summary.js';
import { columns as planColumns } from '../overview/overview.js';
import { positioningColumns } from '../overview/positioning-columns.js';
import { allColumns as targetColumns } from '../pricing/target.js';
import type { ComparableData, ComparableRow, PlansData, TargetData, TrendsData } from './data.js';
import type { DashboardState, ListPosition, ViewRef } from './state.js';
import type { Basis } from '../../../domain/basis.js';
import type { RollupTable } from '../digest/document.js';

/** A list as a view shows it. */
export interface ListSpec<Row> {
  key: string;
  rows: readonly Row[];
  /** The screen's columns (fitted to its width). */
  columns: Column<Row>[];
  /** What `e` writes: the columns and fields of the command's CSV (its workbook too). */
  exportColumns: Column<Row>[];
  exportFields?: readonly string[] | undefined;
  /** What `/` matches (name, external id). */
  matches: (row: Row) => readonly (string | null | undefined)[];
  target?: (row: Row) => ViewRef | undefined;
  defaultSort?: SortOrder | undefined;
  exportName: string;
  /** The portfolio's: the band and signal filters apply. */
  positioning?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyList = ListSpec<any>;

/** The rows of `list` its filters keep, in its order (a sort by a column, else its own). */
export function visibleRows<Row>(list: ListSpec<Row>, position: ListPosition, state: Pick<DashboardState, 'band' | 'signal'>): Row[] {
  const wanted = position.filter.trim().toLowerCase();
  let rows = list.rows.filter((row) => wanted === '' || list.matches(row).some((text) => text?.toLowerCase().includes(wanted)));
  if (list.positioning) {
    const positioned = rows as unknown as PositioningRow[];
    rows = positioned.filter((row) => (state.band === undefined || row.band === state.band) && (state.signal === undefined || row.signal === state.signal)) as unknown as Row[];
  }
  return position.sort ? sortRows(rows, list.columns, position.sort) : rows;
}

/** A file name for people: "Barton Creek Terrace" → "barton-creek-terrace". */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'list';

/** The portfolio: `overview --all`'s rows and columns, on the dashboard's basis. */
export function portfolioList(rows: readonly PositioningRow[], basis: Basis): ListSpec<PositioningRow> {
  const columns = positioningColumns(basis);
  const table = columns.defaultFields('table');
  // On screen the community is its name, and sorts by it (its raw value is the object --json prints).
  const shown = table.map((key) => columns.all.find((column) => column.key === key)!).map((column) =>
    column.key === 'community' ? { ...column, value: (row: PositioningRow) => row.community.name } : column,
  );
  return {
    key: 'communities',
    rows,
    columns: shown,
    exportColumns: columns.all,
    exportFields: columns.defaultFields('csv'),
    matches: (row) => [row.community.name, row.community.external_community_id],
    target: (row) => ({ kind: 'community', id: row.community.id, name: row.community.name, external_community_id: row.community.external_community_id }),
    defaultSort: { key: `psi_${basis}`, descending: true },
    exportName: 'positioning.csv',
    positioning: true,
  };
}

type Plan = PlansData['overview']['floor_plans'][number];

/** A community's floor plans against its comparables: `overview <community>`'s rows and columns. */
export function plansList(data: PlansData): ListSpec<Plan> {
  return {
    key: 'plans',
    rows: data.overview.floor_plans,
    columns: planColumns,
    exportColumns: planColumns,
    matches: (plan) => [plan.floor_plan_name],
    exportName: `${slug(data.overview.community.name)}-overview.csv`,
  };
}

/** A comparable's figures beyond `comps list --include-pricing`: NER, concessions, units available. */
const comparableExtras: Column<ComparableRow>[] = [
  money('avg_ner_cents', (c) => c.avg_ner_cents, 'AVG NER', 'high'),
  {
    ...text('concessions', (c) => c.concessions, 'CONCESSIONS', 'normal'),
    display: (c, style) => (c.concessions === null ? MISSING : c.concessions === '' ? style.muted('none') : c.concessions),
  },
  number('units_available', (c) => c.units_available, 'AVAIL', 'high'),
  { ...number('available_pct', (c) => c.available_pct, 'AVAIL %', 'high'), display: (c) => formatPercentValue(c.available_pct), kind: 'percent' },
];

/** The active comparables, nearest first, as `comps list --include-pricing` prints them, with NER, concessions and availability. */
export function comparablesList(subject: { id: string; name: string }, rows: readonly ComparableRow[]): ListSpec<ComparableRow> {
  // The screen leaves out what a comparable's row repeats (all active) and its address; the export keeps them.
  const shown = compColumns.filter((column) => column.key !== 'is_included_in_surveys' && column.key !== 'address');
  const [id, name, miles, ...rest] = shown as Column<ComparableRow>[];
  const columns = [id!, name!, miles!, ...rest, ...comparableExtras];
  return {
    key: 'comparables',
    rows,
    columns,
    exportColumns: [...(compColumns as Column<ComparableRow>[]), ...comparableExtras],
    matches: (comp) => [comp.name],
    target: (comp) => ({ kind: 'comparable', id: comp.id, name: comp.name, subject }),
    exportName: `${slug(subject.name)}-comparables.csv`,
  };
}

/** One chart of the trends section: a bedroom count's rent against the comparables', or the vacancy. */
export interface TrendRow {
  key: string;
  name: string;
  kind: 'rent' | 'vacancy';
  series?: BedroomSeries;
  /** Latest values: the subject's and the comparables' mean (cents, or percent for vacancy). */
  subject: number | null;
  comps: number | null;
}

const last = (points: readonly RentPoint[]) => points.at(-1)?.rent ?? null;

export function trendRows(data: TrendsData): TrendRow[] {
  const rent: TrendRow[] = data.rent.map((series) => ({
    key: `rent-${series.bedrooms}`,
    name: series.bedrooms === 0 ? 'Rent, studios' : `Rent, ${series.bedrooms} bedroom${series.bedrooms === 1 ? '' : 's'}`,
    kind: 'rent',
    series,
    subject: last(series.subject),
    comps: last(series.comps),
  }));
  const point = data.vacancy.trends.at(-1);
  return [...rent, { key: 'vacancy', name: '14-day vacancy', kind: 'vacancy', subject: point?.subject_vacancy ?? null, comps: point?.avg_comp_vacancy ?? null }];
}

const latestCell = (value: number | null, kind: TrendRow['kind']) => (kind === 'vacancy' ? formatPercentValue(value) : formatMoney(value === null ? null : Math.round(value)));

export function trendsList(subject: { name: string }, data: TrendsData): ListSpec<TrendRow> {
  const columns: Column<TrendRow>[] = [
    text('chart', (r) => r.name, 'CHART', 'key'),
    { ...number('subject', (r) => r.subject, 'LATEST', 'key'), display: (r) => latestCell(r.subject, r.kind) },
    { ...number('comps', (r) => r.comps, 'COMP AVG', 'key'), display: (r) => latestCell(r.comps, r.kind) },
    {
      ...number('difference', (r) => (r.subject === null || r.comps === null ? null : r.subject - r.comps), 'DIFFERENCE', 'high'),
      display: (r) =>
        r.subject === null || r.comps === null
          ? MISSING
          : r.kind === 'vacancy'
            ? `${r.subject - r.comps >= 0 ? '+' : ''}${(r.subject - r.comps).toFixed(1)} pts`
            : formatSignedMoney(Math.round(r.subject - r.comps), formatMoney),
    },
  ];
  return { key: 'trends', rows: trendRows(data), columns, exportColumns: columns, matches: (r) => [r.name], exportName: `${slug(subject.name)}-trends.csv` };
}

/** `pricing target --band market`'s rows and columns. */
export function targetList(subject: { name: string }, data: TargetData): ListSpec<TargetData['rows'][number]> {
  const columns = targetColumns(false);
  return {
    key: 'target',
    rows: data.rows,
    columns: columns.table,
    exportColumns: columns.data,
    matches: (row) => [row.floor_plan_name],
    exportName: `${slug(subject.name)}-target.csv`,
  };
}

type ComparablePlan = ComparableData['plans']['floor_plans'][number];

/** A comparable's floor plans as `pricing floor-plans` prints them. */
export function comparablePlansList(data: ComparableData): ListSpec<ComparablePlan> {
  return {
    key: 'plans',
    rows: data.plans.floor_plans,
    columns: floorPlanColumns,
    exportColumns: floorPlanColumns,
    matches: (plan) => [plan.floor_plan_name],
    exportName: `${slug(data.plans.community.name)}-floor-plans.csv`,
  };
}

/** This week's subjects: the digest's roll-up table; Enter opens the community. */
export function weekList(table: RollupTable, subjects: ReadonlyMap<string, string | null>): ListSpec<SubjectSummary> {
  return {
    key: 'subjects',
    rows: table.rows,
    columns: table.columns,
    exportColumns: table.columns,
    matches: (s) => [s.subject_name, subjects.get(s.subject_id)],
    target: (s) => ({ kind: 'community', id: s.subject_id, name: s.subject_name, external_community_id: subjects.get(s.subject_id) ?? null }),
    exportName: 'this-week.csv',
  };
}

/** This week's biggest moves, one line each. */
export function movesList(items: readonly string[]): ListSpec<{ move: string }> {
  const columns: Column<{ move: string }>[] = [{ ...text('move', (m) => m.move, 'MOVE', 'key'), truncate: false }];
  return { key: 'moves', rows: items.map((move) => ({ move })), columns, exportColumns: columns, matches: (m) => [m.move], exportName: 'biggest-moves.csv' };
}
