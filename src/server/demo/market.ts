/**
 * Two years of the demo market, week by week, for every floor plan of a
 * community: asking rents that follow their market's trend and the leasing
 * season with a little noise, concessions in spells (rarer in summer), and
 * units coming available (more in the slow winter). One market runs a
 * concession wave, another reprices in one step (places.ts): what real rent
 * series have, so that forecasts and their track records differ by market.
 */
import { addDays, daysBetween } from '../../domain/dates.js';
import { VACANCY_WINDOW_DAYS } from '../../domain/vacancy.js';
import { bedroomType, type CommunityModel, type ObservationInput } from './communities.js';
import { CONCESSIONS, OTHER_LISTING_TEXTS, UNSTATED_SPECIAL, type Metro } from './places.js';
import type { Random } from './random.js';

type AvailabilityInput = NonNullable<ObservationInput['availability']>[number];

/** Weekly surveys per subject: two years, enough to see (and forecast) a yearly season. */
export const DEMO_WEEKS = 104;

/** Mid-June: where the leasing season peaks (DOMAIN.md, "Seasonality"). */
const SEASON_PEAK_DAY = 166;

/** The leasing season on a date: 1 at its early-summer peak, −1 in the winter trough. */
export function leasingSeason(date: string): number {
  const dayOfYear = daysBetween(`${date.slice(0, 4)}-01-01`, date);
  return Math.cos((2 * Math.PI * (dayOfYear - SEASON_PEAK_DAY)) / 365.25);
}

/** The survey weeks, oldest first: their dates, their availability date tables and where each stands in the season. */
export interface SurveyWeeks {
  dateAt: readonly ((days: number) => string)[];
  season: readonly number[];
}

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
 * Spells over the weeks (a Markov chain whose long-run share of weeks on is
 * `shareOf(week)`), not a weekly coin flip: each week holds what `start` drew
 * when its spell began, or null between spells.
 */
function spells<T>(rng: Random, shareOf: (week: number) => number, start: () => T): (T | null)[] {
  const pOff = rng.between(0.08, 0.16);
  let current = rng.chance(shareOf(0)) ? start() : null;
  const weeks: (T | null)[] = [];
  for (let w = 0; w < DEMO_WEEKS; w++) {
    if (w > 0) {
      const share = shareOf(w);
      if (current !== null && rng.chance(pOff)) current = null;
      else if (current === null && rng.chance((pOff * share) / (1 - share))) current = start();
    }
    weeks.push(current);
  }
  return weeks;
}

/** Is the week inside the market's concession wave? */
const inWave = (metro: Metro, week: number) =>
  metro.concessionWave !== undefined &&
  week >= DEMO_WEEKS - metro.concessionWave.fromWeeksAgo &&
  week < DEMO_WEEKS - metro.concessionWave.toWeeksAgo;

/**
 * Concession per week and per plan: rent specials in spells (a third rarer at
 * the summer peak, a third more common in winter; most comps during a wave),
 * other listing texts now and then in between.
 */
function concessionSeries(rng: Random, metro: Metro, managed: boolean, planCount: number, weeks: SurveyWeeks): ListingConcession[][] {
  const usual = metro.concessionShare * rng.between(0.4, 1.6) * (managed ? 0.8 : 1);
  const shareOf = (w: number) => {
    const share = clamp(usual * (1 - 0.33 * (weeks.season[w] ?? 0)), 0.03, 0.7);
    return inWave(metro, w) ? Math.max(share, metro.concessionWave?.share ?? 0) : share;
  };
  const specials = spells(rng, shareOf, () => {
    const text = rng.weighted(CONCESSIONS);
    const special: ListingConcession = text === UNSTATED_SPECIAL ? { text, nerShare: 1 - rng.between(0.05, 0.1) } : { text };
    // "select units" offers apply to some plans only.
    const select = /select/.test(text);
    const mask = Array.from({ length: planCount }, () => !select || rng.chance(0.5));
    if (!mask.includes(true)) mask[rng.int(0, planCount - 1)] = true;
    return mask.map((m) => (m ? special : NO_CONCESSION));
  });
  const others = spells(rng, () => OTHER_TEXT_SHARE, () => ({ text: rng.weighted(OTHER_LISTING_TEXTS) }));
  return specials.map((plans, w) => plans ?? Array<ListingConcession>(planCount).fill(others[w] ?? NO_CONCESSION));
}

/**
 * Asking rent per week in whole dollars: ±$5–25 steps that follow `path` (the
 * rent the market's trend and season point to that week), and the market's
 * one-week repricing where it has one.
 */
