/**
 * The digest's "biggest moves": a plan's asking rent, NER and units available
 * moves read together, one line per plan, ranked by the dollars they moved.
 * Definitions: docs/metrics.md, "Digest", "Biggest moves".
 */
import { isConcessionChange, type Change, type ChangeKind } from './digest.js';

/** A number before and after, e.g. asking rent in cents. */
export interface Movement {
  before: number;
  after: number;
}

/** Who a change is about; the fields of `digest --json`'s changes. */
export interface ChangeOwner {
  subject_id: string;
  subject_name: string;
  community_id: string;
  community_name: string;
  role: 'subject' | 'comp';
}

/** A concession text that started, ended or changed: null on the side that offered none. */
export interface ConcessionMove {
  kind: Extract<ChangeKind, `concession_${string}`>;
  before: string | null;
  after: string | null;
}

/** One plan of one community: what moved between the two surveys (null: did not move, or left out). */
export interface PlanMove extends ChangeOwner {
  floor_plan_name: string;
  rent: Movement | null;
  ner: Movement | null;
  units: Movement | null;
  /**
   * Why its NER moved, when a concession did it: the plan's concession (or its community's, on
   * every plan) started, ended or changed, and the gap between asking and NER moved with it.
   */
  concession: ConcessionMove | null;
}

export interface MoveLimits {
  /** --min-change: a plan's money counts when asking or NER moved by at least this many cents. */
  minChangeCents: number;
  /** --min-units: a units-available move counts when it is at least this many units. */
  minUnits: number;
}

/** The larger of the plan's asking and NER moves, in cents (0 when neither counts). */
export function moneyMoved(move: Pick<PlanMove, 'rent' | 'ner'>): number {
  const size = (m: Movement | null) => (m === null ? 0 : Math.abs(m.after - m.before));
  return Math.max(size(move.rent), size(move.ner));
}

const unitsMoved = (move: PlanMove) => (move.units === null ? 0 : Math.abs(move.units.after - move.units.before));

/**
 * Biggest first: by dollars moved (asking or NER, the larger), then units, then
 * the subject before its comps, by community and plan name, so the order is stable.
 */
function compareMoves(a: PlanMove, b: PlanMove): number {
  return (
    moneyMoved(b) - moneyMoved(a) ||
    unitsMoved(b) - unitsMoved(a) ||
    (a.role === b.role ? 0 : a.role === 'subject' ? -1 : 1) ||
    a.subject_name.localeCompare(b.subject_name) ||
    a.community_name.localeCompare(b.community_name) ||
    a.floor_plan_name.localeCompare(b.floor_plan_name)
  );
}

/**
 * The rent, NER and units-available changes of each plan merged into one move,
 * biggest first. A plan's money stays when asking or NER moved by at least
 * `minChangeCents` (both are then shown); its units when they moved by at least
 * `minUnits`; a plan with neither is left out. Other kinds of change are not moves.
 */
export function planMoves(changes: ReadonlyArray<Change & ChangeOwner>, limits: MoveLimits): PlanMove[] {
  const byPlan = new Map<string, PlanMove>();
  // Concession changes of a plan, or of a community's every plan (floor_plan_name null).
  const concessions = new Map<string, ConcessionMove>();
  const keyOf = (change: ChangeOwner, plan: string | null) => JSON.stringify([change.subject_id, change.community_id, plan]);
  for (const change of changes) {
    if (isConcessionChange(change.kind)) {
      const text = (value: Change['before']) => (typeof value === 'string' ? value : null);
      concessions.set(keyOf(change, change.floor_plan_name), { kind: change.kind, before: text(change.before), after: text(change.after) });
      continue;
    }
    if (change.floor_plan_name === null || typeof change.before !== 'number' || typeof change.after !== 'number') continue;
    const field = change.kind === 'rent' ? 'rent' : change.kind === 'ner' ? 'ner' : change.kind === 'units_available' ? 'units' : null;
    if (field === null) continue;
    const key = keyOf(change, change.floor_plan_name);
    const move = byPlan.get(key) ?? {
      subject_id: change.subject_id,
      subject_name: change.subject_name,
      community_id: change.community_id,
      community_name: change.community_name,
      role: change.role,
      floor_plan_name: change.floor_plan_name,
      rent: null,
      ner: null,
      units: null,
      concession: null,
    };
    move[field] = { before: change.before, after: change.after };
    byPlan.set(key, move);
  }
  const kept: PlanMove[] = [];
  for (const [key, move] of byPlan) {
    const money = moneyMoved(move) > 0 && moneyMoved(move) >= limits.minChangeCents;
    const units = move.units !== null && unitsMoved(move) >= Math.max(1, limits.minUnits);
    if (!money && !units) continue;
    const concession = money && concessionMovedNer(move) ? (concessions.get(key) ?? concessions.get(keyOf(move, null)) ?? null) : null;
    kept.push({ ...move, concession, ...(money ? {} : { rent: null, ner: null }), ...(units ? {} : { units: null }) });
  }
  return kept.sort(compareMoves);
}

/**
 * Whether a concession can be why the plan's NER moved: NER moved, and not by what asking moved
 * (a waived fee that starts as asking rises leaves NER moving with asking: asking is the why).
 */
function concessionMovedNer(move: Pick<PlanMove, 'rent' | 'ner'>): boolean {
  const moved = (m: Movement | null) => (m === null ? 0 : m.after - m.before);
  return move.ner !== null && moved(move.ner) !== moved(move.rent);
}

/** A line of a list of moves: a plan's move, or how many more plans of one community moved. */
export type ListedMove = { move: PlanMove } | { more: number; community: ChangeOwner };

/** Lines a comparable gets in a list of biggest moves before the rest of its plans are counted. */
const LINES_PER_COMPARABLE = 2;

/**
 * The `top` biggest moves, at most LINES_PER_COMPARABLE per comparable (one comparable's special must
 * not fill the list; a subject's own plans are all listed): after a comparable's last line shown, a
 * line with how many more of its plans moved (anywhere in the list). `shown` counts the moves listed.
 */
export function topMoves(moves: readonly PlanMove[], top: number): { lines: ListedMove[]; shown: number } {
  const key = (move: ChangeOwner) => JSON.stringify([move.subject_id, move.community_id]);
  const total = new Map<string, number>();
  for (const move of moves) total.set(key(move), (total.get(key(move)) ?? 0) + 1);
  const listed = new Map<string, number>();
  const lines: ListedMove[] = [];
  let shown = 0;
  for (const move of moves) {
    if (shown === top) break;
    const limit = move.role === 'comp' ? LINES_PER_COMPARABLE : Number.POSITIVE_INFINITY;
    const count = listed.get(key(move)) ?? 0;
    if (count === limit) continue;
    lines.push({ move });
    shown += 1;
    listed.set(key(move), count + 1);
    const rest = (total.get(key(move)) ?? 0) - limit;
    if (count + 1 === limit && rest > 0) {
      const { subject_id, subject_name, community_id, community_name, role } = move;
      lines.push({ more: rest, community: { subject_id, subject_name, community_id, community_name, role } });
    }
  }
  return { lines, shown };
}
