/**
 * The demo portfolio's communities: where they stand (a zip centroid, jittered),
 * their names and addresses, and their floor plans by bedroom count.
 */
import type { DatasetInput } from '../../api/dataset.js';
import { GENERIC_PLACES, NAME_PREFIXES, NAME_SUFFIXES, STREET_TYPES, STREETS, type Metro } from './places.js';
import type { Random } from './random.js';
import { lookupZip } from '../zip-table.js';

type FloorPlanInput = NonNullable<DatasetInput['floor_plans']>[number];
export type ObservationInput = NonNullable<DatasetInput['surveys']>[number]['observations'][number];

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

export function bedroomType(bedrooms: number): BedroomType {
  const type = BEDROOM_TYPES[bedrooms];
  if (!type) throw new RangeError(`demo data: no ${bedrooms}-bedroom type`);
  return type;
}

export interface Site {
  zipcode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface CommunityModel {
  metro: Metro;
  site: Site;
  name: string;
  address: string;
  slug: string;
  key: string;
  plans: PlanModel[];
}

export interface PlanModel {
  input: FloorPlanInput;
  /** One observation per week, oldest first; shared by every survey that includes the plan. */
  weekly: ObservationInput[];
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const slugify = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function centroid(zipcode: string): Site {
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

export function newCommunity(rng: Random, metro: Metro, zipcode: string, names: Set<string>): CommunityModel {
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

export function floorPlans(rng: Random, community: CommunityModel): FloorPlanInput[] {
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
