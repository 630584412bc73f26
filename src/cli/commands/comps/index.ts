import { COMMUNITY_ARGUMENT, defineCommand, type HandlerImport } from '../../command.js';

export const list = defineCommand({
  name: 'list',
  description: 'Comparables of a community, nearest first',
  flags: (c) =>
    c
      .argument('[community]', COMMUNITY_ARGUMENT)
      .option('--include-inactive', 'also list deactivated comparables')
      .option('--include-pricing', 'add floor plan count and average asking rent per comparable'),
  output: { kind: 'rows', columns: async () => (await import('./list.js')).columns },
  examples: ['rentsurvey comps list "Barton Creek Terrace" --include-pricing', 'rentsurvey comps list DR-006 --include-inactive --json'],
  handler: (): HandlerImport => import('./list.js'),
});

export const add = defineCommand({
  name: 'add',
  description: 'Add a comparable (at most 10 active) and start collecting its pricing',
  flags: (c) =>
    c
      .argument('[community]', COMMUNITY_ARGUMENT)
      .requiredOption('--name <name>', 'community name')
      .requiredOption('--address <address>', 'full street address')
      .requiredOption('--zipcode <zip>', 'US zip code, 12345 or 12345-6789')
      .option('--website-url <url>', 'community website'),
  output: { kind: 'record', columns: async () => (await import('./add.js')).columns },
  examples: ['rentsurvey comps add "Fox Run Place" --name "Oak Flats" --address "9 Elm St, Austin, TX 78702" --zipcode 78702'],
  notes: [
    'A service collects the new comparable\'s pricing. The local store (and `serve`) runs no collector: its surveys come from ' +
      '`rentsurvey local import` or `rentsurvey sync`, and `rentsurvey local jobs` shows its jobs. A zip code that is not a US zip code ' +
      '(00000) is said on stderr: the comparable gets no coordinates, so no distance from its subject.',
  ],
  handler: (): HandlerImport => import('./add.js'),
});

/** `comps activate` and `comps deactivate`: the same flags, one handler each. */
export const toggle = (name: 'activate' | 'deactivate') =>
  defineCommand({
    name,
    description:
      name === 'activate'
        ? 'Include a comparable in future surveys again (counts toward the 10 active)'
        : 'Exclude a comparable from future surveys; its history is kept',
    flags: (c) =>
      c
        .argument('[community]', COMMUNITY_ARGUMENT)
        .argument(
          '[comp]',
          `one of its comparables: name (or a unique part), or id (or its first 4+ characters)${name === 'activate' ? ', inactive ones included' : ''}; omit it on a terminal to pick`,
        ),
    output: { kind: 'record', columns: async () => (await import('./toggle.js')).columns },
    examples: [`rentsurvey comps ${name} "Barton Creek Terrace" "Zilker Point"`, `rentsurvey comps ${name} DR-006 b198   # an id's first characters`],
    handler: async (): HandlerImport => (await import('./toggle.js'))[name],
  });

export const comps = defineCommand({
  name: 'comps',
  description: 'Comparable communities of a subject: list, add, activate, deactivate',
  subcommands: [list, add, toggle('activate'), toggle('deactivate')],
});
