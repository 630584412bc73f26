/**
 * Pricing targets (`rentsurvey pricing target`): the rent that puts a subject
 * floor plan where the analyst wants it against the comparables the overview
 * uses. Definitions and a worked example: docs/metrics.md, "Pricing targets".
 *
 * A target is a rent to list: a whole-dollar asking rent. Read on asking rent it is
 * the rent itself; read on NER it is the net effective rent that asking rent leaves
 * under the plan's current concession, amortized as every NER is (concessions.ts).
 * So the rent to list and the target always agree to the cent.
 */
import type { Basis } from './basis.js';
import { bandOf, bandRange, TARGET_BANDS, type TargetBand } from './bands.js';
import { netEffectiveRentCents, parseConcession, type ConcessionTerms } from './concessions.js';
import { roundCents, roundFraction4 } from './rounding.js';
import { mean, percentileRank, pooledRentPerSqft, psi } from './stats.js';

export function isTargetBand(value: string): value is TargetBand {
  return (TARGET_BANDS as readonly string[]).includes(value);
}

/** A band's middle, what a band target gets nearest to: aggressive 15, market 45, premium 75. */
export function bandPercentile(band: TargetBand): number {
  const { from, to } = bandRange(band);
  return (from + to) / 2;
}

/** What to aim at: a PSI (fraction, 0.02 = 2 % above the comp average), a percentile rank (0 < q ≤ 100) or a band. */
export type PricingTarget = { psi: number } | { percentile: number } | { band: TargetBand };

const DOLLAR = 100;
// Percentile ranks are ratios like 100·1.5/3; a target typed as the same number must count as reached.
const RANK_TOLERANCE = 1e-9;
/** No rent to list is searched above this ($10 million a month): a concession that leaves nothing never reaches a target. */
const HIGHEST_LISTING = 1e9;

/** A plan's pricing on its latest survey: both rents and the concession text. */
export interface CurrentPricing {
  askingCents: number;
  nerCents: number;
  concessions: string | null;
}

export interface PlanTargetInput {
  /** The subject plan's latest pricing; null when it is not priced. */
  current: CurrentPricing | null;
  /** Each counted comp's rent on the basis (see comparableRents in overview.ts). */
  compRents: readonly number[];
  basis: Basis;
}

/** One floor plan's answer; the field names are those of `pricing target --json`. */
export interface PlanTarget {
  comps_with_data: number;
  /** The plan's rent on the basis now, and the target on the basis. */
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
  /** The asking rent listed today, the one to list for the target (whole dollars), and the difference. */
  current_asking_rent_cents: number | null;
  target_asking_rent_cents: number | null;
  asking_change_cents: number | null;
  /** The NER the target leaves under the plan's current concession (the target itself on NER). */
  target_ner_cents: number | null;
  /** The concession every figure of the target assumes the plan keeps. */
  concessions: string | null;
  /** What the plan's answer needs said: a band no rent reaches, a percentile not reached exactly, a concession not understood. */
  notes: string[];
}

/**
 * The rents a target may be, as whole-dollar steps (cents, multiples of 100), each read on the
 * basis. Every function is non-decreasing in the step, which the searches below rely on.
 */
interface Axis {
  /** The rent on the basis when `step` is listed. */
  rentOf(step: number): number;
  /** The asking rent to list for `step`; null when it cannot be known. */
  askingOf(step: number): number | null;
  /** The NER `step` leaves; null when it cannot be known. */
  nerOf(step: number): number | null;
}

/**
 * Whether the concession text tells what the plan's NER is made of: not when it was not
 * understood, nor when it offers nothing that lowers rent while the recorded NER is below
 * asking (the record then knows of a concession the text does not say).
 */
function explains(terms: ConcessionTerms, current: CurrentPricing): boolean {
  if (terms.kind === 'unparsed') return false;
  const valueFree = terms.kind === 'none' || terms.kind === 'non_rent';
  return !(valueFree && current.nerCents < current.askingCents);
}

/** On asking rent, the rent itself; on NER, what the kept concession leaves of each asking rent, or the NER itself when that is unknown. */
function axisFor(basis: Basis, current: CurrentPricing | null): { axis: Axis; notes: string[] } {
  const terms = current === null ? null : parseConcession(current.concessions);
  const known = terms !== null && current !== null && explains(terms, current);
  const nerOf = (step: number) => netEffectiveRentCents(step, terms as ConcessionTerms);
  if (basis === 'asking') return { axis: { rentOf: (step) => step, askingOf: (step) => step, nerOf: (step) => (known ? nerOf(step) : null) }, notes: [] };
  if (known) return { axis: { rentOf: nerOf, askingOf: (step) => step, nerOf }, notes: [] };
  const notes =
    current === null
      ? []
      : [`its concession${current.concessions?.trim() ? ` "${current.concessions.trim()}"` : ''} does not say how its NER is made: no asking rent to list`];
  return { axis: { rentOf: (step) => step, askingOf: () => null, nerOf: (step) => step }, notes };
}

