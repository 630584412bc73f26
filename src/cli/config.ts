import { chmodSync, copyFileSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CSV_DIALECTS, type CsvDialect } from '../output/csv-dialect.js';
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
  /** What is wrong with the file, opened to repair (`login`): its next write replaces it, keeping a copy. */
  readonly problem?: string;
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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function assertProfileName(name: string): void {
  if (!PROFILE_NAME.test(name))
    throw new UsageError(
      `invalid profile name "${name}": use letters, digits, ".", "_" or "-" (at most 64, starting with a letter or digit)`,
    );
}

function asStoredProfile(value: unknown): StoredProfile | undefined {
  if (!isRecord(value)) return undefined;
  const record = value;
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

/**
 * Runs `work` while holding <dir>/config.json.lock, so that writers of
 * config.json (two `login`s at once, say) take turns and each one's
 * read-modify-write sees the others' profiles.
 */
async function withConfigLock<T>(dir: string, work: () => T | Promise<T>): Promise<T> {
  // Loaded for a write only: every command and each TAB read this module.
  const { LockBusy, takeLock } = await import('./file-lock.js');
  let lock;
  try {
    lock = await takeLock(join(dir, 'config.json.lock'), { waitMs: LOCK_WAIT_MS, staleMs: LOCK_STALE_MS });
  } catch (error) {
    if (!(error instanceof LockBusy)) throw error;
    throw new CliError(
      `${join(dir, 'config.json')} is being changed by another rentsurvey (process ${error.holder?.pid ?? '?'}); nothing was saved`,
      // As a --since-last state another run holds (state-file.ts): a conflict with another run.
      ExitCode.conflict,
      `try again; if no other rentsurvey runs, remove ${error.lock}`,
    );
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}

/** The type each field of a stored profile must have (any may be missing). */
const PROFILE_FIELDS = { base_url: 'string', api_key: 'string', data_dir: 'string', local: 'boolean' } as const;

function profileProblem(name: string, value: unknown): string | undefined {
  if (!isRecord(value)) return `profile "${name}" is not an object`;
  for (const [field, type] of Object.entries(PROFILE_FIELDS))
    if (value[field] !== undefined && typeof value[field] !== type)
      return `profile "${name}": ${field} is not ${type === 'string' ? 'a string' : 'true or false'}`;
  return undefined;
}

/**
 * What config.json holds: the profiles that can be read ({} without a file),
 * and what is wrong with the rest, if anything. Checked by hand, not with zod:
 * every remote command reads this file, and zod's load would cost each one.
 * Throws what reading the file threw (a folder where the file should be).
 */
export function readConfig(path: string): { profiles: Record<string, unknown>; problem?: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { profiles: {}, problem: `is not JSON (${(error as Error).message.split('\n')[0]})` };
  }
  if (!isRecord(data)) return { profiles: {}, problem: 'does not hold a JSON object' };
  if (data.profiles === undefined) return { profiles: {} };
  if (!isRecord(data.profiles)) return { profiles: {}, problem: 'has a wrong shape: "profiles" is not an object' };
  const profiles: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, value] of Object.entries(data.profiles)) {
    const problem = profileProblem(name, value);
    if (problem) problems.push(problem);
    else profiles[name] = value;
  }
  if (problems.length === 0) return { profiles };
  const more = problems.length - 1;
  return { profiles, problem: `has a wrong shape: ${problems[0]}${more > 0 ? ` (and ${more} more problem${more > 1 ? 's' : ''})` : ''}` };
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
      return readConfig(path).profiles;
    } catch {
      return {};
    }
  });
}

/** How to get a config.json that cannot be read right again. */
export const CONFIG_REPAIR =
  '`rentsurvey login` rewrites it with the profiles that can be read (keeping the old file as config.json.broken), or fix it by hand';

/**
 * Opens <configDir>/config.json, 0600 in a 0700 folder: it holds API keys.
 * Reads parse the JSON file directly; conf (atomic writes, file mode) loads
 * only when something is written, since every command reads and few write.
 * A file that is not JSON or has a wrong shape is an error naming it, unless
 * opened to `repair` (login): then it reads as the profiles that can be read,
 * and the next write keeps a copy of it (config.json.broken) and replaces it.
 */
export async function openConfigStore(options: { configDir?: string | undefined; repair?: boolean } = {}): Promise<ConfigStore> {
  const dir = options.configDir ?? defaultConfigDir(process.env);
  const path = join(dir, 'config.json');
  const broken = `${path}.broken`;
  ensurePrivateDir(dir);
  tightenFile(path);

  const read = () => {
    try {
      return readConfig(path);
    } catch (error) {
      throw new CliError(`could not read ${path}: ${(error as Error).message.split('\n')[0]}`, ExitCode.failure, 'check the file and its permissions');
    }
  };
  const checked = (contents: ReturnType<typeof readConfig>) => {
    if (contents.problem && !options.repair) throw new CliError(`${path} ${contents.problem}`, ExitCode.failure, CONFIG_REPAIR);
    return contents;
  };
  const profiles = () => checked(read()).profiles;
  const view = profilesView(profiles);
  const write = async (next: Record<string, unknown>) => {
    // A file being repaired is set aside first: conf would not read it.
    if (read().problem) {
      copyFileSync(path, broken);
      chmodSync(broken, 0o600);
      rmSync(path);
    }
    const { default: Conf } = await import('conf');
    const conf = new Conf<StoreShape>({ cwd: dir, configName: 'config', configFileMode: 0o600, accessPropertiesByDotNotation: false });
    conf.set('profiles', next);
    chmodSync(conf.path, 0o600);
  };

  // A file that cannot be used is reported when opened, not in the middle of a command.
  const { problem } = checked(read());

  return {
    path,
    ...(problem ? { problem } : {}),
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

/**
 * Where a connection's key came from, for a refusal of it: the environment, the profile named
 * by --profile or RENTSURVEY_PROFILE, or the stored default profile; and how to replace it.
 */
export function keyOrigin(connection: Connection): { from: string; hint: string } {
  const { profile, sources } = connection;
  const login = `rentsurvey${sources.profile === 'flag' ? ` --profile ${profile}` : ''} login`;
  if (sources.apiKey === 'env')
    return { from: 'RENTSURVEY_API_KEY', hint: `set RENTSURVEY_API_KEY to a valid key, or unset it to use profile ${profile}'s (\`${login}\` stores one)` };
  if (sources.apiKey === 'flag') return { from: '--api-key', hint: 'give a valid key' };
  const named = sources.profile === 'flag' ? ` (--profile ${profile})` : sources.profile === 'env' ? ` (RENTSURVEY_PROFILE=${profile})` : '';
  return { from: `the stored profile ${profile}${named}`, hint: `run \`${login}\` with a valid key, or set RENTSURVEY_API_KEY` };
}

/** For `auth status` and messages: enough to recognise a key, not enough to use it. */
export function maskKey(key: string): string {
  if (key.length < 16) return '***';
  return `${key.slice(0, 6)}…${key.slice(-4)}`;
}
