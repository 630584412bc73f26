// The scale benchmark's portfolio (issue 11): `subjects` subject communities,
// each with 10 comparables of its own, 5 floor plans per community and 52
// weekly surveys ending `today` — 100 subjects make 1,100 communities and
// 286,000 pricing rows. Deterministic: the same arguments give the same bytes.
//
// Written as the two files `rentsurvey local import` takes, so that building
// the store runs the real importer (and the bench can time it): a dataset JSON
// with the structure (communities, comparables, floor plans) and an
// observations CSV with every pricing row.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const COMPS_PER_SUBJECT = 10;
export const PLANS_PER_COMMUNITY = 5;
export const WEEKS = 52;

export const ORGANIZATION = 'Scale Residential';

/** mulberry32: a small seeded PRNG, so every run writes the same portfolio. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const METROS = [
  { city: 'Austin', state: 'TX', zip: 78701, lat: 30.2672, lon: -97.7431 },
  { city: 'Dallas', state: 'TX', zip: 75201, lat: 32.7767, lon: -96.797 },
  { city: 'Phoenix', state: 'AZ', zip: 85004, lat: 33.4484, lon: -112.074 },
  { city: 'Atlanta', state: 'GA', zip: 30303, lat: 33.749, lon: -84.388 },
  { city: 'Denver', state: 'CO', zip: 80202, lat: 39.7392, lon: -104.9903 },
];
const PLANS = [
  { name: 'S1', bedrooms: 0, bathrooms: 1, square_feet: 520 },
  { name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 720 },
  { name: 'A2', bedrooms: 1, bathrooms: 1, square_feet: 810 },
  { name: 'B1', bedrooms: 2, bathrooms: 2, square_feet: 1_080 },
  { name: 'C1', bedrooms: 3, bathrooms: 2, square_feet: 1_320 },
];
const CONCESSIONS = ['', '', '', '1 month free', '$500 off first month', '6 weeks free', '', '2 weeks free'];

const pad = (n, width) => String(n).padStart(width, '0');
export const subjectKey = (s) => `s${pad(s, 4)}`;
const communityKey = (s, c) => (c === 0 ? subjectKey(s) : `${subjectKey(s)}-c${pad(c, 2)}`);
const planKey = (s, c, p) => `${communityKey(s, c)}-p${p}`;

/** Survey dates: 52 Mondays-worth of weeks ending on `today` (YYYY-MM-DD). */
export function surveyDates(today) {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: WEEKS }, (_, w) => new Date(end - (WEEKS - 1 - w) * 7 * 86_400_000).toISOString().slice(0, 10));
}

/** The dataset JSON (no surveys): organization, a user, communities, comparables, floor plans. */
export function portfolioStructure(subjects) {
  const rand = random(11);
  const communities = [];
  const comps = [];
  const floorPlans = [];
  for (let s = 0; s < subjects; s++) {
    const metro = METROS[s % METROS.length];
    for (let c = 0; c <= COMPS_PER_SUBJECT; c++) {
      const key = communityKey(s, c);
      const zip = metro.zip + Math.floor(rand() * 20);
      communities.push({
        key,
        managed: c === 0,
        name: c === 0 ? `Scale Subject ${pad(s, 4)}` : `Market ${pad(s, 4)}-${pad(c, 2)}`,
        address: `${100 + c} Main St, ${metro.city}, ${metro.state} ${zip}`,
        zipcode: String(zip),
        latitude: Number((metro.lat + (rand() - 0.5) / 10).toFixed(5)),
        longitude: Number((metro.lon + (rand() - 0.5) / 10).toFixed(5)),
        ...(c === 0 ? { community_manager_email: 'bench@scale.example' } : {}),
      });
      if (c > 0) comps.push({ subject: subjectKey(s), comp: key, distance_miles: Number((0.3 + c * 0.4 + rand() / 5).toFixed(2)) });
      PLANS.slice(0, PLANS_PER_COMMUNITY).forEach((plan, p) =>
        floorPlans.push({
          key: planKey(s, c, p),
          community: key,
          floor_plan_name: plan.name,
          bedrooms: plan.bedrooms,
          bathrooms: plan.bathrooms,
          square_feet: plan.square_feet + Math.floor(rand() * 60),
          unit_count: 20 + Math.floor(rand() * 60),
        }),
      );
    }
  }
  return {
    organization: ORGANIZATION,
    users: [{ email: 'bench@scale.example', full_name: 'Scale Admin', role: 'admin' }],
    communities,
    comps,
    floor_plans: floorPlans,
  };
}

export const OBSERVATION_HEADER = 'subject_key,date,floor_plan_key,market_rent_cents,net_effective_rent_cents,units_available,concessions';

/**
 * Writes the observations CSV: per subject, per survey date, its own plans and
 * its comparables' plans (55 rows). NER is left to the importer (from the
 * concession text). Resolves with the number of rows.
 */
export async function writeObservations(file, subjects, today) {
  const out = createWriteStream(file);
  const dates = surveyDates(today);
  let rows = 0;
  let buffer = `${OBSERVATION_HEADER}\n`;
  for (let s = 0; s < subjects; s++) {
    const rand = random(1_000 + s);
    const base = Array.from({ length: COMPS_PER_SUBJECT + 1 }, () => 120_000 + Math.floor(rand() * 60_000));
    dates.forEach((date, week) => {
      for (let c = 0; c <= COMPS_PER_SUBJECT; c++)
        for (let p = 0; p < PLANS_PER_COMMUNITY; p++) {
          const rent = base[c] + p * 22_500 + week * 300 + Math.floor(rand() * 40) * 100;
          const concession = CONCESSIONS[Math.floor(rand() * CONCESSIONS.length)];
          buffer += `${subjectKey(s)},${date},${planKey(s, c, p)},${rent},,${Math.floor(rand() * 5)},${concession}\n`;
          rows++;
        }
    });
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  return rows;
}
