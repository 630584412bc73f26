import { Option } from '@commander-js/extra-typings';
import { concurrencyOption, defineCommand, type HandlerImport } from '../../command.js';
import { daysOption, endOption, startOption } from '../../period.js';
import { parseThreshold } from '../overview/flags.js';
import { OVERVIEW_CONCURRENCY } from '../overview/index.js';
import { KEYS } from './keys.js';

/** Days of history the charts draw without --days or --start: a year, as `report`. */
export const DASHBOARD_DAYS = 365;

export const dashboard = defineCommand({
  name: 'dashboard',
  description: 'A full-screen view to keep open: the portfolio, a community with its comparables, charts and targets, and this week’s moves',
  flags: (c) =>
    c
      .addOption(new Option('--basis <basis>', 'rent that PSI, CRI band, gap, signal and targets are read on (default ner)').choices(['ner', 'asking'] as const))
      .option('--threshold <fraction>', 'PSI from which a community counts as above or below its market (default 0.03; 3% also works)', parseThreshold)
      // The history the charts draw: the last year unless a period is given, as report takes it.
      .addOption(daysOption(DASHBOARD_DAYS))
      .addOption(startOption())
      .addOption(endOption())
      .addOption(concurrencyOption('requests in flight', OVERVIEW_CONCURRENCY, 32)),
  output: { kind: 'fixed' },
  fullScreen: true,
  examples: [
    'rentsurvey dashboard',
    'rentsurvey dashboard --basis asking --threshold 5%',
    'rentsurvey dashboard --days 90   # charts of the last 90 days',
  ],
  notes: [
    'The portfolio first (the rows of `overview --all`, most above market first); Enter on a community opens its floor plans against the comparables, ' +
      'its comparables, its rent and vacancy over time, and the target at the market band per plan; Enter on a comparable opens its plans and their history; ' +
      "w opens This week (the digest's summary and biggest moves). Every figure is the one the commands print.",
    `Keys: ${KEYS.map(([keys, what]) => `${keys}: ${what}`).join('; ')}.`,
    'It needs a terminal: piped, with --no-input or in CI it exits 2; `rentsurvey overview --all` prints the portfolio without one.',
  ],
  handler: (): HandlerImport => import('./dashboard.js'),
});
