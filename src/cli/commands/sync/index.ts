import { Command } from '@commander-js/extra-typings';
import { examples, lazy, parseIntegerOption, type Runtime } from '../../command.js';

export const sync = () =>
  new Command('sync')
    .description('Mirror a remote profile into the local store, so that --local works offline on its data')
    .option('--days <n>', 'pricing history to copy, in days', parseIntegerOption('--days', 1, 3660), 365)
    .option('--org <name>', 'name of the local organization (default "<profile> @ <host>")')
    .addHelpText(
      'after',
      examples('rentsurvey sync', 'rentsurvey --profile prod sync --days 90', 'rentsurvey --local overview <id>   # afterwards, offline') +
        '\nRemote ids are kept, so syncing again updates the same records. Availability dates are not part of the API:\n' +
        'units available count as available on the survey date.\n',
    );

export function syncCommand(runtime: Runtime) {
  return lazy(runtime, sync(), () => import('./sync.js'));
}
