import { createRequire } from 'node:module';

export interface ZipPlace {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
}

let table: { lookup(zip: string): ZipPlace | undefined } | undefined;

/**
 * The offline US zip centroid table (the `zipcodes` package). It is a few MB
 * of data, so it loads on the first lookup, not with the server.
 */
export function lookupZip(zipcode: string): ZipPlace | undefined {
  table ??= createRequire(import.meta.url)('zipcodes') as { lookup(zip: string): ZipPlace | undefined };
  return table.lookup(zipcode.slice(0, 5));
}
