// What one TAB costs: `rentsurvey __complete` as the shell scripts run it,
// against bare `node -e 0` measured in the same run (interleaved, medians), on
// a portfolio of 500 communities, from the local store and from a profile's cache.
//
//   npm run bench                 (builds first; this runs after bench/run.js)
//   node bench/completion.js      (after npm run build)
//   BENCH_CLI=/other/checkout/bin/rentsurvey.js node bench/completion.js   (another built checkout, for before/after)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bound, CLI, median, RUNS } from './lib.js';

const root = mkdtempSync(join(tmpdir(), 'rentsurvey-bench-tab-'));
process.on('exit', () => rmSync(root, { recursive: true, force: true }));
const env = {
  ...process.env,
  HOME: join(root, 'home'),
  XDG_CONFIG_HOME: join(root, 'config'),
  XDG_CACHE_HOME: join(root, 'cache'),
  XDG_DATA_HOME: join(root, 'data'),
  XDG_STATE_HOME: join(root, 'state'),
};
for (const name of ['RENTSURVEY_LOCAL', 'RENTSURVEY_PROFILE', 'RENTSURVEY_BASE_URL', 'RENTSURVEY_DATA_DIR']) delete env[name];

const COMMUNITIES = 500;
const hex = (n, width) => n.toString(16).padStart(width, '0');
const communities = Array.from({ length: COMMUNITIES }, (_, i) => ({
  key: `c${i}`,
  managed: true,
  name: `${['Barton', 'Cedar', 'Maple', 'Oak', 'The Vue at'][i % 5]} ${['Creek', 'Hills', 'Point', 'Landing'][i % 4]} ${i}`,
  external_community_id: `BX-${hex(i, 4)}`,
  address: `${i} Congress Ave, Austin, TX 78704`,
  zipcode: '78704',
}));

function cli(args) {
  const result = spawnSync(process.execPath, [CLI, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`rentsurvey ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

// The local store, imported; the cache of a remote profile, as `portfolio` would leave it.
const dataset = join(root, 'dataset.json');
writeFileSync(dataset, JSON.stringify({ organization: 'Bench Tab', communities }));
cli(['local', 'reset', '--empty', '--yes']);
cli(['local', 'import', dataset]);
const baseUrl = 'http://127.0.0.1:9';
mkdirSync(join(root, 'config', 'rentsurvey'), { recursive: true });
writeFileSync(join(root, 'config', 'rentsurvey', 'config.json'), JSON.stringify({ profiles: { default: { base_url: baseUrl, api_key: 'rsk_bench' } } }));
mkdirSync(join(root, 'cache', 'rentsurvey'), { recursive: true });
writeFileSync(
  join(root, 'cache', 'rentsurvey', 'communities.default.json'),
  JSON.stringify({
    base_url: baseUrl,
    communities: communities.map((c, i) => ({ id: `${hex(i, 8)}-0000-4000-8000-000000000000`, name: c.name, external_community_id: c.external_community_id })),
    comps: {},
  }),
);

const cases = [
  { label: 'node -e 0', args: ['-e', '0'] },
  { label: 'rentsurvey --help', args: [CLI, '--help'] },
  { label: '__complete ov (the command tree)', args: [CLI, '__complete', 'ov'] },
  { label: '__complete overview --format= (flag values)', args: [CLI, '__complete', 'overview', '--format='] },
  { label: `__complete overview Bar (cache, ${COMMUNITIES} communities)`, args: [CLI, '__complete', 'overview', 'Bar'] },
  { label: `__complete --local overview Bar (store, ${COMMUNITIES})`, args: [CLI, '__complete', '--local', 'overview', 'Bar'] },
];
// Each answer checked once: a bench of a broken completion measures nothing.
if (!cli(['__complete', 'overview', 'Bar']).startsWith('Barton Creek 0\t')) throw new Error('__complete did not read the cache');
if (!cli(['__complete', '--local', 'overview', 'Bar']).startsWith('Barton Creek 0\t')) throw new Error('__complete did not read the store');

const samples = cases.map(() => []);
for (let run = 0; run < RUNS; run++)
  cases.forEach(({ args }, i) => {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    samples[i].push(performance.now() - started);
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
  });
const times = samples.map(median);
console.log(`\nTAB completion (median wall time of ${RUNS} runs; ratio to \`node -e 0\`)`);
cases.forEach(({ label }, i) =>
  console.log(
    `  ${label.padEnd(48)} ${`${times[i].toFixed(1)} ms`.padStart(12)}  ${`${(times[i] / times[0]).toFixed(2)}×`.padStart(7)}${i > 1 ? `   ${bound(times[i] / times[0], '≤', 1.8)} (issue 35)` : ''}`,
  ),
);
