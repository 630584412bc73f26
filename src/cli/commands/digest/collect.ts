/**
 * Reads what a digest compares, through the spec's endpoints only: a subject's
 * floor plans (its latest survey), each plan's pricing on or before --since
 * (its earlier survey), its comparables (active and not), their pricing on or
 * before each of the two survey dates, and the vacancy trend. From these the
 * domain lists the changes and sums up the period (docs/metrics.md, "Digest").
 */
import { comparableChange, compareChanges, planChanges, vacancyChange, type Change, type PlanObservation } from '../../../domain/digest.js';
import type { ChangeOwner } from '../../../domain/digest-moves.js';
import { summarizeSubject, type CompPeriod, type SubjectSummary, type VacancyPoint } from '../../../domain/digest-summary.js';
import { subjectPlanInput, type CompInput } from '../../../domain/overview.js';
import type { ApiClient } from '../../http/client.js';
import { vacancyTrendIn } from '../../vacancy-trend.js';
import { compInput, latestDate, pricingOnOrBefore, type Comparable, type PricingRecord } from '../../surveys.js';

/** One line of the digest; the field names are those of `digest --json`. */
export interface DigestChange extends Change, ChangeOwner {}

export interface SubjectDigest {
  subject: { id: string; name: string };
  /** The subject's survey on or before --since; null when it has none. */
  from: string | null;
  /** Its latest survey; null when it has none. */
  to: string | null;
  /** Every change, biggest moves first (compareChanges); --min-change is applied when printing. */
  changes: DigestChange[];
  /** What the period meant; null when the subject has no two surveys to compare. */
  summary: SubjectSummary | null;
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

interface CompSurveys {
  comp: Comparable;
  earlier: PricingRecord[];
  later: PricingRecord[];
  inEarlier: boolean;
}

async function compSurveys(api: ApiClient, comp: Comparable, from: string, to: string): Promise<CompSurveys> {
  const [earlier, later] = await Promise.all([pricingOnOrBefore(api, comp.id, from), pricingOnOrBefore(api, comp.id, to)]);
  return { comp, earlier, later, inEarlier: surveyed(earlier, from) };
}

function compPeriod({ comp, earlier, later, inEarlier }: CompSurveys, to: string): CompPeriod {
  const active = comp.is_included_in_surveys;
  const membership = comparableChange({ active, inEarlier, inLater: surveyed(later, to) });
  // Only active comparables that were in the earlier survey have two prices to compare.
  const compared = membership === null && active && inEarlier;
  const [before, after] = [earlier.map(observation), later.map(observation)];
  return {
    community_id: comp.id,
    community_name: comp.name,
    compared,
    earlier: before,
    later: after,
    changes: membership ? [membership] : compared ? planChanges(before, after) : [],
  };
}

/** A subject's changes from its survey on or before `since` to its latest survey, or to its survey on or before `until` (--end). */
export async function collectSubject(api: ApiClient, subjectId: string, since: string, until?: string): Promise<SubjectDigest> {
  // The comparables are asked for with the surveys that say whether there is anything to compare: one
  // round trip less per subject, for one request that a subject with nothing to compare did not need.
  const comparables = api.call('listComps', { params: { id: subjectId }, query: { include_inactive: true } });
  comparables.catch(() => undefined);
  const [{ data: plans }, earlier, upTo] = await Promise.all([
    api.call('listFloorPlans', { params: { id: subjectId } }),
    pricingOnOrBefore(api, subjectId, since),
    until === undefined ? undefined : pricingOnOrBefore(api, subjectId, until),
  ]);
  const subject = plans.community;
  const later =
    upTo ??
    plans.floor_plans.flatMap((plan) => (plan.latest_pricing ? [{ ...plan.latest_pricing, floor_plan_id: plan.id, floor_plan: plan }] : []));
  const laterOf = new Map(later.map((record) => [record.floor_plan_id, record]));
  const from = latestDate(earlier.map((record) => record.as_of_date));
  const to = latestDate(later.map((record) => record.as_of_date));
  if (from === null || to === null || to <= from) return { subject, from, to, changes: [], summary: null };

  // The trend and every comparable's surveys at once: the client's window bounds the requests on the wire.
  const trendOf = vacancyTrendIn(api, subjectId, { start_date: from, end_date: to });
  trendOf.catch(() => undefined);
  const { data: comps } = await comparables;
  const surveys = await Promise.all(comps.comps.map((comp) => compSurveys(api, comp, from, to)));
  const { data: trend } = await trendOf;
  const pointOn = (date: string): VacancyPoint | null => trend.trends.find((point) => point.date.slice(0, 10) === date) ?? null;
  const periods = surveys.map((surveysOfComp) => compPeriod(surveysOfComp, to));

  // The comparables that count, as the overview counts them: now, the active ones; then, also those
  // the earlier survey priced (deactivated since). Each with its latest pricing on or before the date.
  const compsAt = (records: (s: CompSurveys) => PricingRecord[], counts: (s: CompSurveys) => boolean): CompInput[] =>
    surveys.filter(counts).map((s) => compInput(s.comp.id, records(s)));
  const earlierOf = new Map(earlier.map((record) => [record.floor_plan_id, record]));
  const summary = summarizeSubject({
    subject_id: subject.id,
    subject_name: subject.name,
    from,
    to,
    position: {
      from: {
        subjectFloorPlans: plans.floor_plans.map((plan) => subjectPlanInput(plan, earlierOf.get(plan.id))),
        comps: compsAt((s) => s.earlier, (s) => s.comp.is_included_in_surveys || s.inEarlier),
      },
      to: {
        subjectFloorPlans: plans.floor_plans.map((plan) => subjectPlanInput(plan, laterOf.get(plan.id))),
        comps: compsAt((s) => s.later, (s) => s.comp.is_included_in_surveys),
      },
    },
    vacancy: { from: pointOn(from), to: pointOn(to) },
    comps: periods,
  });

  const line = (community: { id: string; name: string }, role: DigestChange['role']) => (change: Change): DigestChange => ({
    subject_id: subject.id,
    subject_name: subject.name,
    community_id: community.id,
    community_name: community.name,
    role,
    ...change,
  });
  const vacancy = vacancyChange(pointOn(from)?.subject_vacancy ?? null, pointOn(to)?.subject_vacancy ?? null);
  const changes = [...(vacancy ? [vacancy] : []), ...planChanges(earlier.map(observation), later.map(observation))].map(line(subject, 'subject'));
  for (const period of periods) changes.push(...period.changes.map(line({ id: period.community_id, name: period.community_name }, 'comp')));
  return { subject, from, to, changes: changes.sort(compareChanges), summary };
}
