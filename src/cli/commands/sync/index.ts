import { defineCommand, type HandlerImport } from '../../command.js';
import { daysOption, endOption, startOption } from '../../period.js';

/** Days of pricing history copied without --days or --start. */
export const SYNC_DAYS = 365;

export const sync = defineCommand({
  name: 'sync',
  description: 'Mirror a remote profile into the local store, so that --local works offline on its data',
  flags: (c) =>
    c
      // The pricing history copied: the last year unless a period is given.
      .addOption(daysOption(SYNC_DAYS))
      .addOption(startOption())
      .addOption(endOption())
      .option('--org <name>', 'name of the local organization (default "<profile> @ <host>")'),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey sync',
    'rentsurvey --local overview "Barton Creek Terrace"   # afterwards, offline',
    'rentsurvey --profile prod --data-dir ~/prod sync --days 90   # another service, into a local store of its own',
  ],
  notes: [
    'Remote ids are kept, so syncing again updates the same records. Availability dates are not part of the API: units available ' +
      'count as available on the survey date.',
  ],
  handler: (): HandlerImport => import('./sync.js'),
});
