/**
 * Reads what a digest compares, through the spec's endpoints only: a subject's
 * floor plans (its latest survey), each plan's pricing on or before --since
 * (its earlier survey), its comparables (active and not), their pricing on or
 * before each of the two survey dates, and the vacancy trend.
 */
import {
  compareChanges,
  comparableChange,
  planChanges,
  vacancyChange,
  type Change,
  type PlanObservation,
} from '../../../domain/digest.js';
import { mapLimited } from '../../concurrency.js';
import type { ApiClient } from '../../http/client.js';
import { vacancyTrendIn } from '../../vacancy-trend.js';
import { CONCURRENCY, latestDate, pricingOnOrBefore, type Comparable, type PricingRecord } from '../../surveys.js';

/** One line of the digest; the field names are those of `digest --json`. */
export interface DigestChange extends Change {
  subject_id: string;
  subject_name: string;
  community_id: string;
  community_name: string;
  role: 'subject' | 'comp';
}

export interface SubjectDigest {
  subject: { id: string; name: string };
  /** The subject's survey on or before --since; null when it has none. */
  from: string | null;
  /** Its latest survey; null when it has none. */
  to: string | null;
  /** Biggest moves first (compareChanges). */
  changes: DigestChange[];
}

function observation(record: PricingRecord): PlanObservation {
  return {
    floor_plan_id: record.floor_plan_id,
    floor_plan_name: record.floor_plan.floor_plan_name,
    market_rent_cents: record.market_rent_cents,
    net_effective_rent_cents: record.net_effective_rent_cents,
    units_available: record.units_available,
    concessions: record.concessions,
  };
}

/** Whether a community was part of the survey of `date`: priced on that very day. */
const surveyed = (records: readonly PricingRecord[], date: string) => records.some((record) => record.as_of_date === date);

async function compChanges(api: ApiClient, comp: Comparable, from: string, to: string, minChangeCents: number): Promise<Change[]> {
  const [earlier, later] = await Promise.all([pricingOnOrBefore(api, comp.id, from), pricingOnOrBefore(api, comp.id, to)]);
  const inEarlier = surveyed(earlier, from);
  const membership = comparableChange({ active: comp.is_included_in_surveys, inEarlier, inLater: surveyed(later, to) });
  if (membership) return [membership];
  // Only active comparables that were in the earlier survey have two prices to compare.
  if (!comp.is_included_in_surveys || !inEarlier) return [];
  return planChanges(earlier.map(observation), later.map(observation), { minChangeCents });
}

export async function collectSubject(
  api: ApiClient,
  subjectId: string,
  since: string,
  minChangeCents: number,
): Promise<SubjectDigest> {
  const [{ data: plans }, earlier] = await Promise.all([
    api.call('listFloorPlans', { params: { id: subjectId } }),
    pricingOnOrBefore(api, subjectId, since),
  ]);
  const subject = plans.community;
  const later = plans.floor_plans.flatMap((plan) =>
    plan.latest_pricing ? [{ ...plan.latest_pricing, floor_plan_id: plan.id, floor_plan: plan }] : [],
  );
  const from = latestDate(earlier.map((record) => record.as_of_date));
  const to = latestDate(later.map((record) => record.as_of_date));
  if (from === null || to === null || to <= from) return { subject, from, to, changes: [] };

  const [{ data: comps }, { data: trend }] = await Promise.all([
    api.call('listComps', { params: { id: subjectId }, query: { include_inactive: true } }),
    vacancyTrendIn(api, subjectId, { start_date: from, end_date: to }),
  ]);
  const vacancyOn = (date: string) => trend.trends.find((point) => point.date.slice(0, 10) === date)?.subject_vacancy ?? null;
  const perComp = await mapLimited(comps.comps, CONCURRENCY, (comp) => compChanges(api, comp, from, to, minChangeCents));

  const line = (community: { id: string; name: string }, role: DigestChange['role']) => (change: Change): DigestChange => ({
    subject_id: subject.id,
    subject_name: subject.name,
    community_id: community.id,
    community_name: community.name,
    role,
    ...change,
  });
  const vacancy = vacancyChange(vacancyOn(from), vacancyOn(to));
  const changes = [
    ...(vacancy ? [vacancy] : []),
    ...planChanges(earlier.map(observation), later.map(observation), { minChangeCents }),
  ].map(line(subject, 'subject'));
  comps.comps.forEach((comp, i) => changes.push(...(perComp[i] ?? []).map(line(comp, 'comp'))));
  return { subject, from, to, changes: changes.sort(compareChanges) };
}
