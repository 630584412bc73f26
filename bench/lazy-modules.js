// The commands added in issue 35's round — the dashboard (Ink, React) and the
// forecasts — load their modules only when they run: a run of the bench in
// which any other measured command loads one fails (a line naming the command
// and the module, and a non-zero exit).
//
// Each command is run once more with a preload that records the files the
// process loaded (record-modules.js); a chunk of dist/ stands for the source
// modules its source map names, so the check reads source paths whatever the
// chunking, and the packages the build leaves in node_modules are read as they are.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI, env, root } from './lib.js';

/**
 * Who may load what: each command, and the modules (source or package paths) no other command
 * may load — but its definition (what help and TAB list: its index.ts, and the modules of its
 * own folder that it imports), which every run that builds the whole command tree loads.
 */
export const ONLY_WHEN_THEY_RUN = [
  {
    command: 'dashboard',
    modules: [/\bsrc\/cli\/commands\/dashboard\//, /\bnode_modules\/(ink|react|react-reconciler|react-dom|scheduler|yoga-layout|ink-[\w-]+)\//],
  },
  {
    command: 'forecast',
    modules: [/\bsrc\/cli\/commands\/forecast\//, /\bsrc\/domain\/forecast[\w-]*\.ts$/, /\bnode_modules\/@bsull\/augurs\//, /\.wasm$/],
  },
];

const RECORDER = new URL('./record-modules.js', import.meta.url).href;
const sourcesOfChunk = new Map();

/** The source modules a built file of ours (dist/) holds, by its source map; any other file as it is. */
function sources(file) {
  if (!sourcesOfChunk.has(file)) {
    const map = `${file}.map`;
    const ours = /[\\/]dist[\\/]/.test(file) && !/[\\/]node_modules[\\/]/.test(file) && existsSync(map);
    const named = ours ? JSON.parse(readFileSync(map, 'utf8')).sources.map((source) => resolve(dirname(file), source)) : [file];
    sourcesOfChunk.set(file, named);
  }
  return sourcesOfChunk.get(file);
}

const recorded = (out) =>
  readFileSync(out, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((url) => sources(fileURLToPath(url)));

/** Every module (as a path) that `node ...args` loads, our chunks read as their sources. */
export function loadedModules(args, extraEnv = {}) {
  const out = join(root, `modules-${process.pid}.txt`);
  const result = spawnSync(process.execPath, ['--import', RECORDER, ...args], {
    env: { ...env, ...extraEnv, RS_BENCH_MODULES: out },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  return recorded(out);
}

/** What `serve` loads up to its first answer (GET `path`) and its stop. */
async function servedModules(dataDir, path, key) {
  const out = join(root, `modules-serve-${process.pid}.txt`);
  const child = spawn(process.execPath, ['--import', RECORDER, CLI, 'serve', '--port', '0', '--data-dir', dataDir], {
    env: { ...env, RS_BENCH_MODULES: out },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise((done) => child.on('exit', done));
  const baseUrl = await new Promise((done, fail) => {
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /Listening on (http:\/\/\S+)\/v1/.exec(stderr);
      if (match) done(match[1]);
    });
    child.on('exit', (code) => fail(new Error(`serve exited with ${code}: ${stderr}`)));
  });
  try {
    const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${key}` } });
    await response.text();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return recorded(out);
}

/** The checkout the measured CLI was built from (its bin/ and src/). */
const checkout = resolve(dirname(CLI), '..');

/** The source files of `command`'s definition: src/cli/commands/<command>/index.ts and what it imports from its own folder. */
function definitionOf(command) {
  const folder = join(checkout, 'src/cli/commands', command);
  const index = join(folder, 'index.ts');
  if (!existsSync(index)) return new Set();
  const own = [...readFileSync(index, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'\.\/([\w.-]+)\.js'/gm)].map(([, name]) => name);
  return new Set([index, ...own.flatMap((name) => [join(folder, `${name}.ts`), join(folder, `${name}.tsx`)])]);
}

/**
 * The modules of another command's (ONLY_WHEN_THEY_RUN) that a run of `command` loaded: [{ owner, module }].
 * `shows` names the owners whose figures the run shows (overview --all's 13-week column and the
 * report's bands are the forecast's own): their modules are that run's to load.
 */
export function foreignModules(command, modules, shows = []) {
  return ONLY_WHEN_THEY_RUN.filter(({ command: owner }) => owner !== command && !shows.includes(owner)).flatMap(({ command: owner, modules: patterns }) => {
    const definition = definitionOf(owner);
    return modules.filter((module) => !definition.has(module) && patterns.some((pattern) => pattern.test(module))).map((module) => ({ owner, module }));
  });
}

/**
 * Runs each of `runs` ({ label, command, args, env? }: `command` is the top-level command the
 * args run) once with the recorder; prints a line for each module one of them should not have
 * loaded and sets a failing exit code. Resolves to the number of runs that failed.
 */
export function checkLazyModules(runs) {
  let failures = 0;
  for (const { label, command, args, env: extraEnv, shows } of runs) {
    const foreign = foreignModules(command, loadedModules(args, extraEnv), shows);
    if (foreign.length === 0) continue;
    failures += 1;
    const owners = [...new Set(foreign.map(({ owner }) => owner))].join(' and ');
    const shown = foreign.slice(0, 5).map(({ module }) => module.replace(`${process.cwd()}/`, ''));
    console.log(`FAIL: ${label} loaded the modules of ${owners}, which load only when they run: ${shown.join(', ')}${foreign.length > 5 ? ` and ${foreign.length - 5} more` : ''}`);
  }
  if (failures > 0) process.exitCode = 1;
  return failures;
}

/**
 * The check over the commands the bench measures, on the demo store `demoDir` (with --local,
 * and against serve with `key`), and serve itself. Resolves to the number of runs that failed.
 */
export async function lazyModulesSection({ demoDir, key, serve }) {
  const server = await serve(demoDir);
  const remote = { RENTSURVEY_LOCAL: '0', RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
  const local = ['--local', '--data-dir', demoDir];
  const out = (name) => join(root, `lazy-${name}`);
  const run = (command, words, extraEnv, shows = []) => ({ label: `rentsurvey ${words.join(' ')}`, command, args: [CLI, ...words], env: extraEnv, shows });
  const runs = [
    run(undefined, ['--version']),
    run(undefined, ['--help']),
    run('portfolio', ['portfolio', '--json'], remote),
    run('portfolio', [...local, 'portfolio', '--json']),
    run(undefined, ['__complete', 'ov']),
    run(undefined, ['__complete', 'overview', 'Bar']),
    run(undefined, ['__complete', '--local', '--data-dir', demoDir, 'overview', 'Bar']),
    // These two show forecasts (issue 33: the NER PSI 13W column, the report's bands): the forecast's modules are theirs too.
    run('overview', ['overview', '--all', '--json'], remote, ['forecast']),
    run('report', [...local, 'report', 'DR-001', '--out', out('report.html')], undefined, ['forecast']),
    run('overview', [...local, 'overview', 'DR-001', '--json']),
    run('pricing', [...local, 'pricing', 'target', 'DR-001', '--band', 'market', '--json']),
    run('digest', ['digest', '--json'], remote),
    run('pricing', ['pricing', 'export', '--include-comps', '--out', out('export.csv')], remote),
    run('pricing', [...local, 'pricing', 'export', '--format', 'xlsx', '--out', out('export.xlsx')]),
    run('vacancy', [...local, 'vacancy', 'trend', 'DR-001', '--json']),
  ];
  let failures;
  try {
    failures = checkLazyModules(runs);
    const served = foreignModules('serve', await servedModules(demoDir, '/v1/rentsurvey/portfolio', key));
    if (served.length > 0) {
      failures += 1;
      process.exitCode = 1;
      console.log(`FAIL: rentsurvey serve loaded the modules of ${served[0].owner}, which load only when they run: ${served.map(({ module }) => module).join(', ')}`);
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nModules of ${ONLY_WHEN_THEY_RUN.map(({ command }) => command).join(' and ')} (load only when they run): ` +
      (failures === 0 ? `none loaded by the ${runs.length + 1} other commands checked` : `${failures} commands loaded them (FAIL above)`),
  );
  return failures;
}
