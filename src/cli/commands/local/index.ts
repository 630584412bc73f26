import { Command, Option } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export function localCommand(runtime: Runtime) {
  const local = new Command('local').description('Manage the local data directory: keys, demo data, imports, jobs');
  const keys = local.command('keys').description('API keys of the local service');
  keys
    .command('create')
    .description('Issue a key for the local service (prints only the key when piped)')
    .option('--scopes <list>', 'comma-separated scopes, e.g. rentsurvey:read,communities:read')
    .option('--all-scopes', 'every scope')
    .option('--email <email>', 'user the key acts for (its deactivation disables the key)')
    .option('--org <name>', 'organization (created when missing; default: the store’s first)')
    .option('--label <text>', 'a note to recognise the key by')
    .addHelpText(
      'after',
      examples(
        'rentsurvey local keys create --all-scopes',
        'KEY=$(rentsurvey local keys create --scopes rentsurvey:read)',
        'rentsurvey local keys create --all-scopes --org "Other Co"   # a second, isolated organization',
      ),
    )
    .action(lazy(runtime, () => import('./keys-create.js')));
  keys
    .command('list')
    .description('List issued keys (never the secrets)')
    .addHelpText('after', examples('rentsurvey local keys list'))
    .action(lazy(runtime, () => import('./keys-list.js')));
  keys
    .command('revoke')
    .description('Revoke a key by id or prefix')
    .argument('<id>', 'key id or prefix')
    .addHelpText('after', examples('rentsurvey local keys revoke 1a2b3c4d'))
    .action(lazy(runtime, () => import('./keys-revoke.js')));
  local
    .command('reset')
    .description('Delete the local store and start again, with the demo portfolio or empty')
    .addOption(new Option('--demo', 'seed the demo portfolio (default)').conflicts('empty'))
    .addOption(new Option('--empty', 'leave the store empty'))
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples('rentsurvey local reset --yes', 'rentsurvey local reset --empty --yes'))
    .action(lazy(runtime, () => import('./reset.js')));
  local
    .command('import')
    .description('Import a dataset (JSON) or observations (CSV) into the local store, all or nothing')
    .argument('<file>', 'dataset .json or observations .csv ("-" reads JSON from stdin)')
    .option('--org <name>', 'organization the CSV rows belong to (default: the store’s first)')
    .addHelpText(
      'after',
      examples('rentsurvey local import examples/dataset.json', 'rentsurvey local import examples/observations.csv') +
        '\nFormats: docs/import-format.md. Re-importing the same keys updates the same records.\n',
    )
    .action(lazy(runtime, () => import('./import.js')));
  local
    .command('jobs')
    .description('Data collection jobs queued by `comps add` and their state')
    .addHelpText('after', examples('rentsurvey local jobs'))
    .action(lazy(runtime, () => import('./jobs.js')));
  return local;
}
