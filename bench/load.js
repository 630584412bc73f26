// A small closed-loop load generator: `connections` clients, each sending the
// next request of a mix as soon as its previous answer arrived, for `seconds`.
// Unlike autocannon it keeps latencies per kind of request, so that the p99 of
// reads is reported apart from writes.
import { Agent, createServer, request as httpRequest } from 'node:http';

function send(agent, url, { method, path, body, headers }) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url + path,
      { agent, method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs the mix against `url`; each request is { kind: 'read' | 'write', method, path, body?, headers? }.
 * Resolves with requests per second, the p99 and max per kind, and the non-2xx count.
 */
export async function mixedLoad(url, mix, { connections = 30, seconds = 5 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = { read: [], write: [] };
  let failures = 0;
  let total = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = worker; performance.now() < deadline; i++) {
        const request = mix[i % mix.length];
        const started = performance.now();
        const status = await send(agent, url, request);
        latencies[request.kind].push(performance.now() - started);
        total++;
        if (status < 200 || status > 299) failures++;
      }
    }),
  );
  agent.destroy();
  const summary = (values) => {
    const sorted = values.sort((a, b) => a - b);
    return { p99: sorted[Math.floor(0.99 * (sorted.length - 1))] ?? NaN, max: sorted.at(-1) ?? NaN, count: sorted.length };
  };
  return { rps: total / seconds, read: summary(latencies.read), write: summary(latencies.write), failures };
}

/** A plain node:http server answering every request with `body`: the machine's own ceiling. */
export function plainServer(body) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
