import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { Dataset } from '../../api/dataset.js';
import { MAX_ACTIVE_COMPS } from '../../api/rules.js';
import { monthlyConcessionCents, parseConcession } from '../../domain/concessions.js';
import { addDays, daysBetween } from '../../domain/dates.js';
import { distanceMiles } from '../../domain/geo.js';
import { DEMO_ORGANIZATION, DEMO_WEEKS, generateDemoDataset } from './generate.js';
import { DEMO_EMAIL_DOMAIN } from './places.js';
import { UNSTATED_SPECIAL } from './places.js';

const TODAY = '2026-03-15';
const input = generateDemoDataset({ today: TODAY });
const data = Dataset.parse(input);

const subjects = data.communities.filter((c) => c.managed);
const communityByKey = new Map(data.communities.map((c) => [c.key, c]));
const planByKey = new Map(data.floor_plans.map((p) => [p.key, p]));
const latestDate = data.surveys.map((s) => s.date).reduce((a, b) => (a > b ? a : b));
const latestSurveys = data.surveys.filter((s) => s.date === latestDate);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** Latest observation per floor plan (a comp shared by subjects is counted once). */
const latestByPlan = new Map(latestSurveys.flatMap((s) => s.observations.map((o) => [o.floor_plan, o] as const)));

