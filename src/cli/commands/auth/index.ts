import { defineCommand, type HandlerImport } from '../../command.js';

export const login = defineCommand({
  name: 'login',
  description: 'Save a base URL and API key for a profile, after checking them against the service',
  flags: (c) =>
    c
      .option('--base-url <url>', 'service base URL, e.g. https://api.example.com (the /v1 prefix is added)')
      .option('--with-token', 'read the API key from standard input')
      .option('--no-verify', 'save without calling the service'),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey login',
    'echo "<api-key>" | rentsurvey login --base-url https://api.example.com --with-token   # scripts: no prompt',
    'echo "<staging-api-key>" | rentsurvey --profile staging login --base-url https://staging.example.com --with-token',
    'rentsurvey login --local   # the default profile works offline, as if --local were always given',
    'rentsurvey --profile sandbox --data-dir ~/sandbox login --local',
  ],
  notes: [
    'With --local, the profile is saved as local: its commands use the embedded service by default.',
    'Prompts for what is missing on a terminal; with --no-input (or RENTSURVEY_NO_INPUT=1, or CI) it fails naming the flag to pass instead. ' +
      'A local profile is left with --no-local or by logging in to a service again.',
  ],
  handler: (): HandlerImport => import('./login.js'),
});

export const logout = defineCommand({
  name: 'logout',
  description: 'Forget the stored credentials of a profile',
  output: { kind: 'fixed' },
  examples: ['rentsurvey logout', 'rentsurvey --profile staging logout'],
  handler: (): HandlerImport => import('./logout.js'),
});

export const status = defineCommand({
  name: 'status',
  description: 'Profile, base URL, masked key, where it is stored, and whether it works',
  output: { kind: 'record', columns: async () => (await import('./status.js')).columns },
  examples: ['rentsurvey auth status', 'rentsurvey auth status --json'],
  handler: (): HandlerImport => import('./status.js'),
});

export const auth = defineCommand({
  name: 'auth',
  description: 'Inspect stored credentials',
  subcommands: [status],
});
