// rentsurvey benchmarks. Every figure is printed as a ratio to a baseline
// measured in the same run (bare `node -e 0`, a plain node:http server,
// `sqlite3 -csv`), since the machines are shared and absolute times mean
// little. The figures pass or fail nothing: they are printed with the goals of
// the issues beside them. One check fails the run (exit code 1, a FAIL line): a
// measured command that loads the modules of a command that loads only when it
// runs (the dashboard, forecasts: lazy-modules.js; a command that shows a forecast loads its math).
//
//   npm run bench                        (builds first; every section)
//   node bench/run.js startup service    (after npm run build; only these sections: modules, startup, service, positioning, scale, latency, forecast, dashboard, install)
//   BENCH_POSITIONING_SIZES=100,1000 BENCH_POSITIONING_RUNS=3 node bench/run.js positioning
//   BENCH_RUNS=25 BENCH_STARTUP_RUNS=40 BENCH_SECONDS=8 BENCH_SIZES=25,100 npm run bench
//   BENCH_CLI=/other/checkout/bin/rentsurvey.js node bench/run.js startup   (another built checkout, for before/after)
//   BENCH_BEFORE=/other/checkout/bin/rentsurvey.js node bench/run.js startup   (both, in the same rounds)
//   BENCH_INSTALL_BEFORE=/other/checkout node bench/run.js install   (npm install -g of both builds, in the same rounds)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { plainServer } from './load.js';
import { RUNS, SECONDS, cli, get, median, ms, ratio, root, row, serve, serverMs, timeCommands } from './lib.js';
import { forecastBench } from './forecast.js';
import { installBench } from './install.js';
import { overviewDataset } from './overview-dataset.js';
import { dashboardBench } from './dashboard.js';
import { latencyBench } from './latency.js';
import { lazyModulesSection } from './lazy-modules.js';
import { positioningBench, positioningScale } from './positioning.js';
import { scaleBench } from './scale.js';
import { startupBench } from './startup.js';

const SECTIONS = ['modules', 'startup', 'service', 'positioning', 'scale', 'latency', 'forecast', 'dashboard', 'install'];
const wanted = process.argv.slice(2).filter((arg) => SECTIONS.includes(arg));
const runs = (section) => wanted.length === 0 || wanted.includes(section);

