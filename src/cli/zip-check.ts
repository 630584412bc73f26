/**
 * A zip code can be well-formed (12345) and still not be a US zip code (00000): the service
 * then has no coordinates for the community, so no distances between it and its comparables
 * (comps list, pricing export --include-comps). `communities create|update` and `comps add`
 * say so on stderr rather than leave a gap to be found later. The offline US zip table is the
 * one the embedded service geocodes with (src/server/zip-table.ts), loaded only here.
 */
import { lookupZip } from '../server/zip-table.js';
import type { CommandContext } from './context.js';

/** Warns when `zipcode` (already well-formed) is not in the US zip table; `consequence` says what lacks a distance. */
export function warnIfNotUsZip(ctx: Pick<CommandContext, 'log'>, zipcode: string | undefined, consequence: string): void {
  if (zipcode === undefined || lookupZip(zipcode.trim()) !== undefined) return;
  ctx.log.warn(`zip code ${zipcode.trim()} is not a US zip code: ${consequence}`);
}
