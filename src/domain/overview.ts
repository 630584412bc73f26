/**
 * Competitive positioning of a subject community against its comparables
 * (GET /rentsurvey/communities/:id/overview). Definitions: docs/metrics.md.
 */
import { monthlyConcessionCents, netEffectiveRentCents, parseConcession } from './concessions.js';
import { roundCents, roundFraction4, roundPercent1 } from './rounding.js';
import { mean, percentileRank, psi, pooledRentPerSqft, weightedMean, type RentAndArea } from './stats.js';

export interface SubjectFloorPlanInput {
  id: string;
  floor_plan_name?: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  unit_count: number;
  marketRentCents: number | null;
  /** Null: derived from `concessions` (no text → NER = market rent). */
  nerCents: number | null;
  concessions?: string | null;
}

/** A plan's prices in one survey, as the spec's pricing records and the store's observations name them. */
export interface SurveyPrices {
  market_rent_cents: number;
  net_effective_rent_cents: number;
  concessions: string | null;
}

/** A subject's floor plan as the overview's input, priced as of one survey; without prices (not priced then) it has no rent. */
export function subjectPlanInput(
  plan: { id: string; floor_plan_name: string; bedrooms: number; bathrooms: number; square_feet: number; unit_count: number },
  prices: SurveyPrices | undefined,
): SubjectFloorPlanInput {
  return {
    id: plan.id,
    floor_plan_name: plan.floor_plan_name,
    bedrooms: plan.bedrooms,
    bathrooms: plan.bathrooms,
    square_feet: plan.square_feet,
    unit_count: plan.unit_count,
    marketRentCents: prices?.market_rent_cents ?? null,
    nerCents: prices?.net_effective_rent_cents ?? null,
    concessions: prices?.concessions ?? null,
  };
}

export interface CompFloorPlanInput {
  bedrooms: number;
  bathrooms: number;
  square_feet: number | null;
  /** A plan without a market rent was not priced and takes no part. */
  marketRentCents: number | null;
  /** Null: derived from `concessions`. */
  nerCents: number | null;
  concessions: string | null;
}

export interface CompInput {
  id: string;
  floorPlans: CompFloorPlanInput[];
}

/** Comps must already be the active comps' latest pricing on or before the subject's survey date. */
export interface OverviewInput {
  subjectFloorPlans: SubjectFloorPlanInput[];
  comps: CompInput[];
}

export interface RentPosition {
  subject_rent: number | null;
  avg_comp_rent: number | null;
  psi: number | null;
  rent_variation: number | null;
  rent_per_sqft_variation: number | null;
  percentile_rank: number | null;
  market_low: number | null;
  market_high: number | null;
  comps_with_data: number;
}

export interface NerPosition extends RentPosition {
  comps_offering_concessions: number;
  pct_comps_offering_concessions: number;
}

export interface OverviewFloorPlan {
  floor_plan_id: string;
  floor_plan_name?: string;
  bedrooms: number;
  bathrooms: number;
  square_feet: number;
  unit_count: number;
  base_rent: RentPosition;
  ner: NerPosition;
}

export interface MarketConcessionPressure {
  pct_comps_offering: number;
  /** Integer cents per month: R − NER, averaged over the comps offering concessions. */
  avg_concession_value: number;
  total_comps: number;
  comps_with_concessions: number;
}

export interface OverallMetrics {
  overall_psi_base: number | null;
  overall_psi_ner: number | null;
  cri_base: number | null;
  cri_ner: number | null;
  market_concession_pressure: MarketConcessionPressure;
}

export interface Overview {
  floor_plans: OverviewFloorPlan[];
  overall_metrics: OverallMetrics;
}

interface PricedPlan {
  bedrooms: number;
  bathrooms: number;
  squareFeet: number | null;
  market: number;
  ner: number;
  /** Monthly value of its rent concession (asking − NER); null when its text could not be valued. */
  concession: number | null;
}

/** Offers a concession: a positive monthly value, by the one rule of monthlyConcessionCents. */
const offersConcession = (plan: PricedPlan) => plan.concession !== null && plan.concession > 0;

