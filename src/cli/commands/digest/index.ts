import { Option } from '@commander-js/extra-typings';
import { defineCommand, type HandlerImport } from '../../command.js';

export const digest = defineCommand({
  name: 'digest',
  description: 'What changed in your markets between two surveys: rents, NER, concessions, availability, vacancy, comparables',
  flags: (c) =>
    c
      .option('--since <date>', 'compare from the survey on or before this date, YYYY-MM-DD (default: 7 days ago)')
      .addOption(new Option('--since-last', 'compare from where the last --since-last digest of this profile stopped (for cron)').conflicts('since'))
      .option('--communities <list>', 'comma-separated communities: names, external ids or ids (default: the whole portfolio)')
      .option('--min-change <dollars>', 'leave out rent and NER moves smaller than this many dollars (default 0: list all)'),
  output: { kind: 'rows', columns: async () => (await import('./digest.js')).columns },
  examples: [
    'rentsurvey digest --since 2026-11-02',
    'rentsurvey digest --since-last --format md > digest.md   # weekly cron: empty when nothing changed',
    'rentsurvey digest --communities DR-001,"Barton Creek Terrace" --min-change 25 --json',
  ],
  notes: [
    'Each subject is compared from its survey on or before --since to its latest survey, with its active comparables.',
    'Exit 0 when nothing changed (said on stderr, nothing on stdout but --json/--csv framing). --since-last keeps its state per profile ' +
      'in $XDG_STATE_HOME/rentsurvey (default ~/.local/state/rentsurvey). See docs/metrics.md, "Digest".',
  ],
  handler: (): HandlerImport => import('./digest.js'),
});
