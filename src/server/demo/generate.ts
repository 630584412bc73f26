import type { DatasetInput } from '../../api/dataset.js';
import { MAX_ACTIVE_COMPS } from '../../api/rules.js';
import { addDays } from '../../domain/dates.js';
import { distanceMiles } from '../../domain/geo.js';
import {
  CONCESSIONS,
  DEMO_EMAIL_DOMAIN,
  GENERIC_PLACES,
  METROS,
  NAME_PREFIXES,
  NAME_SUFFIXES,
  OTHER_LISTING_TEXTS,
  STREET_TYPES,
  STREETS,
  UNSTATED_SPECIAL,
  USERS,
  type Metro,
} from './places.js';
import { Random } from './random.js';
import { lookupZip } from '../zip-table.js';

type UserInput = NonNullable<DatasetInput['users']>[number];
type CommunityInput = NonNullable<DatasetInput['communities']>[number];
type CompInput = NonNullable<DatasetInput['comps']>[number];
type FloorPlanInput = NonNullable<DatasetInput['floor_plans']>[number];
type SurveyInput = NonNullable<DatasetInput['surveys']>[number];
type ObservationInput = SurveyInput['observations'][number];
type AvailabilityInput = NonNullable<ObservationInput['availability']>[number];

export const DEMO_SEED = 20_250_301;
export const DEMO_ORGANIZATION = 'Demo Residential';
/** Weekly surveys per subject: one year. */
export const DEMO_WEEKS = 52;

export interface GenerateDemoOptions {
  /** YYYY-MM-DD, the day the data is created; the latest survey falls 0–6 days before it. */
  today: string;
  seed?: number;
}

interface BedroomType {
  /** National asking rent, dollars (DOMAIN.md). */
  rent: number;
  sqft: number;
  /** Share of a community's units. */
  unitShare: number;
  maxPlans: number;
  letter: string;
}

// Index = bedroom count, studio first.
const BEDROOM_TYPES: readonly BedroomType[] = [
  { rent: 1480, sqft: 500, unitShare: 0.08, maxPlans: 1, letter: 'S' },
  { rent: 1560, sqft: 750, unitShare: 0.45, maxPlans: 3, letter: 'A' },
  { rent: 1800, sqft: 1050, unitShare: 0.37, maxPlans: 3, letter: 'B' },
  { rent: 2130, sqft: 1350, unitShare: 0.1, maxPlans: 2, letter: 'C' },
];

function bedroomType(bedrooms: number): BedroomType {
  const type = BEDROOM_TYPES[bedrooms];
  if (!type) throw new RangeError(`demo data: no ${bedrooms}-bedroom type`);
  return type;
}

/** Availability horizons (days from the survey date) and the share of units in each band. */
const AVAILABILITY_BANDS = [
  { from: 15, to: 30, share: [0.015, 0.03] },
  { from: 31, to: 60, share: [0.015, 0.025] },
  { from: 61, to: 90, share: [0.015, 0.025] },
] as const;
const NOW_BAND = { from: -5, to: 14 } as const;

