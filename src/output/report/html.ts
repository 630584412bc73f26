/**
 * `rentsurvey report`: one self-contained HTML file — styles inline, charts as
 * inline SVG (charts.ts), no script and no link to fetch — that reads in any
 * browser and prints cleanly to PDF (@media print: a page per community, no
 * chart or table cut in two). Every text from the service is escaped.
 */
import { join } from 'node:path';
import { escapeHtml } from '../html.js';
import { inThreadDrawer, workerDrawer } from './drawing.js';
import type { CommunitySection, PortfolioSection } from './sections.js';

export interface ReportData {
  title: string;
  /** Under the title: when, from which service, which window. */
  subtitle: string;
  portfolio?: PortfolioSection | undefined;
  /** Each community's section as HTML (ReportRenderer.community), in the report's order. */
  communities: string[];
}

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

/** Draws a report: each community's section on its own, then the document around them. */
export interface ReportRenderer {
  community(section: CommunitySection): Promise<string>;
  document(data: ReportData): Promise<string>;
  /** Ends the chart worker: call it when the report is done or given up. */
  close(): Promise<void>;
}

/**
 * A community's section is drawn as soon as its answers are read, on a chart worker while the
 * command's thread reads the next answers (drawing.ts), and its answers are let go: a large
 * portfolio's answers are never held together.
 */
export async function reportRenderer(): Promise<ReportRenderer> {
  // The built CLI's chart worker is beside this module's chunk (scripts/build.js); run from source there is none.
  const drawer = typeof __CHART_WORKER__ === 'string' ? workerDrawer(join(__dirname, __CHART_WORKER__)) : await inThreadDrawer();
  return {
    community: (section) => drawer.draw({ kind: 'community', section }),
    document: async (data) =>
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
        ...(data.portfolio ? [await drawer.draw({ kind: 'portfolio', section: data.portfolio })] : []),
        ...data.communities,
        '</body>',
        '</html>',
        '',
      ].join('\n'),
    close: () => drawer.close(),
  };
}
