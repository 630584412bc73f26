/**
 * The hidden `rentsurvey __complete <words…>` (see complete.ts), with the
 * values that live outside the command tree: profile names from config.json,
 * communities from the local store (--local, RENTSURVEY_LOCAL, login --local) or from the
 * profile's cache. Nothing here calls a service or creates a file, and nothing
 * fails: whatever cannot be read completes nothing.
 */
import type { Command } from 'commander';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { formatsWritten } from '../../command.js';
import { definitionAt, type Runtime } from '../../program.js';
import { knownPlan, readCommunityCache } from '../../community-cache.js';
import { peekConfig, resolveConnection } from '../../config.js';
import { defaultConfigDir, defaultDataDir } from '../../globals.js';
import { decideLocalMode } from '../../local-mode.js';
import { openNameLookup } from '../../../server/store/name-lookup.js';
import { complete, Directive, formatCompletion, type Completion, type KnownCommunity, type KnownPlan, type Scope, type Sources } from './complete.js';
import { formatsOf, type Format } from '../../../output/formats.js';
import { printData } from '../../../output/render.js';
import { printText } from '../../../output/text.js';
import { ExitCode } from '../../errors.js';

type NameLookup = NonNullable<ReturnType<typeof openNameLookup>>;

/** The shell expands ~ only where it is not quoted; the scripts hand over words dequoted, so ~/ is still there. */
function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

function quietly<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export function systemSources(env: NodeJS.ProcessEnv, program: Command): Sources {
  const config = peekConfig(defaultConfigDir(env));
  const stored = (scope: Scope) => config.getProfile(scope.profile ?? (env.RENTSURVEY_PROFILE || 'default'));
  // The same decision as a command's (local-mode.ts): --local/--no-local, --profile, RENTSURVEY_LOCAL, login --local.
  const local = (scope: Scope) =>
    decideLocalMode({ flag: scope.local ? true : scope.noLocal ? false : undefined, profileFlag: scope.profile, env, stored: stored(scope) }).local;
  const fromStore = <T,>(scope: Scope, read: (lookup: NameLookup) => T[]): T[] => {
    const dir = scope.dataDir ? expandHome(scope.dataDir) : env.RENTSURVEY_DATA_DIR || stored(scope)?.data_dir || defaultDataDir(env);
    const lookup = openNameLookup(dir);
    if (!lookup) return [];
    try {
      return read(lookup);
    } finally {
      lookup.close();
    }
  };
  const fromCache = (scope: Scope) => {
    const { profile, baseUrl } = resolveConnection({ flags: { profile: scope.profile }, env, store: config });
    return baseUrl ? readCommunityCache(env, profile, baseUrl) : undefined;
  };
  return {
    profiles: () => quietly(() => config.listProfiles().map((p) => p.name), []),
    communities: (scope) =>
      quietly<KnownCommunity[]>(() => (local(scope) ? fromStore(scope, (l) => l.communities()) : (fromCache(scope)?.communities ?? [])), []),
    comps: (scope, subjectId) =>
      quietly<KnownCommunity[]>(
        () => (local(scope) ? fromStore(scope, (l) => l.comps(subjectId)) : (fromCache(scope)?.comps[subjectId] ?? [])),
        [],
      ),
    floorPlans: (scope, communityId) =>
      quietly<KnownPlan[]>(
        () =>
          local(scope)
            ? fromStore(scope, (l) => l.floorPlans(communityId)).map(knownPlan)
            : (fromCache(scope)?.floor_plans[communityId] ?? []),
        [],
      ),
    formats: (commandPath) => commandFormats(program, commandPath),
    fields: async (commandPath, flag) => {
      const output = definitionAt(program, commandPath.split(' '))?.output;
      if (!output || !('columns' in output)) return [];
      // --sort orders rows: a command that prints one record refuses it.
      if (flag === '--sort' && output.kind !== 'rows') return [];
      // The columns the command hands the renderer: what --fields and --sort take.
      return (await output.columns()).map((column) => column.key);
    },
  };
}

/** The formats the command at `commandPath` of `program` writes, by its definition ("" for none typed yet: the common ones). */
export function commandFormats(program: Command, commandPath: string): Format[] {
  const output = definitionAt(program, commandPath.split(' ').filter(Boolean))?.output;
  return output ? formatsWritten(output) : formatsOf();
}

/**
 * Writes the answer for `words` (what follows `rentsurvey __complete`) on stdout.
 * Always exit 0: a failure here is a bug to see when running __complete by hand
 * (stderr), while at a TAB, where stderr is discarded, it completes nothing.
 */
export async function answer(program: Command, words: readonly string[], runtime: Runtime): Promise<ExitCode> {
  let completion: Completion;
  try {
    completion = await complete(program, words.length > 0 ? words : [''], systemSources(runtime.env, program));
  } catch (error) {
    printText(runtime.io, `__complete: ${(error as Error).stack ?? String(error)}\n`, 'stderr');
    completion = { candidates: [], directive: Directive.noFiles };
  }
  // Lines for the shell scripts to read, byte for byte.
  printData(runtime.io, formatCompletion(completion));
  return ExitCode.ok;
}
