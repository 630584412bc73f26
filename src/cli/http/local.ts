import type { Transport } from './transport.js';

/**
 * Calls the embedded service in-process: the operations `serve` runs, on the
 * local store, with no port and no network (src/server/in-process.ts).
 */
export async function createLocalTransport(options: {
  dataDir: string;
  notice: (message: string) => void;
  trace?: ((line: string) => void) | undefined;
  /** Run the service's strict check of its own answers (tests: RENTSURVEY_CHECK_ANSWERS=1). */
  checkAnswers?: boolean;
  /** The service's clock: the command's own, so that "the last 30 days" mean the same days to both. */
  clock?: () => Date;
}): Promise<{ transport: Transport; apiKey: string }> {
  const [{ openLocalStore, serviceOptions, localCliKey }, { createInProcessService }] = await Promise.all([
    import('../../server/local-store.js'),
    import('../../server/in-process.js'),
  ]);
  const store = await openLocalStore({ dataDir: options.dataDir, notice: options.notice, ...(options.clock ? { clock: options.clock } : {}) });
  // One command's requests rarely repeat, and a cache of whole answers would hold
  // every page of a long `pricing export` in memory.
  // Answers come over as objects, not JSON text. The client reads each one against the
  // contract; the service's own strict check runs with --debug and in tests (docs/api-decisions.md).
  const checkAnswers = options.trace !== undefined || options.checkAnswers === true;
  const service = createInProcessService(
    { ...serviceOptions(store, { dataDir: options.dataDir, responseCache: false }), checkAnswers },
    { handOver: true },
  );
  const apiKey = localCliKey(store);
  const transport: Transport = {
    target: `local store ${options.dataDir}`,
    async request(request) {
      const started = performance.now();
      const response = await service.dispatch({ method: request.method, url: request.path, headers: request.headers, body: request.body });
      options.trace?.(
        `${request.method} local:${request.path} → ${response.status} (${Math.round(performance.now() - started)} ms)`,
      );
      return response;
    },
    async close() {
      await service.close();
      store.close();
    },
  };
  return { transport, apiKey };
}
