import { defineCommand, type HandlerImport } from '../../command.js';

export const portfolio = defineCommand({
  name: 'portfolio',
  description: 'List the communities you manage, with comparable counts and optional pricing',
  flags: (c) =>
    c
      .option('--include-pricing', 'add floor plan count and average, lowest and highest asking rent')
      .option('--no-comp-count', 'leave out the number of active comparables'),
  output: { kind: 'rows', columns: async () => (await import('./portfolio.js')).columns },
  examples: [
    'rentsurvey portfolio --include-pricing',
    "rentsurvey portfolio --json | jq '.communities[].name'",
    'rentsurvey --local portfolio --csv --fields id,name,comp_count',
  ],
  handler: (): HandlerImport => import('./portfolio.js'),
});
