// Scale benchmark (issue 11): a generated portfolio at several sizes, built
// with the real importer, then the per-community and portfolio-wide commands
// with --local, beside `node -e 0` and `sqlite3 -csv` measured in the same run.
// Per-community commands should stay flat as the portfolio grows; portfolio-wide
// work at most linear. Then the slowest operation of the service on the largest
// portfolio, and a mixed load of reads and writes beside plain node:http.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mixedLoad, plainServer } from './load.js';
import {
  bound,
  CLI,
  canMeasureRss,
  cli,
  get,
  mb,
  measure,
  measureMedian,
  median,
  ms,
  ratio,
  root,
  row,
  SECONDS,
  serve,
  serverMs,
} from './lib.js';
import { COMPS_PER_SUBJECT, PLANS_PER_COMMUNITY, WEEKS, portfolioStructure, writeObservations } from './portfolio.js';

const SIZES = (process.env.BENCH_SIZES ?? '25,100,1000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 5);
const LOAD_SIZE = Number(process.env.BENCH_LOAD_SIZE ?? 100);
const today = new Date().toISOString().slice(0, 10);
const hasSqlite = spawnSync('sqlite3', ['-version']).status === 0;

/** The rows of `pricing export --include-comps`, in its order, as sqlite3 writes them: the baseline. */
const EXPORT_SQL = `
WITH members AS (
  SELECT id AS subject_id, id AS community_id, 'subject' AS role, NULL AS distance_miles, 0 AS rank
    FROM communities WHERE managed = 1
  UNION ALL
  SELECT subject_id, comp_id, 'comp', distance_miles, 1 FROM comps WHERE is_included_in_surveys = 1
)
SELECT s.id AS subject_id, s.name AS subject_name, m.role, m.distance_miles, c.id AS community_id, c.name AS community_name,
       o.observed_on AS as_of_date, fp.floor_plan_name, fp.bedrooms, fp.bathrooms, fp.square_feet,
       o.market_rent_cents, o.net_effective_rent_cents, o.market_rent_cents - o.net_effective_rent_cents AS concession_value_cents,
       CAST(round(o.market_rent_cents * 1.0 / fp.square_feet) AS INTEGER) AS market_rent_per_sqft_cents,
       CAST(round(o.net_effective_rent_cents * 1.0 / fp.square_feet) AS INTEGER) AS net_effective_rent_per_sqft_cents,
       o.units_available, o.concessions, fp.id AS floor_plan_id
  FROM members m
  JOIN communities s ON s.id = m.subject_id
  JOIN communities c ON c.id = m.community_id
  JOIN floor_plans fp ON fp.community_id = c.id
  JOIN observations o ON o.floor_plan_seq = fp.seq AND o.observed_on BETWEEN :start AND :end
 ORDER BY s.name COLLATE NOCASE, s.id, m.rank, m.distance_miles, c.name COLLATE NOCASE, c.id, o.observed_on,
          fp.bedrooms, fp.bathrooms, fp.floor_plan_name COLLATE NOCASE, fp.id;`;

/**
 * The baseline of `local import` (issue 35): sqlite3's own .import of the observations CSV into
 * a table keyed as ours (a survey, i.e. subject and date, and a floor plan) with the same index
 * by floor plan and date, in one transaction.
 */
const SQLITE_IMPORT_SCHEMA = `
CREATE TABLE observations (subject_key TEXT NOT NULL, date TEXT NOT NULL, floor_plan_key TEXT NOT NULL,
  market_rent_cents INTEGER NOT NULL, net_effective_rent_cents INTEGER, units_available INTEGER NOT NULL,
  concessions TEXT NOT NULL DEFAULT '', PRIMARY KEY (subject_key, date, floor_plan_key));
CREATE INDEX observations_plan_date ON observations (floor_plan_key, date);`;

const addDays = (date, days) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** Data rows of a CSV file (lines less the header), counted in chunks: an export can pass 512 MB. */
function lines(file) {
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(1 << 20);
  let count = 0;
  try {
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0; )
      for (let i = buffer.indexOf(10, 0); i !== -1 && i < read; i = buffer.indexOf(10, i + 1)) count++;
  } finally {
    closeSync(fd);
  }
  return Math.max(0, count - 1);
}