/** The lowest whole-dollar step whose rent reaches `threshold` (a rent in cents, maybe fractional); null when none does. */
function lowestStep(axis: Axis, threshold: number): number | null {
  if (axis.rentOf(0) >= threshold) return 0;
  let high = Math.max(DOLLAR, Math.ceil(threshold / DOLLAR) * DOLLAR);
  while (axis.rentOf(high) < threshold) {
    if (high >= HIGHEST_LISTING) return null;
    high *= 2;
  }
  // rentOf(low) < threshold ≤ rentOf(high), both whole dollars.
  let low = 0;
  while (high - low > DOLLAR) {
    const middle = Math.floor((low + high) / 2 / DOLLAR) * DOLLAR;
    if (axis.rentOf(middle) >= threshold) high = middle;
    else low = middle;
  }
  return high;
}

/** A step and the exact percentile rank of its rent. */
interface Position {
  step: number;
  rank: number;
}

/**
 * Every percentile rank a whole-dollar step can have, each with the step that takes it:
 * the lowest step of the rank, except rank 0 (below every comp), whose step is the highest
 * below the lowest comp — no rent is lower than it needs to be.
 *
 * The rank (DOMAIN.md: 100·(B + 0.5·E)/N) only steps up where the rent meets a comp's rent —
 * by half a comp — and where it passes it, by the other half; rents are whole cents, so
 * "passes c" is "reaches ⌊c⌋ + 1". The lowest steps reaching those are all the ranks there are.
 */
function positions(axis: Axis, compRents: readonly number[]): Position[] {
  const steps = new Set<number>();
  for (const rent of compRents)
    for (const threshold of [Math.ceil(rent), Math.floor(rent) + 1]) {
      const step = lowestStep(axis, threshold);
      if (step !== null) steps.add(step);
    }
  const byRank = new Map<number, Position>();
  for (const step of [...steps].sort((a, b) => a - b)) {
    const rank = percentileRank(axis.rentOf(step), compRents) as number;
    if (![...byRank.keys()].some((seen) => Math.abs(seen - rank) < RANK_TOLERANCE)) byRank.set(rank, { step, rank });
  }
  const lowest = Math.min(...compRents);
  const first = lowestStep(axis, lowest);
  // Below every comp: the highest whole dollar under the lowest one (none when even $0 is not under it).
  const below = first === null ? null : first - DOLLAR;
  if (below !== null && below >= 0 && axis.rentOf(below) < lowest) byRank.set(0, { step: below, rank: 0 });
  return [...byRank.values()].sort((a, b) => a.rank - b.rank);
}

