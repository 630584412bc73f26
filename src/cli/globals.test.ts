// Where rentsurvey keeps its files: the XDG folders, read from the run's own environment.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { communityCachePath } from './community-cache.js';
import { defaultConfigDir, defaultDataDir, xdgDir } from './globals.js';

describe('xdgDir', () => {
  it('$XDG_<KIND>_HOME/rentsurvey when set', () => {
    const env = { HOME: '/home/ana', XDG_CONFIG_HOME: '/x/config', XDG_DATA_HOME: '/x/data', XDG_STATE_HOME: '/x/state', XDG_CACHE_HOME: '/x/cache' };
    expect([defaultConfigDir(env), defaultDataDir(env), xdgDir(env, 'state'), xdgDir(env, 'cache')]).toEqual([
      '/x/config/rentsurvey',
      '/x/data/rentsurvey',
      '/x/state/rentsurvey',
      '/x/cache/rentsurvey',
    ]);
  });

  it("else under the run's HOME (not the process's): a run in process with a HOME of its own stays in it", () => {
    const env = { HOME: '/sandbox/home', XDG_STATE_HOME: '' };
    expect([xdgDir(env, 'config'), xdgDir(env, 'data'), xdgDir(env, 'state'), xdgDir(env, 'cache')]).toEqual([
      '/sandbox/home/.config/rentsurvey',
      '/sandbox/home/.local/share/rentsurvey',
      '/sandbox/home/.local/state/rentsurvey',
      '/sandbox/home/.cache/rentsurvey',
    ]);
    expect(communityCachePath(env, 'default')).toBe(join('/sandbox/home/.cache/rentsurvey', 'communities.default.json'));
  });
});
