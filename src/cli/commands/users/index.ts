import { Command, Option } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

const ROLES = ['admin', 'member'] as const;

export const invite = () =>
  new Command('invite')
    .description('Invite a user by e-mail (they get a link to create their account)')
    .requiredOption('--email <email>', 'e-mail of the invitee')
    .requiredOption('--name <name>', 'full name')
    .addOption(new Option('--role <role>', 'role in the organization').choices(ROLES).makeOptionMandatory())
    .addHelpText('after', examples('rentsurvey users invite --email ana@acme.example --name "Ana Ruiz" --role member'));

export const show = () =>
  new Command('show')
    .description('Show a user')
    .argument('<id>', 'user id')
    .addHelpText('after', examples('rentsurvey users show 5b7e…', 'rentsurvey users show 5b7e… --json'));

export const update = () =>
  new Command('update')
    .description("Change a user's name, role or status (deactivated users keep their data; their keys stop working)")
    .argument('<id>', 'user id')
    .option('--name <name>', 'full name')
    .addOption(new Option('--role <role>', 'role').choices(ROLES))
    .addOption(new Option('--status <status>', 'status').choices(['active', 'inactive'] as const))
    .addHelpText('after', examples('rentsurvey users update 5b7e… --role admin', 'rentsurvey users update 5b7e… --status inactive'));

export function usersCommand(runtime: Runtime) {
  return new Command('users')
    .description('Invite, show and update users of your organization')
    .addCommand(lazy(runtime, invite(), () => import('./invite.js')))
    .addCommand(lazy(runtime, show(), () => import('./show.js')))
    .addCommand(lazy(runtime, update(), () => import('./update.js')));
}
