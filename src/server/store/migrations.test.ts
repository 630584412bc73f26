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

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rentsurvey-migrations-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const SURVEYS = 400;
const PLANS = ['a1', 'b1', 'b2', 'c1', 'c2', 'c3'];
const survey = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const plan = (key: string) => `11111111-0000-4000-8000-0000000000${key}`;
const day = (n: number) => new Date(Date.UTC(2026, 0, 5) + n * 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * A store at schema version `version` (2: before survey_vacancy; 3: with it), as those versions
 * wrote it: a subject (plans a1, b1, b2) and a comparable (c1–c3), weekly surveys observing all
 * six plans. Availability as the importer wrote it: the rows of a CSV (units on the survey date),
 * dated rows, and none for no units.
 */
function storeAt(version: 2 | 3): string {
  const path = join(dir, DATABASE_FILE);
  const raw = new DatabaseSync(path);
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON');
  for (const migration of migrations.slice(0, 2)) raw.exec(migration);
  raw.exec(`
    INSERT INTO organizations VALUES ('org', 'Org', '2026-01-01T00:00:00.000Z');
    INSERT INTO communities (id, organization_id, managed, name, address, zipcode, status, created_at, updated_at)
    VALUES ('subject', 'org', 1, 'Subject', '1 Main St', '78701', 'active', 'x', 'x'),
           ('comp', 'org', 0, 'Comp', '2 Main St', '78701', 'active', 'x', 'x');
    INSERT INTO comps VALUES ('subject', 'comp', 0.5, 1, 'x', 'x');`);
  const insertPlan = raw.prepare('INSERT INTO floor_plans VALUES (?, ?, ?, 1, 1, 700, 40, ?)');
  // Not in key order: a plan's number (seq) follows the order the store held them in.
  for (const key of [...PLANS].reverse()) insertPlan.run(plan(key), key.startsWith('c') ? 'comp' : 'subject', key, 'x');
  const insertSurvey = raw.prepare("INSERT INTO surveys VALUES (?, 'subject', ?, 'completed', 'x')");
  const insertObservation = raw.prepare('INSERT INTO observations VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertAvailability = raw.prepare('INSERT INTO availability VALUES (?, ?, ?, ?)');
  raw.exec('BEGIN');
  for (let n = 0; n < SURVEYS; n++) {
    insertSurvey.run(survey(n), day(n));
    PLANS.forEach((key, p) => {
      const units = (n + p) % 4;
      insertObservation.run(survey(n), plan(key), day(n), 150_000 + n * 100 + p, 145_000 + n * 100, units, p === 2 ? '1 month free' : '');
      if (units === 0) return;
      if (p % 2 === 0) insertAvailability.run(survey(n), plan(key), day(n), units); // a CSV row's: units on the survey date
      else {
        // Dated: one within the 14-day window, the rest beyond it.
        insertAvailability.run(survey(n), plan(key), day(n), 1);
        if (units > 1) insertAvailability.run(survey(n), plan(key), new Date(Date.parse(day(n)) + 30 * 86_400_000).toISOString().slice(0, 10), units - 1);
      }
    });
  }
  raw.exec('COMMIT');
  if (version === 3) raw.exec(migrations[2]!);
  raw.exec(`PRAGMA user_version = ${version}`);
  raw.close();
  return path;
}

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
      const path = storeAt(version);
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
          { survey: survey(0), community_id: 'comp', available: 2 },
          { survey: survey(0), community_id: 'subject', available: 3 },
        ]);
      } finally {
        db.close();
      }
    });
  }

  it('gives the dropped tables’ space back to the disk when they were most of the file', () => {
    const db = new Database(storeAt(3));
    try {
      db.raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      expect(db.get<{ freelist_count: number }>('PRAGMA freelist_count')?.freelist_count).toBe(0);
      expect(db.get<{ n: number }>('SELECT count(*) AS n FROM observations')?.n).toBe(SURVEYS * PLANS.length);
    } finally {
      db.close();
    }
  });

  it('says so before it upgrades a store, once', async () => {
    storeAt(3);
    const notices: string[] = [];
    const open = () => openDataDirStore({ dataDir: dir, notice: (message) => notices.push(message) });
    (await open()).close();
    expect(notices).toEqual([`Upgrading the store in ${dir} (schema 3 → ${migrations.length}); this happens once, and a large store takes a minute…`]);
    (await open()).close();
    expect(notices).toHaveLength(1);
  });
});
