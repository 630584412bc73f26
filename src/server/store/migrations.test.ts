// Stores made by earlier versions are brought up to date when opened: the same answers, from
// tables of another shape. Each case builds a store at an older schema version with SQL of
// that version's shape, opens it, and compares what it holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDataDirStore } from '../data-dir.js';
import { DATABASE_FILE } from './database-file.js';
import { Database } from './db.js';
import { migrations } from './migrations.js';
import { DatabaseSync } from './sqlite.js';
import { COMP, PLANS, storeAtSchema, SUBJECT, survey, SURVEYS } from '../../../test/helpers/old-store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rentsurvey-migrations-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What the store holds, by ids: observations, each one's availability, and the per-survey vacancy. */
function contents(db: { all<T>(sql: string): T[] }, shape: 'ids' | 'seqs') {
  const [s, fp] = shape === 'ids' ? ['s.id = o.survey_id', 'fp.id = o.floor_plan_id'] : ['s.seq = o.survey_seq', 'fp.seq = o.floor_plan_seq'];
  const observations = db.all(
    `SELECT s.id AS survey, fp.id AS plan, o.observed_on, o.market_rent_cents, o.net_effective_rent_cents, o.units_available, o.concessions
       FROM observations o JOIN surveys s ON ${s} JOIN floor_plans fp ON ${fp} ORDER BY 1, 2`,
  );
  const availability =
    shape === 'ids'
      ? db.all('SELECT survey_id AS survey, floor_plan_id AS plan, available_from, units FROM availability ORDER BY 1, 2, 3')
      : db.all(
          `SELECT s.id AS survey, fp.id AS plan, a.available_from, a.units FROM observation_availability a
             JOIN surveys s ON s.seq = a.survey_seq JOIN floor_plans fp ON fp.seq = a.floor_plan_seq ORDER BY 1, 2, 3`,
        );
  return { observations, availability };
}

describe('migration to integer keys (schema 4)', () => {
  for (const version of [2, 3] as const) {
    it(`a store at schema ${version} keeps its observations, availability and ids, and counts its vacancy per survey`, () => {
      const path = storeAtSchema(join(dir, DATABASE_FILE), version);
      const raw = new DatabaseSync(path);
      const before = contents({ all: (sql) => raw.prepare(sql).all() as never[] }, 'ids');
      const order = raw.prepare('SELECT id FROM floor_plans ORDER BY rowid').all();
      raw.close();
      expect(before.observations).toHaveLength(SURVEYS * PLANS.length);

      const db = new Database(path);
      try {
        expect(db.get<{ user_version: number }>('PRAGMA user_version')?.user_version).toBe(migrations.length);
        expect(contents(db, 'seqs')).toEqual(before);
        // The rows that only said "units on the survey date" are no longer stored; the dated ones are.
        const stored = db.get<{ n: number }>('SELECT count(*) AS n FROM availability')!.n;
        expect(stored).toBeGreaterThan(0);
        expect(stored).toBeLessThan(before.availability.length);
        expect(db.all('SELECT id FROM floor_plans ORDER BY seq')).toEqual(order);
        expect(db.all('PRAGMA foreign_key_check')).toEqual([]);
        expect(db.get<{ integrity_check: string }>('PRAGMA integrity_check')?.integrity_check).toBe('ok');
        // survey_vacancy (filled by migration 3 for a version-2 store, copied for a version-3 one): the window's units per survey and community.
        const vacancy = db.all<{ survey: string; community_id: string; available: number }>(
          `SELECT s.id AS survey, v.community_id, v.available_next_14_days AS available
             FROM survey_vacancy v JOIN surveys s ON s.seq = v.survey_seq ORDER BY 1, 2`,
        );
        expect(vacancy).toHaveLength(SURVEYS * 2);
        const first = vacancy.filter((v) => v.survey === survey(0));
        // Survey 0: subject plans a1 (0 units), b1 (1, dated: 1 within), b2 (2, on the date); comparable c1 (3, dated: 1 within), c2 (0), c3 (1, dated).
        expect(first).toEqual([
          { survey: survey(0), community_id: SUBJECT, available: 3 },
          { survey: survey(0), community_id: COMP, available: 2 },
        ]);
      } finally {
        db.close();
      }
    });
  }

  it('gives the dropped tables’ space back to the disk when they were most of the file', () => {
    const db = new Database(storeAtSchema(join(dir, DATABASE_FILE), 3));
    try {
      db.raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      expect(db.get<{ freelist_count: number }>('PRAGMA freelist_count')?.freelist_count).toBe(0);
      expect(db.get<{ n: number }>('SELECT count(*) AS n FROM observations')?.n).toBe(SURVEYS * PLANS.length);
    } finally {
      db.close();
    }
  });

  it('says so before it upgrades a store, once', async () => {
    storeAtSchema(join(dir, DATABASE_FILE), 3);
    const notices: string[] = [];
    const open = () => openDataDirStore({ dataDir: dir, notice: (message) => notices.push(message) });
    (await open()).close();
    expect(notices).toEqual([`Upgrading the store in ${dir} (schema 3 → ${migrations.length}); this happens once, and a large store takes a minute…`]);
    (await open()).close();
    expect(notices).toHaveLength(1);
  });
});
