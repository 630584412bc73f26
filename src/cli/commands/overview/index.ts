import { COMMUNITY_ARGUMENT, defineCommand, type HandlerImport } from '../../command.js';

export const overview = defineCommand({
  name: 'overview',
  description: 'How a community is priced against its comparables: PSI, CRI band and concession pressure',
  flags: (c) => c.argument('[community]', COMMUNITY_ARGUMENT),
  output: { kind: 'rows', columns: async () => (await import('./overview.js')).columns },
  examples: [
    'rentsurvey overview "Barton Creek Terrace"',
    'rentsurvey overview DR-006 --json | jq .overall_metrics',
    'rentsurvey overview barton   # a unique part of a name; on a terminal, a list to pick from when several match',
  ],
  notes: [
    'PSI = subject rent / average comparable rent − 1. CRI = unit-weighted percentile rank (0–30 aggressive, 30–60 market-aligned, ' +
      '60–90 premium, 90–100 outlier). See docs/metrics.md.',
  ],
  handler: (): HandlerImport => import('./overview.js'),
});
