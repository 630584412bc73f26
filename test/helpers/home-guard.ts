/**
 * Vitest global setup of every project (and of `npm run test:stress`): the test
 * run itself gets HOME and every XDG directory inside a temp folder, so that a
 * helper that forgets to give a run its own folders still cannot write into the
 * developer's home; and the run fails if anything was written there anyway.
 *
 * Two checks when the run ends:
 * - the fallback home (the temp HOME given to the run) holds no rentsurvey
 *   files: every run of the CLI had folders of its own (test/helpers/sandbox-env.ts).
 *   Exact, whatever else the machine does: a failure is always ours.
 * - the real home's rentsurvey folders (the developer's $HOME, and the user
 *   database's home, where a child started without HOME ends up) are as they
 *   were. Anything else that runs rentsurvey meanwhile (a TAB in another
 *   terminal, a second checkout's tests) writes there too, so this fails the
 *   run only in CI (`CI` set, as .ci/run does), where nothing else runs; a
 *   developer's run names the files in a warning.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, relative } from 'node:path';
import { sandboxEnv, SANDBOXED_VARIABLES } from './sandbox-env.js';

/** The folders of ours under a home, by the XDG defaults (docs: help environment). */
const OURS = ['.cache/rentsurvey', '.config/rentsurvey', '.local/share/rentsurvey', '.local/state/rentsurvey'];

type Snapshot = Map<string, string>;

/** Every file under the home's rentsurvey folders, with its size and modification time. */
function snapshot(home: string): Snapshot {
  const files: Snapshot = new Map();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path, { throwIfNoEntry: false });
        files.set(relative(home, path), stat ? `${stat.size} bytes, modified ${stat.mtime.toISOString()}` : 'gone');
      }
    }
  };
  for (const folder of OURS) walk(join(home, folder));
  return files;
}

function changes(before: Snapshot, after: Snapshot): string[] {
  const changed: string[] = [];
  for (const [file, state] of after) if (before.get(file) !== state) changed.push(`${file} (${before.has(file) ? 'changed' : 'new'}: ${state})`);
  for (const file of before.keys()) if (!after.has(file)) changed.push(`${file} (removed)`);
  return changed;
}

export interface GuardOptions {
  /** Homes whose rentsurvey folders must not change. */
  realHomes: readonly string[];
  /** A change in a real home fails the run (CI); otherwise it is `warn`ed. */
  strict: boolean;
  warn: (message: string) => void;
}

/**
 * Points this process's HOME and XDG variables into a new temp folder; the
 * function returned puts them back, removes the folder and throws if anything
 * was written where it must not be (see above).
 */
export function guardHome({ realHomes, strict, warn }: GuardOptions): () => void {
  const homes = [...new Set(realHomes)];
  const before = homes.map(snapshot);
  const root = mkdtempSync(join(tmpdir(), 'rentsurvey-test-home-'));
  const env = sandboxEnv(root);
  const previous = SANDBOXED_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of SANDBOXED_VARIABLES) {
    mkdirSync(env[name], { recursive: true, mode: 0o700 });
    process.env[name] = env[name];
  }
  return () => {
    const leftInFallback = [
      ...snapshot(env.HOME).keys(),
      ...(['XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME'] as const)
        .filter((name) => existsSync(join(env[name], 'rentsurvey')))
        .map((name) => `$${name}/rentsurvey`),
    ];
    const inRealHomes = homes.flatMap((home, i) => {
      const changed = changes(before[i]!, snapshot(home));
      return changed.length > 0 ? [`the real home ${home} was written during the test run: ${changed.join('; ')}`] : [];
    });
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(root, { recursive: true, force: true });
    if (!strict && inRealHomes.length > 0) warn(`warning: ${inRealHomes.join('\n')} (by this run, or by something else running rentsurvey meanwhile; CI fails on it)`);
    const problems = [
      ...(leftInFallback.length > 0
        ? [`a run of the CLI without folders of its own (see sandboxEnv) wrote into the test run's fallback home: ${leftInFallback.join(', ')}`]
        : []),
      ...(strict ? inRealHomes : []),
    ];
    if (problems.length > 0) throw new Error(problems.join('\n'));
  };
}

export default function setup() {
  // Several projects each run their global setups in this one process: the first one guards the whole run.
  if (process.env.RENTSURVEY_TEST_HOME_GUARD) return undefined;
  process.env.RENTSURVEY_TEST_HOME_GUARD = '1';
  return guardHome({
    realHomes: [process.env.HOME ?? userInfo().homedir, userInfo().homedir],
    strict: Boolean(process.env.CI),
    warn: (message) => process.stderr.write(`\n${message}\n`),
  });
}
