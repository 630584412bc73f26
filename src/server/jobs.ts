import { distanceMiles } from '../domain/geo.js';
import type { Store } from './store/index.js';
import { lookupZip } from './zip-table.js';

/**
 * The enrichment job of a new comparable, run locally: geocode its zip code
 * from the offline table and measure its distance from the subject. The
 * pricing job needs the network and stays queued here.
 */
export async function runEnrichment(
  store: Store,
  job: { organizationId: string; jobId: string; compId: string; subjectId: string; zipcode: string },
): Promise<void> {
  const place = lookupZip(job.zipcode);
  if (!place) {
    store.jobs.finish(job.jobId, 'failed', `zip code ${job.zipcode} is not in the offline zip table`);
    return;
  }
  const subject = store.communities.communityRef(job.organizationId, job.subjectId);
  let origin =
    subject && subject.latitude !== null && subject.longitude !== null
      ? { latitude: subject.latitude, longitude: subject.longitude }
      : undefined;
  if (!origin && subject) origin = lookupZip(subject.zipcode);
  const distance = origin ? distanceMiles(origin, place) : null;
  store.locations.set(job.compId, place.latitude, place.longitude, job.subjectId, distance);
  store.jobs.finish(
    job.jobId,
    'done',
    `geocoded ${job.zipcode} (${place.city}, ${place.state})${distance === null ? '' : `, ${distance} mi from the subject`}`,
  );
}