const stores = new Map();

/** The generated portfolio of `subjects` subjects, built once per run (the positioning section uses it too). */
export function scaleStore(subjects) {
  if (!stores.has(subjects)) stores.set(subjects, buildStore(subjects));
  return stores.get(subjects);
}

async function buildStore(subjects) {
  const dir = join(root, `scale-${subjects}`);
  mkdirSync(dir, { recursive: true });
  const structure = join(dir, 'portfolio.json');
  const observations = join(dir, 'observations.csv');
  writeFileSync(structure, JSON.stringify(portfolioStructure(subjects)));
  const rows = await writeObservations(observations, subjects, today);
  const dataDir = join(dir, 'store');
  const structureRun = measure(process.execPath, [CLI, 'local', 'import', structure, '--data-dir', dataDir]);
  const csvRun = measure(process.execPath, [CLI, 'local', 'import', observations, '--data-dir', dataDir]);
  // Right after ours, on the same file: the page cache holds it for both.
  const sqliteRun = hasSqlite ? measure('sqlite3', [join(dir, 'sqlite3-import.db'), SQLITE_IMPORT_SCHEMA, `.import --csv --skip 1 ${observations} observations`]) : undefined;
  return { dir, dataDir, rows, structureRun, csvRun, sqliteRun };
}

function exportArgs(store, out, start, end, ...flags) {
  return [CLI, '--local', '--data-dir', store.dataDir, 'pricing', 'export', '--include-comps', '--start', start, '--end', end, '--out', out, ...flags];
}

