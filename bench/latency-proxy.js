// A distant service, simulated: an HTTP proxy in front of `serve` that holds
// every request 25 ms before its first byte goes on to the service, and every
// answer 25 ms before its first byte comes back — one round trip of 50 ms per
// request, on every request of a kept-alive connection (the proxy reads HTTP,
// so it sees where each request starts). It counts what the client did:
// requests, the most in flight at once, the TCP connections it opened, and the
// requests it had already made in the same run (method and URL seen before).
import { Agent, createServer, request as httpRequest } from 'node:http';

/** Starts the proxy in front of `target` (http://host:port); `delayMs` each way. */
export function latencyProxy(target, { delayMs = 25 } = {}) {
  const upstreamAgent = new Agent({ keepAlive: true });
  let counts;
  const reset = () => {
    counts = { requests: 0, inFlight: 0, peak: 0, connections: 0, duplicates: 0, first: NaN, last: NaN, busy: 0, service: 0, seen: new Map() };
  };
  reset();
  const server = createServer({ keepAliveTimeout: 75_000 }, (request, response) => {
    const run = counts;
    if (run.requests === 0) run.first = performance.now();
    run.requests += 1;
    run.inFlight += 1;
    run.peak = Math.max(run.peak, run.inFlight);
    const key = `${request.method} ${request.url}`;
    const times = (run.seen.get(key) ?? 0) + 1;
    run.seen.set(key, times);
    if (times > 1) run.duplicates += 1;
    let done = false;
    const arrived = performance.now();
    const finish = () => {
      if (done) return;
      done = true;
      run.inFlight -= 1;
      run.last = performance.now();
      run.busy += run.last - arrived;
      if (process.env.BENCH_LATENCY_TRACE) (run.trace ??= []).push([arrived, run.last, request.url]);
    };
    response.on('finish', finish);
    response.on('close', finish);
    // The request's body (none for GET) waits with its head.
    request.pause();
    setTimeout(() => {
      const forwarded = performance.now();
      const upstream = httpRequest(
        new URL(request.url ?? '/', target),
        { method: request.method, headers: request.headers, agent: upstreamAgent },
        (answer) => {
          run.service += performance.now() - forwarded;
          answer.pause();
          setTimeout(() => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
          }, delayMs);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
      request.resume();
    }, delayMs);
  });
  server.on('connection', () => {
    counts.connections += 1;
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        /** What the client did since the last take (or the start); the counts start again. */
        take() {
          const { seen, ...figures } = counts;
          figures.repeated = [...seen].filter(([, n]) => n > 1).map(([key, n]) => `${n}× ${key}`);
          reset();
          return figures;
        },
        close() {
          upstreamAgent.destroy();
          server.closeAllConnections();
          return new Promise((done) => server.close(done));
        },
      }),
    ),
  );
}
