import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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
  /** Bumped on each of our own commits that changed something; PRAGMA data_version covers other connections. */
  private localWrites = 0;

  constructor(readonly path: string) {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    this.raw = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: 5_000 });
    this.raw.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    migrate(this);
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
    if (!statement) {
      statement = this.raw.prepare(sql);
      statement.setReturnArrays(true);
      this.tupleStatements.set(sql, statement);
    }
    return statement.all(...params) as unknown as T[];
  }

  all<T>(sql: string, ...params: SQLInputValue[]): T[];
  all<T>(sql: string, params: Record<string, SQLInputValue>): T[];
  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...(params as SQLInputValue[])) as T[];
  }

  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined;
  get<T>(sql: string, params: Record<string, SQLInputValue>): T | undefined;
  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...(params as SQLInputValue[])) as T | undefined;
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number };
  run(sql: string, params: Record<string, SQLInputValue>): { changes: number };
  run(sql: string, ...params: unknown[]): { changes: number } {
    const result = this.statement(sql).run(...(params as SQLInputValue[]));
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
    this.raw.exec('BEGIN IMMEDIATE');
    this.depth++;
    try {
      const result = work();
      this.raw.exec('COMMIT');
      this.localWrites++;
      return result;
    } catch (error) {
      this.raw.exec('ROLLBACK');
      throw error;
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
    this.raw.exec('BEGIN IMMEDIATE');
    this.depth++;
    try {
      const result = await work();
      this.raw.exec('COMMIT');
      return result;
    } catch (error) {
      this.raw.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth--;
      this.localWrites++;
    }
  }

  /** Changes whenever this or any other connection committed a change. */
  version(): string {
    const { data_version } = this.get<{ data_version: number }>('PRAGMA data_version') ?? { data_version: 0 };
    return `${data_version}.${this.localWrites}`;
  }

  close(): void {
    this.statements.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

function migrate(db: Database): void {
  const current = (db.get<{ user_version: number }>('PRAGMA user_version')?.user_version ?? 0) as number;
  if (current > migrations.length)
    throw new Error(
      `database schema version ${current} is newer than this rentsurvey (${migrations.length}); upgrade rentsurvey`,
    );
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.raw.exec(migrations[version] as string);
      db.raw.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}