function pricedPlans(comp: CompInput): PricedPlan[] {
  const plans: PricedPlan[] = [];
  for (const plan of comp.floorPlans) {
    if (plan.marketRentCents == null) continue;
    const terms = parseConcession(plan.concessions);
    plans.push({
      bedrooms: plan.bedrooms,
      bathrooms: plan.bathrooms,
      squareFeet: plan.square_feet,
      market: plan.marketRentCents,
      ner: plan.nerCents ?? netEffectiveRentCents(plan.marketRentCents, terms),
      concession: monthlyConcessionCents(plan.marketRentCents, plan.nerCents, terms),
    });
  }
  return plans;
}

/**
 * The comp plans that stand for a subject plan: same bedrooms; among those,
 * the same bathroom count when the comp has it, else every plan with those
 * bedrooms (so a comp with only 2bd/1ba still prices a 2bd/2ba subject).
 */
export function matchFloorPlans<T extends { bedrooms: number; bathrooms: number }>(
  subject: { bedrooms: number; bathrooms: number },
  compPlans: readonly T[],
): T[] {
  const sameBedrooms = compPlans.filter((plan) => plan.bedrooms === subject.bedrooms);
  const sameBathrooms = sameBedrooms.filter((plan) => plan.bathrooms === subject.bathrooms);
  return sameBathrooms.length > 0 ? sameBathrooms : sameBedrooms;
}

/** One comp's figures for one subject plan: its matching plans averaged, so it counts once. */
interface CompPoint {
  base: number;
  ner: number;
  baseArea: RentAndArea | null;
  nerArea: RentAndArea | null;
  offersConcession: boolean;
}

function compPoint(plans: readonly PricedPlan[]): CompPoint {
  const sized = plans.filter((plan) => plan.squareFeet != null && plan.squareFeet > 0);
  const area = mean(sized.map((plan) => plan.squareFeet as number));
  return {
    base: mean(plans.map((plan) => plan.market)) as number,
    ner: mean(plans.map((plan) => plan.ner)) as number,
    baseArea: area === null ? null : { rent: mean(sized.map((p) => p.market)) as number, squareFeet: area },
    nerArea: area === null ? null : { rent: mean(sized.map((p) => p.ner)) as number, squareFeet: area },
    offersConcession: plans.some(offersConcession),
  };
}

/** A comp with no priced plan has nothing to compare or judge: it counts nowhere. */
function countedComps(comps: readonly CompInput[]): PricedPlan[][] {
  return comps.map(pricedPlans).filter((plans) => plans.length > 0);
}

function pointsFor(plan: { bedrooms: number; bathrooms: number }, comps: ReadonlyArray<readonly PricedPlan[]>): CompPoint[] {
  return comps.flatMap((compPlans) => {
    const matched = matchFloorPlans(plan, compPlans);
    return matched.length === 0 ? [] : [compPoint(matched)];
  });
}

/**
 * The rents the overview averages and ranks a subject plan against: one entry
 * per counted comp with a matching plan (its matching plans averaged). For
 * callers that need the comps' rents themselves, e.g. pricing targets.
 */
export function comparableRents(
  plan: { bedrooms: number; bathrooms: number },
  comps: readonly CompInput[],
): Array<{ base: number; ner: number }> {
  return pointsFor(plan, countedComps(comps)).map(({ base, ner }) => ({ base, ner }));
}

/** Unrounded figures kept beside the rounded wire values for the overall metrics. */
interface Position {
  wire: RentPosition;
  exactPsi: number | null;
  exactPercentile: number | null;
}

function position(subjectRent: number | null, squareFeet: number, compRents: number[], compAreas: RentAndArea[]): Position {
  const average = mean(compRents);
  const avgCompRent = average === null ? null : roundCents(average);
  const exactPsi = psi(subjectRent, average);
  const exactPercentile = subjectRent === null ? null : percentileRank(subjectRent, compRents);
  const compPsf = pooledRentPerSqft(compAreas);
  const subjectPsf = subjectRent !== null && squareFeet > 0 ? subjectRent / squareFeet : null;
  return {
    exactPsi,
    exactPercentile,
    wire: {
      subject_rent: subjectRent,
      avg_comp_rent: avgCompRent,
      psi: exactPsi === null ? null : roundFraction4(exactPsi),
      // Difference of the two rounded figures, so the row adds up as displayed.
      rent_variation: subjectRent === null || avgCompRent === null ? null : subjectRent - avgCompRent,
      rent_per_sqft_variation: subjectPsf === null || !compPsf ? null : roundFraction4(subjectPsf / compPsf - 1),
      percentile_rank: exactPercentile === null ? null : Math.round(exactPercentile),
      market_low: compRents.length === 0 ? null : roundCents(Math.min(...compRents)),
      market_high: compRents.length === 0 ? null : roundCents(Math.max(...compRents)),
      comps_with_data: compRents.length,
    },
  };
}