function rentSeries(rng: Random, path: readonly number[], shiftWeek: number, shift: number): number[] {
  let current = Math.round((path[0] ?? 0) * rng.between(0.99, 1.01));
  const rents: number[] = [];
  for (let w = 0; w < DEMO_WEEKS; w++) {
    if (w === shiftWeek) current = Math.round(current * (1 + shift));
    if (w > 0 && rng.chance(0.55)) {
      // Leaning towards the path keeps the walk within a few percent of it.
      const pUp = clamp(0.5 + ((path[w] ?? current) - current) / 60, 0.05, 0.95);
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
  // One date per band: every figure (14-day vacancy, the 14/30/60/90-day projections) counts whole
  // bands, and two years of surveys make each extra row cost the demo's first run.
  const place = (count: number, from: number, to: number) => {
    if (count > 0) slots.push({ day: rng.int(from, to), units: count });
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

/** The latest weeks whose availability is kept date by date (the vacancy projections read the latest survey's). */
const DETAILED_AVAILABILITY_WEEKS = 4;

/**
 * An earlier week's availability as the service reads it: the units of the 14-day vacancy window
 * date by date, the rest as one row at the first date past the window. Its figures (units
 * available, 14-day vacancy) are the same; only the latest survey's dates are projected from, and
 * two years of date-by-date rows were two thirds of the demo store and of its first run's writes.
 */
function summarizedAvailability(availability: AvailabilityInput[], dateAt: (days: number) => string): AvailabilityInput[] {
  const windowEnd = dateAt(VACANCY_WINDOW_DAYS);
  const within = availability.filter((a) => a.available_from <= windowEnd);
  const beyond = availability.filter((a) => a.available_from > windowEnd);
  if (beyond.length <= 1) return availability;
  return [...within, { available_from: beyond[0]!.available_from, units: beyond.reduce((sum, a) => sum + a.units, 0) }];
}

export function simulate(rng: Random, community: CommunityModel, managed: boolean, weeks: SurveyWeeks): void {
  const { metro } = community;
  const premium = rng.between(0.9, 1.1);
  // Asking rents drift a few percent a year (DOMAIN.md), each market its own way, each community a little off it.
  const growth = metro.rentGrowth + rng.between(-0.01, 0.01);
  const seasonality = metro.seasonality * rng.between(0.7, 1.3);
  const shiftWeek = metro.levelShift ? DEMO_WEEKS - metro.levelShift.weeksAgo : -1;
  const shift = metro.levelShift?.change ?? 0;
  // The trend and season's rent relative to today's level (the trend's value at the latest survey).
  const pathFactor = weeks.season.map(
    (season, w) => (1 + growth) ** ((w - (DEMO_WEEKS - 1)) / 52) * (1 + seasonality * season) * (w < shiftWeek ? 1 / (1 + shift) : 1),
  );
  const vacancyBase = rng.between(0.02, 0.055);
  // The slow winter leaves 0.6–1.2 points more units available than the summer peak.
  const vacancySeason = rng.between(0.006, 0.012);
  const concessions = concessionSeries(rng, metro, managed, community.plans.length, weeks);
  const rents = community.plans.map((plan) => {
    const type = bedroomType(plan.input.bedrooms);
    // Bigger plans rent for more, less than in proportion to their size.
    const sizeFactor = Math.sqrt(plan.input.square_feet / type.sqft);
    const level = type.rent * metro.rentIndex * premium * sizeFactor * rng.between(0.98, 1.02);
    return rentSeries(
      rng,
      pathFactor.map((f) => level * f),
      shiftWeek,
      shift,
    );
  });
  let vacancy = vacancyBase;
  weeks.dateAt.forEach((dateAt, w) => {
    // Vacancy wanders slowly around the community's level, which follows the market's trend and the season.
    const level = vacancyBase + (metro.vacancyTrend / 100) * ((w - (DEMO_WEEKS - 1)) / 52) - vacancySeason * (weeks.season[w] ?? 0);
    vacancy = clamp(vacancy + rng.between(-0.004, 0.004) + 0.1 * (level - vacancy), 0.01, 0.08);
    community.plans.forEach((plan, p) => {
      const detailed = availabilityFor(rng, dateAt, plan.input.unit_count, vacancy);
      const availability = w >= weeks.dateAt.length - DETAILED_AVAILABILITY_WEEKS ? detailed : summarizedAvailability(detailed, dateAt);
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