async function load(url, headers) {
  const result = await autocannon({ url, connections: 50, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

console.log(`rentsurvey benchmarks — node ${process.version}, ${RUNS} runs per command, ${SECONDS} s per load test\n`);

// ---------------------------------------------------------------- demo store and its server
const demoDir = join(root, 'demo');
cli(['local', 'reset', '--demo', '--yes', '--data-dir', demoDir]);
const key = cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', demoDir]).trim();
// The overview dataset goes into the same store as a second organization, so
// that overview and portfolio are measured on one server.
const datasetFile = join(root, 'overview-dataset.json');
writeFileSync(datasetFile, JSON.stringify(overviewDataset()));
cli(['local', 'import', datasetFile, '--yes', '--data-dir', demoDir]);
// --local stays on the demo portfolio: the start-up figures are of its 25 subjects.
cli(['local', 'organizations', 'use', 'Demo Residential', '--data-dir', demoDir]);
const overviewKey = cli(['local', 'keys', 'create', '--all-scopes', '--org', 'Bench Residential', '--data-dir', demoDir]).trim();

// ---------------------------------------------------------------- modules that load only when their command runs
// A run in which another command loads them fails (exit code 1), whatever its figures.
if (runs('modules')) await lazyModulesSection({ demoDir, key, serve });

// ---------------------------------------------------------------- start-up
let bare;
if (runs('startup')) {
  const demo = await serve(demoDir);
  bare = await startupBench({ demoDir, key, remoteEnv: { RENTSURVEY_BASE_URL: demo.baseUrl, RENTSURVEY_API_KEY: key } });
  await demo.stop();
} else [bare] = timeCommands([{ args: ['-e', '0'] }]);

if (runs('service')) {
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
    row(`GET ${path.replace('/v1', '')}`, `${Math.round(ours)} req/s`, ratio(ours, baseline), 'goal ≥ 0.5×');
    row(`  plain node:http, ${body.length} bytes`, `${Math.round(baseline)} req/s`, '1.00×');
  }
  await server.stop();

  // ---------------------------------------------------------------- overview and vacancy-trend compute
  // Without the response cache, so that every request computes its answer.
  const uncached = await serve(demoDir, { RENTSURVEY_RESPONSE_CACHE: 'off' });
  const portfolioPath = '/v1/rentsurvey/portfolio?include_pricing=true';
  const benchPortfolio = await get(`${uncached.baseUrl}${portfolioPath}`, overviewKey);
  const subjectId = JSON.parse(benchPortfolio.body).communities[0].id;
  const overviewPath = `/v1/rentsurvey/communities/${subjectId}/overview`;
  const demoSubject = JSON.parse((await get(`${uncached.baseUrl}${portfolioPath}`, key)).body).communities[0].id;
  const computeTimes = { overview: [], portfolio: [], demoOverview: [], trend: [] };
  // The first of each after start: "cold" (the code not yet optimised by V8, nothing cached).
  const coldOverview = serverMs((await get(`${uncached.baseUrl}/v1/rentsurvey/communities/${demoSubject}/overview`, key)).timing);
  const coldTrend = serverMs((await get(`${uncached.baseUrl}/v1/rentsurvey/communities/${demoSubject}/vacancy-trend`, key)).timing);
  for (let i = 0; i < 40; i++) {
    computeTimes.overview.push(serverMs((await get(uncached.baseUrl + overviewPath, overviewKey)).timing));
    computeTimes.portfolio.push(serverMs((await get(uncached.baseUrl + portfolioPath, key)).timing));
    computeTimes.demoOverview.push(serverMs((await get(`${uncached.baseUrl}/v1/rentsurvey/communities/${demoSubject}/overview`, key)).timing));
    if (i < 10)
      computeTimes.trend.push(serverMs((await get(`${uncached.baseUrl}/v1/rentsurvey/communities/${demoSubject}/vacancy-trend`, key)).timing));
  }
  const portfolioRate = await load(uncached.baseUrl + portfolioPath, auth);
  const overviewRate = await load(uncached.baseUrl + overviewPath, { authorization: `Bearer ${overviewKey}` });
  await uncached.stop();
  console.log('\nOverview of 1 subject, 10 comps × 8 plans × 52 weekly surveys, against the demo portfolio (response cache off)');
  const overviewMs = median(computeTimes.overview);
  const portfolioMs = median(computeTimes.portfolio);
  row('server compute per overview (Server-Timing)', ms(overviewMs), ratio(portfolioMs, overviewMs));
  row('server compute per demo portfolio (Server-Timing)', ms(portfolioMs), '1.00×');
  row('GET …/overview', `${Math.round(overviewRate)} req/s`, ratio(overviewRate, portfolioRate), 'goal ≥ 0.5×');
  row('GET /rentsurvey/portfolio?include_pricing=true', `${Math.round(portfolioRate)} req/s`, '1.00×');
  console.log('\nVacancy trend of a demo subject against its overview (Server-Timing, response cache off)');
  const demoOverviewMs = median(computeTimes.demoOverview);
  row('server compute per overview', ms(demoOverviewMs), '1.00×');
  row('server compute per vacancy-trend', ms(median(computeTimes.trend)), ratio(median(computeTimes.trend), demoOverviewMs), 'goal ≤ 5×');
  row('first vacancy-trend after start (cold)', ms(coldTrend), ratio(coldTrend, coldOverview), 'goal ≤ 5×');
  row('first overview after start (cold)', ms(coldOverview), '1.00×');
}

if (runs('positioning')) {
  await positioningBench();
  await positioningScale((process.env.BENCH_POSITIONING_SIZES ?? '100,1000').split(',').map(Number));
}

if (runs('scale')) await scaleBench({ bare });
if (runs('latency')) await latencyBench();
if (runs('forecast')) forecastBench({ demoDir, runs: Math.min(RUNS, 5) });
if (runs('dashboard')) await dashboardBench({ demoDir });
if (runs('install')) installBench();
console.log('');