/** The ranks as the table shows them: "0, 33, 67 or 100". */
function ranksInWords(found: readonly Position[]): string {
  const shown = [...new Set(found.map((p) => Math.round(p.rank)))];
  return shown.length === 1 ? String(shown[0]) : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

const comparables = (n: number) => `${n} comparable${n === 1 ? '' : 's'}`;

/** Where a target lands: the step to list, or why there is none; and what to say about it. */
interface Aim {
  step: number | null;
  /** The plan keeps its current rent: it already sits where the target is. */
  keep?: boolean;
  notes: string[];
}

/** PSI p: the step whose rent is nearest avg × (1 + p) (the higher on a tie: half a dollar rounds up). */
function aimAtPsi(axis: Axis, average: number, targetPsi: number): Aim {
  const wanted = average * (1 + targetPsi);
  const above = lowestStep(axis, wanted);
  if (above === null) return { step: null, notes: ['its concession leaves no rent that reaches the target'] };
  const below = above - DOLLAR;
  const nearer = below >= 0 && wanted - axis.rentOf(below) < axis.rentOf(above) - wanted ? below : above;
  return { step: nearer, notes: [] };
}

/** Percentile q: the lowest step whose rank reaches q; said when that rank is above q (too few comps to meet it). */
function aimAtPercentile(axis: Axis, compRents: readonly number[], percentile: number): Aim {
  const found = positions(axis, compRents);
  const reached = found.find((p) => p.rank >= percentile - RANK_TOLERANCE && p.rank > 0);
  if (reached === undefined) return { step: null, notes: ['its concession leaves no rent that reaches the target'] };
  const exact = Math.abs(reached.rank - percentile) < RANK_TOLERANCE || Math.round(reached.rank) === Math.round(percentile);
  const notes = exact
    ? []
    : [
        `percentile ${percentile} cannot be met exactly with ${comparables(compRents.length)} (its percentile can be ${ranksInWords(found)}): ` +
          `the lowest rent that reaches it ranks ${Math.round(reached.rank)}`,
      ];
  return { step: reached.step, notes };
}

/**
 * Band b: a step whose percentile (as shown, whole) lies in the band, the one nearest the band's
 * middle (on a tie, the one nearer the plan's percentile now, else the lower). A plan already at
 * that percentile keeps its rent. When no rent's percentile lies in the band (too few comps),
 * there is no target: never one in another band.
 */
function aimAtBand(axis: Axis, compRents: readonly number[], band: TargetBand, currentRank: number | null): Aim {
  const found = positions(axis, compRents);
  const inBand = found.filter((p) => bandOf(Math.round(p.rank)) === band);
  if (inBand.length === 0)
    return {
      step: null,
      notes: [`no rent puts it in the ${band} band: with ${comparables(compRents.length)} its percentile can only be ${ranksInWords(found)}`],
    };
  const middle = bandPercentile(band);
  // Ranks are ratios (66.67 and 83.33 around 75): distances equal to the float's noise are a tie.
  const closer = (a: number, b: number) => (Math.abs(a - b) < RANK_TOLERANCE ? 0 : a - b);
  const distance = (p: Position) => Math.abs(p.rank - middle);
  const fromNow = (p: Position) => (currentRank === null ? p.rank : Math.abs(p.rank - currentRank));
  const [best] = [...inBand].sort((a, b) => closer(distance(a), distance(b)) || closer(fromNow(a), fromNow(b)) || a.rank - b.rank) as [Position];
  if (currentRank !== null && Math.abs(best.rank - currentRank) < RANK_TOLERANCE)
    return { step: best.step, keep: true, notes: [`already at percentile ${Math.round(best.rank)}, the nearest the ${band} band's middle it can be: keeps its rent`] };
  return { step: best.step, notes: [] };
}

function aim(axis: Axis, compRents: readonly number[], average: number, target: PricingTarget, currentRank: number | null): Aim {
  if ('psi' in target) return aimAtPsi(axis, average, target.psi);
  if ('percentile' in target) {
    if (!(target.percentile > 0 && target.percentile <= 100))
      throw new RangeError(`a percentile target must be above 0 and at most 100, got ${target.percentile}`);
    return aimAtPercentile(axis, compRents, target.percentile);
  }
  return aimAtBand(axis, compRents, target.band, currentRank);
}

const difference = (to: number | null, from: number | null) => (to === null || from === null ? null : to - from);

export function planTarget(input: PlanTargetInput, target: PricingTarget): PlanTarget {
  const { current, compRents, basis } = input;
  const currentRent = current === null ? null : basis === 'ner' ? current.nerCents : current.askingCents;
  const average = mean(compRents);
  const currentRank = currentRent === null ? null : percentileRank(currentRent, compRents);
  const { axis, notes } = axisFor(basis, current);
  let rent: number | null = null;
  let asking: number | null = null;
  let ner: number | null = null;
  if (average === null) notes.push('no comparable data');
  else {
    const found = aim(axis, compRents, average, target, currentRank);
    notes.push(...found.notes);
    if (found.keep && current !== null) [rent, asking, ner] = [currentRent, current.askingCents, current.nerCents];
    else if (found.step !== null) [rent, asking, ner] = [axis.rentOf(found.step), axis.askingOf(found.step), axis.nerOf(found.step)];
  }
  const psiOf = (value: number | null) => {
    const exact = psi(value, average);
    return exact === null ? null : roundFraction4(exact);
  };
  const percentileOf = (value: number | null) => {
    const exact = value === null ? null : percentileRank(value, compRents);
    return exact === null ? null : Math.round(exact);
  };
  return {
    comps_with_data: compRents.length,
    current_rent_cents: currentRent,
    avg_comp_rent_cents: average === null ? null : roundCents(average),
    target_rent_cents: rent,
    change_cents: difference(rent, currentRent),
    psi_current: psiOf(currentRent),
    psi_target: psiOf(rent),
    percentile_current: percentileOf(currentRent),
    percentile_target: percentileOf(rent),
    current_asking_rent_cents: current?.askingCents ?? null,
    target_asking_rent_cents: asking,
    asking_change_cents: difference(asking, current?.askingCents ?? null),
    target_ner_cents: ner,
    concessions: current?.concessions ?? null,
    notes,
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
