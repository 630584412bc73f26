/**
 * What `rentsurvey doctor` checks, in the order it prints them. Each check
 * looks without changing anything (no folder created, no mode tightened, the
 * store opened read-only) and says what to do when it fails.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { formatCount } from '../../../domain/format.js';
import { StoreError, startAgain } from '../../../server/store/errors.js';
import { inspectStore } from '../../../server/store/health.js';
import { shellWord } from '../../../shell-word.js';
import { bool, text } from '../../columns.js';
import { CONFIG_REPAIR, peekConfig, readConfig, resolveConnection } from '../../config.js';
import type { CommandContext } from '../../context.js';
import { ExitCode } from '../../errors.js';
import { defaultConfigDir, xdgDir } from '../../globals.js';
import { describeLocalSource } from '../../local-mode.js';
import { abandonedTemps } from '../../state-file.js';
import { AFTERWARDS, installPath, type Shell } from '../completion/places.js';
import { bashScript, fishScript, zshScript } from '../completion/scripts.js';
import { verifyCredentials } from '../auth/verify.js';

/** One check: what was found, and when it is not right, what to do. */
export interface Check {
  /** What is checked: node, config-permissions, config, profile, service, key, store, organization, completion, free-space, leftovers. */
  check: string;
  ok: boolean;
  detail: string;
  remedy: string | null;
}

export const columns = [
  text<Check>('check', (c) => c.check, 'CHECK', 'key'),
  bool<Check>('ok', (c) => c.ok, 'OK', 'key'),
  text<Check>('detail', (c) => c.detail, 'DETAIL', 'high'),
  text<Check>('remedy', (c) => c.remedy, 'WHAT TO DO'),
];

/** Less room than this on the data folder's device fails: an import, a sync or a week of surveys may need it. */
export const FREE_SPACE_MIN = 100 * 1024 * 1024;

const passed = (check: string, detail: string): Check => ({ check, ok: true, detail, remedy: null });
const failed = (check: string, detail: string, remedy: string): Check => ({ check, ok: false, detail, remedy });

const mode = (path: string) => statSync(path).mode & 0o777;
const octal = (bits: number) => bits.toString(8).padStart(4, '0');
/** 1.5 MB, 58 MB, 74.1 GB. */
const size = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return mb >= 10 * 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${mb.toFixed(mb < 100 ? 1 : 0)} MB`;
};

/** Enough of a key to tell which it is, never enough to use it: rsk_<its 8-character id>…, else its first 4 characters. */
export function keyPrefix(key: string): string {
  return `${/^rsk_[A-Za-z0-9]{8}(?=_)/.exec(key)?.[0] ?? key.slice(0, 4)}…`;
}

function nodeCheck(): Check {
  // bin/launch.js refuses a Node older than package.json's engines before any command runs.
  return passed('node', `Node.js ${process.versions.node} (${process.execPath})`);
}

/** config.json 0600 in a 0700 folder: it holds API keys. */
function permissionsCheck(dir: string, path: string): Check {
  if (!existsSync(dir)) return passed('config-permissions', `Config folder ${dir}: none yet (login creates it, 0700)`);
  const open = [
    ...(mode(dir) & 0o077 ? [{ what: `the folder ${dir} is ${octal(mode(dir))}`, fix: `chmod 700 ${shellWord(dir)}` }] : []),
    ...(existsSync(path) && mode(path) & 0o077 ? [{ what: `${basename(path)} is ${octal(mode(path))}`, fix: `chmod 600 ${shellWord(path)}` }] : []),
  ];
  if (open.length > 0)
    return failed('config-permissions', `Config ${path}: ${open.map((o) => o.what).join(', ')}: other users can read its API keys`, open.map((o) => o.fix).join(' && '));
  return passed('config-permissions', existsSync(path) ? `Config ${path}: 0600 in a 0700 folder` : `Config folder ${dir} (0700): no config.json yet`);
}

function parseCheck(path: string): Check | undefined {
  if (!existsSync(path)) return undefined;
  let read: ReturnType<typeof readConfig>;
  try {
    read = readConfig(path);
  } catch (error) {
    return failed('config', `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, 'check the file and its permissions');
  }
  if (read.problem) return failed('config', `${path} ${read.problem}`, CONFIG_REPAIR);
  const names = Object.keys(read.profiles).sort();
  return passed('config', `config.json reads: ${names.length === 0 ? 'no profile' : `${formatCount(names.length)} profile${names.length === 1 ? '' : 's'} (${names.join(', ')})`}`);
}

