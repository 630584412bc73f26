/**
 * Small statistics over plain numbers. Results are unrounded; callers round
 * once, at the edge (see rounding.ts), so that aggregates are not built on
 * already-rounded parts.
 */

export interface Weighted {
  value: number;
  weight: number;
}

/** Arithmetic mean; null for an empty list. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** The middle value (the mean of the two middle ones for an even count); null for an empty list. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Σ(w·v)/Σw; null when the weights sum to 0. Weights must not be negative. */
export function weightedMean(items: readonly Weighted[]): number | null {
  let sum = 0;
  let total = 0;
  for (const { value, weight } of items) {
    assertWeight(weight);
    sum += weight * value;
    total += weight;
  }
  return total > 0 ? sum / total : null;
}

/**
 * Percentile rank of `subject` among `comps` (the "mean" definition):
 * 100·(B + 0.5·E)/N with B comps strictly below, E equal, N comps.
 * Null when there are no comps. Unrounded: 1 of 3 below → 33.33….
 */
export function percentileRank(subject: number, comps: readonly number[]): number | null {
  if (comps.length === 0) return null;
  let below = 0;
  let equal = 0;
  for (const comp of comps) {
    if (comp < subject) below += 1;
    else if (comp === subject) equal += 1;
  }
  return (100 * (below + 0.5 * equal)) / comps.length;
}

/**
 * Weighted form: 100·(Σw_below + 0.5·Σw_equal)/Σw; null when Σw is 0.
 * @internal Used by tests only, not by the app (knip --production skips it).
 */
export function weightedPercentileRank(subject: number, comps: readonly Weighted[]): number | null {
  let below = 0;
  let equal = 0;
  let total = 0;
  for (const { value, weight } of comps) {
    assertWeight(weight);
    if (value < subject) below += weight;
    else if (value === subject) equal += weight;
    total += weight;
  }
  return total > 0 ? (100 * (below + 0.5 * equal)) / total : null;
}

/** Pricing position: subject/avg − 1 as a fraction (0.042 = 4.2% above market). */
export function psi(subject: number | null | undefined, average: number | null | undefined): number | null {
  if (subject == null || average == null || average === 0) return null;
  return subject / average - 1;
}

export interface RentAndArea {
  rent: number;
  squareFeet: number;
}

/**
 * Rent per square foot of a group, pooled: Σrent/Σsqft — each row's own rent
 * per square foot weighted by its size, never a mean of per-row ratios, and
 * not weighted by unit counts (give one row per unit for that). Rows without
 * a positive area are left out (they would add rent with no area). Null when
 * none remain.
 */
export function pooledRentPerSqft(rows: readonly RentAndArea[]): number | null {
  let rent = 0;
  let area = 0;
  for (const row of rows) {
    if (!(row.squareFeet > 0)) continue;
    rent += row.rent;
    area += row.squareFeet;
  }
  return area > 0 ? rent / area : null;
}

/** Integer cents per square foot, as in pricing values: 180000 / 750 → 240. */
export function rentPerSqftCents(rentCents: number | null | undefined, squareFeet: number | null | undefined): number | null {
  if (rentCents == null || squareFeet == null || !(squareFeet > 0)) return null;
  return Math.round(rentCents / squareFeet);
}

function assertWeight(weight: number): void {
  if (!(weight >= 0) || !Number.isFinite(weight)) throw new RangeError(`weights must be finite and non-negative, got ${weight}`);
}
