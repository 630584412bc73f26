import { homedir } from 'node:os';
import { join } from 'node:path';
import { CSV_DIALECTS, type CsvDialect } from '../output/csv-dialect.js';
import type { Format } from '../output/formats.js';
import type { SortOrder } from '../output/columns.js';
import { parseIntegerOption, splitList, type OptionsOf } from './command.js';
import { peekConfig } from './config.js';
import { UsageError } from './errors.js';
import { outFormat, type OutCommand } from './out-file.js';
import { decideLocalMode, envSwitch, type LocalMode } from './local-mode.js';
import type { rootCommand } from './program.js';

/** The global flags, as commander parses them (optsWithGlobals), typed from the program's definition. */
export type GlobalFlags = OptionsOf<typeof rootCommand>;

export interface GlobalOptions {
  profile?: string | undefined;
  local: boolean;
  /** Why `local` is what it is (flag, RENTSURVEY_LOCAL, a profile saved with login --local), for messages. */
  localMode: LocalMode;
  dataDir: string;
  dataDirSource: 'flag' | 'env' | 'profile' | 'default';
  /** --no-input, RENTSURVEY_NO_INPUT or CI: nothing prompts; what would ask fails naming the flag to pass. */
  noInput: boolean;
  format: Format;
  /** Where the format came from: typed (--format, --json…), --out's extension, or neither (a table, or a file command's own). */
  formatSource: 'flag' | 'out' | 'default';
  fields?: string[] | undefined;
  /** --sort: list rows by this column (`-key`: descending). */
  sort?: SortOrder | undefined;
  /** --limit: at most this many rows of a list. */
  limit?: number | undefined;
  /** --wide: terminal tables show every column, ids included, at full width. */
  wide: boolean;
  /** false with --no-pager. */
  pager: boolean;
  /** --dollars (or an Excel CSV): money in dollars in csv/ndjson and pricing export. */
  dollars: boolean;
  /** The CSV to write (csv-dialect.ts): --excel > RENTSURVEY_CSV > the profile's `csv` setting > plain. */
  csvDialect: CsvDialect;
  /** --out: the file a workbook (--format xlsx), `pricing export` or `report` writes. */
  out?: string | undefined;
  noColor: boolean;
  quiet: boolean;
  debug: boolean;
  connectTimeoutMs?: number | undefined;
  requestTimeoutMs?: number | undefined;
}

/** Each XDG base folder: its variable, and its place under the home folder when unset. */
const XDG = {
  config: ['XDG_CONFIG_HOME', '.config'],
  data: ['XDG_DATA_HOME', '.local/share'],
  state: ['XDG_STATE_HOME', '.local/state'],
  cache: ['XDG_CACHE_HOME', '.cache'],
} as const;

/**
 * Our folder of an XDG kind: $XDG_<KIND>_HOME/rentsurvey, else under $HOME (~/.config,
 * ~/.local/share, ~/.local/state, ~/.cache). Read from `env`, the run's own: a command run in
 * process with a HOME of its own (tests) stays in it.
 */
export function xdgDir(env: NodeJS.ProcessEnv, kind: keyof typeof XDG): string {
  const [variable, underHome] = XDG[kind];
  return join(env[variable] || join(env.HOME || homedir(), underHome), 'rentsurvey');
}

/** Where the local store is unless --data-dir or RENTSURVEY_DATA_DIR says otherwise. */
export const defaultDataDir = (env: NodeJS.ProcessEnv): string => xdgDir(env, 'data');

/** Where config.json (profiles, credentials) is. */
export const defaultConfigDir = (env: NodeJS.ProcessEnv): string => xdgDir(env, 'config');

/** A timeout in milliseconds from --<flag> (else the environment variable `variable`), read as seconds. */
function seconds(flag: string | undefined, env: NodeJS.ProcessEnv, name: string, variable: string): number | undefined {
  const value = flag ?? env[variable];
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  // Named as typed, like every flag's value: `--connect-timeout: "abc" is not …` (or the variable that set it).
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`${flag === undefined ? variable : name}: "${value}" is not a positive number of seconds`);
  return Math.round(n * 1000);
}

/** --data-dir > RENTSURVEY_DATA_DIR > the local profile's (login --data-dir … --local) > $XDG_DATA_HOME/rentsurvey. */
function dataDirOf(flag: string | undefined, env: NodeJS.ProcessEnv, profile: string | undefined): Pick<GlobalOptions, 'dataDir' | 'dataDirSource'> {
  if (flag) return { dataDir: flag, dataDirSource: 'flag' };
  if (env.RENTSURVEY_DATA_DIR) return { dataDir: env.RENTSURVEY_DATA_DIR, dataDirSource: 'env' };
  if (profile) return { dataDir: profile, dataDirSource: 'profile' };
  return { dataDir: defaultDataDir(env), dataDirSource: 'default' };
}

/** `--sort -market_rent_cents` → descending by that column; the column itself is checked against the list's. */
function sortOrder(value: string | undefined): SortOrder | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  const descending = trimmed.startsWith('-');
  const key = (descending ? trimmed.slice(1) : trimmed).trim();
  if (key === '') throw new UsageError(`--sort needs a column name (prefix - for descending), got "${value}"`);
  return { key, descending };
}