/** The profile in use and where it came from; its mode and, remote, its service and key (by prefix). */
function profileCheck(ctx: CommandContext, configDir: string): { check: Check; connection?: { baseUrl: string; apiKey: string; login: string } } {
  const store = peekConfig(configDir);
  const connection = resolveConnection({ flags: { profile: ctx.globals.profile }, env: ctx.env, store });
  // globals.profile is --profile, else RENTSURVEY_PROFILE: which of the two, the environment tells.
  const fromEnv = resolveConnection({ flags: {}, env: ctx.env, store }).profile;
  const source = ctx.globals.profile === undefined ? 'the default' : ctx.globals.profile === fromEnv && ctx.env.RENTSURVEY_PROFILE ? 'RENTSURVEY_PROFILE' : '--profile';
  const { profile } = connection;
  const stored = store.getProfile(profile) !== undefined;
  const named = `Profile ${profile} (${source}${stored ? '' : ', not stored'})`;
  const login = `rentsurvey ${profile === 'default' ? '' : `--profile ${shellWord(profile)} `}login`;
  const { local, localMode, dataDir } = ctx.globals;
  if (local) return { check: passed('profile', `${named}: local (${describeLocalSource(localMode, profile, ctx.env)}), data in ${dataDir}`) };
  const sourceOf = (from: string) => ({ flag: 'a flag', env: 'the environment', profile: 'the profile', default: 'the default', none: 'nowhere' })[from];
  const { baseUrl, apiKey } = connection;
  if (!baseUrl || !apiKey)
    return {
      check: failed(
        'profile',
        `${named}: remote, with no ${!baseUrl && !apiKey ? 'base URL and no API key' : !baseUrl ? 'base URL' : 'API key'}`,
        `${login} (or RENTSURVEY_BASE_URL and RENTSURVEY_API_KEY); or use the embedded service: --local, or rentsurvey login --local`,
      ),
    };
  const detail = `${named}: remote, ${baseUrl} (from ${sourceOf(connection.sources.baseUrl)}), key ${keyPrefix(apiKey)} (from ${sourceOf(connection.sources.apiKey)})`;
  return { check: passed('profile', detail), connection: { baseUrl, apiKey, login } };
}

/** The service answers, and takes the key (as auth status checks it). */
async function serviceChecks(ctx: CommandContext, { baseUrl, apiKey, login }: { baseUrl: string; apiKey: string; login: string }): Promise<Check[]> {
  const verdict = await verifyCredentials(ctx, baseUrl, apiKey);
  const answers = passed('service', `Service ${baseUrl} answers`);
  if (verdict.ok) return [answers, passed('key', `API key ${keyPrefix(apiKey)} accepted${verdict.note ? ` (${verdict.note})` : ''}`)];
  const { error } = verdict;
  if (error.exitCode === ExitCode.auth) return [answers, failed('key', `API key ${keyPrefix(apiKey)} refused: ${error.message}`, `${login} with a valid key`)];
  return [failed('service', `Service ${baseUrl} does not answer as a rentsurvey service: ${error.message}`, error.hint ?? 'check the base URL (login --base-url, RENTSURVEY_BASE_URL) and the network')];
}

/** The local store, read-only: integrity, schema version, size; the organization --local works in. */
function storeChecks(dataDir: string): Check[] {
  let health: ReturnType<typeof inspectStore>;
  try {
    health = inspectStore(dataDir);
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return [failed('store', `Local store: ${error.message}`, error.hint ?? 'check the file, its folder and their permissions')];
  }
  if (!health) return [passed('store', `Local store: none yet in ${dataDir} (the first --local command creates it with demo data)`)];
  const { path, integrity, schemaVersion, currentVersion, bytes, organization } = health;
  if (integrity !== 'ok') return [failed('store', `Local store ${path} fails SQLite's integrity check: ${integrity.slice(0, 300)}`, startAgain(path))];
  if (schemaVersion > currentVersion)
    return [failed('store', `Local store ${path} was made by a newer rentsurvey (schema version ${schemaVersion}; this one knows ${currentVersion})`, 'upgrade rentsurvey')];
  const version = schemaVersion === currentVersion ? `schema version ${schemaVersion}` : `schema version ${schemaVersion} (brought to ${currentVersion} on next use)`;
  return [
    passed('store', `Local store ${path}: integrity ok, ${version}, ${size(bytes)}`),
    organization
      ? passed('organization', `--local works in "${organization.name}" (${formatCount(organization.communities)} communities)`)
      : passed('organization', '--local has no organization yet: `rentsurvey local import <file>` or `rentsurvey local reset --demo` makes one'),
  ];
}