async function measureSize(subjects, bare) {
  const store = await scaleStore(subjects);
  const local = ['--local', '--data-dir', store.dataDir];
  const portfolio = JSON.parse(cli([...local, 'portfolio', '--json'])).communities;
  const subject = portfolio[0].id;
  const commands = {
    'portfolio --include-pricing': ['portfolio', '--include-pricing', '--json'],
    overview: ['overview', subject, '--json'],
    'vacancy trend': ['vacancy', 'trend', subject, '--json'],
    'pricing history --days 365': ['pricing', 'history', subject, '--days', '365', '--json'],
  };
  const figures = {
    import: { wall: store.structureRun.wall + store.csvRun.wall, rss: Math.max(store.structureRun.rss, store.csvRun.rss) },
  };
  for (const [name, args] of Object.entries(commands)) figures[name] = measureMedian(process.execPath, [CLI, ...local, ...args], RUNS);

  // The whole market over the year of surveys: every subject and comparable.
  const start = addDays(today, -7 * WEEKS);
  const out = join(store.dir, 'export.csv');
  const exportRuns = subjects >= 1000 ? 1 : Math.min(RUNS, 3);
  // The same rows as a workbook too (issue 26), each run beside a CSV run so that load hits both alike.
  const paired = Array.from({ length: exportRuns }, () => [
    measure(process.execPath, exportArgs(store, out, start, today)),
    measure(process.execPath, exportArgs(store, join(store.dir, 'export.xlsx'), start, today, '--format', 'xlsx')),
  ]);
  const medians = (samples) => ({ wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)), rss: median(samples.map((s) => s.rss)) });
  figures['pricing export --include-comps'] = medians(paired.map(([csv]) => csv));
  figures['pricing export --include-comps --format xlsx'] = medians(paired.map(([, xlsx]) => xlsx));
  const exported = lines(out);
  if (hasSqlite) {
    const sqlOut = join(store.dir, 'sqlite.csv');
    const sql = EXPORT_SQL.replace(':start', `'${start}'`).replace(':end', `'${today}'`);
    const runs = Array.from({ length: exportRuns }, () => {
      const result = measure('sh', ['-c', `sqlite3 -csv -header "$0" "$1" > "$2"`, join(store.dataDir, 'rentsurvey.db'), sql, sqlOut]);
      return result;
    });
    figures['sqlite3 -csv (same rows)'] = {
      wall: median(runs.map((r) => r.wall)),
      cpu: median(runs.map((r) => r.cpu)),
      rss: median(runs.map((r) => r.rss)),
    };
    figures.sqliteRows = lines(sqlOut);
  }
  figures.exported = exported;
  figures.rows = store.rows;
  figures.dataDir = store.dataDir;
  figures.subject = subject;

  console.log(
    `\n${subjects} subjects: ${subjects * (COMPS_PER_SUBJECT + 1)} communities, ${store.rows.toLocaleString('en-US')} pricing rows ` +
      `(median of ${RUNS} runs; exports ${exportRuns}; ratio to node -e 0)`,
  );
  row('local import (dataset JSON + observations CSV)', ms(figures.import.wall), '', `peak RSS ${mb(figures.import.rss)}`);
  row('  of which the dataset JSON (structure)', ms(store.structureRun.wall), '', `peak RSS ${mb(store.structureRun.rss)}`);
  row('  of which the observations CSV (streamed)', ms(store.csvRun.wall), '', `cpu ${ms(store.csvRun.cpu)}, peak RSS ${mb(store.csvRun.rss)}; goal ≤ 200 MB at 1M rows`);
  if (store.sqliteRun) {
    row('sqlite3 .import of the same CSV (same keys, index)', ms(store.sqliteRun.wall), '', `cpu ${ms(store.sqliteRun.cpu)}`);
    row(
      '  import rows/s ÷ sqlite3 .import rows/s',
      ratio(store.sqliteRun.wall, store.csvRun.wall),
      '',
      `cpu ${ratio(store.sqliteRun.cpu, store.csvRun.cpu)}${subjects >= 1000 ? `; ${bound(store.sqliteRun.wall / store.csvRun.wall, '≥', 0.3)} (issue 35)` : ''}`,
    );
  }
  for (const name of [...Object.keys(commands), 'pricing export --include-comps'])
    row(name, ms(figures[name].wall), ratio(figures[name].wall, bare), `cpu ${ms(figures[name].cpu)}, peak RSS ${mb(figures[name].rss)}`);
  const exportFigure = figures['pricing export --include-comps'];
  row(`  rows exported`, exported.toLocaleString('en-US'), '', `${Math.round(exported / (exportFigure.wall / 1000)).toLocaleString('en-US')} rows/s`);
  const workbook = figures['pricing export --include-comps --format xlsx'];
  row(
    '  --format xlsx, same rows',
    ms(workbook.wall),
    ratio(exportFigure.wall, workbook.wall),
    `rows/s ÷ the CSV export's (cpu ${ratio(exportFigure.cpu, workbook.cpu)}); ${bound(exportFigure.wall / workbook.wall, '≥', 0.25)}; peak RSS ${mb(workbook.rss)}, ${bound(workbook.rss / 1024, '≤', 250, '250 MB')}`,
  );
  const baseline = figures['sqlite3 -csv (same rows)'];
  if (baseline) {
    row('sqlite3 -csv of the same rows', ms(baseline.wall), '', `cpu ${ms(baseline.cpu)}, peak RSS ${mb(baseline.rss)}, ${figures.sqliteRows} rows`);
    row('  export rows/s ÷ sqlite3 rows/s', ratio(baseline.wall, exportFigure.wall), '', 'goal ≥ 0.5×; export peak RSS ≤ 150 MB');
  }
  return figures;
}

/**
 * While `work` runs, /v1/health is asked every few milliseconds: its longest
 * wait is how long the event loop was held (what every other request waited).
 */
