/**
 * Whether a run uses the embedded service (--local) or a remote profile, decided
 * in one place for commands (globals.ts) and TAB completion (answer.ts):
 *
 *   1. --local / --no-local on the command line;
 *   2. an explicit --profile naming a stored profile: that profile's own kind
 *      (saved by `login --local`, or by `login` with a base URL);
 *   3. RENTSURVEY_LOCAL (1/true/yes/on or 0/false/no/off);
 *   4. the profile in use (RENTSURVEY_PROFILE or "default") when `login --local` saved it;
 *   5. otherwise remote.
 *
 * So with RENTSURVEY_LOCAL=1 in a shell's profile, a remote service is still one
 * flag away: `--no-local` (uses RENTSURVEY_PROFILE or "default"), or
 * `--profile prod` for a profile saved by `login --base-url …`.
 */
import type { StoredProfile } from './config.js';

/** An environment switch: unset, empty, 0, false, no and off are off; anything else is on. */
export function envSwitch(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase();
  return Boolean(text) && !['0', 'false', 'no', 'off'].includes(text!);
}

export type LocalSource = 'flag' | 'profile-flag' | 'env' | 'profile' | 'default';

export interface LocalMode {
  local: boolean;
  source: LocalSource;
}

export function decideLocalMode(options: {
  /** --local (true), --no-local (false), neither (undefined). */
  flag: boolean | undefined;
  /** The profile named by --profile, if the flag was given. */
  profileFlag: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The profile in use, as stored (undefined when there is none). */
  stored: StoredProfile | undefined;
}): LocalMode {
  const { flag, profileFlag, env, stored } = options;
  if (flag !== undefined) return { local: flag, source: 'flag' };
  if (profileFlag !== undefined && stored && (stored.local === true || stored.base_url !== undefined))
    return { local: stored.local === true, source: 'profile-flag' };
  if (env.RENTSURVEY_LOCAL !== undefined && env.RENTSURVEY_LOCAL.trim() !== '')
    return { local: envSwitch(env.RENTSURVEY_LOCAL), source: 'env' };
  if (stored?.local === true) return { local: true, source: 'profile' };
  return { local: false, source: 'default' };
}

/** "RENTSURVEY_LOCAL=1", "--local", "profile offline (login --local)": why a run is local or remote, for messages. */
export function describeLocalSource(mode: LocalMode, profile: string, env: NodeJS.ProcessEnv): string {
  switch (mode.source) {
    case 'flag':
      return mode.local ? '--local' : '--no-local';
    case 'profile-flag':
    case 'profile':
      return mode.local ? `profile ${profile}, saved with login --local` : `profile ${profile}`;
    case 'env':
      return `RENTSURVEY_LOCAL=${env.RENTSURVEY_LOCAL?.trim()}`;
    case 'default':
      return 'the default';
  }
}
