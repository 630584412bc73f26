import { Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const portfolio = () =>
  new Command('portfolio')
    .description('List the communities you manage, with comparable counts and optional pricing')
    .option('--include-pricing', 'add floor plan count and average, lowest and highest asking rent')
    .option('--no-comp-count', 'leave out the number of active comparables')
    .addHelpText(
      'after',
      examples(
        'rentsurvey portfolio --include-pricing',
        "rentsurvey portfolio --json | jq '.communities[].name'",
        'rentsurvey --local portfolio --csv --fields id,name,comp_count',
      ),
    );

export function portfolioCommand(runtime: Runtime) {
  return lazy(runtime, portfolio(), () => import('./portfolio.js'));
}
