/**
 * Fitting a boxed table to a terminal: which columns stay and how wide each is.
 * Pure arithmetic over widths (padding included), so a new rule is tested here
 * without drawing anything; `formatTable` (table.ts) measures, cuts and draws.
 * The rule, for every command (docs/tables.md):
 *   (a) columns empty or the same on every row go first (the table says their value once above);
 *   (b) text is cut with "…" down to a floor before a column that carries the answer goes;
 *   (c) the least important columns go in their declared order (importance, rightmost of equals first).
 */

import { IMPORTANCE } from './columns.js';

export interface ColumnFit {
  /** Width of the widest cell or header, padding included. */
  natural: number;
  /** Narrowest it may be cut to (its natural width when it may not be cut). */
  minimum: number;
  /** Importance: higher is kept longer (an index in IMPORTANCE). */
  rank: number;
  /** Empty or the same on every row: left out first when the table is too wide, its value said above it. */
  redundant?: boolean;
}

export interface TableFit {
  /** Indexes of the columns drawn, in order. */
  kept: number[];
  /** Their widths, padding included; below `natural` means the column's text is cut. */
  widths: number[];
  /** Indexes of the redundant columns left out, to be said above the table. */
  folded: number[];
}

/**
 * Columns from this rank up carry a command's answer (IMPORTANCE: high, key): text anywhere
 * in the table is cut down to its floor before one of them is left out. Columns below it go
 * before any text of a more important column is cut.
 */
const ANSWER_RANK = IMPORTANCE.indexOf('high');

/**
 * Which columns a boxed table keeps on a terminal `terminalWidth` wide, and their widths.
 * A table that fits is drawn whole. Otherwise (a) its redundant columns go; then, while it is
 * still too wide, the least important level left: below ANSWER_RANK, that level's text is cut
 * to its floor or, when that is not enough, its rightmost column goes; from ANSWER_RANK up,
 * all text is cut to its floor and only when even that does not fit does a column go. Never
 * fewer than one column (a single one too wide wraps). Columns left out that fit in the room
 * left come back, the most important first. `borders`: a boxed table's, or none (the dashboard's).
 */
export function fitColumns(columns: readonly ColumnFit[], terminalWidth: number, borders: 'box' | 'none' = 'box'): TableFit {
  const all = columns.map((_, i) => i);
  const natural = (i: number) => columns[i]?.natural ?? 0;
  const minimum = (i: number) => columns[i]?.minimum ?? 0;
  const rank = (i: number) => columns[i]?.rank ?? 0;
  // Each column is padded in its width; the box adds one border per column, plus one (a table without borders, none).
  const budget = (kept: readonly number[]) => terminalWidth - (borders === 'box' ? kept.length + 1 : 0);
  const sum = (kept: readonly number[], width: (i: number) => number) => kept.reduce((total, i) => total + width(i), 0);
  if (sum(all, natural) <= budget(all)) return { kept: all, widths: all.map(natural), folded: [] };

  const folded = all.filter((i) => columns[i]?.redundant === true);
  let kept = all.filter((i) => !folded.includes(i));
  for (;;) {
    if (sum(kept, natural) <= budget(kept)) break;
    const lowest = Math.min(...kept.map(rank));
    // Which widths may shrink: every text column once only answer columns are left, else the lowest level's.
    const floor = (i: number) => (lowest >= ANSWER_RANK || rank(i) === lowest ? minimum(i) : natural(i));
    if (sum(kept, floor) <= budget(kept) || kept.length === 1) {
      return { kept, widths: fitWidths(kept.map(natural), kept.map(floor), budget(kept)), folded };
    }
    const drop = kept.findLast((i) => rank(i) === lowest);
    kept = kept.filter((i) => i !== drop);
  }
  const left = all.filter((i) => !kept.includes(i) && !folded.includes(i));
  left.sort((a, b) => rank(b) - rank(a) || a - b);
  for (const i of left) {
    const more = [...kept, i].sort((a, b) => a - b);
    if (sum(more, natural) <= budget(more)) kept = more;
  }
  return { kept, widths: kept.map(natural), folded };
}

/**
 * Shrinks the widest columns first: finds the largest cap such that every column
 * clamped to [minimum, cap] fits the budget. When even the minimums overflow, the
 * terminal wraps; better than truncating everything to nothing.
 */
export function fitWidths(natural: readonly number[], minimum: readonly number[], budget: number): number[] {
  const total = (cap: number) => natural.reduce((sum, n, i) => sum + Math.max(minimum[i] ?? 0, Math.min(n, cap)), 0);
  if (total(Infinity) <= budget) return [...natural];
  let lo = 0;
  let hi = Math.max(...natural);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budget) lo = mid;
    else hi = mid - 1;
  }
  return natural.map((n, i) => Math.max(minimum[i] ?? 0, Math.min(n, lo)));
}
