// A store as schema versions 2 and 3 wrote it, built with their SQL, for the tests of the
// migrations that bring such stores up to date (src/server/store/migrations.test.ts, e2e).
import { DatabaseSync } from 'node:sqlite';
import { migrations } from '../../src/server/store/migrations.js';

export const ORGANIZATION = { id: '22222222-0000-4000-8000-000000000001', name: 'Upgrade Residential' };
/** The subject and its comparable. */
export const SUBJECT = '33333333-0000-4000-8000-000000000001';
export const COMP = '33333333-0000-4000-8000-000000000002';
export const SURVEYS = 400;
export const PLANS = ['a1', 'b1', 'b2', 'c1', 'c2', 'c3'];
export const survey = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const plan = (key: string) => `11111111-0000-4000-8000-0000000000${key}`;
/** Survey n's date: weekly, the last on 2026-11-23. */
const day = (n: number) => new Date(Date.UTC(2026, 10, 23) - (SURVEYS - 1 - n) * 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * A store at schema version `version` (2: before survey_vacancy; 3: with it), as those versions
 * wrote it: a subject (plans a1, b1, b2) and a comparable (c1–c3), weekly surveys observing all
 * six plans. Availability as the importer wrote it: the rows of a CSV (units on the survey date),
 * dated rows, and none for no units.
 */
export function storeAtSchema(path: string, version: 2 | 3): string {
  const raw = new DatabaseSync(path);
  raw.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON');
  for (const migration of migrations.slice(0, 2)) raw.exec(migration);
  const at = '2026-01-01T00:00:00.000Z';
  raw.prepare('INSERT INTO organizations VALUES (?, ?, ?)').run(ORGANIZATION.id, ORGANIZATION.name, at);
  const insertCommunity = raw.prepare(
    "INSERT INTO communities (id, organization_id, managed, name, address, zipcode, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '78701', 'active', ?, ?)",
  );
  insertCommunity.run(SUBJECT, ORGANIZATION.id, 1, 'Maple Court', '1 Main St', at, at);
  insertCommunity.run(COMP, ORGANIZATION.id, 0, 'Oak Flats', '2 Main St', at, at);
  raw.prepare('INSERT INTO comps VALUES (?, ?, 0.5, 1, ?, ?)').run(SUBJECT, COMP, at, at);
  const insertPlan = raw.prepare('INSERT INTO floor_plans VALUES (?, ?, ?, 1, 1, 700, 40, ?)');
  // Not in key order: a plan's number (seq) follows the order the store held them in.
  for (const key of [...PLANS].reverse()) insertPlan.run(plan(key), key.startsWith('c') ? COMP : SUBJECT, key.toUpperCase(), at);
  const insertSurvey = raw.prepare(`INSERT INTO surveys VALUES (?, ?, ?, 'completed', ?)`);
  const insertObservation = raw.prepare('INSERT INTO observations VALUES (?, ?, ?, ?, ?, ?, ?)');
  const insertAvailability = raw.prepare('INSERT INTO availability VALUES (?, ?, ?, ?)');
  raw.exec('BEGIN');
  for (let n = 0; n < SURVEYS; n++) {
    insertSurvey.run(survey(n), SUBJECT, day(n), at);
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

