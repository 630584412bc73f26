import { readFileSync } from 'node:fs';

/** The package version: injected into the bundle at build time, read from package.json when run from source. */
export const VERSION: string =
  typeof __RENTSURVEY_VERSION__ === 'string'
    ? __RENTSURVEY_VERSION__
    : (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
