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

/**
 * How far `ref` is from `text`: the fewest letters added, removed, changed or swapped
 * (Damerau–Levenshtein, optimal string alignment) to make `ref` a whole word run of `text`
 * or all of it — "Terace" is 1 from "Barton Creek Terrace", as is "Barton Creek Terace".
 * A part of a name counts only from a word's start, so "ark" is not near "Park".
 */
function distanceInto(ref: string, text: string): number {
  let best = Number.POSITIVE_INFINITY;
  const starts = [0, ...[...text.matchAll(/ (?=\S)/g)].map((m) => (m.index ?? 0) + 1)];
  for (const start of starts) {
    const tail = text.slice(start);
    // prev2, prev, row: the DP rows of optimal string alignment; a column's value in the last row at any end is a candidate.
    let prev2: number[] = [];
    let prev = Array.from({ length: tail.length + 1 }, (_, j) => j);
    for (let i = 1; i <= ref.length; i++) {
      const row = [i];
      for (let j = 1; j <= tail.length; j++) {
        const cost = ref[i - 1] === tail[j - 1] ? 0 : 1;
        let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
        if (i > 1 && j > 1 && ref[i - 1] === tail[j - 2] && ref[i - 2] === tail[j - 1]) value = Math.min(value, prev2[j - 2]! + 1);
        row.push(value);
      }
      [prev2, prev] = [prev, row];
    }
    // Ending at the end of a word, or of the text.
    for (let j = 0; j <= tail.length; j++) if (j === tail.length || tail[j] === ' ') best = Math.min(best, prev[j]!);
  }
  return best;
}

/**
 * The records a reference that matched nothing was most likely meant for ("did you mean"):
 * the nearest by name or external id (a few letters off: at most a quarter of what was typed,
 * at least 1), nearest first, at most `limit`.
 */
export function closestReferences<T extends Referable>(ref: string, candidates: readonly T[], limit = 3): T[] {
  const wanted = fold(ref);
  if (wanted.length < 3) return [];
  const allowed = Math.max(1, Math.floor(wanted.length / 4));
  const scored = candidates
    .map((candidate) => {
      const names = [candidate.name, candidate.external_community_id].filter((text): text is string => typeof text === 'string' && text !== '');
      return { candidate, distance: Math.min(...names.map((text) => distanceInto(wanted, fold(text)))) };
    })
    .filter(({ distance }) => distance <= allowed)
    .sort((a, b) => a.distance - b.distance || a.candidate.name.localeCompare(b.candidate.name));
  const seen = new Set<string>();
  return scored.map(({ candidate }) => candidate).filter((c) => !seen.has(c.id.toLowerCase()) && seen.add(c.id.toLowerCase())).slice(0, limit);
}
