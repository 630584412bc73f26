/**
 * The report's sections as HTML: a community's tables and charts, the portfolio's. Pure
 * functions of their data (plain objects that a worker thread receives as they are) and of a
 * chart renderer: drawn in the report's chart worker (./drawing.ts) or, run from source, in
 * the command's own thread. Every text from the service is escaped.
 */
import { formatPercentValue, formatSignedPercent } from '../../domain/format.js';
import type { Basis } from '../../domain/basis.js';
import type { BedroomSeries } from '../../domain/rent-series.js';
import type { PlainCells } from '../columns.js';
import { escapeHtml } from '../html.js';
import { portfolioChart, psiChart, rentChart, vacancyChart, type ForecastBand, type PlanPsi, type PortfolioPoint, type SvgRenderer, type VacancyPoint } from './charts.js';

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

const WIDE = { width: 1000, height: 480 };
const HALF = { width: 520, height: 300 };

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

/** One section to draw: what the report's chart worker receives. */
export type SectionJob = { kind: 'community'; section: CommunitySection } | { kind: 'portfolio'; section: PortfolioSection };

export function drawSection(job: SectionJob, charts: SvgRenderer): string {
  return job.kind === 'community' ? communityHtml(job.section, charts) : portfolioHtml(job.section, charts);
}
