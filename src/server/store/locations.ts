import type { Database } from './db.js';

/** Where communities are: coordinates, and a comparable's distance from its subject. */
export function locationsStore(db: Database, now: () => string) {
  return {
    /** Sets coordinates of a market community and its distance from one subject. */
    set(communityId: string, latitude: number, longitude: number, subjectId?: string, distanceMiles?: number | null) {
      db.transaction(() => {
        db.run('UPDATE communities SET latitude = ?, longitude = ?, updated_at = ? WHERE id = ?', latitude, longitude, now(), communityId);
        if (subjectId !== undefined)
          db.run('UPDATE comps SET distance_miles = ? WHERE subject_id = ? AND comp_id = ?', distanceMiles ?? null, subjectId, communityId);
      });
    },
  };
}
