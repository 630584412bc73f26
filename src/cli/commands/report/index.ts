import { Option } from '@commander-js/extra-typings';
import { concurrencyOption, defineCommand, type HandlerImport } from '../../command.js';
import { daysOption, endOption, startOption } from '../../period.js';

/** Days of rent history charted without --days or --start. */
export const REPORT_DAYS = 365;

/** Requests in flight at once to a service by default (--concurrency). */
export const REPORT_CONCURRENCY = 8;

export const report = defineCommand({
  name: 'report',
  description: 'Write an HTML report with charts for communities or the whole portfolio (--out report.html)',
  flags: (c) =>
    c
      .argument('[community...]', 'communities: names (or a unique part), external ids or ids')
      .option('--all', 'every community of the portfolio, after the portfolio positioning table and chart')
      .option('--communities <list>', 'comma-separated communities, as the arguments take them')
      .addOption(new Option('--basis <basis>', 'rent the charts and positioning read').choices(['ner', 'asking'] as const).default('ner'))
      // The rent history charted: the last year unless a period is given.
      .addOption(daysOption(REPORT_DAYS))
      .addOption(startOption())
      .addOption(endOption())
      .addOption(concurrencyOption('requests in flight', REPORT_CONCURRENCY)),
  output: { kind: 'file', formats: ['html'] },
  examples: [
    'rentsurvey report --all --out portfolio.html',
    'rentsurvey report "Barton Creek Terrace" DR-004 --out two.html',
    'rentsurvey report --communities DR-001,DR-006 --basis asking --days 180 --out q.html',
    'rentsurvey report DR-006 --start 2026-01-01 --end 2026-06-30 --out h1.html   # the first half of 2026',
  ],
  notes: [
    'One HTML file, nothing to install or fetch to read it: per community its positioning against the comparables, rent over time ' +
      "against the comparables' average per bedroom count, PSI per floor plan, and the vacancy trend with its projections; with --all, " +
      'the portfolio positioning table and PSI against vacancy first.',
    'Print it to PDF from a browser: a page per community. --out <file> (required) is replaced atomically.',
  ],
  handler: (): HandlerImport => import('./report.js'),
});
