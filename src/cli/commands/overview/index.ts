import { Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const overview = () =>
  new Command('overview')
    .description('How a community is priced against its comparables: PSI, CRI band and concession pressure')
    .argument('<community>', 'community id')
    .addHelpText(
      'after',
      examples('rentsurvey overview 3f1c…', 'rentsurvey overview 3f1c… --json | jq .overall_metrics') +
        '\nPSI = subject rent / average comparable rent − 1. CRI = unit-weighted percentile rank (0–30 aggressive,\n30–60 market-aligned, 60–90 premium, 90–100 outlier). See docs/metrics.md.\n',
    );

export function overviewCommand(runtime: Runtime) {
  return lazy(runtime, overview(), () => import('./overview.js'));
}
