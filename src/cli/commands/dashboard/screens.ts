/**
 * What each view puts on the screen, as lines of text fitted to its width and height: pure
 * functions of the view state, the data read so far, and the terminal's size. Lists go through
 * screenTable (the fitting rule of docs/tables.md, only the rows on screen drawn); charts are the
 * commands' own (`pricing history --chart`, `vacancy trend --chart`, the report's rent chart).
 * views.tsx hands the lines to Ink.
 */
import { BASIS_TEXT, type Basis } from '../../../domain/basis.js';
import { formatMoney, formatPercentValue, formatSignedMoney, formatSignedPercent, formatCri } from '../../../domain/format.js';
import { psiOf, type PositioningRow } from '../../../domain/positioning.js';
import { lineChart } from '../../../output/chart.js';
import { displayColumns, displayText, headerOf } from '../../../output/columns.js';
import { screenTable, type ScreenTable } from '../../../output/screen-table.js';
import type { Style } from '../../../output/style.js';
import { countOf, cutToWidth, displayWidth, padEnd, sanitize, wrapLines } from '../../../output/text.js';
import { footerLines } from '../overview/positioning.js';
import { positioningColumns } from '../overview/positioning-columns.js';
import { overallSummary } from '../overview/overview.js';
import { pricingChart } from '../pricing/history.js';
import { describeTarget, footer as targetFooter } from '../pricing/target.js';
import { vacancyChart } from '../vacancy/trend.js';
import type { ReadDigest } from '../digest/digest.js';
import type { ComparableData, ComparableRow, PlansData, PortfolioData, TargetData, TrendsData } from './data.js';
import {
  comparablePlansList,
  comparablesList,
  movesList,
  plansList,
  portfolioList,
  targetList,
  trendsList,
  visibleRows,
  weekList,
  type AnyList,
  type TrendRow,
} from './lists.js';
import { breadcrumb, COMMUNITY_SECTIONS, currentFrame, positionOf, clampPosition, type DashboardState, type ListInfo, type ViewRef } from './state.js';
import type { CommandContext } from '../../context.js';
import { KEYS } from './keys.js';

/** Data a view or section read, or is reading, or could not read. */
export type Load<T> =
  | { status: 'loading'; data?: T | undefined; note?: string | undefined }
  | { status: 'failed'; error: string; data?: T | undefined }
  | { status: 'ready'; data: T };

export interface ScreenInput {
  state: DashboardState;
  loads: ReadonlyMap<string, Load<unknown>>;
  columns: number;
  rows: number;
  style: Style;
  basis: Basis;
  threshold: number;
  ctx: CommandContext;
  /** Remembers what is costly to make (a list's rows in order, its table) while its inputs stay the same. */
  memo: Memo;
}

/** What is on the screen, and what a key press needs to know of it. */
export interface Screen {
  lines: string[];
  list: ListInfo;
  /** The list on screen and its rows in order (what `e` exports), when there is one. */
  shown?: { spec: AnyList; rows: readonly unknown[] } | undefined;
  /** The data keys the view on screen needs (views.tsx reads those not read yet). */
  needs: { key: string; view: ViewRef; part: Part }[];
}

export type Part = 'portfolio' | 'week' | 'comparable' | (typeof COMMUNITY_SECTIONS)[number];

/** Wide terminals put a preview of the selected community beside the portfolio. */
export const WIDE = 120;
const PREVIEW_WIDTH = 44;

/** Remembers the last value made for each slot while the inputs given are the same objects. */
export class Memo {
  private readonly slots = new Map<string, { inputs: readonly unknown[]; value: unknown }>();

  get<T>(slot: string, inputs: readonly unknown[], make: () => T): T {
    const last = this.slots.get(slot);
    if (last && last.inputs.length === inputs.length && last.inputs.every((input, i) => Object.is(input, inputs[i]))) return last.value as T;
    const value = make();
    this.slots.set(slot, { inputs, value });
    return value;
  }
}

export function dataKey(view: ViewRef, part: Part): string {
  return view.kind === 'community' ? `community:${view.id}:${part}` : view.kind === 'comparable' ? `comparable:${view.id}` : view.kind;
}

const NO_LIST: Omit<ListInfo, 'pageSize'> = { key: 'none', count: 0, sortKeys: [], sections: 1, target: () => undefined, exportName: 'list.csv' };