function percentOf(part: number, whole: number): number {
  return whole > 0 ? roundPercent1((100 * part) / whole) : 0;
}

function concessionPressure(comps: ReadonlyArray<readonly PricedPlan[]>): MarketConcessionPressure {
  const monthlyValues: number[] = [];
  let offering = 0;
  for (const plans of comps) {
    const withConcession = plans.filter(offersConcession);
    if (withConcession.length === 0) continue;
    offering += 1;
    monthlyValues.push(mean(withConcession.map((plan) => plan.concession as number)) as number);
  }
  const average = mean(monthlyValues);
  return {
    pct_comps_offering: percentOf(offering, comps.length),
    avg_concession_value: average === null ? 0 : roundCents(average),
    total_comps: comps.length,
    comps_with_concessions: offering,
  };
}

function weightedByUnits(rows: ReadonlyArray<{ units: number; value: number | null }>, round: (value: number) => number) {
  const result = weightedMean(rows.flatMap(({ units, value }) => (value === null ? [] : [{ value, weight: Math.max(0, units) }])));
  return result === null ? null : round(result);
}

function byBedsBathsSize(a: SubjectFloorPlanInput, b: SubjectFloorPlanInput): number {
  return a.bedrooms - b.bedrooms || a.bathrooms - b.bathrooms || a.square_feet - b.square_feet;
}

export function computeOverview(input: OverviewInput): Overview {
  const comps = countedComps(input.comps);
  const rows = [...input.subjectFloorPlans].sort(byBedsBathsSize).map((plan) => {
    const points = pointsFor(plan, comps);
    const subjectNer =
      plan.nerCents ?? (plan.marketRentCents == null ? null : netEffectiveRentCents(plan.marketRentCents, plan.concessions));
    const base = position(
      plan.marketRentCents,
      plan.square_feet,
      points.map((p) => p.base),
      points.flatMap((p) => (p.baseArea ? [p.baseArea] : [])),
    );
    const ner = position(
      subjectNer,
      plan.square_feet,
      points.map((p) => p.ner),
      points.flatMap((p) => (p.nerArea ? [p.nerArea] : [])),
    );
    const offering = points.filter((p) => p.offersConcession).length;
    const floorPlan: OverviewFloorPlan = {
      floor_plan_id: plan.id,
      ...(plan.floor_plan_name === undefined ? {} : { floor_plan_name: plan.floor_plan_name }),
      bedrooms: plan.bedrooms,
      bathrooms: plan.bathrooms,
      square_feet: plan.square_feet,
      unit_count: plan.unit_count,
      base_rent: base.wire,
      ner: {
        ...ner.wire,
        comps_offering_concessions: offering,
        pct_comps_offering_concessions: percentOf(offering, points.length),
      },
    };
    return { floorPlan, units: plan.unit_count, base, ner };
  });

  return {
    floor_plans: rows.map((row) => row.floorPlan),
    overall_metrics: {
      overall_psi_base: weightedByUnits(rows.map((r) => ({ units: r.units, value: r.base.exactPsi })), roundFraction4),
      overall_psi_ner: weightedByUnits(rows.map((r) => ({ units: r.units, value: r.ner.exactPsi })), roundFraction4),
      cri_base: weightedByUnits(rows.map((r) => ({ units: r.units, value: r.base.exactPercentile })), roundPercent1),
      cri_ner: weightedByUnits(rows.map((r) => ({ units: r.units, value: r.ner.exactPercentile })), roundPercent1),
      market_concession_pressure: concessionPressure(comps),
    },
  };
}
