import { Command } from '@commander-js/extra-typings';
import { COMMUNITY_ARGUMENT, examples, lazy, type Runtime } from '../../command.js';

export const vacancy = () =>
  new Command('vacancy')
    .description('14-day vacancy of a community from its latest completed survey (subcommand: trend)')
    .argument('[community]', COMMUNITY_ARGUMENT)
    .addHelpText('after', examples('rentsurvey vacancy "Barton Creek Terrace"', 'rentsurvey vacancy trend DR-006 --chart'));

export const trend = () =>
  new Command('trend')
    .description('Vacancy per survey against the comparables’ average, and 14/30/60/90-day projections')
    .argument('[community]', COMMUNITY_ARGUMENT)
    .option('--start <date>', 'first survey date (YYYY-MM-DD)')
    .option('--end <date>', 'last survey date (YYYY-MM-DD)')
    .option('--chart', 'draw subject and comparable vacancy as a line chart')
    .addHelpText('after', examples('rentsurvey vacancy trend "Barton Creek Terrace" --chart', 'rentsurvey vacancy trend DR-006 --start 2026-01-01 --csv > trend.csv'));

export function vacancyCommand(runtime: Runtime) {
  return lazy(runtime, vacancy(), () => import('./vacancy.js')).addCommand(lazy(runtime, trend(), () => import('./trend.js')));
}
