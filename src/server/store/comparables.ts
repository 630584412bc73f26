import { crypto } from './crypto.js';
import { MAX_ACTIVE_COMPS } from '../../api/rules.js';
import type { Database } from './db.js';
import { conflict, notFound, StoreError } from './errors.js';
import type { JobsStore } from './jobs.js';
import type { PricingQueries } from './pricing-queries.js';

/** Writes to a subject's comparables: add one (and queue its collection), activate or deactivate one. */
export function comparablesStore(db: Database, now: () => string, queries: PricingQueries, jobs: JobsStore) {
  /** The limit of active comparables, checked inside the caller's transaction. */
  function assertRoomForActiveComp(subjectId: string, advice: string) {
    if ((queries.activeCompCounts([subjectId]).get(subjectId) ?? 0) >= MAX_ACTIVE_COMPS)
      throw new StoreError(
        'comp_limit_reached',
        `community ${subjectId} already has ${MAX_ACTIVE_COMPS} active comparables; ${advice}`,
      );
  }

  return {
    /**
     * Adds a market community as a comparable and queues its collection jobs, in
     * one IMMEDIATE transaction so that concurrent adds cannot pass the limit.
     */
    addComp(
      organizationId: string,
      subjectId: string,
      comp: { name: string; address: string; zipcode: string; website_url?: string | undefined },
    ) {
      return db.transaction(() => {
        const subject = db.get<{ id: string }>(
          'SELECT id FROM communities WHERE id = ? AND organization_id = ? AND managed = 1',
          subjectId,
          organizationId,
        );
        if (!subject) throw notFound('community', subjectId);
        assertRoomForActiveComp(subjectId, 'deactivate one to add another');
        const duplicate = db.get<{ id: string }>(
          `SELECT c.id FROM comps k JOIN communities c ON c.id = k.comp_id
            WHERE k.subject_id = ? AND c.name = ? COLLATE NOCASE AND c.zipcode = ?`,
          subjectId,
          comp.name,
          comp.zipcode,
        );
        if (duplicate) throw conflict(`${comp.name} (${comp.zipcode}) is already comparable ${duplicate.id} of this community`);
        const at = now();
        const compId = crypto().randomUUID();
        db.run(
          `INSERT INTO communities (id, organization_id, managed, name, address, zipcode, website_url, status, created_at, updated_at)
           VALUES (?, ?, 0, ?, ?, ?, ?, 'active', ?, ?)`,
          compId,
          organizationId,
          comp.name,
          comp.address,
          comp.zipcode,
          comp.website_url ?? null,
          at,
          at,
        );
        db.run(
          `INSERT INTO comps (subject_id, comp_id, distance_miles, is_included_in_surveys, created_at, updated_at)
           VALUES (?, ?, NULL, 1, ?, ?)`,
          subjectId,
          compId,
          at,
          at,
        );
        return { compId, jobs: jobs.queue(organizationId, compId, subjectId, ['enrichment', 'pricing'], at) };
      });
    },

    setCompIncluded(organizationId: string, subjectId: string, compId: string, included: boolean) {
      return db.transaction(() => {
        queries.communityOrThrow(organizationId, subjectId);
        const link = db.get<{ is_included_in_surveys: number }>(
          'SELECT is_included_in_surveys FROM comps WHERE subject_id = ? AND comp_id = ?',
          subjectId,
          compId,
        );
        if (!link) throw notFound(`comparable of community ${subjectId}:`, compId);
        if (included && link.is_included_in_surveys === 0) assertRoomForActiveComp(subjectId, 'deactivate one first');
        db.run(
          'UPDATE comps SET is_included_in_surveys = ?, updated_at = ? WHERE subject_id = ? AND comp_id = ?',
          included ? 1 : 0,
          now(),
          subjectId,
          compId,
        );
        return { changed: (link.is_included_in_surveys === 1) !== included };
      });
    },
  };
}
