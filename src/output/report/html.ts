/**
 * `rentsurvey report`: one self-contained HTML file — styles inline, charts as
 * inline SVG (charts.ts), no script and no link to fetch — that reads in any
 * browser and prints cleanly to PDF (@media print: a page per community, no
 * chart or table cut in two). Every text from the service is escaped.
 */
import type { Basis } from '../../domain/basis.js';
import type { BedroomSeries } from '../../domain/rent-series.js';
import { formatPercentValue, formatSignedPercent } from '../../domain/format.js';
import type { PlainCells } from '../columns.js';
import { escapeHtml } from '../html.js';
import { portfolioChart, psiChart, rentChart, svgRenderer, vacancyChart, type ForecastBand, type PlanPsi, type PortfolioPoint, type SvgRenderer, type VacancyPoint } from './charts.js';

/** A table as the report prints it: the columns' headers and their cells as a table shows them (plainCells). */
export type ReportTable = Pick<PlainCells, 'headers' | 'aligns' | 'rows'>;

export interface CommunitySection {
  name: string;
  address: string;
  /** The survey the positioning is computed from; null when there is none yet. */
  asOf: string | null;
  /** Its floor plans against the comparables (the overview's table). */
  positioning: ReportTable;
  /** Lines under the table: overall PSI, CRI, concessions. */
  summary: string[];
  rent: {
    basis: Basis;
    series: BedroomSeries[];
    /** The comparables' average forecast per bedroom count (forecast.ts), drawn on after their history. */
    forecast: { bedrooms: number; points: ForecastBand[] }[];
    /** The forecasts' track record in a line (trackRecordLine). */
    trackRecord: string[];
  };
  psi: PlanPsi[];
  vacancy: { trend: VacancyPoint[]; projections: Record<'14d' | '30d' | '60d' | '90d', number>; surveys: number };
}

export interface PortfolioSection {
  basis: Basis;
  table: ReportTable;
  summary: string[];
  points: PortfolioPoint[];
}

export interface ReportData {
  title: string;
  /** Under the title: when, from which service, which window. */
  subtitle: string;
  portfolio?: PortfolioSection | undefined;
  /** Each community's section as HTML (ReportRenderer.community), in the report's order. */
  communities: string[];
}

