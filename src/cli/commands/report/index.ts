import { Option } from '@commander-js/extra-typings';
import { concurrencyOption, defineCommand, parseIntegerOption, type HandlerImport } from '../../command.js';

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
      .option('--days <n>', 'rent history charted, in days back from today (default 365)', parseIntegerOption('--days', 7, 3660))
      .addOption(concurrencyOption('requests in flight', REPORT_CONCURRENCY)),
  output: { kind: 'file', formats: ['html'] },
  examples: [
    'rentsurvey report --all --out portfolio.html',
    'rentsurvey report "Barton Creek Terrace" DR-004 --out two.html',
    'rentsurvey report --communities DR-001,DR-006 --basis asking --days 180 --out q.html',
  ],
  notes: [
    'One HTML file, nothing to install or fetch to read it: per community its positioning against the comparables, rent over time ' +
      "against the comparables' average per bedroom count, PSI per floor plan, and the vacancy trend with its projections; with --all, " +
      'the portfolio positioning table and PSI against vacancy first.',
    'Print it to PDF from a browser: a page per community. --out <file> (required) is replaced atomically.',
  ],
  handler: (): HandlerImport => import('./report.js'),
});
