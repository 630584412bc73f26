/**
 * The transport of --local: requests go to the embedded service's request
 * pipeline (src/server/pipeline.ts) inside this process — the one serve's
 * HTTP server calls — on the data directory's store, with no port and no socket.
 * Loaded only by --local (src/cli/context.ts).
 */
import { inProcessCaller, openDataDirStore, serviceOptions } from '../../server/data-dir.js';
import { JSON_TYPE } from '../../server/operations.js';
import { createPipeline } from '../../server/pipeline.js';
import type { Transport } from './transport.js';

export async function createInProcessTransport(options: {
  dataDir: string;
  notice: (message: string) => void;
  trace?: ((line: string) => void) | undefined;
  /** The service's clock: the command's own, so that "the last 30 days" mean the same days to both. */
  clock?: () => Date;
}): Promise<{ transport: Transport; apiKey: string }> {
  const store = await openDataDirStore({ dataDir: options.dataDir, notice: options.notice, ...(options.clock ? { clock: options.clock } : {}) });
  const { trace } = options;
  const caller = inProcessCaller(store);
  // One command's requests rarely repeat, and a cache of whole answers would hold
  // every page of a long `pricing export` in memory.
  // Answers come over as objects, not JSON text, and the client reads each one by the strict
  // contract: the service's own check of them would check the same object twice (docs/api-decisions.md).
  const pipeline = createPipeline(
    { ...serviceOptions(store, { dataDir: options.dataDir, responseCache: false }), checkAnswers: false, knownCallers: [caller] },
    // A bug's details: with --debug, where the trace goes; otherwise the 500's message says enough.
    trace ? { error: (details, message) => trace(`service error: ${message} ${JSON.stringify(details)}`) } : undefined,
  );
  const transport: Transport = {
    target: `local store ${options.dataDir}`,
    async request(request) {
      const started = performance.now();
      // Header names as node:http would hand them to the service: in lower case.
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
      // Handed over: a successful answer is the handler's value itself, not JSON text to parse again.
      const answer = await pipeline.answer({ method: request.method, url: request.path, headers, body: request.body }, true);
      trace?.(`${request.method} local:${request.path} → ${answer.status} (${Math.round(performance.now() - started)} ms)`);
      const response = { status: answer.status, headers: { ...answer.headers, 'content-type': JSON_TYPE }, body: answer.body };
      return 'value' in answer ? { ...response, answer: answer.value } : response;
    },
    async close() {
      store.close();
    },
  };
  return { transport, apiKey: caller.key };
}
