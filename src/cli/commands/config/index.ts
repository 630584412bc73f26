import { Argument, Command } from '@commander-js/extra-typings';
import { CSV_DIALECTS } from '../../../output/csv-dialect.js';
import { examples, lazy, type Runtime } from '../../command.js';

/** The settings a profile keeps (ProfileSettings in src/cli/config.ts), and the values each takes. */
export const SETTINGS = { csv: CSV_DIALECTS } as const;
const KEYS = Object.keys(SETTINGS) as (keyof typeof SETTINGS)[];

export const set = () =>
  new Command('set')
    .description('Set a setting of the profile (--profile, RENTSURVEY_PROFILE, else default)')
    .addArgument(new Argument('<key>', `setting: ${KEYS.join(', ')}`).choices(KEYS))
    .argument('<value>', `csv: ${SETTINGS.csv.join(' or ')} (excel: what --excel writes, for every CSV of the profile)`)
    .addHelpText(
      'after',
      examples('rentsurvey config set csv excel   # every CSV for Excel: BOM, CRLF, dollars', 'rentsurvey --profile prod config set csv plain') +
        '\nPrecedence: a flag (--excel) > the environment (RENTSURVEY_CSV=excel|plain) > the profile > plain.\n',
    );

export const get = () =>
  new Command('get')
    .description('Print a setting of the profile (its default when the profile has none)')
    .addArgument(new Argument('<key>', `setting: ${KEYS.join(', ')}`).choices(KEYS))
    .addHelpText('after', examples('rentsurvey config get csv'));

export function configCommand(runtime: Runtime) {
  return new Command('config')
    .description('Settings kept per profile (the CSV dialect)')
    .addCommand(lazy(runtime, set(), () => import('./set.js')))
    .addCommand(lazy(runtime, get(), () => import('./get.js')));
}
