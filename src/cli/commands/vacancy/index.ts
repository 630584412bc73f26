import { COMMUNITY_ARGUMENT, defineCommand, type HandlerImport } from '../../command.js';
import { daysOption, endOption, startOption } from '../../period.js';

export const trend = defineCommand({
  name: 'trend',
  description: 'Vacancy per survey against the comparables’ average, and 14/30/60/90-day projections',
  flags: (c) =>
    c
      .argument('[community]', COMMUNITY_ARGUMENT)
      .addOption(daysOption())
      .addOption(startOption())
      .addOption(endOption())
      .option('--chart', 'draw subject and comparable vacancy as a line chart'),
  output: { kind: 'rows', columns: async () => (await import('./trend.js')).columns },
  examples: [
    'rentsurvey vacancy trend "Barton Creek Terrace" --chart',
    'rentsurvey vacancy trend DR-006 --start 2026-01-01 --csv > trend.csv',
    'rentsurvey vacancy trend DR-006 --days 90   # the surveys of the last 90 days',
  ],
  handler: (): HandlerImport => import('./trend.js'),
});

export const vacancy = defineCommand({
  name: 'vacancy',
  description: '14-day vacancy of a community from its latest completed survey (subcommand: trend)',
  flags: (c) => c.argument('[community]', COMMUNITY_ARGUMENT),
  output: { kind: 'record', columns: async () => (await import('./vacancy.js')).columns },
  examples: ['rentsurvey vacancy "Barton Creek Terrace"'],
  handler: (): HandlerImport => import('./vacancy.js'),
  subcommands: [trend],
});
