import { crypto } from './crypto.js';
import type { Database } from './db.js';

type JobKind = 'enrichment' | 'pricing';

/** The queue of collection jobs a new comparable starts (enrichment, pricing). */
export function jobsStore(db: Database, now: () => string) {
  return {
    /** Queues jobs for a community; call inside the transaction that created it. */
    queue(organizationId: string, communityId: string, subjectId: string, kinds: readonly JobKind[], at: string) {
      return kinds.map((kind) => {
        const id = crypto().randomUUID();
        db.run(
          `INSERT INTO jobs (id, organization_id, kind, community_id, subject_id, status, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 'queued', ?, ?)`,
          id,
          organizationId,
          kind,
          communityId,
          subjectId,
          at,
          at,
        );
        return { kind, id };
      });
    },

    list(organizationId?: string) {
      return db.all<{
        id: string;
        kind: string;
        community_id: string;
        community_name: string;
        subject_id: string | null;
        status: string;
        detail: string;
        created_at: string;
        updated_at: string;
      }>(
        `SELECT j.id, j.kind, j.community_id, c.name AS community_name, j.subject_id, j.status, j.detail, j.created_at, j.updated_at
           FROM jobs j JOIN communities c ON c.id = j.community_id
          WHERE ? IS NULL OR j.organization_id = ?
          ORDER BY j.created_at, j.kind`,
        organizationId ?? null,
        organizationId ?? null,
      );
    },

    finish(jobId: string, status: 'done' | 'failed', detail: string) {
      db.run('UPDATE jobs SET status = ?, detail = ?, updated_at = ? WHERE id = ?', status, detail, now(), jobId);
    },
  };
}

export type JobsStore = ReturnType<typeof jobsStore>;