export function screen(input: ScreenInput): Screen {
  const { state, columns, rows } = input;
  const frame = currentFrame(state);
  const view = frame.view;
  const bodyHeight = Math.max(1, rows - 2);
  let body: Body;
  if (state.mode.kind === 'help') body = { lines: helpLines(columns), list: { ...NO_LIST, pageSize: 1 }, needs: [] };
  else if (view.kind === 'portfolio') body = portfolioBody(input, bodyHeight);
  else if (view.kind === 'week') body = weekBody(input, bodyHeight);
  else if (view.kind === 'community') body = communityBody(input, view, bodyHeight);
  else body = comparableBody(input, view, bodyHeight);
  const lines = [headLine(input), ...fill(body.lines, bodyHeight, columns), statusLine(input, body.list)];
  return { lines, list: body.list, shown: body.shown, needs: body.needs };
}

interface Body {
  lines: string[];
  list: ListInfo;
  shown?: Screen['shown'];
  needs: Screen['needs'];
}

/** Exactly `height` lines, none wider than the screen (a wider one would wrap and push the rest down). */
function fill(lines: readonly string[], height: number, width: number): string[] {
  const fitted = lines.slice(0, height).map((line) => (displayWidth(line) > width ? cutToWidth(line, width) : line));
  while (fitted.length < height) fitted.push('');
  return fitted;
}

function headLine({ state, style, columns, basis }: ScreenInput): string {
  const filters = [state.band && `band ${state.band}`, state.signal && `signal ${state.signal}`].filter(Boolean).join(' · ');
  const right = `${filters ? `${filters} · ` : ''}${basis === 'ner' ? 'NER' : 'asking'}`;
  const crumbs = breadcrumb(state).map((name) => sanitize(name));
  const room = Math.max(10, columns - displayWidth(right) - 2);
  // Names may be cut, the first (Portfolio) and the last least.
  let text = crumbs.join(' › ');
  if (displayWidth(text) > room) text = cutToWidth(text, room);
  return `${style.bold(text)}${' '.repeat(Math.max(1, columns - displayWidth(text) - displayWidth(right)))}${style.muted(right)}`;
}

/** The keys that apply, as many as fit; a message or what is being typed instead. */
function statusLine({ state, style, columns }: ScreenInput, list: ListInfo): string {
  const { mode, message } = state;
  // What is typed is shown as text, whatever it holds.
  if (mode.kind === 'filter') return cutToWidth(`/${sanitize(positionOf(state, list.key).filter)}█  Enter keeps the filter · Esc drops it`, columns);
  if (mode.kind === 'export') return cutToWidth(`Export to: ${sanitize(mode.path)}█  Enter writes it (.xlsx: a workbook, else CSV) · Ctrl-U clears · Esc cancels`, columns);
  if (message) return cutToWidth(message.error ? style.negative(message.text) : message.text, columns);
  if (mode.kind === 'help') return cutToWidth('Esc or ? closes this · q quits', columns);
  const view = currentFrame(state).view.kind;
  const keys = [
    '↑↓ move',
    list.target(0) !== undefined || list.count === 0 ? 'Enter open' : '',
    view !== 'portfolio' ? 'Esc back' : '',
    list.sections > 1 ? `Tab/1-${list.sections} sections` : '',
    '/ filter',
    's/S sort',
    list.positioning ? 'b band · a signal' : '',
    view !== 'week' ? 'w week' : '',
    'r reload',
    'e export',
  ].filter(Boolean);
  const end = '? keys · q quit';
  while (keys.length > 0 && displayWidth(`${keys.join(' · ')} · ${end}`) > columns) keys.pop();
  return style.muted(cutToWidth(keys.length > 0 ? `${keys.join(' · ')} · ${end}` : end, columns));
}

// ---------------------------------------------------------------- lists

/**
 * A list on screen: its rows in order (remembered while nothing changes), its table at this width
 * (remembered too: formatting every cell is the costly part), and the rows of the page drawn.
 */
