import { Option } from '@commander-js/extra-typings';
import { defineCommand, type HandlerImport } from '../../command.js';

export const keysCreate = defineCommand({
  name: 'create',
  description: 'Issue a key for the local service (prints only the key when piped)',
  flags: (c) =>
    c
      .option('--scopes <list>', 'comma-separated scopes, e.g. rentsurvey:read,communities:read')
      .option('--all-scopes', 'every scope')
      .option('--email <email>', 'user the key acts for (its deactivation disables the key)')
      .option('--org <name>', 'organization (created when missing; default: the store’s first)')
      .option('--label <text>', 'a note to recognise the key by'),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey local keys create --all-scopes',
    'KEY=$(rentsurvey local keys create --scopes rentsurvey:read)',
    'rentsurvey local keys create --all-scopes --org "Other Co"   # a second, isolated organization',
  ],
  handler: (): HandlerImport => import('./keys-create.js'),
});

export const keysList = defineCommand({
  name: 'list',
  description: 'List issued keys (never the secrets)',
  output: { kind: 'rows', columns: async () => (await import('./keys-list.js')).columns },
  examples: ['rentsurvey local keys list'],
  handler: (): HandlerImport => import('./keys-list.js'),
});

export const keysRevoke = defineCommand({
  name: 'revoke',
  description: 'Revoke a key by id or prefix (asks first on a terminal; cannot be undone)',
  flags: (c) => c.argument('<id>', 'key id or prefix').option('-y, --yes', 'do not ask for confirmation (needed without a terminal)'),
  output: { kind: 'fixed' },
  examples: ['rentsurvey local keys revoke 1a2b3c4d', 'rentsurvey local keys revoke 1a2b3c4d --yes   # in a script'],
  handler: (): HandlerImport => import('./keys-revoke.js'),
});

export const reset = defineCommand({
  name: 'reset',
  description: 'Delete the local store and start again, with the demo portfolio or empty',
  flags: (c) =>
    c
      .addOption(new Option('--demo', 'seed the demo portfolio (default)').conflicts('empty'))
      .addOption(new Option('--empty', 'leave the store empty'))
      .option('-y, --yes', 'do not ask for confirmation (needed without a terminal when a store exists)'),
  output: { kind: 'fixed' },
  examples: ['rentsurvey local reset', 'rentsurvey local reset --empty --yes   # in a script'],
  handler: (): HandlerImport => import('./reset.js'),
});

export const importFile = defineCommand({
  name: 'import',
  description: 'Import a dataset (JSON) or observations (CSV) into the local store, all or nothing',
  flags: (c) =>
    c
      .argument('<file>', 'dataset .json or observations .csv ("-" reads JSON from stdin)')
      .option('--org <name>', 'organization the CSV rows belong to (default: the store’s first)'),
  output: { kind: 'fixed' },
  examples: ['rentsurvey local import examples/dataset.json', 'rentsurvey local import examples/observations.csv'],
  notes: ['Formats: docs/import-format.md. Re-importing the same keys updates the same records.'],
  handler: (): HandlerImport => import('./import.js'),
});

export const jobs = defineCommand({
  name: 'jobs',
  description: 'Data collection jobs queued by `comps add` and their state',
  output: { kind: 'rows', columns: async () => (await import('./jobs.js')).columns },
  examples: ['rentsurvey local jobs'],
  handler: (): HandlerImport => import('./jobs.js'),
});

const keys = defineCommand({
  name: 'keys',
  description: 'API keys of the local service',
  subcommands: [keysCreate, keysList, keysRevoke],
});

export const local = defineCommand({
  name: 'local',
  description: 'Manage the local data directory: keys, demo data, imports, jobs',
  subcommands: [keys, reset, importFile, jobs],
});
