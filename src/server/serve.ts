/**
 * `rentsurvey serve`: the HTTP server (http-server.ts) on the store of a data
 * directory (data-dir.ts), until SIGINT or SIGTERM.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { openDataDirStore, serviceOptions, type DataDirOptions, type ServiceSetup } from './data-dir.js';
import { createHttpServer } from './http-server.js';
import { API_PREFIX } from './router.js';
import { DATABASE_FILE, openStore, StoreError, type Store } from './store/index.js';

export interface HttpServiceOptions extends DataDirOptions, ServiceSetup {
  /** serve --log: one JSON line per request (see createHttpServer). */
  log?: ((line: string) => void) | undefined;
}

/** The file's identity (device and inode): a store replaced by `local reset` is another file at the same path. */
function identityOf(path: string): string | undefined {
  try {
    const { dev, ino } = statSync(path);
    return `${dev}:${ino}`;
  } catch {
    return undefined;
  }
}

/**
 * The store of a data directory as it is now. `local reset` (and anything else) may replace the
 * database file under a running serve: each request looks at the file first (a stat), and on a
 * new file opens it and closes the old one, so that the answers — and the keys accepted — are
 * the new store's at once. While no file is there (a reset between removing the old and linking
 * the new), requests are answered 503. A new store is never created here: that is reset's.
 */
function followStore(initial: Store, options: DataDirOptions & { notice?: ((message: string) => void) | undefined }) {
  const path = join(options.dataDir, DATABASE_FILE);
  let store = initial;
  let identity = identityOf(path);
  return {
    current(): Store {
      const now = identityOf(path);
      if (now === identity) return store;
      if (now === undefined)
        throw new StoreError('store_unavailable', `the store in ${options.dataDir} is being replaced or was removed`, [], 'try again in a moment');
      const next = openStore(options.dataDir, options.clock);
      store.close();
      [store, identity] = [next, now];
      options.notice?.(`The store in ${options.dataDir} was replaced: answering from the new one.`);
      return store;
    },
    close: () => store.close(),
  };
}

/** Opens the store of a data directory (creating it when new) and the HTTP server over it, not yet listening. */
export async function openHttpService(options: HttpServiceOptions) {
  const followed = followStore(await openDataDirStore(options), options);
  const service = serviceOptions(followed.current(), options);
  // The service reads its store for each request (operations.ts): the one the data directory holds now.
  Object.defineProperty(service, 'store', { get: () => followed.current(), enumerable: true });
  const http = createHttpServer(service, { log: options.log });
  return {
    get store() {
      return followed.current();
    },
    server: http.server,
    listen: http.listen,
    close: async () => {
      await http.close();
      followed.close();
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
