// Against a distant service (issue 35): the remote commands that read a whole
// portfolio, through a proxy that adds a 50 ms round trip to every request
// (latency-proxy.js), on the scale benchmark's 100-subject store. What bounds
// them there is how well they overlap their requests, not how fast they parse:
// each is set against the floor its requests allow,
//
//   requests × 50 ms ÷ the concurrency it used (the most in flight at once) + 50 ms,
//
// goal ≤ 1.5×; beside it the TCP connections it opened (goal ≤ concurrency + a
// few: kept alive and reused), the requests it made twice (goal 0), and its CPU
// time (waiting on the network, CPU is a small part of wall).
//
//   node bench/run.js latency                (after npm run build)
//   BENCH_LATENCY_SIZE=25 BENCH_LATENCY_RUNS=1 node bench/run.js latency
//   BENCH_LATENCY_ONLY=report node bench/run.js latency   (the commands whose label has the text)
import { join } from 'node:path';
import { bound, CLI, cli, measureAsync, median, ms, ratio, row, serve } from './lib.js';
import { latencyProxy } from './latency-proxy.js';
import { scaleStore } from './scale.js';

const SIZE = Number(process.env.BENCH_LATENCY_SIZE ?? 100);
const RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 3);
const ROUND_TRIP_MS = 50;
/** Connections beyond the concurrency that still count as reuse: one for the portfolio before the fan-out, one for a server that closed one. */
const SPARE_CONNECTIONS = 2;

export async function latencyBench() {
  const store = await scaleStore(SIZE);
  const key = cli(['local', 'keys', 'create', '--all-scopes', '--data-dir', store.dataDir]).trim();
  const server = await serve(store.dataDir);
  const proxy = await latencyProxy(server.baseUrl, { delayMs: ROUND_TRIP_MS / 2 });
  const remote = { RENTSURVEY_LOCAL: '0', RENTSURVEY_BASE_URL: proxy.url, RENTSURVEY_API_KEY: key };
  const out = (name) => join(store.dir, name);
  const commands = [
    { label: 'overview --all --json', args: ['overview', '--all', '--json'] },
    { label: 'report --all', args: ['report', '--all', '--out', out('latency-report.html')] },
    { label: 'digest', args: ['digest', '--json'] },
    { label: 'pricing export --include-comps --days 365', args: ['pricing', 'export', '--include-comps', '--days', '365', '--out', out('latency-export.csv')] },
  ].filter(({ label }) => label.includes(process.env.BENCH_LATENCY_ONLY ?? ''));
  console.log(
    `\nAgainst a service ${ROUND_TRIP_MS} ms away (a proxy adds ${ROUND_TRIP_MS / 2} ms each way to every request), ${SIZE} subjects; ` +
      `median of ${RUNS} runs\n  floor = requests × ${ROUND_TRIP_MS} ms ÷ concurrency (the most in flight) + ${ROUND_TRIP_MS} ms; wall ÷ floor goal ≤ 1.5×`,
  );
  let failures = 0;
  try {
    // One unmeasured run of each: the server's response cache and the page cache warm, the first compile of each path done.
    for (const { args } of commands) {
      await measureAsync(process.execPath, [CLI, ...args], remote);
      proxy.take();
    }
    for (const { label, args } of commands) {
      const samples = [];
      for (let i = 0; i < RUNS; i++) {
        const { wall, cpu } = await measureAsync(process.execPath, [CLI, ...args], remote);
        samples.push({ wall, cpu, ...proxy.take() });
      }
      const pick = (name) => median(samples.map((s) => s[name]));
      const [requests, peak, connections, duplicates, wall, cpu] = ['requests', 'peak', 'connections', 'duplicates', 'wall', 'cpu'].map(pick);
      const floor = (requests * ROUND_TRIP_MS) / peak + ROUND_TRIP_MS;
      const ok = wall / floor <= 1.5 && connections <= peak + SPARE_CONNECTIONS && duplicates === 0;
      if (!ok) failures += 1;
      row(label, ms(wall), ratio(wall, floor), `floor ${ms(floor)}; ${bound(wall / floor, '≤', 1.5)}`);
      row(
        `  ${requests} requests, concurrency ${peak}`,
        `${connections} conn.`,
        '',
        `${bound(connections, '≤', peak + SPARE_CONNECTIONS, `${peak + SPARE_CONNECTIONS} connections`)}; ${duplicates} asked twice (${bound(duplicates, '≤', 0, '0')}); cpu ${ms(cpu)} (${ratio(cpu, wall)} of wall)`,
      );
      const repeated = samples.at(-1).repeated;
      if (repeated.length > 0) console.log(`    asked twice: ${repeated.slice(0, 5).join('; ')}${repeated.length > 5 ? `; and ${repeated.length - 5} more` : ''}`);
    }
  } finally {
    await proxy.close();
    await server.stop();
  }
  return failures;
}
