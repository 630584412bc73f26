/**
 * `rentsurvey serve`: the HTTP server (http-server.ts) on the store of a data
 * directory (data-dir.ts), until SIGINT or SIGTERM.
 */
import { openDataDirStore, serviceOptions, type DataDirOptions, type ServiceSetup } from './data-dir.js';
import { createHttpServer } from './http-server.js';
import { API_PREFIX } from './router.js';

export interface HttpServiceOptions extends DataDirOptions, ServiceSetup {
  /** serve --log: one JSON line per request (see createHttpServer). */
  log?: ((line: string) => void) | undefined;
}

/** Opens the store of a data directory (creating it when new) and the HTTP server over it, not yet listening. */
export async function openHttpService(options: HttpServiceOptions) {
  const store = await openDataDirStore(options);
  const http = createHttpServer(serviceOptions(store, options), { log: options.log });
  return {
    store,
    server: http.server,
    listen: http.listen,
    close: async () => {
      await http.close();
      store.close();
    },
  };
}

export interface ServeOptions extends HttpServiceOptions {
  host: string;
  port: number;
}

/**
 * Runs the service on a port until SIGINT/SIGTERM, then lets in-flight
 * requests finish and closes the database. Resolves when it has stopped.
 */
export async function serve(options: ServeOptions, io: { notice: (line: string) => void }): Promise<number> {
  const service = await openHttpService(options);
  let address: string;
  try {
    address = await service.listen({ host: options.host, port: options.port });
  } catch (error) {
    await service.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw Object.assign(new Error(`port ${options.port} on ${options.host} is already in use; pick another with --port`), { code });
    if (code === 'EACCES') throw Object.assign(new Error(`not allowed to listen on port ${options.port}; use a port above 1023`), { code });
    throw error;
  }
  const url = new URL(address);
  const stopped = new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      io.notice(`Received ${signal}: finishing requests in flight, then stopping.`);
      service
        .close()
        .catch((error: unknown) => io.notice(`error while stopping: ${String(error)}`))
        .finally(() => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve(signal === 'SIGINT' ? 130 : 0);
        });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  // Scripts signal as soon as they read this line: the handlers are in place before it is printed.
  io.notice(`Listening on http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${url.port}${API_PREFIX}`);
  return stopped;
}