/** --limit: a number of rows, digits only like every whole number the CLI takes. */
function rowLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '0') throw new UsageError('--limit: "0" is not a whole number from 1 up', 'leave --limit out to print every row');
  return parseIntegerOption('--limit', 1)(value.trim());
}

/** RENTSURVEY_CSV, when set: excel or plain. */
function csvFromEnv(env: NodeJS.ProcessEnv): CsvDialect | undefined {
  const value = env.RENTSURVEY_CSV?.trim().toLowerCase();
  if (!value) return undefined;
  if ((CSV_DIALECTS as readonly string[]).includes(value)) return value as CsvDialect;
  throw new UsageError(`RENTSURVEY_CSV: "${env.RENTSURVEY_CSV}" is not one of ${CSV_DIALECTS.join(', ')}`);
}

/**
 * The global flags of a run, checked and resolved; `command` (its words and the formats it writes,
 * for a command that takes --out) lets --out's extension choose the format.
 */
export function resolveGlobals(flags: Partial<GlobalFlags>, env: NodeJS.ProcessEnv, command?: OutCommand): GlobalOptions {
  // --excel is a CSV for Excel: a shorthand for --csv with that dialect.
  const shorthands = [flags.json && 'json', (flags.csv || flags.excel) && 'csv', flags.ndjson && 'ndjson'].filter(Boolean) as Format[];
  if (shorthands.length > 1) throw new UsageError(`use only one of --json, --csv${flags.excel ? ' (or --excel)' : ''} and --ndjson`);
  if (shorthands.length === 1 && flags.format && flags.format !== shorthands[0])
    throw new UsageError(`--${flags.excel && !flags.csv ? 'excel' : shorthands[0]} conflicts with --format ${flags.format}`);
  // --format's choices are checked by commander; the shorthands name valid formats.
  const typedFormat = shorthands[0] ?? flags.format;
  const typedFlag = shorthands[0] ? `--${flags.excel && !flags.csv ? 'excel' : shorthands[0]}` : `--format ${flags.format}`;
  // Without a format typed, --out's extension chooses it (out-file.ts): pos.xlsx is a workbook, pos.csv a CSV.
  const fromOut =
    flags.out === undefined || command === undefined
      ? undefined
      : outFormat(flags.out, typedFormat === undefined ? undefined : { format: typedFormat, flag: typedFlag }, command);
  const format: Format = typedFormat ?? fromOut ?? 'table';
  const fields = flags.fields === undefined ? undefined : splitList(flags.fields);
  if (fields?.length === 0) throw new UsageError('--fields needs at least one field name');
  const profile = flags.profile ?? (env.RENTSURVEY_PROFILE || undefined);
  // Read only (no folder created): a broken config.json is reported by the commands that need credentials.
  const stored = peekConfig(defaultConfigDir(env)).getProfile(profile ?? 'default');
  const localMode = decideLocalMode({ flag: flags.local, profileFlag: flags.profile, env, stored });
  const sort = sortOrder(flags.sort);
  // --json is the service's answer as it came: nothing sorts it (a command that pages by --limit still can).
  if (sort && format === 'json')
    throw new UsageError('--sort orders table, csv, ndjson and md output; --json prints the service\'s answer as it came', 'use --ndjson, or sort with jq');
  if (flags.dollars && (format === 'json' || format === 'md' || format === 'xlsx' || flags.format === 'table'))
    throw new UsageError(
      `--dollars is for --format csv or ndjson (and pricing export): ${format === 'json' ? "--json is the service's answer, in cents" : format === 'xlsx' ? 'workbooks already have money in dollars' : 'tables already show dollars'}`,
    );
  // A workbook is a file (zip bytes): never for a terminal, nor a pipe that cannot say where it goes.
  if (format === 'xlsx' && (flags.out === undefined || flags.out === '-'))
    throw new UsageError('--format xlsx writes a workbook to a file, not to the terminal or a pipe', 'add --out <file.xlsx>');
  const csvDialect: CsvDialect = flags.excel ? 'excel' : (csvFromEnv(env) ?? stored?.csv ?? 'plain');
  return {
    profile,
    local: localMode.local,
    localMode,
    ...dataDirOf(flags.dataDir, env, localMode.local ? stored?.data_dir : undefined),
    noInput: flags.input === false || envSwitch(env.RENTSURVEY_NO_INPUT) || envSwitch(env.CI),
    format,
    formatSource: typedFormat !== undefined ? 'flag' : fromOut !== undefined ? 'out' : 'default',
    fields,
    sort,
    limit: rowLimit(flags.limit),
    wide: flags.wide === true,
    pager: flags.pager !== false,
    // Excel's CSV has money in dollars: what a spreadsheet sums and formats as currency.
    dollars: flags.dollars === true || (csvDialect === 'excel' && format === 'csv'),
    csvDialect,
    out: flags.out,
    noColor: flags.color === false,
    quiet: flags.quiet === true,
    debug: flags.debug === true,
    connectTimeoutMs: seconds(flags.connectTimeout, env, '--connect-timeout', 'RENTSURVEY_CONNECT_TIMEOUT'),
    requestTimeoutMs: seconds(flags.requestTimeout, env, '--request-timeout', 'RENTSURVEY_REQUEST_TIMEOUT'),
  };
}