function listLines(input: ScreenInput, spec: AnyList, width: number, height: number, extra: Partial<ListInfo> = {}): { lines: string[]; info: ListInfo; rows: readonly unknown[] } {
  const { state, memo, style } = input;
  const position = positionOf(state, spec.key);
  const rows = memo.get(`rows:${spec.key}`, [spec, position.filter, position.sort, spec.positioning ? state.band : undefined, spec.positioning ? state.signal : undefined], () =>
    visibleRows(spec, position, state),
  );
  const table: ScreenTable = memo.get(`table:${spec.key}`, [rows, width, style, position.sort], () => screenTable(rows, spec.columns, width, style, position.sort ?? spec.defaultSort));
  const notes = [table.folded, table.omitted.length > 0 ? `Not shown at this width: ${table.omitted.join(', ')}` : ''].filter(Boolean);
  const pageSize = Math.max(1, height - 1 - (height > 8 ? notes.length : 0));
  const at = clampPosition(position, rows.length, pageSize);
  const lines = [table.header];
  if (rows.length === 0) lines.push(style.muted(position.filter || state.band || state.signal ? '  Nothing matches the filters (Esc clears the text filter; b and a step back to all).' : '  Nothing to show.'));
  for (let i = at.top; i < Math.min(rows.length, at.top + pageSize); i++) lines.push(table.row(i, i === at.selected));
  if (height > 8) lines.push(...notes.map((note) => style.muted(cutToWidth(note, width))));
  const info: ListInfo = {
    key: spec.key,
    count: rows.length,
    pageSize,
    sortKeys: spec.columns.filter((column) => column.importance !== 'id').map((column) => column.key),
    defaultSort: spec.defaultSort,
    sections: 1,
    positioning: spec.positioning === true,
    target: (index) => (spec.target && rows[index] !== undefined ? spec.target(rows[index]) : undefined),
    exportName: spec.exportName,
    ...extra,
  };
  return { lines, info, rows };
}

/** "Reading …", or why it could not be read and that r tries again. */
function loadLines(load: Load<unknown> | undefined, what: string, style: Style, width: number): string[] {
  if (!load || load.status === 'loading') return [style.muted(`Reading ${what}…${load?.status === 'loading' && load.note ? ` ${load.note}` : ''}`)];
  if (load.status === 'failed') return wrapLines(`${style.negative(`Could not read ${what}:`)} ${sanitize(load.error)} — r tries again.`, width).split('\n');
  return [];
}

// ---------------------------------------------------------------- portfolio

function portfolioBody(input: ScreenInput, height: number): Body {
  const { loads, style, columns, basis, threshold, memo } = input;
  const view: ViewRef = { kind: 'portfolio' };
  const needs = [{ key: 'portfolio', view, part: 'portfolio' as const }];
  const load = loads.get('portfolio') as Load<PortfolioData> | undefined;
  const data = load?.data;
  if (!data) return { lines: loadLines(load, 'the portfolio', style, columns), list: { ...NO_LIST, pageSize: 1 }, needs };
  const wide = columns >= WIDE;
  const width = wide ? columns - PREVIEW_WIDTH - 3 : columns;
  const spec = memo.get('spec:portfolio', [data.rows, basis], () => portfolioList(data.rows, basis));
  const below: string[] = [];
  if (load.status !== 'ready') below.push(...loadLines(load, 'the portfolio', style, width).map((line) => `${line} ${data.done} of ${countOf(data.total, 'community', 'communities')}`));
  if (data.failed.length > 0) {
    const [first] = data.failed;
    below.push(style.negative(cutToWidth(`${data.failed.length} of ${countOf(data.total, 'community', 'communities')} could not be read (${first!.reason}): ${data.failed.map((f) => f.name).join(', ')} — r tries again`, width)));
  }
  if (data.rows.length > 0) below.push(...wrapLines(footerLines(data.totals, basis, threshold).join('\n'), width).split('\n').map((line) => style.muted(line)));
  const list = listLines(input, spec, width, Math.max(3, height - below.length));
  const lines = [...list.lines, ...below];
  if (!wide) return { lines, list: list.info, shown: { spec, rows: list.rows }, needs };
  const selected = list.rows[positionOf(input.state, spec.key).selected] as PositioningRow | undefined;
  const preview = selected ? previewLines(selected, style, basis, PREVIEW_WIDTH) : [];
  return { lines: beside(lines, preview, width, height), list: list.info, shown: { spec, rows: list.rows }, needs };
}

/** Two columns of lines, the left one `width` wide, a rule between them. */
function beside(left: readonly string[], right: readonly string[], width: number, height: number): string[] {
  return Array.from({ length: height }, (_, i) => `${padEnd(left[i] ?? '', width)} │ ${right[i] ?? ''}`);
}

