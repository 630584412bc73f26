/**
 * A data directory (--data-dir): opening its store, creating and seeding it
 * when new, the service options that live there (outbox), and the key the CLI
 * uses for the in-process service of --local.
 */
import { crypto } from './store/crypto.js';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { SCOPES } from '../api/routes.js';
import { isProcessAlive } from '../pid.js';
import { createMailer } from './mail.js';
import type { ServiceOptions } from './operations.js';
import { invitationExpiry, type Principal } from './store/accounts.js';
import { DATABASE_FILE, openStore, type Store } from './store/index.js';
import { formatCount } from '../domain/format.js';

export type SeedMode = 'demo' | 'empty';

export interface DataDirOptions {
  dataDir: string;
  /** What a new (empty) data directory gets; an existing one is never touched. */
  seed?: SeedMode;
  /** Where to say what happened (stderr). */
  notice?: (message: string) => void;
  clock?: () => Date;
}

/** How the service on a data directory sends mail, links invitations and caches answers. */
export interface ServiceSetup {
  dataDir: string;
  smtpUrl?: string | undefined;
  appUrl?: string | undefined;
  responseCache?: boolean;
}

/** Where the --local key is kept: the name existing data directories have. */
const IN_PROCESS_KEY_FILE = 'local-cli.key';
export const DEFAULT_APP_URL = 'http://127.0.0.1:8787';

type SeedSummary = ReturnType<Store['imports']['importDataset']>;

/** Fills an empty store with the deterministic demo portfolio, dated to today, and one pending invitation. */
export async function seedDemo(store: Store): Promise<SeedSummary> {
  // The demo generator and the dataset schema (zod) load only when a store is created, not on every command.
  const [{ Dataset }, { generateDemoDataset }, { DEMO_INVITEE }, { compile }] = await Promise.all([
    import('../api/dataset.js'),
    import('./demo/generate.js'),
    import('./demo/places.js'),
    import('zod/mini'),
  ]);
  // Checked as any import is, by zod's compiled form of the schema: the demo's 120,000 observations in ≈ 180 ms instead of ≈ 940 ms (cold, as a first run reads them).
  const summary = store.imports.importDataset(compile(Dataset).parse(generateDemoDataset({ today: store.now().slice(0, 10) })));
  // Sent as `users invite` would (the e-mail aside): `local invitations accept` can be tried at once.
  const organizationId = store.accounts.organizationByName(summary.organization)?.id;
  if (organizationId)
    store.accounts.createInvitation({
      organizationId,
      ...DEMO_INVITEE,
      invitedBy: store.accounts.firstAdmin(organizationId)?.id ?? null,
      expiresAt: invitationExpiry(store.now()),
    });
  return summary;
}

/** A store being created: `rentsurvey.db.building-<pid>-<random>` until it is complete. */
const BUILDING_PREFIX = `${DATABASE_FILE}.building-`;

function removeBuild(dataDir: string, file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(join(dataDir, file + suffix), { force: true });
}

/** Removes what starts killed while creating the store left behind (their processes are gone). */
function removeAbandonedBuilds(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith(BUILDING_PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(BUILDING_PREFIX.length))?.[1]);
    if (Number.isSafeInteger(pid) && pid !== process.pid && !isProcessAlive(pid)) rmSync(join(dataDir, name), { force: true });
  }
}

/**
 * Creates the database of a new data directory in one atomic step: migrated
 * and seeded under a temporary name, then linked into place. A start killed
 * half-way leaves no rentsurvey.db — only its unfinished file, removed by the
 * next start, which creates the store again instead of finding it empty.
 * Resolves to the demo summary when this process created demo data.
 */
async function createStore(options: DataDirOptions, seed: SeedMode): Promise<SeedSummary | undefined> {
  const { dataDir } = options;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  removeAbandonedBuilds(dataDir);
  const file = `${BUILDING_PREFIX}${process.pid}-${crypto().randomBytes(4).toString('hex')}`;
  const building = join(dataDir, file);
  const target = join(dataDir, DATABASE_FILE);
  try {
    let summary: SeedSummary | undefined;
    const store = openStore(dataDir, options.clock, file);
    try {
      if (seed === 'demo') summary = await seedDemo(store);
      // Everything into the main file: its WAL is named after the temporary name.
      store.db.raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      store.close();
    }
    try {
      // link, unlike rename, never replaces a store another start finished first.
      linkSync(building, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return undefined;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EXDEV') throw error;
      // A file system without hard links: rename, unless a store appeared meanwhile.
      if (existsSync(target)) return undefined;
      renameSync(building, target);
    }
    syncDirectory(dataDir);
    return summary;
  } finally {
    removeBuild(dataDir, file);
  }
}

// The new name is durable only once its directory is (where the platform lets us open one).
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Windows cannot open a directory; the rename or link itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Opens the store of a data directory, creating a new one (with the demo
 * data unless told otherwise) and saying so.
 */
export async function openDataDirStore(options: DataDirOptions): Promise<Store> {
  // Only a data directory without a database is new: one emptied on purpose
  // (local reset --empty, serve --empty) stays empty.
  const summary = existsSync(join(options.dataDir, DATABASE_FILE)) ? undefined : await createStore(options, options.seed ?? 'demo');
  const store = openStore(options.dataDir, options.clock, undefined, (from, to) =>
    options.notice?.(`Upgrading the store in ${options.dataDir} (schema ${from} → ${to}); this happens once, and a large store takes a minute…`),
  );
  if (summary)
    options.notice?.(
      `Created demo data in ${options.dataDir}: ${summary.organization}, ${formatCount(summary.managed)} communities ` +
        `with ${formatCount(summary.communities - summary.managed)} comparables and ${formatCount(summary.surveys)} weekly surveys ` +
        `(use --empty or rentsurvey local reset --empty for an empty store).`,
    );
  return store;
}

/** What the service needs beside the store (see ServiceOptions). */
export function serviceOptions(store: Store, setup: ServiceSetup): ServiceOptions {
  return {
    store,
    appUrl: setup.appUrl ?? DEFAULT_APP_URL,
    mailer: createMailer({ smtpUrl: setup.smtpUrl, outboxDir: join(setup.dataDir, 'outbox') }),
    responseCache: setup.responseCache ?? true,
  };
}

/**
 * The key the CLI itself uses with --local, and who it is: all scopes in the
 * store's default organization, kept in the data directory (0600) because the
 * store holds only hashes. Made anew when missing, no longer valid, or of
 * another organization.
 */
export function inProcessCaller(store: Store): { key: string; principal: Principal } {
  const file = join(store.dataDir, IN_PROCESS_KEY_FILE);
  const organizationId = store.accounts.defaultOrganizationId() ?? store.accounts.ensureOrganization('Local');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    const principal = store.accounts.ownKeyPrincipal(key);
    if (principal?.organizationId === organizationId) return { key, principal };
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
  return { key, principal: store.accounts.ownKeyPrincipal(key) as Principal };
}
