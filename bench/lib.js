// Helpers shared by the benchmark sections: a sandbox of XDG folders, running
// the built CLI, timing with medians, peak RSS through /usr/bin/time, serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const RUNS = Number(process.env.BENCH_RUNS ?? 15);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
// BENCH_CLI: another checkout's built bin/rentsurvey.js, to compare before and after on one machine.
export const CLI = process.env.BENCH_CLI ?? new URL('../bin/rentsurvey.js', import.meta.url).pathname;
export const root = mkdtempSync(join(tmpdir(), 'rentsurvey-bench-'));
// Every folder the CLI writes (config, store, community cache, --since-last state) is the sandbox's, never the real home's.
export const env = {
  ...process.env,
  HOME: join(root, 'home'),
  XDG_CONFIG_HOME: join(root, 'config'),
  XDG_DATA_HOME: join(root, 'data'),
  XDG_CACHE_HOME: join(root, 'cache'),
  XDG_STATE_HOME: join(root, 'state'),
  NO_COLOR: '1',
  RENTSURVEY_PROFILE: '',
};
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
export const ms = (n) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(1)} ms`);
export const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
export const ratio = (n, base) => `${(n / base).toFixed(2)}×`;
/**
 * A figure's bound, and whether the figure is within it, for a reader to see at a glance:
 * `goal ≤ 2.2× ok`, `goal ≥ 0.3× ← OUT`. `op` is '≤' or '≥'; `text` the bound as shown.
 */
export const bound = (value, op, limit, text = `${limit}×`) =>
  `goal ${op} ${text} ${(op === '≤' ? value <= limit : value >= limit) ? 'ok' : '← OUT'}`;
/** One line: label, value, ratio, and a note (the goal, or more figures). */
export const row = (label, value, vs, note) =>
  console.log(`  ${label.padEnd(48)} ${value.padStart(12)}  ${vs.padStart(9)}${note ? `   ${note}` : ''}`);

export function cli(args, extraEnv = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], { env: { ...env, ...extraEnv }, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`rentsurvey ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Median wall time of a command over `runs` runs, interleaved with the others so load hits all alike. */
export function timeCommands(commands, runs = RUNS) {
  const samples = commands.map(() => []);
  for (let run = 0; run < runs; run++)
    commands.forEach(({ args, env: extra }, i) => {
      const started = performance.now();
      const result = spawnSync(process.execPath, args, { env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'pipe'] });
      samples[i].push(performance.now() - started);
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    });
  return samples.map(median);
}

const TIME = '/usr/bin/time';
export const canMeasureRss = existsSync(TIME);

/**
 * Runs `command args` once: wall time (ms), CPU time (user + system, ms) and
 * peak RSS (KB, from GNU time; NaN without it). CPU time is the steadier figure
 * on a shared machine: other engineers' load stretches wall time, not our work.
 */
export function measure(command, args, extraEnv = {}, options = {}) {
  const out = join(root, `time-${process.pid}.txt`);
  const argv = canMeasureRss ? [TIME, '-f', '%U %S %M', '-o', out, command, ...args] : [command, ...args];
  const started = performance.now();
  const result = spawnSync(argv[0], argv.slice(1), {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
  if (!canMeasureRss) return { wall, cpu: NaN, rss: NaN, stdout: result.stdout };
  const [user, system, rss] = readFileSync(out, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return { wall, cpu: (user + system) * 1000, rss, stdout: result.stdout };
}

/**
 * `measure`, without blocking this process: for a run that talks to a server
 * living in the bench's own event loop (a proxy). Resolves with the same figures.
 */
export function measureAsync(command, args, extraEnv = {}) {
  const out = join(root, `time-async-${process.pid}-${++asyncRuns}.txt`);
  const argv = canMeasureRss ? [TIME, '-f', '%U %S %M', '-o', out, command, ...args] : [command, ...args];
  const started = performance.now();
  const child = spawn(argv[0], argv.slice(1), { env: { ...env, ...extraEnv }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      children.delete(child);
      const wall = performance.now() - started;
      if (status !== 0) return reject(new Error(`${command} ${args.join(' ')} failed (${status}): ${stderr}`));
      if (!canMeasureRss) return resolve({ wall, cpu: NaN, rss: NaN });
      const [user, system, rss] = readFileSync(out, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
      resolve({ wall, cpu: (user + system) * 1000, rss });
    });
  });
}
let asyncRuns = 0;

/** `measure` `runs` times; the median of each figure. */
export function measureMedian(command, args, runs, extraEnv = {}) {
  const samples = Array.from({ length: runs }, () => measure(command, args, extraEnv));
  return {
    wall: median(samples.map((s) => s.wall)),
    cpu: median(samples.map((s) => s.cpu)),
    rss: median(samples.map((s) => s.rss)),
  };
}

/** Starts `rentsurvey serve --port 0`; resolves with its base URL once it listens. */
export function serve(dataDir, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir], {
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.add(child);
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /Listening on (http:\/\/\S+)\/v1/.exec(stderr);
      if (match) resolve({ baseUrl: match[1], child, started, stop: () => stop(child) });
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

function stop(child) {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', resolve);
    child.kill('SIGTERM');
    children.delete(child);
  });
}

export async function get(url, key) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return { body: await response.text(), timing: response.headers.get('server-timing') ?? '' };
}

export const serverMs = (timing) => Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? NaN);
