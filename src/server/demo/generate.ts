/**
 * The demo dataset: communities.ts lays out the communities and their floor
 * plans, market.ts simulates their two years of weekly surveys; this file ties
 * subjects to comparables and team members and assembles the document.
 */
import type { DatasetInput } from '../../api/dataset.js';
import { MAX_ACTIVE_COMPS } from '../../api/rules.js';
import { addDays } from '../../domain/dates.js';
import { distanceMiles } from '../../domain/geo.js';
import { centroid, floorPlans, newCommunity, type CommunityModel } from './communities.js';
import { dateOffsets, DEMO_WEEKS, leasingSeason, simulate } from './market.js';
import { DEMO_EMAIL_DOMAIN, METROS, USERS } from './places.js';
import { Random } from './random.js';

type UserInput = NonNullable<DatasetInput['users']>[number];
type CommunityInput = NonNullable<DatasetInput['communities']>[number];
type CompInput = NonNullable<DatasetInput['comps']>[number];
type SurveyInput = NonNullable<DatasetInput['surveys']>[number];

export const DEMO_SEED = 20_250_301;
export const DEMO_ORGANIZATION = 'Demo Residential';
export { DEMO_WEEKS };

export interface GenerateDemoOptions {
  /** YYYY-MM-DD, the day the data is created; the latest survey falls 0–6 days before it. */
  today: string;
  seed?: number;
}

interface CompLink {
  comp: CommunityModel;
  distance: number;
  /** Index of the first week it is no longer surveyed (DEMO_WEEKS when never deactivated). */
  stopWeek: number;
}

/**
 * A realistic demo portfolio (DOMAIN.md, "Realistic magnitudes"): subjects in
 * five US metros, nearby comparables, floor plans and two years of weekly surveys.
 * Deterministic: the same options give byte-identical JSON. `today` shifts the
 * survey dates, and with them where each week falls in the leasing season
 * (so the survey values); everything but the surveys is the same on any day.
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
  const weeks = { dateAt: dates.map(dateOffsets), season: dates.map(leasingSeason) };
  // A stream per community: one community's draws do not reshuffle the next one's.
  for (const c of modelled) simulate(marketRng.fork(), c, managed.has(c), weeks);

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
