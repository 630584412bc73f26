import { distanceMiles } from '../domain/geo.js';
import type { Store } from './store/index.js';

type ZipTable = { lookup(zip: string): { latitude: number; longitude: number; city: string; state: string } | undefined };

let zipTable: Promise<ZipTable> | undefined;

/** The offline US zip centroid table, loaded on first use (it is a few MB). */
export function loadZipTable(): Promise<ZipTable> {
  zipTable ??= import('zipcodes').then((module) => (module.default ?? module) as unknown as ZipTable);
  return zipTable;
}

/**
 * The enrichment job of a new comparable, run locally: geocode its zip code
 * from the offline table and measure its distance from the subject. The
 * pricing job needs the network and stays queued here.
 */
export async function runEnrichment(
  store: Store,
  job: { organizationId: string; jobId: string; compId: string; subjectId: string; zipcode: string },
): Promise<void> {
  const zips = await loadZipTable();
  const place = zips.lookup(job.zipcode.slice(0, 5));
  if (!place) {
    store.pricing.finishJob(job.jobId, 'failed', `zip code ${job.zipcode} is not in the offline zip table`);
    return;
  }
  const subject = store.communities.communityRef(job.organizationId, job.subjectId);
  let origin =
    subject && subject.latitude !== null && subject.longitude !== null
      ? { latitude: subject.latitude, longitude: subject.longitude }
      : undefined;
  if (!origin && subject) origin = zips.lookup(subject.zipcode.slice(0, 5));
  const distance = origin ? distanceMiles(origin, place) : null;
  store.pricing.setLocation(job.compId, place.latitude, place.longitude, job.subjectId, distance);
  store.pricing.finishJob(
    job.jobId,
    'done',
    `geocoded ${job.zipcode} (${place.city}, ${place.state})${distance === null ? '' : `, ${distance} mi from the subject`}`,
  );
}
