import { Argument } from '@commander-js/extra-typings';
import { defineCommand, type HandlerImport } from '../../command.js';
import { suggest } from '../completion/values.js';

/** The topics `help` knows besides command paths (help.ts holds their texts). */
export const HELP_TOPICS = ['environment', 'exit-codes'] as const;

export const help = defineCommand({
  name: 'help',
  description: `Help on a command or a topic: ${HELP_TOPICS.join(', ')}`,
  flags: (c) => c.addArgument(suggest(new Argument('[topic...]', 'a command path (e.g. "pricing export") or a topic'), HELP_TOPICS)),
  output: { kind: 'fixed' },
  examples: ['rentsurvey help pricing export', 'rentsurvey help environment', 'rentsurvey help exit-codes'],
  handler: (): HandlerImport => import('./help.js'),
});
