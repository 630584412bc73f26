import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Dataset } from '../api/dataset.js';
import { SCOPES } from '../api/endpoints.js';
import { buildApp } from './app.js';
import { generateDemoDataset } from './demo/generate.js';
import { createMailer } from './mail.js';
import { DATABASE_FILE, openStore, type Store } from './store/index.js';

export type SeedMode = 'demo' | 'empty';

export interface LocalServiceOptions {
  dataDir: string;
  /** What a new (empty) data directory gets; an existing one is never touched. */
  seed?: SeedMode;
  smtpUrl?: string | undefined;
  appUrl?: string | undefined;
  logger?: boolean;
  responseCache?: boolean;
  /** Where to say what happened (stderr). */
  notice?: (message: string) => void;
  clock?: () => Date;
}

const LOCAL_KEY_FILE = 'local-cli.key';
export const DEFAULT_APP_URL = 'http://127.0.0.1:8787';

/** Fills an empty store with the deterministic demo portfolio, dated to today. */
export function seedDemo(store: Store): ReturnType<Store['imports']['importDataset']> {
  const dataset = Dataset.parse(generateDemoDataset({ today: store.now().slice(0, 10) }));
  return store.imports.importDataset(dataset);
}

/**
 * Opens the store of a data directory, seeding a new one, and builds the same
 * Fastify app that `serve` listens with.
 */
export function openLocalService(options: LocalServiceOptions) {
  // Only a data directory without a database is new: one emptied on purpose
  // (local reset --empty, serve --empty) stays empty.
  const isNew = !existsSync(join(options.dataDir, DATABASE_FILE));
  const store = openStore(options.dataDir, options.clock);
  try {
    if (isNew && (options.seed ?? 'demo') === 'demo') {
      const summary = seedDemo(store);
      options.notice?.(
        `Created demo data in ${options.dataDir}: ${summary.organization}, ${summary.managed} communities ` +
          `with ${summary.communities - summary.managed} comparables and ${summary.surveys} weekly surveys ` +
          `(use --empty or rentsurvey local reset --empty for an empty store).`,
      );
    }
  } catch (error) {
    store.close();
    throw error;
  }
  const app = buildApp({
    store,
    appUrl: options.appUrl ?? DEFAULT_APP_URL,
    mailer: createMailer({ smtpUrl: options.smtpUrl, outboxDir: join(options.dataDir, 'outbox') }),
    logger: options.logger ?? false,
    responseCache: options.responseCache ?? true,
  });
  return { store, app, close: async () => { await app.close(); store.close(); } };
}

/**
 * The key the CLI itself uses with --local: all scopes in the store's default
 * organization, kept in the data directory (0600) because the store holds
 * only hashes. Made anew when missing, no longer valid, or of another organization.
 */
export function localCliKey(store: Store): string {
  const file = join(store.dataDir, LOCAL_KEY_FILE);
  const organizationId = store.accounts.defaultOrganizationId() ?? store.accounts.ensureOrganization('Local');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (store.accounts.authenticate(key)?.organizationId === organizationId) return key;
  }
  const admin = store.accounts.firstAdmin(organizationId);
  const { key } = store.accounts.createApiKey({
    organizationId,
    userId: admin?.id ?? null,
    scopes: SCOPES,
    label: 'rentsurvey --local',
  });
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}
