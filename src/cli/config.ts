import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CSV_DIALECTS, type CsvDialect } from '../output/csv-dialect.js';
import { isProcessAlive } from '../pid.js';
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

/** Settings a profile keeps besides its service (`rentsurvey config set <key> <value>`); `login` keeps them. */
export interface ProfileSettings {
  /** The CSV the commands write: `excel` is what --excel writes (csv-dialect.ts). */
  csv?: CsvDialect;
}

/** A profile as read back: the file may have been edited by hand, so any field may be missing. */
export type StoredProfile = Partial<RemoteProfile> & { local?: boolean; data_dir?: string } & ProfileSettings;

export interface ConfigStore {
  /** <dir>/config.json */
  readonly path: string;
  getProfile(name: string): StoredProfile | undefined;
  setProfile(name: string, profile: Profile): Promise<void>;
  /** Resolves to false when there was no such profile. */
  deleteProfile(name: string): Promise<boolean>;
  /** Sets (or with undefined, removes) one setting of a profile, creating the profile when there is none. */
  setSetting<K extends keyof ProfileSettings>(name: string, key: K, value: ProfileSettings[K] | undefined): Promise<void>;
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
  if ((CSV_DIALECTS as readonly unknown[]).includes(record.csv)) profile.csv = record.csv as CsvDialect;
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

interface LockHolder {
  token: string;
  pid: number;
  host: string;
  ageMs: number;
}

function readHolder(lock: string): LockHolder | undefined {
  try {
    const text = readFileSync(lock, 'utf8');
    const ageMs = Date.now() - statSync(lock).mtimeMs;
    const [pid = '', host = ''] = text.split(' ');
    return { token: text, pid: Number(pid), host, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAbandoned(holder: LockHolder): boolean {
  if (holder.ageMs > LOCK_STALE_MS) return true;
  // A process of this machine that is gone released nothing; one of another machine can only age out.
  return holder.host === hostname() && Number.isSafeInteger(holder.pid) && holder.pid > 0 && !isProcessAlive(holder.pid);
}

/**
 * Removes an abandoned lock. Only under a second, short-lived lock: two waiters
 * that both saw the abandoned one must not both remove "the lock" — the second
 * would remove the fresh one the first has just taken.
 */
function breakAbandoned(lock: string, holder: LockHolder): void {
  const breaker = `${lock}.break`;
  try {
    writeFileSync(breaker, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Held for microseconds; an old one belongs to a process killed in between.
    const other = readHolder(breaker);
    if (other && other.ageMs > LOCK_STALE_MS) rmSync(breaker, { force: true });
    return;
  }
  try {
    if (readHolder(lock)?.token === holder.token) rmSync(lock, { force: true });
  } finally {
    rmSync(breaker, { force: true });
  }
}

/**
 * Runs `work` while holding <dir>/config.json.lock, so that writers of
 * config.json (two `login`s at once, say) take turns and each one's
 * read-modify-write sees the others' profiles. An abandoned lock (its process
 * gone, or older than LOCK_STALE_MS) is taken over.
 */
async function withConfigLock<T>(dir: string, work: () => T | Promise<T>): Promise<T> {
  const lock = join(dir, 'config.json.lock');
  // Loaded here, not with the module: TAB completion reads this module, and node:crypto costs milliseconds.
  const { randomUUID } = await import('node:crypto');
  const token = `${process.pid} ${hostname()} ${randomUUID()}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(lock, token, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lock);
    // An empty file is one being written this very moment: not abandoned unless old.
    if (holder && (holder.token !== '' || holder.ageMs > LOCK_STALE_MS) && isAbandoned(holder)) {
      breakAbandoned(lock, holder);
      continue;
    }
    if (Date.now() > deadline)
      throw new CliError(
        `${join(dir, 'config.json')} is being changed by another rentsurvey (process ${holder?.pid ?? '?'}); nothing was saved`,
        ExitCode.failure,
        `try again; if no other rentsurvey runs, remove ${lock}`,
      );
    await sleep(5 + Math.random() * 20);
  }
  try {
    return await work();
  } finally {
    if (readHolder(lock)?.token === token) rmSync(lock, { force: true });
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
      const saved = 'local' in profile ? { local: true, ...(profile.data_dir ? { data_dir: profile.data_dir } : {}) } : { base_url: profile.base_url, api_key: profile.api_key };
      // Read inside the lock: the file as the previous writer left it. A new login keeps the profile's settings.
      await withConfigLock(dir, () => {
        const all = profiles();
        const csv = asStoredProfile(all[name])?.csv;
        return write({ ...all, [name]: { ...saved, ...(csv ? { csv } : {}) } });
      });
    },
    async setSetting(name, key, value) {
      assertProfileName(name);
      await withConfigLock(dir, () => {
        const all = profiles();
        const current = all[name];
        const entry: Record<string, unknown> = typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...current } : {};
        if (value === undefined) delete entry[key];
        else entry[key] = value;
        return write({ ...all, [name]: entry });
      });
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
