/**
 * What a digest period meant for each subject, and for the portfolio: its
 * position then and now (the overview's PSI and CRI on NER, computed by
 * computeOverview at both surveys), its vacancy beside its comps', how its
 * comparables moved their asking rents, and what happened to their concessions
 * and to the comparable set. Pure: the CLI reads the surveys (collect.ts).
 * Definitions: docs/metrics.md, "Digest", "Summary".
 */
import { sameText, type Change, type PlanObservation } from './digest.js';
import { bandOf, type Band } from './bands.js';
import { computeOverview, type OverviewInput } from './overview.js';
import { roundCents, roundFraction4, roundPercent1 } from './rounding.js';
import { mean, median } from './stats.js';

export interface CommunityRef {
  community_id: string;
  community_name: string;
}

export interface SubjectRef {
  subject_id: string;
  subject_name: string;
}

/** One comparable of a subject over the period. */
export interface CompPeriod extends CommunityRef {
  /** Active and in the earlier survey: its prices are compared (see docs/metrics.md). */
  compared: boolean;
  /** Its plans' latest pricing on or before each survey date. */
  earlier: readonly PlanObservation[];
  later: readonly PlanObservation[];
  /** Its changes as the digest lists them (concessions, added or deactivated, …). */
  changes: readonly Change[];
}

/** The vacancy trend's point of one survey: percents with one decimal. */
export interface VacancyPoint {
  subject_vacancy: number | null;
  avg_comp_vacancy: number | null;
}

export interface SubjectPeriod extends SubjectRef {
  from: string;
  to: string;
  /** The overview's input at each survey: the subject's plans and the comparables that count then. */
  position: { from: OverviewInput; to: OverviewInput };
  vacancy: { from: VacancyPoint | null; to: VacancyPoint | null };
  comps: readonly CompPeriod[];
}

/** Where the subject stood on one survey: overall PSI (fraction, 4 decimals) and CRI (1 decimal) on NER, and its band. */
export interface PositionAt {
  psi_ner: number | null;
  cri_ner: number | null;
  band: Band | null;
}

export interface VacancyAt {
  subject_pct: number | null;
  comps_avg_pct: number | null;
}

/** One compared comparable's asking rent: the mean over its plans priced in both surveys. */
export interface CompAskingMove extends CommunityRef {
  before_cents: number;
  after_cents: number;
  change_cents: number;
  /** Percent, 1 decimal. */
  change_pct: number;
}

export interface ConcessionStarted extends CommunityRef {
  /** Null: on every compared plan of the comparable. */
  floor_plan_name: string | null;
  text: string;
  /**
   * What it is worth a month at the later survey, asking − NER in cents (on every plan: the largest);
   * 0 for a special that is no rent (a waived fee); null when the plan's pricing is not at hand.
   */
  monthly_value_cents: number | null;
}

export interface SubjectSummary extends SubjectRef {
  from: string;
  to: string;
  position: { from: PositionAt; to: PositionAt };
  vacancy: { from: VacancyAt; to: VacancyAt };
  asking_rent: {
    comps_compared: number;
    raised: number;
    cut: number;
    held: number;
    /** Median of the comparables' changes; null when none was compared. */
    median_change_cents: number | null;
    median_change_pct: number | null;
    comps: CompAskingMove[];
  };
  /** Comparables whose concession started, ended or changed (a comparable counts once per kind). */
  concessions: { started: number; ended: number; changed: number };
  concessions_started: ConcessionStarted[];
  comps_added: CommunityRef[];
  comps_deactivated: CommunityRef[];
}

export interface PositionMove extends SubjectRef {
  psi_ner_from: number;
  psi_ner_to: number;
  /** psi_ner_to − psi_ner_from, fraction with 4 decimals. */
  psi_ner_change: number;
}

/** A concession started at a comparable of a subject: the portfolio lists them, the largest monthly value first. */
export interface SubjectConcessionStarted extends SubjectRef, ConcessionStarted {}

export interface PortfolioSummary {
  subjects_compared: number;
  subjects_not_compared: SubjectRef[];
  band_changes: Array<SubjectRef & { from: Band; to: Band }>;
  /** Every subject with a PSI at both surveys, the largest move first. */
  position_moves: PositionMove[];
  /** Comparables counted once however many subjects share them. */
  comps_asking: { compared: number; raised: number; cut: number; held: number };
  /** Every subject's concessions started, the largest monthly value first (unknown last), then by comparable, subject and plan. */
  concessions_started: SubjectConcessionStarted[];
}

function positionAt(input: OverviewInput): PositionAt {
  const { overall_psi_ner, cri_ner } = computeOverview(input).overall_metrics;
  return { psi_ner: overall_psi_ner, cri_ner, band: bandOf(cri_ner) };
}

const vacancyAt = (point: VacancyPoint | null): VacancyAt => ({
  subject_pct: point?.subject_vacancy ?? null,
  comps_avg_pct: point?.avg_comp_vacancy ?? null,
});

interface ExactMove {
  before: number;
  after: number;
}

/** A comparable's mean asking rent over its plans priced in both surveys (matched by id); null when none is. */
export function askingRentMove(earlier: readonly PlanObservation[], later: readonly PlanObservation[]): ExactMove | null {
  const then = new Map(earlier.map((plan) => [plan.floor_plan_id, plan.market_rent_cents]));
  const pairs = later.flatMap((plan) => {
    const before = then.get(plan.floor_plan_id);
    return before === undefined ? [] : [{ before, after: plan.market_rent_cents }];
  });
  const before = mean(pairs.map((pair) => pair.before));
  const after = mean(pairs.map((pair) => pair.after));
  return before === null || after === null ? null : { before, after };
}

