import { Command } from '@commander-js/extra-typings';
import { COMMUNITY_ARGUMENT, examples, lazy, type Runtime } from '../../command.js';

export const list = () =>
  new Command('list')
    .description('Comparables of a community, nearest first')
    .argument('[community]', COMMUNITY_ARGUMENT)
    .option('--include-inactive', 'also list deactivated comparables')
    .option('--include-pricing', 'add floor plan count and average asking rent per comparable')
    .addHelpText('after', examples('rentsurvey comps list "Barton Creek Terrace" --include-pricing', 'rentsurvey comps list DR-006 --include-inactive --json'));

export const add = () =>
  new Command('add')
    .description('Add a comparable (at most 10 active) and start collecting its pricing')
    .argument('[community]', COMMUNITY_ARGUMENT)
    .requiredOption('--name <name>', 'community name')
    .requiredOption('--address <address>', 'full street address')
    .requiredOption('--zipcode <zip>', 'US zip code, 12345 or 12345-6789')
    .option('--website-url <url>', 'community website')
    .addHelpText(
      'after',
      examples('rentsurvey comps add "Barton Creek Terrace" --name "Oak Flats" --address "9 Elm St, Austin, TX 78702" --zipcode 78702'),
    );

/** `comps activate` and `comps deactivate`: the same flags, one handler each. */
export const toggle = (name: 'activate' | 'deactivate') =>
  new Command(name)
    .description(
      name === 'activate'
        ? 'Include a comparable in future surveys again (counts toward the 10 active)'
        : 'Exclude a comparable from future surveys; its history is kept',
    )
    .argument('[community]', COMMUNITY_ARGUMENT)
    .argument(
      '[comp]',
      `one of its comparables: name (or a unique part), or id (or its first 4+ characters)${name === 'activate' ? ', inactive ones included' : ''}; omit it on a terminal to pick`,
    )
    .addHelpText(
      'after',
      examples(`rentsurvey comps ${name} "Barton Creek Terrace" "Zilker Point"`, `rentsurvey comps ${name} DR-006 b198   # an id's first characters`),
    );

export function compsCommand(runtime: Runtime) {
  return new Command('comps')
    .description('Comparable communities of a subject: list, add, activate, deactivate')
    .addCommand(lazy(runtime, list(), () => import('./list.js')))
    .addCommand(lazy(runtime, add(), () => import('./add.js')))
    .addCommand(lazy(runtime, toggle('activate'), async () => (await import('./toggle.js')).activate))
    .addCommand(lazy(runtime, toggle('deactivate'), async () => (await import('./toggle.js')).deactivate));
}
