import { Command } from '@commander-js/extra-typings';
import { lazy, type Runtime } from '../../command.js';

export const help = () =>
  new Command('help')
    .description('Help on a command or a topic: environment, exit-codes')
    .argument('[topic...]', 'a command path (e.g. "pricing export") or a topic');

export function helpCommand(runtime: Runtime) {
  return lazy(runtime, help(), () => import('./help.js'));
}
