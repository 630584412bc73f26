// What the commands that read a whole portfolio ask of a service, counted by a proxy
// in front of it (issue 35): never the same request twice in a run (the demo's
// subjects share comparables), never more requests on the wire at once than
// --concurrency (the client's window), and the connections they open kept alive
// and reused — at most the window, plus one.
// Structure only, never time: bench/latency.js measures how close they come to
// the floor their requests allow against a service 50 ms away.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardingProxy, type TestHttpServer } from '../../test/helpers/net.js';
import { cliSandbox, copyDemoStore, remoteSandbox, startServer, type TestServer } from '../../test/helpers/run-cli.js';

let server: TestServer;
let proxy: TestHttpServer;
let counts: { requests: string[]; inFlight: number; most: number; connections: number };
const reset = () => (counts = { requests: [], inFlight: 0, most: 0, connections: 0 });
reset();

beforeAll(async () => {
  const root = await cliSandbox({ store: 'none' });
  server = await startServer(await copyDemoStore(join(root.root, 'served')));
  proxy = await forwardingProxy(server.baseUrl, ({ request, response, forward }) => {
    const run = counts;
    run.requests.push(`${request.method} ${request.url}`);
    run.inFlight += 1;
    run.most = Math.max(run.most, run.inFlight);
    response.on('close', () => (run.inFlight -= 1));
    forward();
  });
  proxy.server.on('connection', () => (counts.connections += 1));
});
afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

const repeated = (requests: string[]) => requests.filter((request, i) => requests.indexOf(request) !== i);

describe('a portfolio read through a counting proxy', () => {
  it.each([
    ['overview --all', (_dir: string) => ['overview', '--all', '--json', '--concurrency', '3'], 3],
    ['report --all', (dir: string) => ['report', '--all', '--out', join(dir, 'report.html'), '--concurrency', '3'], 3],
    ['pricing export --include-comps', (dir: string) => ['pricing', 'export', '--include-comps', '--days', '60', '--out', join(dir, 'market.csv'), '--concurrency', '3'], 3],
    // No --concurrency: its default.
    ['digest', (_dir: string) => ['digest', '--json'], 8],
  ] as const)('%s: each request once, at most its window in flight, connections reused', async (_name, args, window) => {
    const { sandbox } = await remoteSandbox(server);
    try {
      reset();
      const r = await sandbox.run(args(sandbox.root), { env: { RENTSURVEY_BASE_URL: proxy.url } });
      expect(r.exitCode, r.stderr).toBe(0);
      const { requests, most, connections } = counts;
      // The portfolio, then every subject's requests.
      expect(requests.length).toBeGreaterThan(20);
      expect(repeated(requests)).toEqual([]);
      expect(most).toBeLessThanOrEqual(window);
      // A connection is busy until the client has read its answer: the window's, and one more at most.
      expect(connections).toBeLessThanOrEqual(window + 1);
    } finally {
      await sandbox.cleanup();
    }
  });
});