/** The selected community's row, every field of it, as label and value. */
function previewLines(row: PositioningRow, style: Style, basis: Basis, width: number): string[] {
  // Every field of the row but the name (the title) and the basis (the top line says it), by the table's headers.
  const hidden = new Set(['community', 'community_name', 'basis', 'vacancy_vs_comps_pts']);
  const columns = displayColumns([row], positioningColumns(basis).all.filter((column) => column.importance !== 'id' && !hidden.has(column.key)));
  const labels = columns.map((column) => headerOf(column));
  const labelWidth = Math.max(...labels.map(displayWidth));
  return [
    style.bold(cutToWidth(sanitize(row.community.name), width)),
    '',
    ...columns.map((column, i) => cutToWidth(`${padEnd(labels[i]!, labelWidth)}  ${sanitize(displayText(column, row, style), { keepColor: style.enabled })}`, width)),
    '',
    style.muted(cutToWidth('Enter opens it.', width)),
  ];
}

// ---------------------------------------------------------------- a community

function communityBody(input: ScreenInput, view: Extract<ViewRef, { kind: 'community' }>, height: number): Body {
  const { state, loads, style, columns } = input;
  const frame = currentFrame(state);
  const section = COMMUNITY_SECTIONS[frame.section] ?? 'plans';
  const needs: Screen['needs'] = [{ key: dataKey(view, 'plans'), view, part: 'plans' }];
  if (section !== 'plans') needs.push({ key: dataKey(view, section), view, part: section });
  const plans = loads.get(dataKey(view, 'plans')) as Load<PlansData> | undefined;
  const head = plans?.data ? communityHead(plans.data, input) : loadLines(plans, `${view.name}`, style, columns);
  const tabs = sectionTabs(['Plans', 'Comparables', 'Trends', 'Target'], frame.section, style);
  const room = Math.max(3, height - head.length - 1);
  const extra = { sections: COMMUNITY_SECTIONS.length };
  const subject = { id: view.id, name: view.name };
  let part: { lines: string[]; list: ListInfo; shown?: Screen['shown'] };
  const load = loads.get(dataKey(view, section));
  const waiting = (what: string) => ({ lines: loadLines(load, what, style, columns), list: { ...NO_LIST, ...extra, pageSize: 1 } });
  if (section === 'plans') {
    if (!plans?.data) part = { lines: [], list: { ...NO_LIST, ...extra, pageSize: 1 } };
    else {
      const spec = input.memo.get(`spec:plans:${view.id}`, [plans.data], () => plansList(plans.data!));
      const summary = overallSummary(plans.data.overview, style).map(([label, items]) => `${label.padEnd(14)}${items.join('   ')}`);
      const under = wrapLines(summary.slice(2).join('\n'), columns).split('\n');
      const list = listLines(input, spec, columns, room - under.length, extra);
      part = { lines: [...list.lines, ...under], list: list.info, shown: { spec, rows: list.rows } };
    }
  } else if (section === 'comparables') {
    const data = (load as Load<ComparableRow[]> | undefined)?.data;
    if (!data) part = waiting('the comparables');
    else {
      const spec = input.memo.get(`spec:comparables:${view.id}`, [data], () => comparablesList(subject, data));
      // The selected comparable's concessions in full, under the list: a narrow screen leaves their column out rather than cut it.
      const concessionsOf = (comp: ComparableRow | undefined) =>
        comp ? wrapLines(`${sanitize(comp.name)}: ${comp.concessions === null ? 'no pricing' : comp.concessions === '' ? 'no concessions' : sanitize(comp.concessions)}`, columns).split('\n') : [];
      const list = listLines(input, spec, columns, room - 2, extra);
      const chosen = list.rows[positionOf(state, spec.key).selected] as ComparableRow | undefined;
      part = { lines: [...list.lines, ...concessionsOf(chosen).slice(0, 2)], list: list.info, shown: { spec, rows: list.rows } };
    }
  } else if (section === 'trends') {
    const data = (load as Load<TrendsData> | undefined)?.data;
    if (!data) part = waiting('the rent and vacancy history');
    else part = trendsPart(input, view, data, room, extra);
  } else {
    const data = (load as Load<TargetData> | undefined)?.data;
    if (!data) part = waiting('the targets');
    else {
      const spec = input.memo.get(`spec:target:${view.id}`, [data], () => targetList(subject, data));
      const heading = `Target ${describeTarget({ band: 'market' })} on ${BASIS_TEXT[input.basis]}; ${data.asOf === null ? 'no completed survey yet' : `survey of ${data.asOf} against ${countOf(data.active, 'active comparable')}`}.`;
      const notes = wrapLines(targetFooter(input.ctx, data.rows, input.basis).trim(), columns).split('\n');
      const above = wrapLines(heading, columns).split('\n');
      const list = listLines(input, spec, columns, room - above.length - notes.length, extra);
      part = { lines: [...above, ...list.lines, ...notes.map((line) => style.muted(line))], list: list.info, shown: { spec, rows: list.rows } };
    }
  }
  // A section that reads again keeps what it showed; a line says so.
  const again = load && load.status !== 'ready' && load.data !== undefined ? loadLines(load, 'again', style, columns) : [];
  return { lines: [...head, tabs, ...again, ...part.lines], list: part.list, shown: part.shown, needs };
}