async function longestStall(baseUrl, work) {
  let done = false;
  let longest = 0;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/v1/health`)).text();
      longest = Math.max(longest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await probe;
  }
  return longest;
}

/** Server-Timing of each GET operation on one store, response cache off: which answer costs most. */
async function slowestOperation(figures, key) {
  const server = await serve(figures.dataDir, { RENTSURVEY_RESPONSE_CACHE: 'off' });
  try {
    const id = figures.subject;
    const detail = JSON.parse((await get(`${server.baseUrl}/v1/rentsurvey/communities/${id}`, key)).body);
    const comp = detail.comps?.[0]?.id ?? id;
    const paths = {
      portfolio: '/v1/rentsurvey/portfolio?include_pricing=true',
      batch: `/v1/rentsurvey/communities?ids=${id},${comp}&include_comps=true`,
      detail: `/v1/rentsurvey/communities/${id}`,
      comps: `/v1/rentsurvey/communities/${id}/comps?include_pricing=true&include_inactive=true`,
      'pricing (365 days)': `/v1/rentsurvey/communities/${id}/pricing?days=365`,
      'floor-plans': `/v1/rentsurvey/communities/${id}/floor-plans`,
      vacancy: `/v1/rentsurvey/communities/${id}/vacancy`,
      overview: `/v1/rentsurvey/communities/${id}/overview`,
      'vacancy-trend': `/v1/rentsurvey/communities/${id}/vacancy-trend`,
      'communities list': '/v1/communities?limit=100',
    };
    const times = {};
    const stalls = {};
    for (const [name, path] of Object.entries(paths)) {
      const samples = [];
      stalls[name] = await longestStall(server.baseUrl, async () => {
        for (let i = 0; i < 7; i++) samples.push(serverMs((await get(server.baseUrl + path, key)).timing));
      });
      times[name] = median(samples);
    }
    return { times, stalls };
  } finally {
    await server.stop();
  }
}

/** Reads of every GET operation over a few subjects, and writes that keep the store's shape. */
function loadMix(figures, key, subjects, users) {
  const auth = { authorization: `Bearer ${key}` };
  const reads = [];
  const writes = [];
  subjects.forEach(({ id, comp }, i) => {
    for (const path of [
      '/v1/rentsurvey/portfolio?include_pricing=true',
      `/v1/rentsurvey/communities?ids=${id},${comp}`,
      `/v1/rentsurvey/communities/${id}`,
      `/v1/rentsurvey/communities/${id}/comps?include_pricing=true`,
      `/v1/rentsurvey/communities/${id}/pricing`,
      `/v1/rentsurvey/communities/${id}/floor-plans`,
      `/v1/rentsurvey/communities/${id}/vacancy`,
      `/v1/rentsurvey/communities/${id}/overview`,
      `/v1/rentsurvey/communities/${id}/vacancy-trend`,
      `/v1/communities?limit=50&offset=${i * 10}`,
      `/v1/users/${users[0]}`,
    ])
      reads.push({ kind: 'read', method: 'GET', path, headers: auth });
    writes.push(
      { kind: 'write', method: 'PATCH', path: `/v1/communities/${id}`, body: JSON.stringify({ website_url: `https://s${i}.example/${Date.now()}` }), headers: auth },
      { kind: 'write', method: 'PATCH', path: `/v1/rentsurvey/communities/${id}/comps/${comp}`, body: '{"is_included_in_surveys":true}', headers: auth },
    );
  });
  // About one write in ten requests, spread through the reads.
  const mix = [];
  reads.forEach((read, i) => {
    mix.push(read);
    if (i % 5 === 4) mix.push(writes[(i / 5) % writes.length | 0]);
  });
  return mix;
}

