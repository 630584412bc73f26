/**
 * The environment that keeps a run of rentsurvey inside one folder: HOME and
 * every XDG base directory the CLI, its shell completions or a library may
 * use. Every test helper that starts the CLI (in process or as a child) builds
 * its environment from this, so that no run reads or writes the real home.
 */
import { join } from 'node:path';

/** Where each goes under `root` (the XDG defaults relative to HOME). */
export function sandboxEnv(root: string): {
  HOME: string;
  XDG_CONFIG_HOME: string;
  XDG_DATA_HOME: string;
  XDG_CACHE_HOME: string;
  XDG_STATE_HOME: string;
  XDG_RUNTIME_DIR: string;
} {
  return {
    HOME: join(root, 'home'),
    XDG_CONFIG_HOME: join(root, 'config'),
    XDG_DATA_HOME: join(root, 'data'),
    XDG_CACHE_HOME: join(root, 'cache'),
    XDG_STATE_HOME: join(root, 'state'),
    XDG_RUNTIME_DIR: join(root, 'runtime'),
  };
}

/** The variables sandboxEnv sets: what a test process must never take from the developer's environment. */
export const SANDBOXED_VARIABLES = Object.keys(sandboxEnv('/')) as Array<keyof ReturnType<typeof sandboxEnv>>;
