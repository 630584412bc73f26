import { Option } from '@commander-js/extra-typings';
import { BAND_LEGEND } from '../../../domain/bands.js';
import type { Column } from '../../../output/columns.js';
import { COMMUNITY_ARGUMENT, concurrencyOption, defineCommand, type HandlerImport } from '../../command.js';
import { suggest } from '../completion/values.js';
import { BAND_CHOICES, parseBands, parseSignals, parseThreshold, SIGNAL_CHOICES } from './flags.js';

/** Requests in flight at once to a service by default (--concurrency). */
export const OVERVIEW_CONCURRENCY = 8;

export const overview = defineCommand({
  name: 'overview',
  description: 'How a community is priced against its comparables: PSI, CRI band and concession pressure; with --all, the whole portfolio',
  flags: (c) =>
    c
      .argument('[communities...]', `${COMMUNITY_ARGUMENT}; several give one positioning row each`)
      .option('--all', 'one positioning row per community of the portfolio')
      .option('--communities <list>', 'comma-separated communities (names, external ids or ids): one positioning row each')
      .addOption(new Option('--basis <basis>', 'rent that PSI, CRI band, gap and signal are read on (default ner)').choices(['ner', 'asking'] as const))
      .addOption(suggest(new Option('--band <band>', `only rows in this CRI band (or several, comma-separated): ${BAND_CHOICES.join(', ')}`).argParser(parseBands), BAND_CHOICES))
      .addOption(suggest(new Option('--signal <signal>', `only rows with this signal (or several): ${SIGNAL_CHOICES.join(', ')}`).argParser(parseSignals), SIGNAL_CHOICES))
      .option('--threshold <fraction>', 'PSI from which a community counts as above or below its market (default 0.03; 3% also works)', parseThreshold)
      .addOption(concurrencyOption('requests in flight', OVERVIEW_CONCURRENCY, 32)),
  // One community's floor plans, or one positioning row per community: --fields and --sort take either's fields.
  output: {
    kind: 'rows',
    columns: async () => {
      const [plans, positioning] = await Promise.all([import('./overview.js'), import('./positioning-columns.js')]);
      const byKey = new Map<string, Column<never>>();
      for (const column of [...plans.columns, ...positioning.positioningColumns('ner').all] as Column<never>[])
        if (!byKey.has(column.key)) byKey.set(column.key, column);
      return [...byKey.values()];
    },
  },
  examples: [
    'rentsurvey overview "Barton Creek Terrace"',
    'rentsurvey overview DR-006 --json | jq .overall_metrics',
    'rentsurvey overview terrace   # a unique part of a name; on a terminal, a list to pick from when several match',
    'rentsurvey overview --all   # which communities are above market, by how much a month, and is vacancy high too?',
    'rentsurvey overview --all --signal lower --fields community,psi_ner,gap_to_market_cents,vacancy_14d_pct',
    'rentsurvey overview DR-006 DR-004 --basis asking',
    'rentsurvey overview --communities DR-001,DR-006 --csv --dollars',
    "rentsurvey overview --all --band premium,outlier --json | jq '.communities[].community.name'",
  ],
  notes: [
    `PSI = subject rent / average comparable rent − 1. CRI = unit-weighted percentile rank. ${BAND_LEGEND}.`,
    "With --all (or several communities) each row is a community's overall PSI and CRI, its gap to market (Σ (rent − comp average) " +
      "× units, a month), 14-day vacancy against its comps', and a signal: raise when PSI ≤ −threshold and vacancy ≤ the comps'; " +
      "lower when PSI ≥ +threshold and vacancy > the comps'; else hold. Most above market first. See docs/metrics.md.",
  ],
  handler: (): HandlerImport => import('./overview.js'),
});
