import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, ExitCode, UsageError } from './errors.js';
import { defaultConfigDir } from './globals.js';

/** What `login` stores per profile: a service and its key. */
export interface RemoteProfile {
  base_url: string;
  api_key: string;
}

/** What `login --local` stores: the embedded service, on a data directory when one was given. */
export interface LocalProfile {
  local: true;
  data_dir?: string;
}

export type Profile = RemoteProfile | LocalProfile;

/** A profile as read back: the file may have been edited by hand, so any field may be missing. */
export type StoredProfile = Partial<RemoteProfile> & { local?: boolean; data_dir?: string };

export interface ConfigStore {
  /** <dir>/config.json */
  readonly path: string;
  getProfile(name: string): StoredProfile | undefined;
  setProfile(name: string, profile: Profile): Promise<void>;
  /** Resolves to false when there was no such profile. */
  deleteProfile(name: string): Promise<boolean>;
  /** Sorted by name. */
  listProfiles(): Array<{ name: string } & StoredProfile>;
}

export const DEFAULT_PROFILE = 'default';
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

type StoreShape = { profiles?: Record<string, unknown> };

export function assertProfileName(name: string): void {
  if (!PROFILE_NAME.test(name))
    throw new UsageError(
      `invalid profile name "${name}": use letters, digits, ".", "_" or "-" (at most 64, starting with a letter or digit)`,
    );
}

function asStoredProfile(value: unknown): StoredProfile | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const profile: StoredProfile = {};
  if (typeof record.base_url === 'string' && record.base_url !== '') profile.base_url = record.base_url;
  if (typeof record.api_key === 'string' && record.api_key !== '') profile.api_key = record.api_key;
  if (record.local === true) profile.local = true;
  if (typeof record.data_dir === 'string' && record.data_dir !== '') profile.data_dir = record.data_dir;
  return profile;
}

// conf creates its folder with the umask's mode and never tightens one that exists.
function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