interface Site {
  zipcode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

interface CommunityModel {
  metro: Metro;
  site: Site;
  name: string;
  address: string;
  slug: string;
  key: string;
  plans: PlanModel[];
}

interface PlanModel {
  input: FloorPlanInput;
  /** One observation per week, oldest first; shared by every survey that includes the plan. */
  weekly: ObservationInput[];
}

interface CompLink {
  comp: CommunityModel;
  distance: number;
  /** Index of the first week it is no longer surveyed (DEMO_WEEKS when never deactivated). */
  stopWeek: number;
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function centroid(zipcode: string): Site {
  const zip = lookupZip(zipcode);
  if (!zip) throw new Error(`demo data: unknown zip code ${zipcode}`);
  return { zipcode, city: zip.city, state: zip.state, latitude: zip.latitude, longitude: zip.longitude };
}

function site(rng: Random, zipcode: string): Site {
  const center = centroid(zipcode);
  // Jitter within a zip (< 0.01°, under a mile) so communities do not stack on the centroid.
  return {
    ...center,
    latitude: round6(center.latitude + rng.between(-0.008, 0.008)),
    longitude: round6(center.longitude + rng.between(-0.008, 0.008)),
  };
}

function communityName(rng: Random, metro: Metro, taken: Set<string>): string {
  for (;;) {
    const place = rng.chance(0.6) ? rng.pick(metro.places) : rng.pick(GENERIC_PLACES);
    const name = rng.chance(0.5) ? `${rng.pick(NAME_PREFIXES)} ${place}` : `${place} ${rng.pick(NAME_SUFFIXES)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

function newCommunity(rng: Random, metro: Metro, zipcode: string, names: Set<string>): CommunityModel {
  const where = site(rng, zipcode);
  const name = communityName(rng, metro, names);
  const street = `${rng.int(100, 9899)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}`;
  return {
    metro,
    site: where,
    name,
    address: `${street}, ${where.city}, ${where.state} ${zipcode}`,
    slug: slugify(name),
    key: '',
    plans: [],
  };
}

/** Bedroom mix of 3–8 plans, always with 1 and 2 BR. */
function planMix(rng: Random): number[] {
  const target = rng.int(3, 8);
  const counts = [rng.chance(0.45) ? 1 : 0, 1, 1, rng.chance(0.65) ? 1 : 0];
  const total = () => counts.reduce((a, b) => a + b, 0);
  if (total() > target) counts[counts[0] ? 0 : 3] = 0;
  while (total() < target) {
    const open = BEDROOM_TYPES.flatMap((type, b) => ((counts[b] ?? 0) < type.maxPlans ? [[b, type.unitShare] as const] : []));
    const b = rng.weighted(open);
    counts[b] = (counts[b] ?? 0) + 1;
  }
  return counts;
}

function bathroomsFor(rng: Random, bedrooms: number, index: number, count: number): number {
  const largest = index === count - 1;
  const smallest = index === 0;
  switch (bedrooms) {
    case 0:
      return 1;
    case 1:
      return largest && count > 1 && rng.chance(0.4) ? 1.5 : 1;
    case 2:
      if (smallest && count > 1 && rng.chance(0.4)) return rng.chance(0.5) ? 1 : 1.5;
      return largest && rng.chance(0.3) ? 2.5 : 2;
    default:
      return rng.chance(0.4) ? 2.5 : 2;
  }
}

/** Units per community: 150–400, median about 250. */
function communityUnits(rng: Random): number {
  const u = (rng.float() + rng.float()) / 2;
  return Math.round(150 + 250 * u ** 1.3);
}

function floorPlans(rng: Random, community: CommunityModel): FloorPlanInput[] {
  const counts = planMix(rng);
  const totalUnits = communityUnits(rng);
  const shareTotal = counts.reduce((sum, n, b) => sum + (n > 0 ? bedroomType(b).unitShare : 0), 0);
  const plans: FloorPlanInput[] = [];
  counts.forEach((n, bedrooms) => {
    const type = bedroomType(bedrooms);
    const weights = Array.from({ length: n }, () => rng.between(0.7, 1.3));
    const weightSum = weights.reduce((a, b) => a + b, 0);
    for (let i = 0; i < n; i++) {
      // Plans of one bedroom count step up in size around the typical size.
      const step = n === 1 ? 0 : (i - (n - 1) / 2) * 0.11;
      const sqft = Math.round((type.sqft * (1 + step) * rng.between(0.95, 1.05)) / 5) * 5;
      const share = (type.unitShare / shareTotal) * ((weights[i] ?? 1) / weightSum);
      const name = `${type.letter}${i + 1}`;
      plans.push({
        key: `${community.key}-${name.toLowerCase()}`,
        community: community.key,
        floor_plan_name: name,
        bedrooms,
        bathrooms: bathroomsFor(rng, bedrooms, i, n),
        square_feet: sqft,
        unit_count: Math.max(4, Math.round(totalUnits * share)),
      });
    }
  });
  // Put the rounding remainder on the largest plan so the community totals exactly.
  const largest = plans.reduce((a, b) => (b.unit_count > a.unit_count ? b : a));
  largest.unit_count += totalUnits - plans.reduce((sum, p) => sum + p.unit_count, 0);
  return plans;
}

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
function dateOffsets(date: string): (days: number) => string {
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

function simulate(
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

/**
 * A realistic demo portfolio (DOMAIN.md, "Realistic magnitudes"): subjects in
 * five US metros, nearby comparables, floor plans and a year of weekly surveys.
 * Deterministic: the same options give byte-identical JSON; `today` only shifts dates.
 * A comp's observation on a date is one object shared by every subject surveying
 * that comp (the same pricing); treat the result as read-only (Dataset.parse copies).
 */
export function generateDemoDataset(options: GenerateDemoOptions): DatasetInput {
  const root = new Random(options.seed ?? DEMO_SEED);
  // Separate streams so a change in one part does not reshuffle the others.
  const layoutRng = root.fork();
  const teamRng = root.fork();
  const planRng = root.fork();
  const marketRng = root.fork();

  const latest = addDays(options.today, -root.int(0, 6));
  const dates = Array.from({ length: DEMO_WEEKS }, (_, w) => addDays(latest, -7 * (DEMO_WEEKS - 1 - w)));

  const users: UserInput[] = USERS.map((u) => ({
    email: `${u.first}.${u.last}@${DEMO_EMAIL_DOMAIN}`.toLowerCase(),
    full_name: `${u.first} ${u.last}`,
    role: u.role,
    status: u.status,
  }));
  const emailOf = (i: number) => users[i]?.email ?? '';
  const assetManagers = [1, 2];
  const siteTeam = [3, 4, 5, 6];

  const names = new Set<string>();
  const subjects: CommunityModel[] = [];
  const markets: CommunityModel[] = [];
  const compsOf = new Map<CommunityModel, CompLink[]>();

  for (const metro of METROS) {
    const centers = metro.zips.map(centroid);
    // Comps are usually within a few miles: the subject's zip and neighbouring ones.
    const zipsNear = (zip: string) => {
      const from = centroid(zip);
      return centers.filter((c) => distanceMiles(from, c) <= 3.5).map((c) => c.zipcode);
    };
    const metroSubjects = layoutRng
      .shuffle(metro.zips)
      .slice(0, metro.subjects)
      .map((zip) => newCommunity(layoutRng, metro, zip, names));
    const compCount = metroSubjects.map(() => layoutRng.int(5, Math.min(10, MAX_ACTIVE_COMPS)));
    // Enough competitors around each subject for all its comps; neighbouring subjects share the nearest.
    const metroMarkets = metroSubjects.flatMap((subject, i) => {
      const around = zipsNear(subject.site.zipcode);
      const count = compCount[i] ?? 5;
      return Array.from({ length: count }, () => newCommunity(layoutRng, metro, layoutRng.pick(around), names));
    });
    for (const [i, subject] of metroSubjects.entries()) {
      const count = compCount[i] ?? 5;
      const ranked = metroMarkets
        .map((comp) => ({ comp, distance: distanceMiles(subject.site, comp.site), noise: layoutRng.between(0.8, 1.25) }))
        .sort((a, b) => a.distance * a.noise - b.distance * b.noise);
      compsOf.set(
        subject,
        ranked
          .slice(0, count)
          .sort((a, b) => a.distance - b.distance)
          .map(({ comp, distance }) => ({ comp, distance, stopWeek: DEMO_WEEKS })),
      );
    }
    subjects.push(...metroSubjects);
    markets.push(...metroMarkets);
  }

  // About a fifth of the subjects dropped one or two comps within the last three months.
  for (const subject of layoutRng.shuffle(subjects).slice(0, Math.round(subjects.length * 0.2))) {
    const links = compsOf.get(subject) ?? [];
    for (const link of layoutRng.shuffle(links).slice(0, layoutRng.chance(0.7) ? 1 : 2))
      link.stopWeek = layoutRng.int(DEMO_WEEKS - 13, DEMO_WEEKS - 2);
  }

  const used = new Set([...compsOf.values()].flatMap((links) => links.map((l) => l.comp)));
  const comparables = markets.filter((m) => used.has(m));
  subjects.forEach((s, i) => (s.key = `s${String(i + 1).padStart(2, '0')}`));
  comparables.forEach((m, i) => (m.key = `m${String(i + 1).padStart(3, '0')}`));

  const inactive = new Set(layoutRng.shuffle(subjects.slice(1)).slice(0, layoutRng.int(1, 2)));
  const communities: CommunityInput[] = [
    ...subjects.map((s, i): CommunityInput => {
      const metroIndex = METROS.indexOf(s.metro);
      const manager = siteTeam[i % siteTeam.length]!;
      // An offset of 1..n-1 never lands on the manager.
      const leasing = siteTeam[(i + teamRng.int(1, siteTeam.length - 1)) % siteTeam.length]!;
      const others = teamRng.chance(0.5)
        ? [emailOf(teamRng.pick([0, ...siteTeam].filter((u) => u !== manager && u !== leasing)))]
        : [];
      return {
        key: s.key,
        managed: true,
        name: s.name,
        address: s.address,
        zipcode: s.site.zipcode,
        latitude: s.site.latitude,
        longitude: s.site.longitude,
        external_community_id: `DR-${String(i + 1).padStart(3, '0')}`,
        website_url: `https://${s.slug}.example`,
        email: `leasing@${s.slug}.example`,
        status: inactive.has(s) ? 'inactive' : 'active',
        community_manager_email: emailOf(manager),
        asset_manager_email: emailOf(assetManagers[metroIndex % assetManagers.length]!),
        leasing_manager_email: emailOf(leasing),
        ...(others.length > 0 ? { other_team_members_emails: others } : {}),
      };
    }),
    ...comparables.map(
      (m): CommunityInput => ({
        key: m.key,
        managed: false,
        name: m.name,
        address: m.address,
        zipcode: m.site.zipcode,
        latitude: m.site.latitude,
        longitude: m.site.longitude,
        website_url: `https://${m.slug}.example`,
        status: 'active',
      }),
    ),
  ];

  const comps: CompInput[] = subjects.flatMap((s) =>
    (compsOf.get(s) ?? []).map((link) => ({
      subject: s.key,
      comp: link.comp.key,
      distance_miles: link.distance,
      is_included_in_surveys: link.stopWeek >= DEMO_WEEKS,
    })),
  );

  const modelled = [...subjects, ...comparables];
  for (const c of modelled) c.plans = floorPlans(planRng, c).map((input) => ({ input, weekly: [] }));
  const managed = new Set(subjects);
  const dateTables = dates.map(dateOffsets);
  for (const c of modelled) simulate(marketRng, c, managed.has(c), dateTables);

  const surveys: SurveyInput[] = subjects.flatMap((s) =>
    dates.map((date, w) => ({
      subject: s.key,
      date,
      observations: [
        ...s.plans,
        ...(compsOf.get(s) ?? []).filter((l) => w < l.stopWeek).flatMap((l) => l.comp.plans),
      ].map((plan) => plan.weekly[w]!),
    })),
  );

  return {
    organization: DEMO_ORGANIZATION,
    users,
    communities,
    comps,
    floor_plans: modelled.flatMap((c) => c.plans.map((p) => p.input)),
    surveys,
  };
}
