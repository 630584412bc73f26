import { createFront } from './front.js';
import { openLocalStore, serviceOptions, type LocalServiceOptions } from './local-store.js';

/**
 * Opens the store of a data directory (see openLocalStore) and makes the
 * server that `serve` listens with (front.ts).
 */
export async function openLocalService(options: LocalServiceOptions) {
  const store = await openLocalStore(options);
  const front = createFront(serviceOptions(store, options));
  return {
    store,
    server: front.server,
    listen: front.listen,
    /** The Fastify app behind the server, built on first need. */
    app: front.app,
    close: async () => {
      await front.close();
      store.close();
    },
  };
}
