import { lookup } from 'zipcodes';

export interface ZipPlace {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

/**
 * The offline US zip centroid table (the `zipcodes` package): a few MB of data
 * that load with this module, so only what geocodes imports it, and lazily
 * (a new comparable's enrichment job, the demo generator). The build puts the
 * US part of it, compacted, in a chunk of its own (scripts/build-plugins.js, zipTable).
 */
export function lookupZip(zipcode: string): ZipPlace | undefined {
  const place = lookup(zipcode.slice(0, 5));
  return place && { latitude: place.latitude, longitude: place.longitude, city: place.city, state: place.state };
}
