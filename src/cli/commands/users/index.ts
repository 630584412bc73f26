import { Option } from '@commander-js/extra-typings';
import { defineCommand, type HandlerImport } from '../../command.js';

const ROLES = ['admin', 'member'] as const;

/** What show and update print: a user record. */
const userRecord = async () => (await import('./columns.js')).userColumns;

export const invite = defineCommand({
  name: 'invite',
  description: 'Invite a user by e-mail (they get a link to create their account)',
  flags: (c) =>
    c
      .requiredOption('--email <email>', 'e-mail of the invitee')
      .requiredOption('--name <name>', 'full name')
      .addOption(new Option('--role <role>', 'role in the organization').choices(ROLES).makeOptionMandatory()),
  output: { kind: 'record', columns: async () => (await import('./invite.js')).columns },
  examples: ['rentsurvey users invite --email ana@acme.example --name "Ana Ruiz" --role member'],
  handler: (): HandlerImport => import('./invite.js'),
});

export const show = defineCommand({
  name: 'show',
  description: 'Show a user',
  flags: (c) => c.argument('<id>', 'user id'),
  output: { kind: 'record', columns: userRecord },
  examples: ['rentsurvey users show da229bda-ca07-8d68-9859-867b4a1711a8   # Marcus Johnson of the demo data', 'rentsurvey users show da229bda-ca07-8d68-9859-867b4a1711a8 --json'],
  handler: (): HandlerImport => import('./show.js'),
});

export const update = defineCommand({
  name: 'update',
  description: "Change a user's name, role or status (deactivated users keep their data; their keys stop working)",
  flags: (c) =>
    c
      .argument('<id>', 'user id')
      .option('--name <name>', 'full name')
      .addOption(new Option('--role <role>', 'role').choices(ROLES))
      .addOption(new Option('--status <status>', 'status').choices(['active', 'inactive'] as const)),
  output: { kind: 'record', columns: userRecord },
  examples: [
    'rentsurvey users update da229bda-ca07-8d68-9859-867b4a1711a8 --role admin',
    'rentsurvey users update da229bda-ca07-8d68-9859-867b4a1711a8 --status inactive   # their keys stop working',
  ],
  handler: (): HandlerImport => import('./update.js'),
});

export const users = defineCommand({
  name: 'users',
  description: 'Invite, show and update users of your organization',
  subcommands: [invite, show, update],
});
