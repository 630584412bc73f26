import { join } from 'node:path';
import { accountsStore } from './accounts.js';
import { communitiesStore } from './communities.js';
import { Database } from './db.js';
import { importStore } from './import.js';
import { pricingStore } from './pricing.js';

export { StoreError } from './errors.js';
export type { Principal } from './accounts.js';

export const DATABASE_FILE = 'rentsurvey.db';

/**
 * The store of one data directory: every query the service runs, behind plain
 * functions. `file` is for building a store under another name (see local.ts).
 */
export function openStore(dataDir: string | ':memory:', clock: () => Date = () => new Date(), file = DATABASE_FILE) {
  const db = new Database(dataDir === ':memory:' ? ':memory:' : join(dataDir, file));
  const now = () => clock().toISOString();
  const accounts = accountsStore(db, now);
  const communities = communitiesStore(db, now);
  return {
    db,
    dataDir,
    now,
    accounts,
    communities,
    pricing: pricingStore(db, now),
    imports: importStore(db, now, accounts, communities),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
