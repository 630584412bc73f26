// `overview --all` (issue 24) beside the shell loop an analyst writes without it:
//
//   rentsurvey portfolio --json | jq -r '.communities[].id' |
//     while read id; do rentsurvey overview "$id" --json | jq -r '…'; done | sort -rn
//
// Same run, same store, locally (--local on the store) and against `serve` on it.
// Goals: at 25 subjects (the demo portfolio) overview --all ≥ 10× faster than the
// loop, both ways; on the scale benchmark's generated portfolio, the cost per
// subject at 1,000 subjects ≤ 1.3× that at 100, and peak RSS ≤ 200 MB. Ratios
// only: nothing passes or fails.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CLI, cli, mb, measure, median, ms, ratio, root, row, serve } from './lib.js';
import { scaleStore } from './scale.js';
import { cpuSoFar } from './startup.js';

const RUNS = Number(process.env.BENCH_POSITIONING_RUNS ?? 3);
const HAS_JQ = spawnSync('sh', ['-c', 'command -v jq'], { stdio: 'ignore' }).status === 0;

// Without jq, node reads the JSON: the loop still starts one more process per step, as jq would.
const IDS = HAS_JQ
  ? "jq -r '.communities[].id'"
  : `"$NODE" -e 'for (const c of JSON.parse(require("fs").readFileSync(0, "utf8")).communities) console.log(c.id)'`;
const PSI = HAS_JQ
  ? "jq -r '[.overall_metrics.overall_psi_ner, .community.name] | @tsv'"
  : `"$NODE" -e 'const o = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log(o.overall_metrics.overall_psi_ner + "\\t" + o.community.name)'`;
/** The loop of the issue, with `rentsurvey` the built CLI; where it reads from is in the environment. */
const LOOP = `rentsurvey() { "$NODE" "$CLI" "$@"; }
rentsurvey portfolio --json | ${IDS} | while read id; do rentsurvey overview "$id" --json | ${PSI}; done | sort -rn`;

/** Median wall, CPU and peak RSS of `runs` runs of a shell command line. */
function timeShell(script, extraEnv, runs) {
  const samples = Array.from({ length: runs }, () => measure('sh', ['-c', script], { NODE: process.execPath, CLI, ...extraEnv }));
  return {
    wall: median(samples.map((s) => s.wall)),
    cpu: median(samples.map((s) => s.cpu)),
    rss: median(samples.map((s) => s.rss)),
  };
}

const ALL = '"$NODE" "$CLI" overview --all --json > /dev/null';

/** The environment that points the CLI at a store: in-process, or a served copy with a key. */
const localEnv = (dataDir) => ({ RENTSURVEY_LOCAL: '1', RENTSURVEY_DATA_DIR: dataDir });
const remoteEnv = (baseUrl, key) => ({ RENTSURVEY_LOCAL: '0', RENTSURVEY_BASE_URL: baseUrl, RENTSURVEY_API_KEY: key });

function compare(label, subjects, extraEnv) {
  const loop = timeShell(LOOP, extraEnv, RUNS);
  const all = timeShell(ALL, extraEnv, RUNS);
  row(`${label}: shell loop (${subjects} + 1 processes, ${HAS_JQ ? 'jq' : 'node'})`, ms(loop.wall), '1.00×', `cpu ${ms(loop.cpu)}`);
  row(`${label}: overview --all`, ms(all.wall), ratio(all.wall, loop.wall), `cpu ${ms(all.cpu)}, peak RSS ${mb(all.rss)}; ${ratio(loop.wall, all.wall)} faster, goal ≥ 10×`);
}

/** At the demo portfolio's 25 subjects: the loop and overview --all, locally and against serve. */
export async function positioningBench() {
  // A demo store of its own: the run's shared one reads another organization locally once the overview dataset is imported.
  const demoDir = join(root, 'positioning-demo');
  cli(['local', 'reset', '--demo', '--yes', '--data-dir', demoDir]);
  const key = cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', demoDir]).trim();
  const subjects = JSON.parse(cli(['portfolio', '--json'], localEnv(demoDir))).communities.length;
  console.log(`\nPortfolio positioning of the demo store (${subjects} subjects): overview --all beside the shell loop (median of ${RUNS} runs)`);
  compare('local', subjects, localEnv(demoDir));
  // Without the response cache, so that neither side reuses the other's answers.
  const server = await serve(demoDir, { RENTSURVEY_RESPONSE_CACHE: 'off' });
  try {
    compare('serve', subjects, remoteEnv(server.baseUrl, key));
  } finally {
    await server.stop();
  }
}

/** overview --all on one size of the scale portfolio, locally and against serve: wall, CPU and peak RSS of the CLI. */
async function atSize(subjects) {
  const { dataDir } = await scaleStore(subjects);
  const key = cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', dataDir]).trim();
  const local = timeShell(ALL, localEnv(dataDir), RUNS);
  // Response cache off: its 500 answers would hold 100 subjects' overviews and trends from one run to the next,
  // but not 1,000's, and the figure is the cost of the work per subject.
  const server = await serve(dataDir, { RENTSURVEY_RESPONSE_CACHE: 'off' });
  try {
    // The server's CPU time is what the machine's other load stretches least: the steadier figure per subject.
    const before = cpuSoFar(server.child.pid);
    const remote = timeShell(ALL, remoteEnv(server.baseUrl, key), RUNS);
    return { local, remote: { ...remote, serverCpu: (cpuSoFar(server.child.pid) - before) / RUNS } };
  } finally {
    await server.stop();
  }
}

/** overview --all on the scale benchmark's generated portfolio: the time per subject as the portfolio grows. */
export async function positioningScale(sizes) {
  const bySize = new Map();
  for (const subjects of sizes) bySize.set(subjects, await atSize(subjects));
  console.log(
    `\noverview --all on the generated portfolio (median of ${RUNS} runs; serve without its response cache): time per subject, ratio to ${sizes[0]} subjects`,
  );
  for (const where of ['local', 'remote']) {
    const first = bySize.get(sizes[0])[where].wall / sizes[0];
    for (const subjects of sizes) {
      const figure = bySize.get(subjects)[where];
      const perSubject = figure.wall / subjects;
      row(
        `${where === 'local' ? '--local' : 'serve'}, ${subjects} subjects`,
        `${ms(perSubject)}/subj`,
        ratio(perSubject, first),
        `total ${ms(figure.wall)}, cpu ${ms(figure.cpu)}${figure.serverCpu === undefined ? '' : ` (server ${ms(figure.serverCpu / subjects)}/subj)`}, ` +
          `peak RSS ${mb(figure.rss)}${subjects === sizes.at(-1) ? ' (goal ≤ 200 MB)' : ''}` +
          (subjects === 1000 && bySize.has(100) ? '; goal ≤ 1.3× the time per subject at 100' : ''),
      );
    }
  }
}
