import { describe, expect, it } from 'vitest';
import { DatabaseSync, isSqliteExperimentalWarning } from './sqlite.js';

describe('node:sqlite without its Node 22 warning', () => {
  it('drops only the warning node:sqlite emits as it loads, in each form emitWarning takes', () => {
    const message = 'SQLite is an experimental feature and might change at any time';
    expect(isSqliteExperimentalWarning(message, 'ExperimentalWarning')).toBe(true);
    expect(isSqliteExperimentalWarning(message, { type: 'ExperimentalWarning' })).toBe(true);
    expect(isSqliteExperimentalWarning(Object.assign(new Error(message), { name: 'ExperimentalWarning' }))).toBe(true);
    expect(isSqliteExperimentalWarning(message)).toBe(false);
    expect(isSqliteExperimentalWarning(message, 'DeprecationWarning')).toBe(false);
    expect(isSqliteExperimentalWarning('VM Modules is an experimental feature', 'ExperimentalWarning')).toBe(false);
  });

  it('is node:sqlite', () => {
    const db = new DatabaseSync(':memory:');
    expect(db.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    db.close();
  });
});
