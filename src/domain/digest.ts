/**
 * What changed between two surveys (`rentsurvey digest`). The CLI reads both
 * surveys through the API; these functions compare them. Definitions and a
 * worked example: docs/metrics.md, "Digest".
 */
import { parseConcession } from './concessions.js';
import { roundPercent1 } from './rounding.js';

export const CHANGE_KINDS = [
  'comp_added',
  'comp_deactivated',
  'vacancy',
  'concession_started',
  'concession_ended',
  'concession_changed',
  'rent',
  'ner',
  'units_available',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The subject's 14-day vacancy must move by at least this many percentage points to be listed. */
export const VACANCY_CHANGE_POINTS = 1;

/** One floor plan's pricing in one survey (the fields of a pricing record that a digest compares). */
export interface PlanObservation {
  floor_plan_id: string;
  floor_plan_name: string;
  market_rent_cents: number;
  net_effective_rent_cents: number;
  units_available: number;
  concessions: string;
}

/** Money in cents, vacancy in percent, units as counts, concessions and comparable states as texts. */
export type ChangeValue = number | string | null;

export interface Change {
  kind: ChangeKind;
  /** Null when the change is the community's as a whole (vacancy, comparables, a special on every plan). */
  floor_plan_name: string | null;
  before: ChangeValue;
  after: ChangeValue;
}

/** A concession is on offer unless the text is empty or says there is none ("none", "no specials"). */
export function offersConcession(text: string | null | undefined): boolean {
  return parseConcession(text).kind !== 'none';
}

/** "1 Month  Free" and "1 month free" are the same special written twice. */
export const sameText = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
const textOrNull = (text: string) => (text.trim() === '' ? null : text);

function concessionChange(before: string, after: string): Omit<Change, 'floor_plan_name'> | null {
  const had = offersConcession(before);
  const has = offersConcession(after);
  if (!had && has) return { kind: 'concession_started', before: textOrNull(before), after };
  if (had && !has) return { kind: 'concession_ended', before, after: textOrNull(after) };
  if (had && has && !sameText(before, after)) return { kind: 'concession_changed', before, after };
  return null;
}

/**
 * Changes of one community's floor plans from one survey to the next, plans
 * matched by id (a plan priced in only one of the two is not compared); every
 * move counts (leaveOutSmallMoves applies --min-change). When the concession of
 * every compared plan (two or more) changed the same way, the special is the
 * community's and is listed once, without a plan name.
 */
export function planChanges(before: readonly PlanObservation[], after: readonly PlanObservation[]): Change[] {
  const earlier = new Map(before.map((plan) => [plan.floor_plan_id, plan]));
  const changes: Change[] = [];
  const concessions: Change[] = [];
  let compared = 0;
  for (const now of after) {
    const then = earlier.get(now.floor_plan_id);
    if (!then) continue;
    compared += 1;
    const plan = now.floor_plan_name;
    const money = (kind: 'rent' | 'ner', from: number, to: number) => {
      if (from !== to) changes.push({ kind, floor_plan_name: plan, before: from, after: to });
    };
    money('rent', then.market_rent_cents, now.market_rent_cents);
    money('ner', then.net_effective_rent_cents, now.net_effective_rent_cents);
    if (then.units_available !== now.units_available)
      changes.push({ kind: 'units_available', floor_plan_name: plan, before: then.units_available, after: now.units_available });
    const special = concessionChange(then.concessions, now.concessions);
    if (special) concessions.push({ ...special, floor_plan_name: plan });
  }
  const [first] = concessions;
  const communityWide =
    first !== undefined &&
    compared > 1 &&
    concessions.length === compared &&
    concessions.every((c) => c.kind === first.kind && sameText(String(c.before ?? ''), String(first.before ?? '')) && sameText(String(c.after ?? ''), String(first.after ?? '')));
  return [...(communityWide ? [{ ...first, floor_plan_name: null }] : concessions), ...changes];
}

/**
 * The subject's 14-day vacancy (percent) at the two surveys: listed when it
 * moved by at least one point. The difference is taken at the one decimal the
 * vacancy trend reports, so 4.8 → 5.8 is a move of exactly 1.0.
 */
export function vacancyChange(beforePercent: number | null, afterPercent: number | null): Change | null {
  if (beforePercent === null || afterPercent === null) return null;
  if (Math.abs(roundPercent1(afterPercent - beforePercent)) < VACANCY_CHANGE_POINTS) return null;
  return { kind: 'vacancy', floor_plan_name: null, before: beforePercent, after: afterPercent };
}

/**
 * How a comparable's place in the survey changed. Added: active now, in the
 * later survey, not in the earlier one. Deactivated: inactive now, in the
 * earlier survey, not in the later one. A comparable that merely missed a
 * survey is not either; one switched off after the later survey is listed by
 * the next digest, when the survey after it leaves it out.
 */
export function comparableChange(comp: { active: boolean; inEarlier: boolean; inLater: boolean }): Change | null {
  if (comp.active && comp.inLater && !comp.inEarlier) return { kind: 'comp_added', floor_plan_name: null, before: null, after: 'active' };
  if (!comp.active && comp.inEarlier && !comp.inLater)
    return { kind: 'comp_deactivated', floor_plan_name: null, before: 'active', after: 'inactive' };
  return null;
}

/** How far a change moved: |after − before| for numbers, 0 for texts. */
export function changeSize(change: Change): number {
  return typeof change.before === 'number' && typeof change.after === 'number' ? Math.abs(change.after - change.before) : 0;
}

/** Changes of a community's concession text. */
export const isConcessionChange = (kind: ChangeKind): kind is 'concession_started' | 'concession_ended' | 'concession_changed' => kind.startsWith('concession_');

/** Changes whose values are cents. */
export const isMoneyChange = (kind: ChangeKind) => kind === 'rent' || kind === 'ner';

/** --min-change: rent and NER moves smaller than `minCents` left out (a move of exactly that size stays); other kinds kept. */
export function leaveOutSmallMoves<T extends Change>(changes: readonly T[], minCents: number): T[] {
  return changes.filter((change) => !isMoneyChange(change.kind) || changeSize(change) >= minCents);
}

// Changes to the comparable set first, then vacancy, concessions, rent and NER, units available.
const GROUP: Record<ChangeKind, number> = {
  comp_added: 0,
  comp_deactivated: 0,
  vacancy: 1,
  concession_started: 2,
  concession_ended: 2,
  concession_changed: 2,
  rent: 3,
  ner: 3,
  units_available: 4,
};

/**
 * Biggest moves first, within one subject's changes: by kind group (above),
 * then by size (largest first), then the subject before its comps, by
 * community name, plan name and kind, so that the order is stable.
 */
export function compareChanges<T extends Change & { role: 'subject' | 'comp'; community_name: string }>(a: T, b: T): number {
  return (
    GROUP[a.kind] - GROUP[b.kind] ||
    changeSize(b) - changeSize(a) ||
    (a.role === b.role ? 0 : a.role === 'subject' ? -1 : 1) ||
    a.community_name.localeCompare(b.community_name) ||
    (a.floor_plan_name ?? '').localeCompare(b.floor_plan_name ?? '') ||
    CHANGE_KINDS.indexOf(a.kind) - CHANGE_KINDS.indexOf(b.kind)
  );
}