describe('generateDemoDataset', () => {
  it('produces a valid dataset document', () => {
    expect(() => Dataset.parse(input)).not.toThrow();
    expect(data.organization).toBe(DEMO_ORGANIZATION);
  });

  it('is deterministic: the same options give the same JSON', () => {
    expect(JSON.stringify(generateDemoDataset({ today: TODAY }))).toBe(JSON.stringify(input));
    expect(JSON.stringify(generateDemoDataset({ today: TODAY, seed: 7 }))).toBe(
      JSON.stringify(generateDemoDataset({ today: TODAY, seed: 7 })),
    );
    expect(JSON.stringify(generateDemoDataset({ today: TODAY, seed: 7 }))).not.toBe(JSON.stringify(input));
  });

  it('a different today shifts every survey date and keeps everything but the surveys', () => {
    const { surveys, ...rest } = input;
    for (const shift of [3, -200]) {
      const { surveys: shifted, ...shiftedRest } = generateDemoDataset({ today: addDays(TODAY, shift) });
      // Organization, users, communities, comps and floor plans do not depend on the day.
      expect(JSON.stringify(shiftedRest)).toBe(JSON.stringify(rest));
      // The same surveys of the same plans, each dated `shift` days later.
      const plansOf = (list: typeof surveys) => list!.map((s) => `${s.subject} ${s.observations.map((o) => o.floor_plan).join(',')}`);
      expect(plansOf(shifted)).toEqual(plansOf(surveys));
      expect([...new Set(shifted!.map((s, i) => daysBetween(surveys![i]!.date, s.date)))]).toEqual([shift]);
      // The survey values follow the calendar (the leasing season): see "peaks in early summer" below.
    }
  });

  it('surveys each subject weekly for two years, the latest within the week before today', () => {
    const gap = daysBetween(latestDate, TODAY);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(7);
    for (const subject of subjects) {
      const dates = data.surveys.filter((s) => s.subject === subject.key).map((s) => s.date);
      expect(dates).toHaveLength(DEMO_WEEKS);
      expect(daysBetween(dates[0]!, latestDate)).toBeGreaterThanOrEqual(2 * 364 - 7);
      expect(dates.at(-1)).toBe(latestDate);
      dates.slice(1).forEach((date, i) => expect(daysBetween(dates[i]!, date)).toBe(7));
    }
  });

  it('has the users of a small team', () => {
    expect(data.users.length).toBeGreaterThanOrEqual(6);
    expect(data.users.length).toBeLessThanOrEqual(10);
    expect(data.users[0]?.role).toBe('admin');
    expect(data.users.filter((u) => u.role === 'admin')).toHaveLength(2);
    expect(data.users.filter((u) => u.status === 'inactive')).toEqual([expect.objectContaining({ role: 'member' })]);
    for (const u of data.users) expect(u.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
    expect(new Set(data.users.map((u) => u.email)).size).toBe(data.users.length);
  });

  it('places about 25 subjects and their market comps in real zip codes of a few metros', () => {
    expect(subjects.length).toBeGreaterThanOrEqual(20);
    expect(subjects.length).toBeLessThanOrEqual(30);
    const inactive = subjects.filter((s) => s.status === 'inactive').length;
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(inactive).toBeLessThanOrEqual(2);
    const metros = new Set(subjects.map((s) => s.address.split(', ').slice(1, 3).join(', ').replace(/ \d{5}$/, '')));
    expect(metros.size).toBeGreaterThanOrEqual(4);
    expect(metros.size).toBeLessThanOrEqual(5);
    expect(new Set(data.communities.map((c) => c.key)).size).toBe(data.communities.length);
    expect(new Set(data.communities.map((c) => c.name)).size).toBe(data.communities.length);
    for (const c of data.communities) {
      const zip = zipcodes.lookup(c.zipcode);
      expect(zip, c.zipcode).toBeDefined();
      expect(Math.abs(c.latitude! - zip!.latitude)).toBeLessThan(0.01);
      expect(Math.abs(c.longitude! - zip!.longitude)).toBeLessThan(0.01);
      expect(c.address).toMatch(new RegExp(`^\\d+ [A-Za-z ]+, ${zip!.city}, ${zip!.state} ${c.zipcode}$`));
    }
    subjects.forEach((s, i) => {
      expect(s.external_community_id).toBe(`DR-${String(i + 1).padStart(3, '0')}`);
      expect(s.website_url).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(s.email).toBe(`leasing@${new URL(s.website_url!).hostname}`);
    });
  });

  it('resolves every reference', () => {
    const emails = new Set(data.users.map((u) => u.email));
    const activeEmails = new Set(data.users.filter((u) => u.status === 'active').map((u) => u.email));
    for (const s of subjects) {
      for (const email of [s.community_manager_email, s.asset_manager_email, s.leasing_manager_email]) {
        expect(email).toBeDefined();
        expect(activeEmails.has(email!)).toBe(true);
      }
      expect(s.leasing_manager_email).not.toBe(s.community_manager_email);
      for (const email of s.other_team_members_emails ?? []) {
        expect(emails.has(email)).toBe(true);
        expect([s.community_manager_email, s.leasing_manager_email]).not.toContain(email);
      }
    }
    for (const link of data.comps) {
      expect(communityByKey.get(link.subject)?.managed).toBe(true);
      expect(communityByKey.get(link.comp)?.managed).toBe(false);
    }
    expect(new Set(data.floor_plans.map((p) => p.key)).size).toBe(data.floor_plans.length);
    for (const p of data.floor_plans) {
      expect(communityByKey.has(p.community)).toBe(true);
      expect(p.key.startsWith(`${p.community}-`)).toBe(true);
    }
    // Every market community is someone's comp; every community has plans.
    const compKeys = new Set(data.comps.map((l) => l.comp));
    const markets = data.communities.filter((c) => !c.managed);
    expect(markets.length).toBeGreaterThan(subjects.length);
    expect(markets.filter((c) => !compKeys.has(c.key))).toEqual([]);
    for (const c of data.communities) expect(data.floor_plans.some((p) => p.community === c.key)).toBe(true);
    const bad: string[] = [];
    for (const survey of data.surveys) {
      const allowed = new Set([survey.subject, ...data.comps.filter((l) => l.subject === survey.subject).map((l) => l.comp)]);
      const seen = new Set<string>();
      for (const o of survey.observations) {
        if (!allowed.has(planByKey.get(o.floor_plan)?.community ?? '')) bad.push(`${survey.subject}@${survey.date} ${o.floor_plan}`);
        if (seen.has(o.floor_plan)) bad.push(`${survey.subject}@${survey.date} ${o.floor_plan} twice`);
        seen.add(o.floor_plan);
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('gives each subject 5–10 nearby comps, at most 10 active, with true distances', () => {
    for (const s of subjects) {
      const links = data.comps.filter((l) => l.subject === s.key);
      expect(links.length).toBeGreaterThanOrEqual(5);
      expect(links.length).toBeLessThanOrEqual(10);
      expect(links.filter((l) => l.is_included_in_surveys).length).toBeLessThanOrEqual(MAX_ACTIVE_COMPS);
      expect(new Set(links.map((l) => l.comp)).size).toBe(links.length);
      for (const l of links) {
        const comp = communityByKey.get(l.comp)!;
        expect(l.distance_miles).toBe(distanceMiles(s as Required<typeof s>, comp as Required<typeof comp>));
        expect(l.distance_miles).toBeLessThan(8);
      }
    }
    // Market communities are shared between subjects of a metro.
    const uses = new Map<string, number>();
    for (const l of data.comps) uses.set(l.comp, (uses.get(l.comp) ?? 0) + 1);
    expect([...uses.values()].some((n) => n > 1)).toBe(true);
  });

  it('deactivates some comps on about a fifth of the subjects, surveyed until then', () => {
    const inactiveLinks = data.comps.filter((l) => !l.is_included_in_surveys);
    const withInactive = new Set(inactiveLinks.map((l) => l.subject)).size;
    expect(withInactive / subjects.length).toBeGreaterThanOrEqual(0.1);
    expect(withInactive / subjects.length).toBeLessThanOrEqual(0.3);
    for (const link of data.comps) {
      const plans = new Set(data.floor_plans.filter((p) => p.community === link.comp).map((p) => p.key));
      const observedOn = data.surveys
        .filter((s) => s.subject === link.subject && s.observations.some((o) => plans.has(o.floor_plan)))
        .map((s) => s.date);
      if (link.is_included_in_surveys) {
        expect(observedOn).toHaveLength(DEMO_WEEKS);
      } else {
        expect(observedOn.length).toBeGreaterThanOrEqual(DEMO_WEEKS - 13);
        expect(observedOn.length).toBeLessThan(DEMO_WEEKS);
        // Observed up to some date, then never again.
        expect(observedOn).toEqual(data.surveys.filter((s) => s.subject === link.subject).map((s) => s.date).slice(0, observedOn.length));
      }
    }
  });

  it('builds communities of 3–8 floor plans and 150–400 units, median about 250', () => {
    const totals = data.communities.map((c) => {
      const plans = data.floor_plans.filter((p) => p.community === c.key);
      expect(plans.length).toBeGreaterThanOrEqual(3);
      expect(plans.length).toBeLessThanOrEqual(8);
      return plans.reduce((sum, p) => sum + p.unit_count, 0);
    });
    for (const t of totals) {
      expect(t).toBeGreaterThanOrEqual(150);
      expect(t).toBeLessThanOrEqual(400);
    }
    const sorted = [...totals].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    expect(median).toBeGreaterThanOrEqual(220);
    expect(median).toBeLessThanOrEqual(280);
    const sqft = [500, 750, 1050, 1350];
    sqft.forEach((typical, bedrooms) => {
      const sizes = data.floor_plans.filter((p) => p.bedrooms === bedrooms).map((p) => p.square_feet);
      expect(sizes.length).toBeGreaterThan(0);
      expect(Math.abs(mean(sizes) / typical - 1)).toBeLessThan(0.08);
    });
    for (const p of data.floor_plans) expect([1, 1.5, 2, 2.5]).toContain(p.bathrooms);
  });

  it('prices by bedrooms as in DOMAIN.md, in whole dollars', () => {
    const ranges: Record<number, [number, number]> = { 0: [1400, 1600], 1: [1450, 1650], 2: [1650, 1900], 3: [2000, 2200] };
    for (const [bedrooms, [low, high]] of Object.entries(ranges)) {
      const rents = [...latestByPlan.values()]
        .filter((o) => planByKey.get(o.floor_plan)?.bedrooms === Number(bedrooms))
        .map((o) => o.market_rent_cents / 100);
      const average = mean(rents);
      expect(average, `${bedrooms} BR`).toBeGreaterThanOrEqual(low);
      expect(average, `${bedrooms} BR`).toBeLessThanOrEqual(high);
    }
    expect(data.surveys.every((s) => s.observations.every((o) => o.market_rent_cents % 100 === 0))).toBe(true);
    // Denver rents above Phoenix rents.
    const byCity = (city: string) =>
      mean([...latestByPlan.values()].filter((o) => communityByKey.get(planByKey.get(o.floor_plan)!.community)!.address.includes(`, ${city}, `)).map((o) => o.market_rent_cents / planByKey.get(o.floor_plan)!.square_feet));
    expect(byCity('Denver')).toBeGreaterThan(byCity('Phoenix'));
  });

  /** Asking rents per floor plan, oldest first, in dollars, with the survey dates (a comp shared by subjects read once). */
  function rentsByPlan(from: typeof data) {
    const byPlan = new Map<string, Map<string, number>>();
    for (const survey of from.surveys)
      for (const o of survey.observations) {
        const byDate = byPlan.get(o.floor_plan) ?? new Map<string, number>();
        byDate.set(survey.date, o.market_rent_cents / 100);
        byPlan.set(o.floor_plan, byDate);
      }
    return new Map(
      [...byPlan].map(([plan, byDate]) => {
        const dates = [...byDate.keys()].sort();
        return [plan, { dates, rents: dates.map((d) => byDate.get(d)!) }];
      }),
    );
  }
  const metroOf = (plan: string) => communityByKey.get(planByKey.get(plan)!.community)!.address.split(', ')[1]!;
  const rents = rentsByPlan(data);

  it('moves prices in small weekly steps with a drift of a few percent a year, each market its own', () => {
    // One repricing in one market: every Denver plan steps down 4–6% in the same week, and nothing else jumps.
    const jumps: string[] = [];
    const denverSteps: number[] = [];
    for (const [plan, { dates, rents: prices }] of rents)
      prices.slice(1).forEach((p, i) => {
        if (Math.abs(p - prices[i]!) <= 25) return;
        jumps.push(`${metroOf(plan)} ${dates[i + 1]}`);
        denverSteps.push(p / prices[i]! - 1);
      });
    expect([...new Set(jumps)]).toHaveLength(1);
    expect(jumps[0]).toMatch(/^Denver /);
    expect(jumps.length).toBe([...rents.keys()].filter((plan) => metroOf(plan) === 'Denver').length);
    for (const step of denverSteps) expect(step).toBeGreaterThan(-0.065);
    for (const step of denverSteps) expect(step).toBeLessThan(-0.035);
    // Two years of surveys: asking rents drift up a few percent a year on average (DOMAIN.md), none wildly.
    const yearly = new Map<string, number>();
    for (const [plan, { rents: prices }] of rents)
      if (prices.length === DEMO_WEEKS) yearly.set(plan, (prices.at(-1)! / prices[0]!) ** (52 / (DEMO_WEEKS - 1)) - 1);
    expect(mean([...yearly.values()])).toBeGreaterThanOrEqual(0.02);
    expect(mean([...yearly.values()])).toBeLessThanOrEqual(0.045);
    for (const c of yearly.values()) expect(Math.abs(c)).toBeLessThan(0.1);
    // The trend differs by market: one falls, another rises by 4% a year or more.
    const byMetro = new Map<string, number[]>();
    for (const [plan, c] of yearly) byMetro.set(metroOf(plan), [...(byMetro.get(metroOf(plan)) ?? []), c]);
    const metroTrends = [...byMetro.values()].map(mean);
    expect(Math.min(...metroTrends)).toBeLessThan(0);
    expect(Math.max(...metroTrends)).toBeGreaterThanOrEqual(0.04);
  });

  it('peaks asking rents in early summer, a few percent above the winter trough, whatever the day it is made', () => {
    for (const dataset of [data, Dataset.parse(generateDemoDataset({ today: addDays(TODAY, -200) }))]) {
      // Each plan's rent over its centred 52-week moving average (trend removed), by month.
      const byMonth = Array.from({ length: 12 }, () => [] as number[]);
      for (const { dates, rents: prices } of rentsByPlan(dataset).values())
        for (let i = 26; i + 26 < prices.length; i++) {
          const average = mean(prices.slice(i - 26, i + 26));
          byMonth[Number(dates[i]!.slice(5, 7)) - 1]!.push(prices[i]! / average - 1);
        }
      const months = byMonth.map((xs) => (xs.length > 0 ? mean(xs) : Number.NaN));
      const present = months.filter((m) => !Number.isNaN(m));
      const peak = months.indexOf(Math.max(...present)) + 1;
      const trough = months.indexOf(Math.min(...present)) + 1;
      expect([5, 6, 7]).toContain(peak);
      expect([12, 1, 2]).toContain(trough);
      expect(Math.max(...present) - Math.min(...present)).toBeGreaterThan(0.02);
      expect(Math.max(...present) - Math.min(...present)).toBeLessThan(0.08);
    }
  });

  /** Monthly value by the overview's one rule: asking − NER, the text deciding when no NER is recorded. */
  const concessionValue = (o: (typeof data.surveys)[number]['observations'][number]) =>
    monthlyConcessionCents(o.market_rent_cents, o.net_effective_rent_cents ?? null, o.concessions);

  /** Share of a survey's comps with a rent concession on some plan (what concession pressure counts). */
  function shareOffering(survey: (typeof data.surveys)[number]): number {
    const byComp = new Map<string, boolean>();
    for (const o of survey.observations) {
      const community = planByKey.get(o.floor_plan)!.community;
      if (community === survey.subject) continue;
      byComp.set(community, (byComp.get(community) ?? false) || (concessionValue(o) ?? 0) > 0);
    }
    return [...byComp.values()].filter(Boolean).length / byComp.size;
  }

  it('runs rent concessions on 15–35% of comps at a time, for weeks at a time (DOMAIN.md)', () => {
    expect(mean(data.surveys.map(shareOffering))).toBeGreaterThanOrEqual(0.15);
    expect(mean(data.surveys.map(shareOffering))).toBeLessThanOrEqual(0.35);
    expect(mean(latestSurveys.map(shareOffering))).toBeGreaterThanOrEqual(0.15);
    expect(mean(latestSurveys.map(shareOffering))).toBeLessThanOrEqual(0.35);

    // Spells, not flicker: few changes of text per plan over the year.
    const texts = new Map<string, string[]>();
    for (const s of data.surveys.filter((x) => x.subject === subjects[0]!.key))
      for (const o of s.observations) texts.set(o.floor_plan, [...(texts.get(o.floor_plan) ?? []), o.concessions]);
    const switches = [...texts.values()].map((t) => t.slice(1).filter((x, i) => x !== t[i]).length);
    expect(mean(switches)).toBeLessThan(DEMO_WEEKS / 4);
  });

  it('runs a concession wave in one market for half a year, rarer specials in summer', () => {
    const dates = [...new Set(data.surveys.map((s) => s.date))].sort();
    const waveWeeks = new Set(dates.slice(DEMO_WEEKS - 52, DEMO_WEEKS - 26));
    const cityOf = (survey: (typeof data.surveys)[number]) => communityByKey.get(survey.subject)!.address.split(', ')[1]!;
    const shares = (keep: (survey: (typeof data.surveys)[number]) => boolean) => mean(data.surveys.filter(keep).map(shareOffering));
    // Phoenix: most comps offer a special during the wave, the usual share before and after.
    expect(shares((s) => cityOf(s) === 'Phoenix' && waveWeeks.has(s.date))).toBeGreaterThan(0.55);
    expect(shares((s) => cityOf(s) === 'Phoenix' && !waveWeeks.has(s.date))).toBeLessThan(0.4);
    // No other market has a wave.
    for (const city of new Set(data.surveys.map(cityOf)))
      if (city !== 'Phoenix') expect(shares((s) => cityOf(s) === city && waveWeeks.has(s.date)), city).toBeLessThan(0.45);
    // Summer (June–August) has fewer specials than winter (December–February).
    const month = (s: (typeof data.surveys)[number]) => Number(s.date.slice(5, 7));
    expect(shares((s) => [6, 7, 8].includes(month(s)))).toBeLessThan(shares((s) => [12, 1, 2].includes(month(s))));
  });

  it('prices rent concessions 5–15% under asking on average, each 1–16%', () => {
    const discounts = [...latestByPlan.values()]
      .map((o) => (concessionValue(o) ?? 0) / o.market_rent_cents)
      .filter((d) => d > 0);
    expect(discounts.length).toBeGreaterThan(0);
    // A one-time $500 on a big plan is under 2%.
    for (const d of discounts) {
      expect(d).toBeGreaterThan(0.01);
      expect(d).toBeLessThanOrEqual(0.16);
    }
    expect(mean(discounts)).toBeGreaterThanOrEqual(0.05);
    expect(mean(discounts)).toBeLessThanOrEqual(0.15);
  });

  it('shows today the texts listings really carry: a fee waived, a special not understood, tiers, an NER recorded', () => {
    const latest = [...latestByPlan.values()];
    const kinds = latest.map((o) => ({ o, terms: parseConcession(o.concessions), value: concessionValue(o) }));
    // Fees waived: understood, worth nothing in rent.
    expect(kinds.some(({ terms, value }) => terms.kind === 'non_rent' && value === 0)).toBe(true);
    // "Call for specials" without an NER: not understood, shown as such (value null).
    expect(kinds.some(({ value }) => value === null)).toBe(true);
    // A tiered special, valued on its 12-month tier.
    expect(kinds.some(({ terms, value }) => terms.tiers >= 2 && (value ?? 0) > 0)).toBe(true);
    // A special that states no amount, with the NER its listing recorded: a concession by the one rule.
    expect(kinds.some(({ o, terms, value }) => o.concessions === UNSTATED_SPECIAL && terms.kind === 'unparsed' && (value ?? 0) > 0)).toBe(true);
    // NER is left to the importer everywhere else.
    for (const { o } of kinds) if (o.concessions !== UNSTATED_SPECIAL) expect(o.net_effective_rent_cents).toBeUndefined();
    // The only text not understood is the one meant to be.
    const unparsed = new Set(kinds.filter(({ terms }) => terms.kind === 'unparsed').map(({ o }) => o.concessions));
    expect([...unparsed].sort()).toEqual([UNSTATED_SPECIAL, 'Call for specials'].sort());
  });

  it('lists 1–8% of units available within 14 days, more further out', () => {
    const unitsWithin = (o: (typeof data.surveys)[number]['observations'][number], date: string, days: number) =>
      o.availability.filter((a) => daysBetween(date, a.available_from) <= days).reduce((sum, a) => sum + a.units, 0);
    let total = 0;
    const within = { 14: 0, 30: 0, 60: 0, 90: 0 };
    for (const o of latestByPlan.values()) {
      total += planByKey.get(o.floor_plan)!.unit_count;
      for (const days of [14, 30, 60, 90] as const) within[days] += unitsWithin(o, latestDate, days);
    }
    expect(within[14] / total).toBeGreaterThanOrEqual(0.01);
    expect(within[14] / total).toBeLessThanOrEqual(0.08);
    expect(within[30] / total).toBeGreaterThan(within[14] / total);
    expect(within[90] / total).toBeGreaterThanOrEqual(0.06);
    expect(within[90] / total).toBeLessThanOrEqual(0.14);
    // The slow winter (December–February) leaves more of the subjects' own units available within 14 days than summer.
    const ownShare = (months: number[]) => {
      let available = 0;
      let units = 0;
      for (const s of data.surveys.filter((x) => months.includes(Number(x.date.slice(5, 7)))))
        for (const o of s.observations.filter((x) => planByKey.get(x.floor_plan)!.community === s.subject)) {
          available += unitsWithin(o, s.date, 14);
          units += planByKey.get(o.floor_plan)!.unit_count;
        }
      return available / units;
    };
    expect(ownShare([12, 1, 2]) - ownShare([6, 7, 8])).toBeGreaterThan(0.005);
    // Plain checks in the loop: an expect per observation would take seconds.
    const bad: string[] = [];
    for (const s of data.surveys)
      for (const o of s.observations) {
        const where = `${s.subject}@${s.date} ${o.floor_plan}`;
        if (o.units_available !== o.availability.reduce((sum, a) => sum + a.units, 0)) bad.push(`${where}: units_available`);
        const from = o.availability.map((a) => a.available_from);
        if (from.some((d, i) => i > 0 && d <= from[i - 1]!)) bad.push(`${where}: dates not increasing`);
        if (from.length > 0 && (daysBetween(s.date, from[0]!) < -7 || daysBetween(s.date, from.at(-1)!) > 90))
          bad.push(`${where}: date out of range`);
      }
    expect(bad.slice(0, 5)).toEqual([]);
  });
});
