/**
 * Pricing targets (`rentsurvey pricing target`): the rent that puts a subject
 * floor plan where the analyst wants it against the comparables the overview
 * uses. Definitions and a worked example: docs/metrics.md, "Pricing targets".
 */
import { BANDS, CRI_BANDS, type Band } from './bands.js';
import { roundCents, roundFraction4 } from './rounding.js';
import { mean, percentileRank, pooledRentPerSqft, psi } from './stats.js';

/**
 * The CRI bands one can aim at, by their short names. The outlier band (90–100) is no
 * target: it means priced above nearly every comparable, which is what a target avoids.
 */
export type TargetBand = Exclude<Band, 'outlier'>;
export const TARGET_BANDS = BANDS.filter((band): band is TargetBand => band !== 'outlier');

export function isTargetBand(value: string): value is TargetBand {
  return (TARGET_BANDS as readonly string[]).includes(value);
}

/** A band's target is the middle of its range: aggressive 15, market 45, premium 75. */
export function bandPercentile(band: TargetBand): number {
  const { from, to } = CRI_BANDS.find((entry) => entry.short === band)!;
  return (from + to) / 2;
}

/** What to aim at: a PSI (fraction, 0.02 = 2 % above the comp average) or a percentile rank (0 < q ≤ 100). */
export type PricingTarget = { psi: number } | { percentile: number };

const DOLLAR = 100;
// Percentile ranks are ratios like 100·1.5/3; a target typed as the same number must count as reached.
const RANK_TOLERANCE = 1e-9;

/** avg × (1 + p), in cents: the rent whose PSI is p. */
export function rentAtPsi(avgCompRentCents: number, targetPsi: number): number {
  return roundCents(avgCompRentCents * (1 + targetPsi));
}

/**
 * The lowest whole-dollar rent (in cents) whose percentile rank among the
 * comps is at least `percentile`; null without comps.
 *
 * The rank (DOMAIN.md: 100·(B + 0.5·E)/N) only steps up at a comp's rent — by
 * half a comp when the rent equals it, by the other half just above it — so on
 * whole dollars it changes only at the first whole dollar at or above each comp
 * rent and at the first one strictly above it. The answer is the first of those
 * candidates that reaches the target.
 */
export function lowestRentAtPercentile(compRents: readonly number[], percentile: number): number | null {
  if (!(percentile > 0 && percentile <= 100))
    throw new RangeError(`a percentile target must be above 0 and at most 100, got ${percentile}`);
  if (compRents.length === 0) return null;
  const candidates = new Set<number>();
  for (const rent of compRents) {
    candidates.add(Math.ceil(rent / DOLLAR) * DOLLAR);
    candidates.add(Math.floor(rent / DOLLAR) * DOLLAR + DOLLAR);
  }
  const ascending = [...candidates].sort((a, b) => a - b);
  for (const rent of ascending)
    if ((percentileRank(rent, compRents) as number) >= percentile - RANK_TOLERANCE) return rent;
  // The last candidate is above every comp (rank 100), so the loop always returns.
  throw new Error('unreachable: no candidate reached the percentile');
}

export interface PlanTargetInput {
  /** The subject plan's rent on the chosen basis; null when it is not priced. */
  currentRentCents: number | null;
  /** Each counted comp's rent on the same basis (see comparableRents in overview.ts). */
  compRents: readonly number[];
}

/** One floor plan's answer; the field names are those of `pricing target --json`. */
export interface PlanTarget {
  comps_with_data: number;
  current_rent_cents: number | null;
  avg_comp_rent_cents: number | null;
  target_rent_cents: number | null;
  change_cents: number | null;
  /** Fractions, 4 decimals, as the overview's psi. */
  psi_current: number | null;
  psi_target: number | null;
  /** 0–100, whole numbers, as the overview's percentile_rank. */
  percentile_current: number | null;
  percentile_target: number | null;
}

export function planTarget(input: PlanTargetInput, target: PricingTarget): PlanTarget {
  const { currentRentCents: current, compRents } = input;
  const average = mean(compRents);
  let targetRent: number | null = null;
  if (average !== null)
    targetRent = 'psi' in target ? rentAtPsi(average, target.psi) : lowestRentAtPercentile(compRents, target.percentile);
  const psiOf = (rent: number | null) => {
    const value = psi(rent, average);
    return value === null ? null : roundFraction4(value);
  };
  const percentileOf = (rent: number | null) => {
    const value = rent === null ? null : percentileRank(rent, compRents);
    return value === null ? null : Math.round(value);
  };
  return {
    comps_with_data: compRents.length,
    current_rent_cents: current,
    avg_comp_rent_cents: average === null ? null : roundCents(average),
    target_rent_cents: targetRent,
    change_cents: targetRent === null || current === null ? null : targetRent - current,
    psi_current: psiOf(current),
    psi_target: psiOf(targetRent),
    percentile_current: percentileOf(current),
    percentile_target: percentileOf(targetRent),
  };
}

/**
 * The monthly rent revenue gained (or lost, negative) by moving every plan to
 * its target: Σ unitsᵢ · changeᵢ in cents, over the plans that have a change.
 */
export function monthlyRevenueChange(plans: ReadonlyArray<{ units: number; changeCents: number | null }>): number {
  let total = 0;
  for (const { units, changeCents } of plans) if (changeCents !== null) total += Math.max(0, units) * changeCents;
  return total;
}

/** A comparable's floor plan for --per-sqft: its rent on the chosen basis and its size in units and square feet. */
export interface SizedCompPlan {
  bedrooms: number;
  squareFeet: number;
  units: number;
  rentCents: number;
}

/**
 * --per-sqft: what each comparable would charge for a plan of this size. For each
 * comparable with plans of the same bedroom count, its rent per square foot over
 * those plans weighted by their units (Σ units·rent / Σ units·sqft, never a mean of
 * ratios), times the plan's square feet. One rent per comparable, so that each
 * counts once, as in the overview; comps without such a plan (or without a size
 * and units) do not count. None for a plan without square feet.
 */
export function sizeAdjustedCompRents(plan: { bedrooms: number; square_feet: number }, comps: ReadonlyArray<readonly SizedCompPlan[]>): number[] {
  if (!(plan.square_feet > 0)) return [];
  return comps.flatMap((compPlans) => {
    const perSqft = pooledRentPerSqft(
      compPlans
        .filter((p) => p.bedrooms === plan.bedrooms && p.units > 0)
        .map((p) => ({ rent: p.units * p.rentCents, squareFeet: p.units * p.squareFeet })),
    );
    return perSqft === null ? [] : [perSqft * plan.square_feet];
  });
}
