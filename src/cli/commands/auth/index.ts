import { Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const login = () =>
  new Command('login')
    .description(
      'Save a base URL and API key for a profile, after checking them against the service;\n' +
        'with --local, save the profile as local: its commands use the embedded service by default',
    )
    .option('--base-url <url>', 'service base URL, e.g. https://api.example.com (the /v1 prefix is added)')
    .option('--with-token', 'read the API key from standard input')
    .option('--no-verify', 'save without calling the service')
    .addHelpText(
      'after',
      examples(
        'rentsurvey login',
        'echo "$KEY" | rentsurvey login --base-url https://api.example.com --with-token',
        'rentsurvey --profile staging login --base-url https://staging.example.com --with-token < key.txt',
        'rentsurvey login --local   # the default profile works offline, as if --local were always given',
        'rentsurvey --profile sandbox --data-dir ~/sandbox login --local',
      ) +
        '\nPrompts for what is missing on a terminal; with --no-input (or RENTSURVEY_NO_INPUT=1, or CI) it fails naming\n' +
        'the flag to pass instead. A local profile is left with --no-local or by logging in to a service again.\n',
    );

export const logout = () =>
  new Command('logout')
    .description('Forget the stored credentials of a profile')
    .addHelpText('after', examples('rentsurvey logout', 'rentsurvey --profile staging logout'));

export const status = () =>
  new Command('status')
    .description('Profile, base URL, masked key, where it is stored, and whether it works')
    .addHelpText('after', examples('rentsurvey auth status', 'rentsurvey auth status --json'));

export function loginCommand(runtime: Runtime) {
  return lazy(runtime, login(), () => import('./login.js'));
}

export function logoutCommand(runtime: Runtime) {
  return lazy(runtime, logout(), () => import('./logout.js'));
}

export function authCommand(runtime: Runtime) {
  return new Command('auth')
    .description('Inspect stored credentials')
    .addCommand(lazy(runtime, status(), () => import('./status.js')));
}