export async function scaleBench({ bare }) {
  console.log(
    `\nScale: generated portfolios of N subjects × ${COMPS_PER_SUBJECT} comparables × ${PLANS_PER_COMMUNITY} floor plans × ` +
      `${WEEKS} weekly surveys, --local${hasSqlite ? '' : ' (sqlite3 not installed: no sqlite3 baseline)'}${canMeasureRss ? '' : ' (no /usr/bin/time: no RSS)'}`,
  );
  const results = new Map();
  for (const subjects of SIZES) results.set(subjects, await measureSize(subjects, bare));

  const sizes = [...results.keys()];
  const [smallest, largest] = [sizes[0], sizes.at(-1)];
  if (sizes.length > 1) {
    const first = results.get(smallest);
    const last = results.get(largest);
    console.log(`\nGrowth from ${smallest} to ${largest} subjects (${largest / smallest}× the data); wall time (peak RSS)`);
    for (const [name, goal] of [
      ['overview', 'goal ≤ 1.5×'],
      ['vacancy trend', 'goal ≤ 1.5×'],
      ['pricing history --days 365', 'goal ≤ 1.5×'],
      ['portfolio --include-pricing', `goal ≤ ${largest / smallest}× (linear)`],
      ['pricing export --include-comps', `goal ≤ ${largest / smallest}× (linear); RSS flat`],
      ['pricing export --include-comps --format xlsx', 'RSS ≤ 1.3× (issue 35 from 100 subjects; its peak ≤ 250 MB)'],
      ['import', `${bound(last.import.wall / first.import.wall, '≤', (largest / smallest) * 1.05, `${Math.round((largest / smallest) * 1.05)}×`)} (issue 35: 42× from 25 to 1,000 subjects)`],
    ])
      row(name, ratio(last[name].wall, first[name].wall), `(${ratio(last[name].rss, first[name].rss)})`, goal);
    // The workbook's memory from 100 subjects, where the growth starts to show (issue 35).
    if (results.has(100) && largest > 100) {
      const [from, to] = [results.get(100)['pricing export --include-comps --format xlsx'], last['pricing export --include-comps --format xlsx']];
      row(`--format xlsx peak RSS, 100 → ${largest} subjects`, ratio(to.rss, from.rss), `(${mb(to.rss)})`, `${bound(to.rss / from.rss, '≤', 1.3)}, ${bound(to.rss / 1024, '≤', 250, '250 MB')}`);
    }
  }

  // The service on the largest portfolio: what each GET costs to compute.
  const largestFigures = results.get(largest);
  const key = cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', largestFigures.dataDir]).trim();
  const { times, stalls } = await slowestOperation(largestFigures, key);
  console.log(
    `\nServer time per GET on the ${largest}-subject portfolio (Server-Timing, median of 7, response cache off; ` +
      'ratio to overview; the longest a concurrent /health waited meanwhile)',
  );
  for (const [name, time] of Object.entries(times))
    row(name, ms(time), ratio(time, times.overview), `event loop held ≤ ${ms(stalls[name])}${name === 'vacancy-trend' ? '; goal ≤ 5× overview' : ''}`);
  const [slowName, slowStall] = Object.entries(stalls).sort((a, b) => b[1] - a[1])[0];
  row(`longest hold of the event loop: ${slowName}`, ms(slowStall), '', 'goal ≤ 50 ms');

  // Mixed load: 30 connections, every GET operation plus writes (which invalidate the response cache).
  const loadFigures = results.get(LOAD_SIZE) ?? largestFigures;
  const loadKey = loadFigures === largestFigures ? key : cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', loadFigures.dataDir]).trim();
  const server = await serve(loadFigures.dataDir);
  try {
    const portfolio = JSON.parse((await get(`${server.baseUrl}/v1/rentsurvey/portfolio`, loadKey)).body).communities;
    const subjects = [];
    for (const { id } of portfolio.slice(0, 4)) {
      const comps = JSON.parse((await get(`${server.baseUrl}/v1/rentsurvey/communities/${id}/comps`, loadKey)).body).comps;
      subjects.push({ id, comp: comps[0].id });
    }
    const me = JSON.parse((await get(`${server.baseUrl}/v1/communities?limit=1`, loadKey)).body);
    const users = [me.communities[0]?.community_manager?.id].filter(Boolean);
    if (users.length === 0) users.push('00000000-0000-4000-8000-000000000000');
    const mix = loadMix(loadFigures, loadKey, subjects, users).filter((r) => !r.path.includes('00000000-0000'));
    const plain = await plainServer(JSON.stringify({ ok: true, pad: 'x'.repeat(2_000) }));
    const baseline = await mixedLoad(`http://127.0.0.1:${plain.address().port}`, mix, { connections: 30, seconds: SECONDS });
    plain.close();
    const ours = await mixedLoad(server.baseUrl, mix, { connections: 30, seconds: SECONDS });
    console.log(`\nMixed load on the ${LOAD_SIZE}-subject portfolio: 30 connections, ${SECONDS} s, every GET operation + writes (1 in 6)`);
    row('rentsurvey serve', `${Math.round(ours.rps)} req/s`, ratio(ours.rps, baseline.rps), 'goal ≥ 300 req/s');
    row('  read p99', ms(ours.read.p99), '', `goal ≤ 500 ms (max ${ms(ours.read.max)})`);
    row('  write p99', ms(ours.write.p99), '', `max ${ms(ours.write.max)}; ${ours.failures} non-2xx`);
    row('plain node:http, same mix', `${Math.round(baseline.rps)} req/s`, '1.00×', `read p99 ${ms(baseline.read.p99)}`);
  } finally {
    await server.stop();
  }
}
