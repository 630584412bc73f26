import { Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const vacancy = () =>
  new Command('vacancy')
    .description('14-day vacancy of a community from its latest completed survey (subcommand: trend)')
    .argument('<community>', 'community id')
    .addHelpText('after', examples('rentsurvey vacancy 3f1c…', 'rentsurvey vacancy trend 3f1c… --chart'));

export const trend = () =>
  new Command('trend')
    .description('Vacancy per survey against the comparables’ average, and 14/30/60/90-day projections')
    .argument('<community>', 'community id')
    .option('--start <date>', 'first survey date (YYYY-MM-DD)')
    .option('--end <date>', 'last survey date (YYYY-MM-DD)')
    .option('--chart', 'draw subject and comparable vacancy as a line chart')
    .addHelpText('after', examples('rentsurvey vacancy trend 3f1c… --chart', 'rentsurvey vacancy trend 3f1c… --csv > trend.csv'));

export function vacancyCommand(runtime: Runtime) {
  return lazy(runtime, vacancy(), () => import('./vacancy.js')).addCommand(lazy(runtime, trend(), () => import('./trend.js')));
}
