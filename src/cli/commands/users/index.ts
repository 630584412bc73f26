import { Command, Option } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export function usersCommand(runtime: Runtime) {
  const users = new Command('users').description('Invite, show and update users of your organization');
  users
    .command('invite')
    .description('Invite a user by e-mail (they get a link to create their account)')
    .requiredOption('--email <email>', 'e-mail of the invitee')
    .requiredOption('--name <name>', 'full name')
    .addOption(new Option('--role <role>', 'role in the organization').choices(['admin', 'member']).makeOptionMandatory())
    .addHelpText('after', examples('rentsurvey users invite --email ana@acme.example --name "Ana Ruiz" --role member'))
    .action(lazy(runtime, () => import('./invite.js')));
  users
    .command('show')
    .description('Show a user')
    .argument('<id>', 'user id')
    .addHelpText('after', examples('rentsurvey users show 5b7e…', 'rentsurvey users show 5b7e… --json'))
    .action(lazy(runtime, () => import('./show.js')));
  users
    .command('update')
    .description("Change a user's name, role or status (deactivated users keep their data; their keys stop working)")
    .argument('<id>', 'user id')
    .option('--name <name>', 'full name')
    .addOption(new Option('--role <role>', 'role').choices(['admin', 'member']))
    .addOption(new Option('--status <status>', 'status').choices(['active', 'inactive']))
    .addHelpText('after', examples('rentsurvey users update 5b7e… --role admin', 'rentsurvey users update 5b7e… --status inactive'))
    .action(lazy(runtime, () => import('./update.js')));
  return users;
}
