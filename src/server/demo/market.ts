/**
 * A year of the demo market, week by week: asking rents that drift, concessions
 * in spells, and units coming available, for every floor plan of a community.
 */
import { addDays } from '../../domain/dates.js';
import { bedroomType, type CommunityModel, type ObservationInput } from './communities.js';
import { CONCESSIONS, OTHER_LISTING_TEXTS, UNSTATED_SPECIAL, type Metro } from './places.js';
import type { Random } from './random.js';

type AvailabilityInput = NonNullable<ObservationInput['availability']>[number];

/** Weekly surveys per subject: one year. */
export const DEMO_WEEKS = 52;

/** Availability horizons (days from the survey date) and the share of units in each band. */
const AVAILABILITY_BANDS = [
  { from: 15, to: 30, share: [0.015, 0.03] },
  { from: 31, to: 60, share: [0.015, 0.025] },
  { from: 61, to: 90, share: [0.015, 0.025] },
] as const;
const NOW_BAND = { from: -5, to: 14 } as const;

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** What a listing says in one week for one plan. */
interface ListingConcession {
  text: string;
  /** NER as a share of asking, recorded by the listing when its text states no amount. */
  nerShare?: number;
}

const NO_CONCESSION: ListingConcession = { text: '' };
/** Share of the time a listing without a rent special shows some other text (a fee waived, "call for specials"). */
const OTHER_TEXT_SHARE = 0.15;

/**
 * Spells over the weeks (a Markov chain with long-run share `share` of weeks
 * on), not a weekly coin flip: each week holds what `start` drew when its spell
 * began, or null between spells.
 */
function spells<T>(rng: Random, share: number, start: () => T): (T | null)[] {
  const pOff = rng.between(0.08, 0.16);
  const pOn = (pOff * share) / (1 - share);
  let current = rng.chance(share) ? start() : null;
  const weeks: (T | null)[] = [];
  for (let w = 0; w < DEMO_WEEKS; w++) {
    if (w > 0) {
      if (current !== null && rng.chance(pOff)) current = null;
      else if (current === null && rng.chance(pOn)) current = start();
    }
    weeks.push(current);
  }
  return weeks;
}

/** Concession per week and per plan: rent specials in spells, other listing texts now and then in between. */
function concessionSeries(rng: Random, metro: Metro, managed: boolean, planCount: number): ListingConcession[][] {
  const share = clamp(metro.concessionShare * rng.between(0.4, 1.6) * (managed ? 0.8 : 1), 0.03, 0.7);
  const specials = spells(rng, share, () => {
    const text = rng.weighted(CONCESSIONS);
    const special: ListingConcession = text === UNSTATED_SPECIAL ? { text, nerShare: 1 - rng.between(0.05, 0.1) } : { text };
    // "select units" offers apply to some plans only.
    const select = /select/.test(text);
    const mask = Array.from({ length: planCount }, () => !select || rng.chance(0.5));
    if (!mask.includes(true)) mask[rng.int(0, planCount - 1)] = true;
    return mask.map((m) => (m ? special : NO_CONCESSION));
  });
  const others = spells(rng, OTHER_TEXT_SHARE, () => ({ text: rng.weighted(OTHER_LISTING_TEXTS) }));
  return specials.map((plans, w) => plans ?? Array<ListingConcession>(planCount).fill(others[w] ?? NO_CONCESSION));
}

/** Asking rent per week in whole dollars: ±$5–25 steps that follow a yearly drift. */
function rentSeries(rng: Random, latestTarget: number, drift: number): number[] {
  const start = latestTarget / (1 + drift);
  let current = Math.round(start * rng.between(0.99, 1.01));
  const rents: number[] = [];
  for (let w = 0; w < DEMO_WEEKS; w++) {
    if (w > 0 && rng.chance(0.55)) {
      const trend = start + ((latestTarget - start) * w) / (DEMO_WEEKS - 1);
      // Leaning towards the trend keeps the walk within a few percent of it.
      const pUp = clamp(0.5 + (trend - current) / 150, 0.1, 0.9);
      current += rng.int(5, 25) * (rng.chance(pUp) ? 1 : -1);
    }
    rents.push(current);
  }
  return rents;
}

