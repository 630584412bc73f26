import { Command, Option } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const keysCreate = () =>
  new Command('create')
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
    );

export const keysList = () =>
  new Command('list').description('List issued keys (never the secrets)').addHelpText('after', examples('rentsurvey local keys list'));

export const keysRevoke = () =>
  new Command('revoke')
    .description('Revoke a key by id or prefix (asks first on a terminal; cannot be undone)')
    .argument('<id>', 'key id or prefix')
    .option('-y, --yes', 'do not ask for confirmation (needed without a terminal)')
    .addHelpText('after', examples('rentsurvey local keys revoke 1a2b3c4d', 'rentsurvey local keys revoke 1a2b3c4d --yes   # in a script'));

export const reset = () =>
  new Command('reset')
    .description('Delete the local store and start again, with the demo portfolio or empty')
    .addOption(new Option('--demo', 'seed the demo portfolio (default)').conflicts('empty'))
    .addOption(new Option('--empty', 'leave the store empty'))
    .option('-y, --yes', 'do not ask for confirmation (needed without a terminal when a store exists)')
    .addHelpText('after', examples('rentsurvey local reset', 'rentsurvey local reset --empty --yes   # in a script'));

export const importFile = () =>
  new Command('import')
    .description('Import a dataset (JSON) or observations (CSV) into the local store, all or nothing')
    .argument('<file>', 'dataset .json or observations .csv ("-" reads JSON from stdin)')
    .option('--org <name>', 'organization the CSV rows belong to (default: the store’s first)')
    .addHelpText(
      'after',
      examples('rentsurvey local import examples/dataset.json', 'rentsurvey local import examples/observations.csv') +
        '\nFormats: docs/import-format.md. Re-importing the same keys updates the same records.\n',
    );

export const jobs = () =>
  new Command('jobs')
    .description('Data collection jobs queued by `comps add` and their state')
    .addHelpText('after', examples('rentsurvey local jobs'));

export function localCommand(runtime: Runtime) {
  const keys = new Command('keys')
    .description('API keys of the local service')
    .addCommand(lazy(runtime, keysCreate(), () => import('./keys-create.js')))
    .addCommand(lazy(runtime, keysList(), () => import('./keys-list.js')))
    .addCommand(lazy(runtime, keysRevoke(), () => import('./keys-revoke.js')));
  return new Command('local')
    .description('Manage the local data directory: keys, demo data, imports, jobs')
    .addCommand(keys)
    .addCommand(lazy(runtime, reset(), () => import('./reset.js')))
    .addCommand(lazy(runtime, importFile(), () => import('./import.js')))
    .addCommand(lazy(runtime, jobs(), () => import('./jobs.js')));
}