const percentChange = (move: ExactMove) => (move.before > 0 ? (100 * (move.after - move.before)) / move.before : 0);

/** How many of these changes (cents) are raises, cuts and holds. */
function directions(changes: readonly number[]) {
  return {
    raised: changes.filter((change) => change > 0).length,
    cut: changes.filter((change) => change < 0).length,
    held: changes.filter((change) => change === 0).length,
  };
}

function askingRent(comps: readonly CompPeriod[]): SubjectSummary['asking_rent'] {
  const moves = comps.flatMap((comp) => {
    const move = comp.compared ? askingRentMove(comp.earlier, comp.later) : null;
    return move === null ? [] : [{ comp, move }];
  });
  const middle = median(moves.map(({ move }) => move.after - move.before));
  const middlePct = median(moves.map(({ move }) => percentChange(move)));
  const rows = moves.map(({ comp, move }) => ({
    community_id: comp.community_id,
    community_name: comp.community_name,
    before_cents: roundCents(move.before),
    after_cents: roundCents(move.after),
    change_cents: roundCents(move.after - move.before),
    change_pct: roundPercent1(percentChange(move)),
  }));
  return {
    comps_compared: rows.length,
    // By the change in whole cents: a mean that moved by less than half a cent held.
    ...directions(rows.map((row) => row.change_cents)),
    median_change_cents: middle === null ? null : roundCents(middle),
    median_change_pct: middlePct === null ? null : roundPercent1(middlePct),
    comps: rows,
  };
}

const ref = (comp: CompPeriod): CommunityRef => ({ community_id: comp.community_id, community_name: comp.community_name });
const has = (comp: CompPeriod, kind: Change['kind']) => comp.changes.some((change) => change.kind === kind);

/**
 * A started concession's value a month (asking − NER, the overview's concession value) at the later
 * survey: the plan's, or on every plan (plan null) the largest among the plans that offer the text.
 */
function monthlyValue(comp: CompPeriod, plan: string | null, text: string): number | null {
  const offering = comp.later.filter((p) => (plan === null ? sameText(p.concessions, text) : p.floor_plan_name === plan));
  if (offering.length === 0) return null;
  return Math.max(...offering.map((p) => Math.max(0, p.market_rent_cents - p.net_effective_rent_cents)));
}

export function summarizeSubject(period: SubjectPeriod): SubjectSummary {
  const { comps } = period;
  return {
    subject_id: period.subject_id,
    subject_name: period.subject_name,
    from: period.from,
    to: period.to,
    position: { from: positionAt(period.position.from), to: positionAt(period.position.to) },
    vacancy: { from: vacancyAt(period.vacancy.from), to: vacancyAt(period.vacancy.to) },
    asking_rent: askingRent(comps),
    concessions: {
      started: comps.filter((comp) => has(comp, 'concession_started')).length,
      ended: comps.filter((comp) => has(comp, 'concession_ended')).length,
      changed: comps.filter((comp) => has(comp, 'concession_changed')).length,
    },
    concessions_started: comps.flatMap((comp) =>
      comp.changes
        .filter((change) => change.kind === 'concession_started')
        .map((change) => {
          const text = String(change.after);
          return { ...ref(comp), floor_plan_name: change.floor_plan_name, text, monthly_value_cents: monthlyValue(comp, change.floor_plan_name, text) };
        }),
    ),
    comps_added: comps.filter((comp) => has(comp, 'comp_added')).map(ref),
    comps_deactivated: comps.filter((comp) => has(comp, 'comp_deactivated')).map(ref),
  };
}

/** The portfolio's totals over its compared subjects. */
export function summarizePortfolio(subjects: readonly SubjectSummary[], notCompared: readonly SubjectRef[]): PortfolioSummary {
  const who = (s: SubjectSummary): SubjectRef => ({ subject_id: s.subject_id, subject_name: s.subject_name });
  const bandChanges = subjects.flatMap((s) => {
    const [from, to] = [s.position.from.band, s.position.to.band];
    return from !== null && to !== null && from !== to ? [{ ...who(s), from, to }] : [];
  });
  const positionMoves = subjects.flatMap((s) => {
    const [from, to] = [s.position.from.psi_ner, s.position.to.psi_ner];
    return from === null || to === null ? [] : [{ ...who(s), psi_ner_from: from, psi_ner_to: to, psi_ner_change: roundFraction4(to - from) }];
  });
  positionMoves.sort((a, b) => Math.abs(b.psi_ner_change) - Math.abs(a.psi_ner_change) || a.subject_name.localeCompare(b.subject_name));
  // A comparable shared by two subjects has one price: it is one comparable that moved.
  const comps = new Map(subjects.flatMap((s) => s.asking_rent.comps.map((comp) => [comp.community_id, comp.change_cents] as const)));
  const started = subjects.flatMap((s) => s.concessions_started.map((c) => ({ ...who(s), ...c })));
  const value = (c: SubjectConcessionStarted) => c.monthly_value_cents ?? -1;
  started.sort(
    (a, b) =>
      value(b) - value(a) ||
      a.community_name.localeCompare(b.community_name) ||
      a.subject_name.localeCompare(b.subject_name) ||
      (a.floor_plan_name ?? '').localeCompare(b.floor_plan_name ?? ''),
  );
  return {
    subjects_compared: subjects.length,
    subjects_not_compared: [...notCompared],
    band_changes: bandChanges,
    position_moves: positionMoves,
    comps_asking: { compared: comps.size, ...directions([...comps.values()]) },
    concessions_started: started,
  };
}