/** Where each shell finds a completion script (besides a line in its start-up file): where --install puts it first. */
function completionPlaces(env: NodeJS.ProcessEnv) {
  const home = env.HOME ?? '';
  const data = env.XDG_DATA_HOME || join(home, '.local', 'share');
  const config = env.XDG_CONFIG_HOME || join(home, '.config');
  return {
    bash: {
      script: bashScript,
      files: [installPath(env, 'bash'), '/usr/local/share/bash-completion/completions/rentsurvey', '/usr/share/bash-completion/completions/rentsurvey', '/etc/bash_completion.d/rentsurvey'],
      startup: [join(home, '.bashrc'), join(home, '.bash_profile')],
    },
    zsh: {
      script: zshScript,
      files: [installPath(env, 'zsh'), '/usr/local/share/zsh/site-functions/_rentsurvey', '/usr/share/zsh/site-functions/_rentsurvey', '/usr/share/zsh/vendor-completions/_rentsurvey'],
      startup: [join(env.ZDOTDIR || home, '.zshrc')],
    },
    fish: {
      script: fishScript,
      files: [installPath(env, 'fish'), join(data, 'fish', 'vendor_completions.d', 'rentsurvey.fish'), '/usr/share/fish/vendor_completions.d/rentsurvey.fish'],
      startup: [join(config, 'fish', 'config.fish')],
    },
  };
}

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The completion script of the user's shell ($SHELL) is installed, and is the one this rentsurvey prints. */
function completionCheck(env: NodeJS.ProcessEnv): Check {
  const shell = basename(env.SHELL ?? '');
  const places = completionPlaces(env);
  if (!Object.hasOwn(places, shell))
    return passed('completion', `Shell completion: nothing to install for ${shell === '' ? 'an unknown shell ($SHELL is not set)' : shell} (rentsurvey completes in bash, zsh and fish)`);
  const place = places[shell as keyof typeof places];
  const sourced = place.startup.find((file) => readText(file)?.includes(`rentsurvey completion ${shell}`));
  if (sourced) return passed('completion', `Shell completion (${shell}): ${sourced} loads \`rentsurvey completion ${shell}\``);
  const file = place.files.find((path) => existsSync(path));
  const install = `rentsurvey completion ${shell} --install; ${AFTERWARDS[shell as Shell]}`;
  if (!file) return failed('completion', `Shell completion (${shell}): not installed`, install);
  // One that is not the user's own (a package's, under /usr) is replaced by a package upgrade, not by --install.
  if (readText(file) !== place.script)
    return failed(
      'completion',
      `Shell completion (${shell}): ${file} is not the script this rentsurvey prints (an older version?)`,
      file === place.files[0] ? install : `rentsurvey completion ${shell} > ${shellWord(file)} (as the user who owns it)`,
    );
  return passed('completion', `Shell completion (${shell}): ${file}`);
}

/** Free space on the device of the data folder (or of its nearest folder that exists). */
async function freeSpaceCheck(dataDir: string): Promise<Check> {
  let dir = dataDir;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  const { bavail, bsize } = await statfs(dir);
  const free = bavail * bsize;
  const detail = `${size(free)} free on the device of the data folder ${dataDir}`;
  if (free >= FREE_SPACE_MIN) return passed('free-space', `Free space: ${detail}`);
  return failed('free-space', `Free space: only ${detail}`, `free some space there, or move the data folder elsewhere (--data-dir, RENTSURVEY_DATA_DIR)`);
}

/** Folders under `dir`, `dir` first, `depth` levels down. */
function foldersUnder(dir: string, depth: number): string[] {
  if (depth < 0 || !existsSync(dir)) return [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(dir, entry.name));
  } catch {
    // unreadable: nothing to look at there
  }
  return [dir, ...entries.flatMap((sub) => foldersUnder(sub, depth - 1))];
}

/** Temporary files of writes that were killed (a SIGKILL leaves no chance to remove one) in the data and state folders. */
async function leftoversCheck(dataDir: string, stateDir: string): Promise<Check> {
  const folders = [...new Set([...foldersUnder(dataDir, 1), ...foldersUnder(stateDir, 1)])];
  const left = (await Promise.all(folders.map((dir) => abandonedTemps(dir)))).flat();
  const where = `${dataDir} and ${stateDir}`;
  if (left.length === 0) return passed('leftovers', `No temporary files of killed writes in ${where}`);
  const named = left.slice(0, 3).map((temp) => `${temp.path} (of ${temp.file}, process ${temp.pid})`);
  return failed(
    'leftovers',
    `${formatCount(left.length)} temporary file${left.length === 1 ? '' : 's'} of killed writes: ${named.join(', ')}${left.length > 3 ? `, and ${formatCount(left.length - 3)} more` : ''}`,
    `rm ${left.map((temp) => shellWord(temp.path)).join(' ')}   (the next write of the same file also removes its own)`,
  );
}

/** Every check, in order. Only a bug throws: what is wrong with the set-up is a failed check. */
export async function runChecks(ctx: CommandContext): Promise<Check[]> {
  const configDir = defaultConfigDir(ctx.env);
  const configFile = join(configDir, 'config.json');
  const checks: Check[] = [nodeCheck(), permissionsCheck(configDir, configFile)];
  const parsed = parseCheck(configFile);
  if (parsed) checks.push(parsed);
  const profile = profileCheck(ctx, configDir);
  checks.push(profile.check);
  if (profile.connection) checks.push(...(await serviceChecks(ctx, profile.connection)));
  if (ctx.globals.local) checks.push(...storeChecks(ctx.globals.dataDir));
  checks.push(completionCheck(ctx.env), await freeSpaceCheck(ctx.globals.dataDir), await leftoversCheck(ctx.globals.dataDir, xdgDir(ctx.env, 'state')));
  return checks;
}

