/**
 * Read-only look-ups for TAB completion with --local: the names, external ids
 * and ids of the communities `portfolio` lists and of a subject's comparables
 * (with whether each is active), and a community's floor plans.
 * Opens the database file read-only — no migration, no demo seeding, nothing
 * written — and loads nothing but node:sqlite, so that a TAB stays fast.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from './sqlite.js';
import { DATABASE_FILE } from './database-file.js';

export interface CommunityName {
  id: string;
  name: string;
  external_community_id: string | null;
}

export interface CompName extends CommunityName {
  is_included_in_surveys: boolean;
}

export interface PlanName {
  id: string;
  floor_plan_name: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
}

// The organization local commands act for (accounts.defaultOrganizationId, in one statement).
export const DEFAULT_ORGANIZATION = `COALESCE(
  (SELECT o.id FROM settings s JOIN organizations o ON o.id = s.value WHERE s.key = 'default_organization'),
  (SELECT id FROM organizations ORDER BY created_at, name LIMIT 1))`;

/** Undefined when the data directory has no store yet. */
export function openNameLookup(dataDir: string) {
  const path = join(dataDir, DATABASE_FILE);
  if (!existsSync(path)) return undefined;
  const db = new DatabaseSync(path, { readOnly: true, timeout: 250 });
  const all = (sql: string, ...params: string[]) => db.prepare(sql).all(...params) as unknown as CommunityName[];
  return {
    communities: () =>
      all(`SELECT id, name, external_community_id FROM communities
            WHERE managed = 1 AND organization_id = ${DEFAULT_ORGANIZATION}
            ORDER BY name COLLATE NOCASE, id`),
    comps: (subjectId: string): CompName[] =>
      (
        db
          .prepare(
            `SELECT c.id, c.name, c.external_community_id, k.is_included_in_surveys FROM comps k JOIN communities c ON c.id = k.comp_id
              WHERE k.subject_id = ? ORDER BY c.name COLLATE NOCASE, c.id`,
          )
          .all(subjectId) as unknown as (CommunityName & { is_included_in_surveys: number })[]
      ).map((comp) => ({ ...comp, is_included_in_surveys: comp.is_included_in_surveys === 1 })),
    floorPlans: (communityId: string) =>
      db
        .prepare(
          `SELECT id, floor_plan_name, bedrooms, bathrooms, square_feet FROM floor_plans
            WHERE community_id = ? ORDER BY floor_plan_name COLLATE NOCASE, id`,
        )
        .all(communityId) as unknown as PlanName[],
    close: () => db.close(),
  };
}
