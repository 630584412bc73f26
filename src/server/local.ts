import { buildApp } from './app.js';
import { openLocalStore, serviceOptions, type LocalServiceOptions } from './local-store.js';

/**
 * Opens the store of a data directory (see openLocalStore) and builds the
 * Fastify app that `serve` listens with.
 */
export function openLocalService(options: LocalServiceOptions) {
  const store = openLocalStore(options);
  const app = buildApp(serviceOptions(store, options));
  return { store, app, close: async () => { await app.close(); store.close(); } };
}
