import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoreError, storeFailure } from './errors.js';
import { DatabaseSync, type SQLInputValue, type StatementSync } from './sqlite.js';
import { migrations } from './migrations.js';

/**
 * One SQLite connection with the project's settings and a statement cache, so
 * each query is prepared once per connection.
 */
export class Database {
  readonly raw: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private readonly tupleStatements = new Map<string, StatementSync>();
  private depth = 0;
  /** Until the constructor is done, a failure is the file's: its message names it. */
  private opened = false;
  /** Bumped on each of our own commits that changed something; PRAGMA data_version covers other connections. */
  private localWrites = 0;
  /** Connections opened by this process: a store reopened on a new file (serve after local reset) starts new versions. */
  private static opens = 0;
  private readonly connection = ++Database.opens;

  /**
   * Opens the file and brings its schema up to date. A file that is not a
   * store, damaged (truncated, overwritten), unreadable or on a full device
   * is a StoreError naming it: SQLite reads the header and schema here, so
   * garbage and truncation show at once, before any command's work.
   */
  constructor(
    readonly path: string,
    /** Told before an existing store's schema is brought up to date (a large store's can take a minute). */
    onUpgrade?: (from: number, to: number) => void,
  ) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    let raw: DatabaseSync | undefined;
    try {
      raw = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: 5_000 });
      this.raw = raw;
      raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
      migrate(this, onUpgrade);
    } catch (error) {
      if (raw?.isOpen) raw.close();
      throw this.failed(error);
    }
    this.opened = true;
  }

  /** A failure of SQLite that is the store's condition (full, damaged) rather than a bug, as a StoreError. */
  private failed(error: unknown): unknown {
    return storeFailure(error, this.path, !this.opened) ?? error;
  }

  statement(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.raw.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Rows as arrays of the selected values, in order. node:sqlite's row objects
   * are dictionary-mode (slow to build and to read); arrays cost a third less
   * on the store's longest reads (a year of a community's pricing).
   */
  tuples<T extends unknown[]>(sql: string, ...params: SQLInputValue[]): T[] {
    let statement = this.tupleStatements.get(sql);
    try {
      if (!statement) {
        statement = this.raw.prepare(sql);
        statement.setReturnArrays(true);
        this.tupleStatements.set(sql, statement);
      }
      return statement.all(...params) as unknown as T[];
    } catch (error) {
      throw this.failed(error);
    }
  }

  all<T>(sql: string, ...params: SQLInputValue[]): T[];
  all<T>(sql: string, params: Record<string, SQLInputValue>): T[];
  all<T>(sql: string, ...params: unknown[]): T[] {
    try {
      return this.statement(sql).all(...(params as SQLInputValue[])) as T[];
    } catch (error) {
      throw this.failed(error);
    }
  }

  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined;
  get<T>(sql: string, params: Record<string, SQLInputValue>): T | undefined;
  get<T>(sql: string, ...params: unknown[]): T | undefined {
    try {
      return this.statement(sql).get(...(params as SQLInputValue[])) as T | undefined;
    } catch (error) {
      throw this.failed(error);
    }
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number };
  run(sql: string, params: Record<string, SQLInputValue>): { changes: number };
  run(sql: string, ...params: unknown[]): { changes: number } {
    let result;
    try {
      result = this.statement(sql).run(...(params as SQLInputValue[]));
    } catch (error) {
      throw this.failed(error);
    }
    if (this.depth === 0 && Number(result.changes) > 0) this.localWrites++;
    return { changes: Number(result.changes) };
  }

  /**
   * Runs `work` in one transaction (IMMEDIATE, so that check-then-write
   * sequences such as the comparable limit cannot interleave with another
   * writer). Nested calls join the outer transaction.
   */
  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.begin();
    this.depth++;
    try {
      const result = work();
      this.raw.exec('COMMIT');
      this.localWrites++;
      return result;
    } catch (error) {
      throw this.rollBack(error);
    } finally {
      this.depth--;
    }
  }

  /**
   * The same for work that awaits (rows read from a stream). Everything the
   * process does with this connection meanwhile is inside the transaction, so
   * only commands that own the connection (local import) use it.
   */
  async transactionAsync<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    this.begin();
    this.depth++;
    try {
      const result = await work();
      this.raw.exec('COMMIT');
      return result;
    } catch (error) {
      throw this.rollBack(error);
    } finally {
      this.depth--;
      this.localWrites++;
    }
  }

  private begin() {
    try {
      this.raw.exec('BEGIN IMMEDIATE');
    } catch (error) {
      throw this.failed(error);
    }
  }

  /**
   * Ends a transaction that failed, and says why. SQLite rolls back by itself
   * after some failures (a full disk): a ROLLBACK then would fail too, and
   * hide the reason.
   */
  private rollBack(error: unknown): unknown {
    if (this.raw.isTransaction) this.raw.exec('ROLLBACK');
    return error instanceof StoreError ? error : this.failed(error);
  }

  /** Changes whenever this or any other connection committed a change. */
  version(): string {
    const { data_version } = this.get<{ data_version: number }>('PRAGMA data_version') ?? { data_version: 0 };
    return `${this.connection}.${data_version}.${this.localWrites}`;
  }

  close(): void {
    this.statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

const schemaVersion = (db: Database) => db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0;

function migrate(db: Database, onUpgrade?: (from: number, to: number) => void): void {
  const current = schemaVersion(db);
  if (current > migrations.length)
    throw new StoreError(
      'store_unavailable',
      `${db.path} was made by a newer rentsurvey (schema version ${current}; this one knows ${migrations.length})`,
      [],
      'upgrade rentsurvey',
    );
  if (current > 0 && current < migrations.length) onUpgrade?.(current, migrations.length);
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      // Another process may have applied it while this one waited for the lock.
      if (schemaVersion(db) !== version) return;
      db.raw.exec(migrations[version] as string);
      db.raw.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
  if (current > 0 && current < migrations.length) compact(db);
}

/**
 * A migration that rebuilt tables leaves the old ones' pages free inside the file (a
 * store of 1,000 subjects kept 1 GB it no longer used): when they are most of it, the
 * file is rewritten without them. VACUUM needs room for a copy; where there is none,
 * the store works as it is and reuses the free pages as it grows.
 */
function compact(db: Database): void {
  const free = db.get<{ freelist_count: number }>('PRAGMA freelist_count')?.freelist_count ?? 0;
  const pages = db.get<{ page_count: number }>('PRAGMA page_count')?.page_count ?? 0;
  if (free * 2 <= pages) return;
  try {
    db.raw.exec('VACUUM');
  } catch {
    // Left as it is: see above.
  }
}