function sectionTabs(names: readonly string[], current: number, style: Style): string {
  return names.map((name, i) => (i === current ? style.bold(`[${i + 1} ${name}]`) : style.muted(` ${i + 1} ${name} `))).join(' ');
}

/** Address and survey, then its position: the positioning row in words, as the report says it. */
function communityHead(data: PlansData, { style, columns, basis }: ScreenInput): string[] {
  const { overview, positioning: row } = data;
  const survey = overview.as_of_date ? `survey of ${overview.as_of_date}` : 'no completed survey yet';
  const position = [
    `${basis === 'ner' ? 'NER' : 'Asking'} PSI ${formatSignedPercent(psiOf(row))}`,
    `CRI ${formatCri(basis === 'ner' ? row.cri_ner : row.cri_asking)} ${row.band ?? 'no band'}`,
    `signal ${row.signal}`,
    `gap ${formatSignedMoney(row.gap_to_market_cents, formatMoney)} a month`,
    `vacancy ${formatPercentValue(row.vacancy_14d_pct)} (comps ${formatPercentValue(row.comp_vacancy_pct)})`,
  ].join(' · ');
  return [...wrapLines(`${sanitize(overview.community.address)} · ${survey}`, columns).split('\n').map((line) => style.muted(line)), ...wrapLines(position, columns).split('\n')];
}

function trendsPart(input: ScreenInput, view: Extract<ViewRef, { kind: 'community' }>, data: TrendsData, room: number, extra: Partial<ListInfo>) {
  const { style, columns, memo } = input;
  const spec = memo.get(`spec:trends:${view.id}`, [data], () => trendsList(view, data));
  const listHeight = Math.min(spec.rows.length + 1, Math.max(2, room - 9));
  const list = listLines(input, spec, columns, listHeight, extra);
  const chosen = list.rows[positionOf(input.state, spec.key).selected] as TrendRow | undefined;
  const chartHeight = Math.max(2, room - list.lines.length - 4);
  let chart = '';
  if (chosen?.kind === 'vacancy') chart = vacancyChart({ community_name: view.name, trends: data.vacancy.trends }, { width: columns - 1, height: chartHeight, color: style });
  else if (chosen?.series)
    chart = lineChart(
      [
        { name: view.name, points: chosen.series.subject.map((p) => ({ x: p.date, y: p.rent })) },
        { name: 'comparables (mean)', points: chosen.series.comps.map((p) => ({ x: p.date, y: p.rent })) },
      ],
      { yFormat: (cents) => formatMoney(Math.round(cents)), width: columns - 1, height: chartHeight, color: style },
    );
  const projections = data.vacancy.projections;
  const note =
    chosen?.kind === 'vacancy'
      ? `Projected from available-from dates: 14d ${formatPercentValue(projections['14d'])}  30d ${formatPercentValue(projections['30d'])}  60d ${formatPercentValue(projections['60d'])}  90d ${formatPercentValue(projections['90d'])}`
      : `${BASIS_TEXT[input.basis]}, ${data.window.start} to ${data.window.end}`;
  return { lines: [...list.lines, style.muted(cutToWidth(note, columns)), ...chart.trimEnd().split('\n')], list: list.info, shown: { spec, rows: list.rows } };
}

// ---------------------------------------------------------------- a comparable

