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
  examples: ['rentsurvey local keys revoke <key-prefix>   # as rentsurvey local keys list shows it', 'rentsurvey local keys revoke <key-prefix> --yes   # in a script'],
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
      .option('--org <name>', 'organization the CSV rows belong to (default: the one --local works in)')
      .option('-y, --yes', 'switch --local to the dataset’s organization without asking (needed without a terminal)'),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey local import examples/dataset.json --yes   # --local then works in its organization',
    'rentsurvey local import examples/observations.csv',
    'rentsurvey local organizations use "Demo Residential"   # back to the demo portfolio',
  ],
  notes: [
    'Formats: docs/import-format.md. Re-importing the same keys updates the same records.',
    'A dataset names its organization, and --local works in it after the import. When that is another organization ' +
      'than the one --local works in and the store holds data, the import asks first (--yes skips the question); ' +
      'nothing of the other organization is deleted, and `rentsurvey local organizations use <name>` switches back.',
  ],
  handler: (): HandlerImport => import('./import.js'),
});

export const organizationsList = defineCommand({
  name: 'list',
  description: 'Organizations of the local store, and which one --local works in',
  output: { kind: 'rows', columns: async () => (await import('./organizations.js')).columns },
  examples: ['rentsurvey local organizations list'],
  handler: async (): HandlerImport => ({ run: (await import('./organizations.js')).list }),
});

export const organizationsUse = defineCommand({
  name: 'use',
  description: 'Make --local work in another organization of the local store (its data, its users)',
  flags: (c) => c.argument('<organization>', 'organization name, as `local organizations list` shows it'),
  output: { kind: 'fixed' },
  examples: ['rentsurvey local organizations use "Demo Residential"'],
  handler: async (): HandlerImport => ({ run: (await import('./organizations.js')).use }),
});

export const invitationsList = defineCommand({
  name: 'list',
  description: 'Invitations sent in the organization --local works in, the newest first',
  output: { kind: 'rows', columns: async () => (await import('./invitations.js')).columns },
  examples: ['rentsurvey local invitations list'],
  handler: async (): HandlerImport => ({ run: (await import('./invitations.js')).list }),
});

export const invitationsAccept = defineCommand({
  name: 'accept',
  description: 'Accept an invitation as the invitee would: they become an active user with its name and role',
  flags: (c) => c.argument('<invitation>', 'invitation id, or the invitee’s e-mail'),
  output: { kind: 'record', columns: async () => (await import('../users/columns.js')).userColumns },
  examples: [
    'rentsurvey local invitations accept nina.shah@demo-residential.example   # invited in the demo data',
    'rentsurvey users show nina.shah@demo-residential.example   # the user the invitation became',
  ],
  notes: ['The service does this when the invitee opens the link of the e-mail (outside the API); offline nobody can, so this command does.'],
  handler: async (): HandlerImport => ({ run: (await import('./invitations.js')).accept }),
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

const organizations = defineCommand({
  name: 'organizations',
  description: 'Organizations of the local store: which one --local works in',
  subcommands: [organizationsList, organizationsUse],
});

const invitations = defineCommand({
  name: 'invitations',
  description: 'Invitations sent with `users invite`, accepted offline',
  subcommands: [invitationsList, invitationsAccept],
});

export const local = defineCommand({
  name: 'local',
  description: 'Manage the local data directory: keys, demo data, imports, organizations, invitations, jobs',
  subcommands: [keys, reset, importFile, organizations, invitations, jobs],
});