const DAY_MS = 86_400_000;

/**
 * Dates from NOW_BAND.from to the last band's end around one survey date, by
 * day offset: built once per survey date because there are ~200,000 slots.
 */
export function dateOffsets(date: string): (days: number) => string {
  const base = Date.parse(`${addDays(date, 0)}T00:00:00Z`);
  const first = NOW_BAND.from;
  const last = AVAILABILITY_BANDS[AVAILABILITY_BANDS.length - 1]?.to ?? NOW_BAND.to;
  const table = Array.from({ length: last - first + 1 }, (_, i) => new Date(base + (first + i) * DAY_MS).toISOString().slice(0, 10));
  return (days) => table[days - first] ?? addDays(date, days);
}

function availabilityFor(rng: Random, dateAt: (days: number) => string, units: number, nowShare: number): AvailabilityInput[] {
  const slots: { day: number; units: number }[] = [];
  const place = (count: number, from: number, to: number) => {
    if (count <= 0) return;
    const first = count >= 2 && rng.chance(0.5) ? rng.int(1, count - 1) : count;
    slots.push({ day: rng.int(from, to), units: first });
    if (first < count) slots.push({ day: rng.int(from, to), units: count - first });
  };
  place(rng.roundStochastic(units * nowShare), NOW_BAND.from, NOW_BAND.to);
  for (const band of AVAILABILITY_BANDS)
    place(rng.roundStochastic(units * rng.between(band.share[0], band.share[1])), band.from, band.to);
  slots.sort((x, y) => x.day - y.day);
  const availability: AvailabilityInput[] = [];
  let previous = Number.NaN;
  for (const slot of slots) {
    const last = availability[availability.length - 1];
    if (last && slot.day === previous) last.units += slot.units;
    else availability.push({ available_from: dateAt(slot.day), units: slot.units });
    previous = slot.day;
  }
  return availability;
}

export function simulate(
  rng: Random,
  community: CommunityModel,
  managed: boolean,
  dateTables: readonly ((days: number) => string)[],
): void {
  const premium = rng.between(0.9, 1.1);
  // Asking rents drift a few percent a year (DOMAIN.md): 1.5–5.5 %, about 3 % on average.
  const drift = rng.between(0.015, 0.055);
  const vacancyBase = rng.between(0.02, 0.055);
  const concessions = concessionSeries(rng, community.metro, managed, community.plans.length);
  const rents = community.plans.map((plan) => {
    const type = bedroomType(plan.input.bedrooms);
    // Bigger plans rent for more, less than in proportion to their size.
    const sizeFactor = Math.sqrt(plan.input.square_feet / type.sqft);
    const target = type.rent * community.metro.rentIndex * premium * sizeFactor * rng.between(0.98, 1.02);
    return rentSeries(rng, Math.round(target), drift);
  });
  let vacancy = vacancyBase;
  dateTables.forEach((dateAt, w) => {
    // Vacancy wanders slowly around the community's level.
    vacancy = clamp(vacancy + rng.between(-0.004, 0.004) + 0.1 * (vacancyBase - vacancy), 0.01, 0.07);
    community.plans.forEach((plan, p) => {
      const availability = availabilityFor(rng, dateAt, plan.input.unit_count, vacancy);
      const rent = rents[p]?.[w] ?? 0;
      const concession = concessions[w]?.[p] ?? NO_CONCESSION;
      plan.weekly.push({
        floor_plan: plan.input.key,
        market_rent_cents: rent * 100,
        // Most listings leave NER to be computed from their text; one that states no amount records it.
        ...(concession.nerShare === undefined ? {} : { net_effective_rent_cents: Math.round(rent * concession.nerShare) * 100 }),
        units_available: availability.reduce((sum, a) => sum + a.units, 0),
        concessions: concession.text,
        availability,
      });
    });
  });
}