function comparableBody(input: ScreenInput, view: Extract<ViewRef, { kind: 'comparable' }>, height: number): Body {
  const { loads, style, columns, memo } = input;
  const key = dataKey(view, 'comparable');
  const needs = [{ key, view, part: 'comparable' as const }];
  const load = loads.get(key) as Load<ComparableData> | undefined;
  const data = load?.data;
  const head = style.muted(cutToWidth(`A comparable of ${sanitize(view.subject.name)}: its floor plans' latest pricing, then their asking rent over time.`, columns));
  if (!data) return { lines: [head, ...loadLines(load, view.name, style, columns)], list: { ...NO_LIST, pageSize: 1 }, needs };
  const spec = memo.get(`spec:comparable:${view.id}`, [data], () => comparablePlansList(data));
  const listHeight = Math.min(spec.rows.length + 3, Math.max(3, Math.floor((height - 1) / 2)));
  const list = listLines(input, spec, columns, listHeight);
  const chartHeight = Math.max(2, height - 1 - list.lines.length - 4);
  const chart =
    data.history.pricing.length === 0
      ? style.muted(`No pricing from ${data.history.date_range.start} to ${data.history.date_range.end}.`)
      : pricingChart(data.history.pricing, { ner: false, width: columns - 1, height: chartHeight, color: style });
  return { lines: [head, ...list.lines, ...chart.trimEnd().split('\n')], list: list.info, shown: { spec, rows: list.rows }, needs };
}

// ---------------------------------------------------------------- this week

function weekBody(input: ScreenInput, height: number): Body {
  const { state, loads, style, columns, memo } = input;
  const view: ViewRef = { kind: 'week' };
  const needs = [{ key: 'week', view, part: 'week' as const }];
  const load = loads.get('week') as Load<ReadDigest> | undefined;
  const portfolio = (loads.get('portfolio') as Load<PortfolioData> | undefined)?.data;
  const data = load?.data;
  if (!data) return { lines: loadLines(load, "this week's surveys", style, columns), list: { ...NO_LIST, sections: 2, pageSize: 1 }, needs };
  const { document } = data;
  if (!document) {
    const said = data.compared.length === 0 ? 'No community has a survey a week back to compare with.' : `No changes from ${data.from} to ${data.to}.`;
    return { lines: [style.bold('This week'), said], list: { ...NO_LIST, pageSize: 1 }, needs };
  }
  const frame = currentFrame(state);
  const facts = document.sections.flatMap((section) => section.facts.map((fact) => `${fact.label}: ${fact.value}`));
  const top = [style.bold(document.title), ...wrapLines([...document.lead, ...facts].join('\n'), columns).split('\n')];
  const tabs = sectionTabs(['Subjects', 'Biggest moves'], frame.section, style);
  const room = Math.max(3, height - top.length - 1);
  const extra = { sections: 2 };
  const rollup = document.sections.find((section) => section.table)?.table;
  const moves = document.sections.find((section) => section.heading.startsWith('Biggest moves'))?.lists[0]?.items ?? [];
  if (frame.section === 0 && rollup) {
    const external = new Map((portfolio?.rows ?? []).map((row) => [row.community.id, row.community.external_community_id]));
    const spec = memo.get('spec:week', [rollup, portfolio], () => weekList(rollup, external));
    const list = listLines(input, spec, columns, room, extra);
    return { lines: [...top, tabs, ...list.lines], list: list.info, shown: { spec, rows: list.rows }, needs };
  }
  const spec = memo.get('spec:moves', [moves], () => movesList(moves));
  // A move is a sentence of amounts: wrapped whole, never cut.
  const position = positionOf(state, spec.key);
  const rows = memo.get('rows:moves', [spec, position.filter, position.sort], () => visibleRows(spec, position, state));
  const lines: string[] = [];
  for (let i = Math.min(position.top, Math.max(0, rows.length - 1)); i < rows.length && lines.length < room; i++)
    lines.push(...wrapLines(`${i === position.selected ? '›' : '-'} ${sanitize(rows[i]!.move)}`, columns).split('\n'));
  const list: ListInfo = { ...NO_LIST, key: spec.key, count: rows.length, pageSize: Math.max(1, Math.floor(room / 2)), sortKeys: ['move'], sections: 2, exportName: spec.exportName };
  return { lines: [...top, tabs, ...lines], list, shown: { spec, rows }, needs };
}

function helpLines(width: number): string[] {
  const keyWidth = Math.max(...KEYS.map(([keys]) => displayWidth(keys)));
  // What each key does wraps beside the keys, under itself.
  const room = Math.max(20, width - keyWidth - 2);
  return [
    'Keys',
    '',
    ...KEYS.flatMap(([keys, what]) => wrapLines(what, room).split('\n').map((line, i) => `${padEnd(i === 0 ? keys : '', keyWidth)}  ${line}`)),
  ];
}
