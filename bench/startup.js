// Start-up figures: each command run many times in rounds, interleaved with the
// `node -e 0` baseline (in a shuffled order each round, so that a burst of
// other load hits the baseline as often as the command), medians of wall time
// and of CPU time (user + system of the process and all its threads), both as
// ratios to the baseline measured in the same rounds. On a shared machine wall
// time moves with everyone else's load; CPU time moves much less: it counts our
// work, not our waiting.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, bound, env, median, ms, ratio, root, row } from './lib.js';

const STARTUP_RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 25);
// bash's `time` keyword: wall and CPU of the child alone (not bash's own start), to the millisecond.
const HAS_BASH = spawnSync('bash', ['-c', 'exit 0']).status === 0;
const TIME_SCRIPT = 'TIMEFORMAT="%3R %3U %3S"; time "$@" >/dev/null 2>"$RS_BENCH_ERR"';

/** Runs `node ...args` once: { wall, cpu } in ms (cpu NaN without bash). Throws on a non-zero exit. */
function runOnce(args, extraEnv) {
  const errFile = join(root, `startup-err-${process.pid}.txt`);
  const childEnv = { ...env, ...extraEnv, RS_BENCH_ERR: errFile };
  if (!HAS_BASH) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${result.stderr}`);
    return { wall: performance.now() - started, cpu: NaN };
  }
  const result = spawnSync('bash', ['-c', TIME_SCRIPT, 'bash', process.execPath, ...args], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed (${result.status}): ${readFileSync(errFile, 'utf8')}`);
  const [real, user, system] = result.stderr.trim().split('\n').at(-1).split(' ').map(Number);
  return { wall: real * 1000, cpu: (user + system) * 1000 };
}

/**
 * CPU time so far of a running process, all threads, in ms: Linux's
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds); NaN elsewhere.
 */
export function cpuSoFar(pid) {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return NaN;
  let ns = 0;
  for (const tid of readdirSync(tasks)) {
    try {
      ns += Number(readFileSync(`${tasks}/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return ns / 1e6;
}

/**
 * Spawns a server (`args` must make it print "Listening on http://…/v1" on stderr),
 * requests `path` once it listens, and stops it: wall time from spawn to the
 * whole answer, and the server's CPU time up to that answer.
 */
async function firstAnswer(args, path, key) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const baseUrl = await new Promise((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
        const match = /Listening on (http:\/\/\S+)\/v1/.exec(stderr);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`)));
    });
    const response = await fetch(baseUrl + path, key ? { headers: { authorization: `Bearer ${key}` } } : {});
    await response.text();
    const wall = performance.now() - started;
    const cpu = cpuSoFar(child.pid);
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return { wall, cpu };
  } finally {
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

// A tiny deterministic shuffle, so that runs of the bench are comparable.
function shuffled(items, seed) {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// Answers once it listens, as `serve` does: the floor of any Node server's start here.
const PLAIN_SERVER = `require('node:http').createServer((q, r) => r.end('{}')).listen(0, '127.0.0.1', function () {
  process.stderr.write('Listening on http://127.0.0.1:' + this.address().port + '/v1\\n');
})`;

/**
 * The start-up section. `remoteEnv` points the CLI at a running serve of the
 * demo store; `demoDir` is that store (for --local and for spawning serve).
 * Resolves to the baseline's median wall time (other sections divide by it).
 */
export async function startupBench({ demoDir, remoteEnv, key }) {
  // Goals: issue 35's start-up budget (--version, --local portfolio, serve), earlier issues' for --help and remote.
  const commands = (cli) => [
    { label: 'rentsurvey --version', goal: 1.2, run: () => runOnce([cli, '--version']) },
    { label: 'rentsurvey --help', goal: 2, run: () => runOnce([cli, '--help']) },
    { label: 'rentsurvey portfolio --json (against serve)', goal: 4, run: () => runOnce([cli, 'portfolio', '--json'], remoteEnv) },
    {
      label: 'rentsurvey --local portfolio --json',
      goal: 2.2,
      run: () => runOnce([cli, '--local', '--data-dir', demoDir, 'portfolio', '--json']),
    },
    {
      label: 'serve spawn → first GET /rentsurvey/portfolio',
      goal: 3,
      run: () => firstAnswer([cli, 'serve', '--port', '0', '--data-dir', demoDir], '/v1/rentsurvey/portfolio', key),
    },
  ];
  // BENCH_BEFORE: another built checkout's bin/rentsurvey.js, each command measured in the same rounds, under this one.
  const before = process.env.BENCH_BEFORE ? commands(process.env.BENCH_BEFORE) : [];
  const cases = [
    { label: 'node -e 0', run: () => runOnce(['-e', '0']) },
    ...commands(CLI).flatMap((command, i) => (before[i] ? [command, { ...before[i], label: '  before', goal: undefined }] : [command])),
    {
      label: '  plain node:http server spawn → first answer',
      run: () => firstAnswer(['-e', PLAIN_SERVER], '/v1/'),
    },
  ];
  // The first run of anything fills Node's compile cache and the page cache; this process's fetch warms too.
  for (const { run } of cases) await run();

  const samples = cases.map(() => []);
  for (let round = 0; round < STARTUP_RUNS; round++)
    for (const i of shuffled(cases.keys(), round + 1)) samples[i].push(await cases[i].run());

  const wall = samples.map((s) => median(s.map((x) => x.wall)));
  const cpu = samples.map((s) => median(s.map((x) => x.cpu)));
  console.log(
    `Start-up (${STARTUP_RUNS} rounds, each command interleaved with \`node -e 0\`; medians; ratio to \`node -e 0\`)\n` +
      `  ${''.padEnd(48)} ${'wall'.padStart(12)}  ${'ratio'.padStart(9)}   cpu (user+sys), ratio`,
  );
  cases.forEach(({ label, goal }, i) => {
    const cpuText = Number.isNaN(cpu[i]) ? 'cpu n/a' : `cpu ${ms(cpu[i]).padStart(8)}  ${ratio(cpu[i], cpu[0]).padStart(6)}`;
    row(label, ms(wall[i]), ratio(wall[i], wall[0]), `${cpuText}${goal ? `   ${bound(wall[i] / wall[0], '≤', goal)}` : ''}`);
  });
  return wall[0];
}
