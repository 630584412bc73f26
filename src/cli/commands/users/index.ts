import { Option } from '@commander-js/extra-typings';
import { defineCommand, pagedListFlags, type HandlerImport } from '../../command.js';

const ROLES = ['admin', 'member'] as const;
const USER_ARGUMENT = 'user id, or e-mail';

/** What show, update and list print: user records. */
const userRecords = async () => (await import('./columns.js')).userColumns;

export const invite = defineCommand({
  name: 'invite',
  description: 'Invite a user by e-mail (they get a link to create their account)',
  flags: (c) =>
    c
      .requiredOption('--email <email>', 'e-mail of the invitee')
      .requiredOption('--name <name>', 'full name')
      .addOption(new Option('--role <role>', 'role in the organization').choices(ROLES).makeOptionMandatory()),
  output: { kind: 'record', columns: async () => (await import('./invite.js')).columns },
  examples: [
    'rentsurvey users invite --email ana@acme.example --name "Ana Ruiz" --role member',
    'rentsurvey local invitations accept ana@acme.example   # offline: accept it as Ana would',
  ],
  notes: [
    'What it prints is the invitation: its id is not a user id. The invitee becomes a user when they accept the link ' +
      'in the e-mail (with --local, `rentsurvey local invitations accept <e-mail>` does it); `users show <e-mail>` finds them from then on.',
  ],
  handler: (): HandlerImport => import('./invite.js'),
});

export const list = defineCommand({
  name: 'list',
  description: 'List the users of your organization (one page of 50, or --limit n)',
  flags: (c) => pagedListFlags(c, 'filter by e-mail or name (case-insensitive)'),
  output: { kind: 'rows', columns: userRecords },
  examples: ['rentsurvey users list', 'rentsurvey users list --search johnson --json', 'rentsurvey users list --all --csv > users.csv'],
  notes: [
    '--limit n is the page asked of the service (pages are followed when n is above 100); --sort reads every page first.',
    'Listing is an extension of rentsurvey’s own service (GET /v1/users); a service built from the API spec alone ' +
      'cannot list users, and the command says so (exit 1). `users show <e-mail>` still finds community managers and team members there.',
  ],
  handler: (): HandlerImport => import('./list.js'),
});

export const show = defineCommand({
  name: 'show',
  description: 'Show a user, by id or e-mail',
  flags: (c) => c.argument('<user>', USER_ARGUMENT),
  output: { kind: 'record', columns: userRecords },
  examples: ['rentsurvey users show marcus.johnson@demo-residential.example', 'rentsurvey users show marcus.johnson@demo-residential.example --json'],
  handler: (): HandlerImport => import('./show.js'),
});

export const update = defineCommand({
  name: 'update',
  description: "Change a user's name, role or status (deactivated users keep their data; their keys stop working)",
  flags: (c) =>
    c
      .argument('<user>', USER_ARGUMENT)
      .option('--name <name>', 'full name')
      .addOption(new Option('--role <role>', 'role').choices(ROLES))
      .addOption(new Option('--status <status>', 'status').choices(['active', 'inactive'] as const)),
  output: { kind: 'record', columns: userRecords },
  examples: [
    'rentsurvey users update marcus.johnson@demo-residential.example --role admin',
    'rentsurvey users update marcus.johnson@demo-residential.example --status inactive   # their keys stop working',
  ],
  handler: (): HandlerImport => import('./update.js'),
});

export const users = defineCommand({
  name: 'users',
  description: 'Invite, list, show and update users of your organization',
  subcommands: [invite, list, show, update],
});
