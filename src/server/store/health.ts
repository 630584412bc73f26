/**
 * What `rentsurvey doctor` asks of a data directory's store, without changing
 * it: whether SQLite finds it whole (PRAGMA integrity_check), its schema
 * version against the one this rentsurvey migrates to, its size, and the
 * organization --local works in. Opened read-only: no migration, no demo data.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE } from './database-file.js';
import { StoreError, storeFailure } from './errors.js';
import { migrations } from './migrations.js';
import { DEFAULT_ORGANIZATION } from './name-lookup.js';
import { DatabaseSync } from './sqlite.js';

export interface StoreHealth {
  path: string;
  /** "ok", or what SQLite found wrong. */
  integrity: string;
  schemaVersion: number;
  /** The version this rentsurvey migrates a store to when it opens it. */
  currentVersion: number;
  /** The database with its write-ahead log, in bytes. */
  bytes: number;
  organization: { name: string; communities: number } | undefined;
}

/**
 * The health of the store in `dataDir`; undefined when it has none yet. A
 * file that cannot be opened or read is the StoreError its opening gives
 * (not a store, damaged, unreadable), with the way out.
 */
export function inspectStore(dataDir: string): StoreHealth | undefined {
  const path = join(dataDir, DATABASE_FILE);
  if (!existsSync(path)) return undefined;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true, timeout: 1_000 });
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const { user_version } = db.prepare('PRAGMA user_version').get() as { user_version: number };
    const organization = user_version > 0 ? (db.prepare(`SELECT name, (SELECT count(*) FROM communities c WHERE c.organization_id = o.id AND c.managed = 1) AS communities
        FROM organizations o WHERE o.id = ${DEFAULT_ORGANIZATION}`).get() as { name: string; communities: number } | undefined) : undefined;
    const wal = `${path}-wal`;
    return {
      path,
      integrity: rows.map((row) => row.integrity_check).join('; '),
      schemaVersion: user_version,
      currentVersion: migrations.length,
      bytes: statSync(path).size + (existsSync(wal) ? statSync(wal).size : 0),
      organization: organization && { name: organization.name, communities: Number(organization.communities) },
    };
  } catch (error) {
    throw storeFailure(error, path, true) ?? new StoreError('store_unavailable', `${path} cannot be read (${(error as Error).message})`);
  } finally {
    db?.close();
  }
}