const WIDE = { width: 1000, height: 480 };
const HALF = { width: 520, height: 300 };

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { font: 14px/1.45 Helvetica, Arial, sans-serif; color: #222; margin: 0 auto; max-width: 1120px; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0 0 2px; border-bottom: 2px solid #1f3a5f; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
.subtitle, .address { color: #555; margin: 0 0 12px; }
section { margin: 32px 0; }
table { border-collapse: collapse; width: 100%; font-size: 12px; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #bbb; padding: 3px 6px; }
td { white-space: nowrap; }
td:first-child { white-space: normal; }
th { background: #eef1f5; text-align: left; }
td.right, th.right { text-align: right; }
tbody tr:nth-child(even) { background: #f8f9fa; }
ul.summary { margin: 6px 0 0; padding-left: 18px; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
figure { margin: 12px 0 0; flex: 0 1 calc(50% - 6px); min-width: 420px; }
figure.wide { flex-basis: 100%; }
figure svg { width: 100%; height: auto; display: block; }
.empty { color: #666; font-style: italic; }
@page { size: A4 landscape; margin: 12mm; }
@media print {
  body { max-width: none; padding: 0; font-size: 11px; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  section.community { break-before: page; }
  /* Three charts a row: a community's table and charts on about one landscape page. */
  figure { flex: 0 1 calc(33.3% - 8px); min-width: 0; }
  figure.wide { flex-basis: 100%; }
  h3 { margin-top: 10px; }
  section.portfolio + section.community, body > header + section.community { break-before: auto; }
  table, figure, ul.summary { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
`;

function tableHtml(table: ReportTable): string {
  const cls = (i: number) => (table.aligns[i] === 'right' ? ' class="right"' : '');
  const head = table.headers.map((h, i) => `<th${cls(i)}>${escapeHtml(h)}</th>`).join('');
  const body = table.rows.map((row) => `<tr>${row.map((cell, i) => `<td${cls(i)}>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

const summaryHtml = (lines: readonly string[]) => (lines.length === 0 ? '' : `<ul class="summary">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`);
const figure = (svg: string, caption: string, wide = false) => `<figure${wide ? ' class="wide"' : ''} role="img" aria-label="${escapeHtml(caption)}">${svg}</figure>`;
const empty = (text: string) => `<p class="empty">${escapeHtml(text)}</p>`;

function communityHtml(section: CommunitySection, charts: SvgRenderer): string {
  const { rent, vacancy } = section;
  const rentCharts = rent.series.filter((s) => s.subject.length > 0);
  return [
    `<section class="community">`,
    `<h2>${escapeHtml(section.name)}</h2>`,
    `<p class="address">${escapeHtml(section.address)}${section.asOf ? ` — survey of ${escapeHtml(section.asOf)}` : ' — no completed survey yet'}</p>`,
    `<h3>Positioning against the comparables</h3>`,
    section.positioning.rows.length > 0 ? tableHtml(section.positioning) : empty('No floor plans yet.'),
    summaryHtml(section.summary),
    `<h3>Rent over time, against the comparables' average and where it is forecast to go</h3>`,
    rentCharts.length > 0
      ? `<div class="charts">${rentCharts
          .map((s) => {
            const ahead = rent.forecast.find((f) => f.bedrooms === s.bedrooms)?.points ?? [];
            return figure(charts.svg(rentChart(s, rent.basis, ahead), HALF), `${section.name}: rent of plans with ${s.bedrooms} bedrooms, and the comparables' forecast`);
          })
          .join('')}</div>`
      : empty('No pricing in this window.'),
    summaryHtml(rent.trackRecord),
    `<div class="charts">`,
    section.psi.length > 0 ? figure(charts.svg(psiChart(section.psi), HALF), `${section.name}: PSI per floor plan`) : empty('No PSI: no floor plan with comparable data.'),
    vacancy.trend.length > 0
      ? figure(charts.svg(vacancyChart(vacancy.trend, vacancy.projections), HALF), `${section.name}: vacancy trend and projections`)
      : empty('No completed survey: no vacancy trend.'),
    `</div>`,
    `</section>`,
  ].join('\n');
}

/** The PSI-against-vacancy chart, and beside it the communities whose names do not fit in it without overlapping. */
function portfolioFigure(section: PortfolioSection, charts: SvgRenderer): string {
  const { option, unlabelled } = portfolioChart(section.points, section.basis, WIDE);
  const chart = figure(charts.svg(option, WIDE), 'PSI against vacancy, per community', true);
  if (unlabelled.length === 0) return chart;
  const named = unlabelled.map((p) => `${p.name} (PSI ${formatSignedPercent(p.psi)}, vacancy ${formatPercentValue(p.vacancy)})`);
  return `${chart}\n<p class="unlabelled">Too close to others to be named in the chart: ${escapeHtml(named.join('; '))}.</p>`;
}

function portfolioHtml(section: PortfolioSection, charts: SvgRenderer): string {
  return [
    `<section class="portfolio">`,
    `<h2>Portfolio positioning</h2>`,
    tableHtml(section.table),
    summaryHtml(section.summary),
    section.points.length > 0 ? portfolioFigure(section, charts) : empty('No community has both a PSI and a vacancy.'),
    `</section>`,
  ].join('\n');
}

/** Draws a report: each community's section on its own, then the document around them. */
export interface ReportRenderer {
  community(section: CommunitySection): string;
  document(data: ReportData): string;
}

/**
 * A community's section is drawn as soon as its answers are read, while the other communities'
 * requests are on the wire, and its answers are let go: the charts (most of a report's CPU) wait on
 * nothing, and a large portfolio's answers are never held together.
 */
export async function reportRenderer(): Promise<ReportRenderer> {
  const charts = await svgRenderer();
  return {
    community: (section) => communityHtml(section, charts),
    document: (data) =>
      [
        '<!doctype html>',
        '<html lang="en">',
        '<head>',
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        `<title>${escapeHtml(data.title)}</title>`,
        `<style>${STYLE}</style>`,
        '</head>',
        '<body>',
        `<header><h1>${escapeHtml(data.title)}</h1><p class="subtitle">${escapeHtml(data.subtitle)}</p></header>`,
        ...(data.portfolio ? [portfolioHtml(data.portfolio, charts)] : []),
        ...data.communities,
        '</body>',
        '</html>',
        '',
      ].join('\n'),
  };
}
