import type { Transport } from './transport.js';

/**
 * Calls the embedded service in-process: the same Fastify app `serve` runs,
 * through `inject`, so there is no port and no network.
 */
export async function createLocalTransport(options: {
  dataDir: string;
  notice: (message: string) => void;
  trace?: ((line: string) => void) | undefined;
}): Promise<{ transport: Transport; apiKey: string }> {
  const { openLocalService, localCliKey } = await import('../../server/local.js');
  // One command's requests rarely repeat, and a cache of whole answers would hold
  // every page of a long `pricing export` in memory.
  const service = openLocalService({ dataDir: options.dataDir, notice: options.notice, responseCache: false });
  const apiKey = localCliKey(service.store);
  const transport: Transport = {
    target: `local store ${options.dataDir}`,
    async request(request) {
      const started = performance.now();
      const response = await service.app.inject({
        method: request.method,
        url: request.path,
        headers: request.headers,
        ...(request.body !== undefined ? { payload: request.body } : {}),
      });
      options.trace?.(
        `${request.method} local:${request.path} → ${response.statusCode} (${Math.round(performance.now() - started)} ms)`,
      );
      return { status: response.statusCode, headers: response.headers as Record<string, string | string[] | undefined>, body: response.body };
    },
    close: service.close,
  };
  return { transport, apiKey };
}
