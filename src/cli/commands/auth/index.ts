import { Command } from '@commander-js/extra-typings';
import { examples, lazy, type Runtime } from '../../command.js';

export const login = () =>
  new Command('login')
    .description('Save a base URL and API key for a profile, after checking them against the service')
    .option('--base-url <url>', 'service base URL, e.g. https://api.example.com (the /v1 prefix is added)')
    .option('--with-token', 'read the API key from standard input')
    .option('--no-input', 'never prompt; fail naming the missing flag')
    .option('--no-verify', 'save without calling the service')
    .addHelpText(
      'after',
      examples(
        'rentsurvey login',
        'echo "$KEY" | rentsurvey login --base-url https://api.example.com --with-token',
        'rentsurvey --profile staging login --base-url https://staging.example.com --with-token < key.txt',
      ),
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