function tightenFile(path: string): void {
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** A lock older than this is abandoned: a holder keeps it for the milliseconds a write takes. */
const LOCK_STALE_MS = 10_000;
/** How long a writer waits for another one before giving up. */
const LOCK_WAIT_MS = 15_000;

/**
 * Runs `work` while holding <dir>/config.json.lock, so that writers of
 * config.json (two `login`s at once, say) take turns and each one's
 * read-modify-write sees the others' profiles.
 */
async function withConfigLock<T>(dir: string, work: () => T | Promise<T>): Promise<T> {
  const { LockBusy, takeLock } = await import('./file-lock.js');
  let lock;
  try {
    lock = await takeLock(join(dir, 'config.json.lock'), { waitMs: LOCK_WAIT_MS, staleMs: LOCK_STALE_MS });
  } catch (error) {
    if (!(error instanceof LockBusy)) throw error;
    throw new CliError(
      `${join(dir, 'config.json')} is being changed by another rentsurvey (process ${error.holder?.pid ?? '?'}); nothing was saved`,
      ExitCode.failure,
      `try again; if no other rentsurvey runs, remove ${error.lock}`,
    );
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** The `profiles` object of config.json; {} when there is no file. Throws what reading or parsing threw. */
function readProfiles(path: string): Record<string, unknown> {
  let data: StoreShape;
  try {
    data = JSON.parse(readFileSync(path, 'utf8')) as StoreShape;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const value = data?.profiles;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
}

function profilesView(profiles: () => Record<string, unknown>): Pick<ConfigStore, 'getProfile' | 'listProfiles'> {
  return {
    getProfile(name) {
      const all = profiles();
      return Object.hasOwn(all, name) ? asStoredProfile(all[name]) : undefined;
    },
    listProfiles() {
      return Object.entries(profiles())
        .map(([name, value]) => ({ name, ...asStoredProfile(value) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}

/**
 * The stored profiles, read only: no folder created, no mode tightened, an
 * unreadable file read as empty. For TAB completion, which must never fail or
 * change anything.
 */
export function peekConfig(configDir: string): Pick<ConfigStore, 'getProfile' | 'listProfiles'> {
  const path = join(configDir, 'config.json');
  return profilesView(() => {
    try {
      return readProfiles(path);
    } catch {
      return {};
    }
  });
}

/**
 * Opens <configDir>/config.json, 0600 in a 0700 folder: it holds API keys.
 * Reads parse the JSON file directly; conf (atomic writes, file mode) loads
 * only when something is written, since every command reads and few write.
 */
export async function openConfigStore(options: { configDir?: string | undefined } = {}): Promise<ConfigStore> {
  const dir = options.configDir ?? defaultConfigDir(process.env);
  const path = join(dir, 'config.json');
  ensurePrivateDir(dir);
  tightenFile(path);

  const unreadable = (error: unknown) =>
    new CliError(
      `could not read ${path}: ${(error as Error).message.split('\n')[0]}`,
      ExitCode.failure,
      'fix or remove the file, then run `rentsurvey login` again',
    );
  const profiles = (): Record<string, unknown> => {
    try {
      return readProfiles(path);
    } catch (error) {
      throw unreadable(error);
    }
  };
  const view = profilesView(profiles);
  const write = async (next: Record<string, unknown>) => {
    const { default: Conf } = await import('conf');
    let conf: InstanceType<typeof Conf<StoreShape>>;
    try {
      conf = new Conf<StoreShape>({ cwd: dir, configName: 'config', configFileMode: 0o600, accessPropertiesByDotNotation: false });
    } catch (error) {
      throw unreadable(error);
    }
    conf.set('profiles', next);
    chmodSync(conf.path, 0o600);
  };

  profiles(); // a corrupt file is reported when opened, not in the middle of a command

  return {
    path,
    getProfile: view.getProfile,
    async setProfile(name, profile) {
      assertProfileName(name);
      // Read inside the lock: the file as the previous writer left it.
      const saved = 'local' in profile ? { local: true, ...(profile.data_dir ? { data_dir: profile.data_dir } : {}) } : { base_url: profile.base_url, api_key: profile.api_key };
      await withConfigLock(dir, () => write({ ...profiles(), [name]: saved }));
    },
    deleteProfile(name) {
      return withConfigLock(dir, async () => {
        const all = profiles();
        if (!Object.hasOwn(all, name)) return false;
        delete all[name];
        await write(all);
        return true;
      });
    },
    listProfiles: view.listProfiles,
  };
}

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'none';

export interface Connection {
  profile: string;
  baseUrl?: string;
  apiKey?: string;
  sources: { profile: 'flag' | 'env' | 'default'; baseUrl: Source; apiKey: Source };
}

/** Precedence: flag > environment > stored profile > default (there is no default base URL or key). */
export function resolveConnection(options: {
  flags: { profile?: string | undefined; baseUrl?: string | undefined; apiKey?: string | undefined };
  env: NodeJS.ProcessEnv;
  store: Pick<ConfigStore, 'getProfile'>;
}): Connection {
  const { flags, env, store } = options;
  // An empty variable (FOO= cmd) means unset, as most CLIs treat it.
  const fromEnv = (name: string) => (env[name] ? env[name] : undefined);

  const [profile, profileSource] = flags.profile
    ? [flags.profile, 'flag' as const]
    : fromEnv('RENTSURVEY_PROFILE')
      ? [fromEnv('RENTSURVEY_PROFILE')!, 'env' as const]
      : [DEFAULT_PROFILE, 'default' as const];
  const stored = store.getProfile(profile);

  const pick = (flag: string | undefined, envName: string, storedValue: string | undefined): [string | undefined, Source] => {
    if (flag) return [flag, 'flag'];
    const value = fromEnv(envName);
    if (value) return [value, 'env'];
    if (storedValue) return [storedValue, 'profile'];
    return [undefined, 'none'];
  };
  const [baseUrl, baseUrlSource] = pick(flags.baseUrl, 'RENTSURVEY_BASE_URL', stored?.base_url);
  const [apiKey, apiKeySource] = pick(flags.apiKey, 'RENTSURVEY_API_KEY', stored?.api_key);

  return {
    profile,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
    sources: { profile: profileSource, baseUrl: baseUrlSource, apiKey: apiKeySource },
  };
}

/** For `auth status` and messages: enough to recognise a key, not enough to use it. */
export function maskKey(key: string): string {
  if (key.length < 16) return '***';
  return `${key.slice(0, 6)}…${key.slice(-4)}`;
}
