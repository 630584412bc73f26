import { Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const list = () =>
  new Command('list')
    .description('Comparables of a community, nearest first')
    .argument('<community>', 'subject community id')
    .option('--include-inactive', 'also list deactivated comparables')
    .option('--include-pricing', 'add floor plan count and average asking rent per comparable')
    .addHelpText('after', examples('rentsurvey comps list 3f1c… --include-pricing', 'rentsurvey comps list 3f1c… --include-inactive --json'));

export const add = () =>
  new Command('add')
    .description('Add a comparable (at most 10 active) and start collecting its pricing')
    .argument('<community>', 'subject community id')
    .requiredOption('--name <name>', 'community name')
    .requiredOption('--address <address>', 'full street address')
    .requiredOption('--zipcode <zip>', 'US zip code, 12345 or 12345-6789')
    .option('--website-url <url>', 'community website')
    .addHelpText(
      'after',
      examples('rentsurvey comps add 3f1c… --name "Oak Flats" --address "9 Elm St, Austin, TX 78702" --zipcode 78702'),
    );

/** `comps activate` and `comps deactivate`: the same flags, one handler each. */
export const toggle = (name: 'activate' | 'deactivate') =>
  new Command(name)
    .description(
      name === 'activate'
        ? 'Include a comparable in future surveys again (counts toward the 10 active)'
        : 'Exclude a comparable from future surveys; its history is kept',
    )
    .argument('<community>', 'subject community id')
    .argument('<comp>', 'comparable community id')
    .addHelpText('after', examples(`rentsurvey comps ${name} 3f1c… 8a2d…`));

export function compsCommand(runtime: Runtime) {
  return new Command('comps')
    .description('Comparable communities of a subject: list, add, activate, deactivate')
    .addCommand(lazy(runtime, list(), () => import('./list.js')))
    .addCommand(lazy(runtime, add(), () => import('./add.js')))
    .addCommand(lazy(runtime, toggle('activate'), async () => (await import('./toggle.js')).activate))
    .addCommand(lazy(runtime, toggle('deactivate'), async () => (await import('./toggle.js')).deactivate));
}
