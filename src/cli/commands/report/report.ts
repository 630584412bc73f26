/**
 * `rentsurvey report <community>... | --all --out report.html`: one self-contained
 * HTML file with tables and SVG charts (src/output/report/), from the spec's
 * endpoints of each community. Written atomically, and only whole: a community
 * that cannot be read is named, and no file is written.
 */
import { resolve } from 'node:path';
import { progressBar } from '../../../output/progress.js';
import { concurrencyOf, type Handler } from '../../command.js';
import { fanOutAll, fanOutFailure, isFailed } from '../../concurrency.js';
import { UsageError } from '../../errors.js';
import { chooseSubjects } from '../../references.js';
import { writeAtomically } from '../../state-file.js';
import { daysBetween } from '../../../domain/dates.js';
import { BASIS_TEXT, type Basis } from '../../../domain/basis.js';
import { byPsiDescending, DEFAULT_THRESHOLD, positioningTotals, psiOf, type PositioningRow } from '../../../domain/positioning.js';
import { reportRenderer } from '../../../output/report/html.js';
import type { PortfolioSection } from '../../../output/report/sections.js';
import { plainCells, selectColumns } from '../../../output/columns.js';
import { footerLines } from '../overview/positioning.js';
import { positioningColumns } from '../overview/positioning-columns.js';
import { collectCommunity } from './collect.js';
import { forecastReader } from '../forecast/read.js';
import { REPORT_CONCURRENCY, REPORT_DAYS, type report } from './index.js';
import { periodOf } from '../../period.js';


/** Of the table `overview --all` prints, what a landscape page has room for: every figure, not the survey's counts and date. */
const LEFT_OUT = new Set(['floor_plans_with_data', 'comps_with_data', 'as_of_date', 'external_community_id']);

/** `--all`: every community's positioning row (PSI first), the footer's counts, and PSI against vacancy. */
function portfolioSection(rows: PositioningRow[], basis: Basis): PortfolioSection {
  const columns = positioningColumns(basis);
  const ordered = byPsiDescending(rows);
  return {
    basis,
    table: plainCells(ordered, selectColumns(columns.all, columns.defaultFields('table').filter((key) => !LEFT_OUT.has(key)))),
    summary: footerLines(positioningTotals(ordered), basis, DEFAULT_THRESHOLD),
    points: ordered.flatMap((row) => {
      const psi = psiOf(row);
      return psi === null || row.vacancy_14d_pct === null ? [] : [{ name: row.community.name, psi, vacancy: row.vacancy_14d_pct }];
    }),
  };
}

export const run: Handler<typeof report> = async (ctx, opts, [refs]) => {
  // Its formats and output flags are checked by its definition (table-flags.ts).
  const { out } = ctx.globals;
  if (out === undefined || out === '-') throw new UsageError('report writes an HTML file: give --out <file.html>', 'rentsurvey report --all --out report.html');
  const today = ctx.today();
  const period = periodOf(opts, today, REPORT_DAYS);
  const window = { start: period.start as string, end: period.end };
  const subjects = await chooseSubjects(ctx, { all: opts.all, refs, communities: opts.communities }, 'report on');
  const concurrency = concurrencyOf(ctx, opts.concurrency, REPORT_CONCURRENCY);
  // Subjects that share a comparable read its history once.
  const api = (await ctx.api()).inFlight(concurrency, { shareReads: true });
  const progress = progressBar(ctx.io, { total: subjects.length, unit: 'communities', itemUnit: 'failed', quiet: ctx.globals.quiet });
  const renderer = await reportRenderer();
  let html: string;
  // The first section that could not be drawn: no report can be written, so no more is read.
  let drawingFailed: Error | undefined;
  try {
    let outcomes;
    try {
      // Comparables shared by subjects are read once for the whole report: the window, and the forecast's years before its end.
      const reader = forecastReader(api, window.end, daysBetween(window.start, window.end) + 1);
      // Each community drawn as its answers arrive, on the chart worker (reportRenderer), while the next requests are on the wire.
      outcomes = await fanOutAll(
        subjects,
        concurrency,
        async (subject) => {
          // Thrown here, it stops the fan-out (stopsAll): the communities not started are not asked for.
          if (drawingFailed) throw drawingFailed;
          const { section, positioning } = await collectCommunity(api, subject, { basis: opts.basis, window, reader });
          const drawn = renderer.community(section).catch((error: unknown) => {
            drawingFailed ??= new Error(`drawing ${section.name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
            throw drawingFailed;
          });
          // Awaited once every community is read; a drawing that fails before then waits to be thrown there.
          drawn.catch(() => undefined);
          return { name: section.name, drawn, positioning };
        },
        progress,
      );
    } finally {
      progress.stop();
    }
    if (drawingFailed) throw drawingFailed;
    // Only whole: a community that cannot be read is named, and nothing is written.
    const failed = outcomes.filter(isFailed);
    if (failed.length > 0) throw fanOutFailure(ctx, failed, { total: subjects.length, what: 'communities could not be read', outcome: 'no report written' });
    const communities = outcomes.flatMap((outcome) => ('value' in outcome ? [outcome.value] : []));

    html = await renderer.document({
      title: opts.all ? 'Portfolio report' : communities.length === 1 ? `${communities[0]!.name}: report` : `Report on ${communities.length} communities`,
      subtitle: `${today} · ${api.target} · ${BASIS_TEXT[opts.basis]} from ${window.start} to ${window.end}`,
      portfolio: opts.all ? portfolioSection(communities.map((drawn) => drawn.positioning), opts.basis) : undefined,
      communities: await Promise.all(communities.map((community) => community.drawn)),
    });
  } finally {
    await renderer.close();
  }
  await writeAtomically(resolve(out), html, { createFolder: false, log: ctx.log });
  ctx.log.success(`Wrote ${out}: ${subjects.length} ${subjects.length === 1 ? 'community' : 'communities'}, ${Math.round(Buffer.byteLength(html) / 1024)} KB`);
};
