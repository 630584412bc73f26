import { Argument } from '@commander-js/extra-typings';
import { CSV_DIALECTS } from '../../../output/csv-dialect.js';
import { defineCommand, type HandlerImport } from '../../command.js';

/** The settings a profile keeps (ProfileSettings in src/cli/config.ts), and the values each takes. */
export const SETTINGS = { csv: CSV_DIALECTS } as const;
const KEYS = Object.keys(SETTINGS) as (keyof typeof SETTINGS)[];

export const set = defineCommand({
  name: 'set',
  description: 'Set a setting of the profile (--profile, RENTSURVEY_PROFILE, else default)',
  flags: (c) =>
    c
      .addArgument(new Argument('<key>', `setting: ${KEYS.join(', ')}`).choices(KEYS))
      .argument('<value>', `csv: ${SETTINGS.csv.join(' or ')} (excel: what --excel writes, for every CSV of the profile)`),
  output: { kind: 'fixed' },
  examples: ['rentsurvey config set csv excel   # every CSV for Excel: BOM, CRLF, dollars', 'rentsurvey --profile prod config set csv plain'],
  notes: ['Precedence: a flag (--excel) > the environment (RENTSURVEY_CSV=excel|plain) > the profile > plain.'],
  handler: (): HandlerImport => import('./set.js'),
});

export const get = defineCommand({
  name: 'get',
  description: 'Print a setting of the profile (its default when the profile has none)',
  flags: (c) => c.addArgument(new Argument('<key>', `setting: ${KEYS.join(', ')}`).choices(KEYS)),
  output: { kind: 'fixed' },
  examples: ['rentsurvey config get csv'],
  handler: (): HandlerImport => import('./get.js'),
});

export const config = defineCommand({
  name: 'config',
  description: 'Settings kept per profile (the CSV dialect)',
  subcommands: [set, get],
});
