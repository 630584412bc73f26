/**
 * Which records a reference typed by a person names: pure, no I/O
 * (references.ts fetches the candidates and decides what to do with the answer).
 *
 * Tiers, first that matches wins (exact beats partial):
 *   1. the id, whole (any case);
 *   2. an external id, whole (any case);
 *   3. a name, whole (any case, runs of spaces as one);
 *   4. partial: a prefix of an id (at least 4 hex digits) or a part of a name.
 * Several matches in the winning tier are ambiguous: the caller asks or lists them.
 */

export interface Referable {
  id: string;
  name: string;
  external_community_id?: string | null | undefined;
}

export type MatchTier = 'id' | 'external id' | 'name' | 'partial';

export interface Match<T> {
  /** The tier that matched; undefined when nothing did. */
  tier: MatchTier | undefined;
  /** What matched in that tier, each record once, in the candidates' order. */
  found: T[];
}

export const MIN_ID_PREFIX = 4;

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Two names a reference cannot tell apart (any case, runs of spaces as one). */
export const sameName = (a: string, b: string) => fold(a) === fold(b);

/** "8bf1", "8BF1DB16-f3": could start an id (hex digits and the id's dashes), long enough to mean it. */
export function looksLikeIdPrefix(ref: string): boolean {
  const text = ref.trim().toLowerCase();
  return /^[0-9a-f-]+$/.test(text) && text.replace(/-/g, '').length >= MIN_ID_PREFIX;
}

export function matchReference<T extends Referable>(ref: string, candidates: readonly T[]): Match<T> {
  const wanted = fold(ref);
  if (wanted === '') return { tier: undefined, found: [] };
  const unique = (records: T[]) => records.filter((r, i) => records.findIndex((o) => o.id.toLowerCase() === r.id.toLowerCase()) === i);
  const tiers: [MatchTier, (c: T) => boolean][] = [
    ['id', (c) => c.id.toLowerCase() === wanted],
    ['external id', (c) => typeof c.external_community_id === 'string' && fold(c.external_community_id) === wanted],
    ['name', (c) => fold(c.name) === wanted],
    ['partial', (c) => (looksLikeIdPrefix(wanted) && c.id.toLowerCase().startsWith(wanted)) || fold(c.name).includes(wanted)],
  ];
  for (const [tier, test] of tiers) {
    const found = unique(candidates.filter(test));
    if (found.length > 0) return { tier, found };
  }
  return { tier: undefined, found: [] };
}
