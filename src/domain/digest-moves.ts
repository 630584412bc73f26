/**
 * The digest's "biggest moves": a plan's asking rent, NER and units available
 * moves read together, one line per plan, ranked by the dollars they moved.
 * Definitions: docs/metrics.md, "Digest", "Biggest moves".
 */
import type { Change } from './digest.js';

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

/** One plan of one community: what moved between the two surveys (null: did not move, or left out). */
export interface PlanMove extends ChangeOwner {
  floor_plan_name: string;
  rent: Movement | null;
  ner: Movement | null;
  units: Movement | null;
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
  for (const change of changes) {
    if (change.floor_plan_name === null || typeof change.before !== 'number' || typeof change.after !== 'number') continue;
    const field = change.kind === 'rent' ? 'rent' : change.kind === 'ner' ? 'ner' : change.kind === 'units_available' ? 'units' : null;
    if (field === null) continue;
    const key = JSON.stringify([change.subject_id, change.community_id, change.floor_plan_name]);
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
    };
    move[field] = { before: change.before, after: change.after };
    byPlan.set(key, move);
  }
  const kept: PlanMove[] = [];
  for (const move of byPlan.values()) {
    const money = moneyMoved(move) > 0 && moneyMoved(move) >= limits.minChangeCents;
    const units = move.units !== null && unitsMoved(move) >= Math.max(1, limits.minUnits);
    if (!money && !units) continue;
    kept.push({ ...move, ...(money ? {} : { rent: null, ner: null }), ...(units ? {} : { units: null }) });
  }
  return kept.sort(compareMoves);
}
