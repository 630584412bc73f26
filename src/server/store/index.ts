import { join } from 'node:path';
import { accountsStore } from './accounts.js';
import { analyticsInputsStore } from './analytics-inputs.js';
import { communitiesStore } from './communities.js';
import { comparablesStore } from './comparables.js';
import { DATABASE_FILE } from './database-file.js';
import { Database } from './db.js';
import { importStore } from './import.js';
import { jobsStore } from './jobs.js';
import { locationsStore } from './locations.js';
import { pricingQueries } from './pricing-queries.js';
import { pricingViewsStore } from './pricing-views.js';

export { StoreError } from './errors.js';
export type { Principal } from './accounts.js';

export { DATABASE_FILE };

/**
 * The store of one data directory: every query the service runs, behind plain
 * functions. `file` is for building a store under another name (see data-dir.ts).
 */
export function openStore(
  dataDir: string | ':memory:',
  clock: () => Date = () => new Date(),
  file = DATABASE_FILE,
  onUpgrade?: (from: number, to: number) => void,
) {
  const db = new Database(dataDir === ':memory:' ? ':memory:' : join(dataDir, file), onUpgrade);
  const now = () => clock().toISOString();
  const accounts = accountsStore(db, now);
  const communities = communitiesStore(db, now);
  const queries = pricingQueries(db);
  const jobs = jobsStore(db, now);
  return {
    db,
    dataDir,
    now,
    accounts,
    communities,
    /** Read views of pricing (portfolio, batch, detail, comps, floor plans, history). */
    pricing: pricingViewsStore(db, queries),
    comparables: comparablesStore(db, now, queries, jobs),
    jobs,
    locations: locationsStore(db, now),
    /** What overview, vacancy and vacancy-trend read. */
    analytics: analyticsInputsStore(db, queries),
    imports: importStore(db, now, accounts, communities),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
