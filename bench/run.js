// rentsurvey benchmarks. Every figure is printed as a ratio to a baseline
// measured in the same run (bare `node -e 0`, a plain node:http server), since
// the machines are shared and absolute times mean little. Nothing here passes
// or fails: it prints numbers and the goals of the issues beside them.
//
//   npm run bench                 (builds first)
//   BENCH_RUNS=25 BENCH_SECONDS=8 npm run bench
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { overviewDataset } from './overview-dataset.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLI = new URL('../bin/rentsurvey.js', import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), 'rentsurvey-bench-'));
const env = {
  ...process.env,
  XDG_CONFIG_HOME: join(root, 'config'),
  XDG_DATA_HOME: join(root, 'data'),
  NO_COLOR: '1',
  RENTSURVEY_PROFILE: '',
};
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (n) => `${n.toFixed(1)} ms`;
const ratio = (n, base) => `${(n / base).toFixed(2)}×`;
const row = (label, value, vs, goal) =>
  console.log(`  ${label.padEnd(48)} ${value.padStart(12)}  ${vs.padStart(7)}${goal ? `   goal ${goal}` : ''}`);

function cli(args, extraEnv = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], { env: { ...env, ...extraEnv }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`rentsurvey ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** Median wall time of a command over RUNS runs, interleaved with the others so load hits all alike. */
function timeCommands(commands) {
  const samples = commands.map(() => []);
  for (let run = 0; run < RUNS; run++)
    commands.forEach(({ args, env: extra }, i) => {
      const started = performance.now();
      const result = spawnSync(process.execPath, args, { env: { ...env, ...extra }, stdio: ['ignore', 'ignore', 'pipe'] });
      samples[i].push(performance.now() - started);
      if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    });
  return samples.map(median);
}

/** Starts `rentsurvey serve --port 0`; resolves with its base URL once it listens. */
function serve(dataDir, extraEnv = {}) {
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

async function load(url, headers) {
  const result = await autocannon({ url, connections: 50, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** A plain node:http server answering every request with `body`: what the service is compared to. */
function plainServer(body) {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function get(url, key) {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return { body: await response.text(), timing: response.headers.get('server-timing') ?? '' };
}

const serverMs = (timing) => Number(/dur=([\d.]+)/.exec(timing)?.[1] ?? NaN);

console.log(`rentsurvey benchmarks — node ${process.version}, ${RUNS} runs per command, ${SECONDS} s per load test\n`);

// ---------------------------------------------------------------- demo store and its server
const demoDir = join(root, 'demo');
cli(['local', 'reset', '--demo', '--yes', '--data-dir', demoDir]);
const key = cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', demoDir]).trim();
// The overview dataset goes into the same store as a second organization, so
// that overview and portfolio are measured on one server.
const datasetFile = join(root, 'overview-dataset.json');
writeFileSync(datasetFile, JSON.stringify(overviewDataset()));
cli(['local', 'import', datasetFile, '--data-dir', demoDir]);
const overviewKey = cli(['local', 'keys', 'create', '--all-scopes', '--org', 'Bench Residential', '--data-dir', demoDir]).trim();
const demo = await serve(demoDir);
const remoteEnv = { RENTSURVEY_BASE_URL: demo.baseUrl, RENTSURVEY_API_KEY: key };

// ---------------------------------------------------------------- start-up
console.log('Start-up (median wall time; ratio to `node -e 0`)');
const [bare, version, help, remote, local] = timeCommands([
  { args: ['-e', '0'] },
  { args: [CLI, '--version'] },
  { args: [CLI, '--help'] },
  { args: [CLI, 'portfolio', '--json'], env: remoteEnv },
  { args: [CLI, '--local', '--data-dir', demoDir, 'portfolio', '--json'] },
]);
row('node -e 0', ms(bare), '1.00×');
row('rentsurvey --version', ms(version), ratio(version, bare), '≤ 1.5×');
row('rentsurvey --help', ms(help), ratio(help, bare), '≤ 2×');
row('rentsurvey portfolio --json (against serve)', ms(remote), ratio(remote, bare), '≤ 4×');
row('rentsurvey --local portfolio --json', ms(local), ratio(local, bare), '≤ 5×');

// ---------------------------------------------------------------- serve start-up on an existing store
await demo.stop();
const firstAnswers = [];
for (let i = 0; i < 5; i++) {
  const started = performance.now();
  const instance = await serve(demoDir);
  await get(`${instance.baseUrl}/v1/rentsurvey/portfolio`, key);
  firstAnswers.push(performance.now() - started);
  await instance.stop();
}
console.log('\nService start-up on an existing demo store (spawn to first answer)');
row('serve → first GET /rentsurvey/portfolio', ms(median(firstAnswers)), ratio(median(firstAnswers), bare), '≤ 3×');

// ---------------------------------------------------------------- throughput against plain node:http
const server = await serve(demoDir);
const auth = { authorization: `Bearer ${key}` };
console.log(`\nThroughput (autocannon -c 50, ${SECONDS} s; ratio to node:http serving the same bytes)`);
for (const path of ['/v1/rentsurvey/portfolio?include_pricing=true', '/v1/communities?limit=100']) {
  const { body } = await get(server.baseUrl + path, key);
  const plain = await plainServer(body);
  const baseline = await load(`http://127.0.0.1:${plain.address().port}/`, {});
  plain.close();
  const ours = await load(server.baseUrl + path, auth);
  row(`GET ${path.replace('/v1', '')}`, `${Math.round(ours)} req/s`, ratio(ours, baseline), '≥ 0.5×');
  row(`  plain node:http, ${body.length} bytes`, `${Math.round(baseline)} req/s`, '1.00×');
}
await server.stop();

// ---------------------------------------------------------------- overview compute
// Without the response cache, so that every request computes its answer.
const uncached = await serve(demoDir, { RENTSURVEY_RESPONSE_CACHE: 'off' });
const portfolioPath = '/v1/rentsurvey/portfolio?include_pricing=true';
const benchPortfolio = await get(`${uncached.baseUrl}${portfolioPath}`, overviewKey);
const subjectId = JSON.parse(benchPortfolio.body).communities[0].id;
const overviewPath = `/v1/rentsurvey/communities/${subjectId}/overview`;
const computeTimes = { overview: [], portfolio: [] };
for (let i = 0; i < 40; i++) {
  computeTimes.overview.push(serverMs((await get(uncached.baseUrl + overviewPath, overviewKey)).timing));
  computeTimes.portfolio.push(serverMs((await get(uncached.baseUrl + portfolioPath, key)).timing));
}
const portfolioRate = await load(uncached.baseUrl + portfolioPath, auth);
const overviewRate = await load(uncached.baseUrl + overviewPath, { authorization: `Bearer ${overviewKey}` });
await uncached.stop();
console.log('\nOverview of 1 subject, 10 comps × 8 plans × 52 weekly surveys, against the demo portfolio (response cache off)');
const overviewMs = median(computeTimes.overview);
const portfolioMs = median(computeTimes.portfolio);
row('server compute per overview (Server-Timing)', ms(overviewMs), ratio(portfolioMs, overviewMs));
row('server compute per demo portfolio (Server-Timing)', ms(portfolioMs), '1.00×');
row('GET …/overview', `${Math.round(overviewRate)} req/s`, ratio(overviewRate, portfolioRate), '≥ 0.5×');
row('GET /rentsurvey/portfolio?include_pricing=true', `${Math.round(portfolioRate)} req/s`, '1.00×');
console.log('');
