import { Command } from '@commander-js/extra-typings';
import { COMMUNITY_ARGUMENT, examples, lazy, type Runtime } from '../../command.js';

export const overview = () =>
  new Command('overview')
    .description('How a community is priced against its comparables: PSI, CRI band and concession pressure')
    .argument('[community]', COMMUNITY_ARGUMENT)
    .addHelpText(
      'after',
      examples(
        'rentsurvey overview "Barton Creek Terrace"',
        'rentsurvey overview DR-006 --json | jq .overall_metrics',
        'rentsurvey overview barton   # a unique part of a name; on a terminal, a list to pick from when several match',
      ) +
        '\nPSI = subject rent / average comparable rent − 1. CRI = unit-weighted percentile rank (0–30 aggressive,\n30–60 market-aligned, 60–90 premium, 90–100 outlier). See docs/metrics.md.\n',
    );

export function overviewCommand(runtime: Runtime) {
  return lazy(runtime, overview(), () => import('./overview.js'));
}
