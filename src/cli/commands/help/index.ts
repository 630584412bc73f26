import { Argument, Command } from '@commander-js/extra-typings';
import { lazy, type Runtime } from '../../command.js';
import { suggest } from '../completion/values.js';

/** The topics `help` knows besides command paths (help.ts holds their texts). */
export const HELP_TOPICS = ['environment', 'exit-codes'] as const;

export const help = () =>
  new Command('help')
    .description(`Help on a command or a topic: ${HELP_TOPICS.join(', ')}`)
    .addArgument(suggest(new Argument('[topic...]', 'a command path (e.g. "pricing export") or a topic'), HELP_TOPICS));

export function helpCommand(runtime: Runtime) {
  return lazy(runtime, help(), () => import('./help.js'));
}
