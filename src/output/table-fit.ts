/**
 * Fitting a boxed table to a terminal: which columns stay and how wide each is.
 * Pure arithmetic over widths (padding included), so a new rule is tested here
 * without drawing anything; `formatTable` (table.ts) measures and draws.
 */

export interface ColumnFit {
  /** Width of the widest cell or header, padding included. */
  natural: number;
  /** Narrowest it may be cut to (its natural width when it may not be cut). */
  minimum: number;
  /** Importance: higher is kept longer. */
  rank: number;
}

/**
 * Which columns a boxed table keeps on a terminal `terminalWidth` wide, and their widths.
 * While the table is too wide, the least important columns are either cut (text, down to
 * its minimum; only the least important may be, more important ones keep their width) or,
 * when that is not enough, the rightmost of them is left out. Columns left out that fit in
 * the room left come back, the most important first. Never fewer than one column: a single
 * column too wide for the terminal wraps.
 */
export function fitColumns(columns: readonly ColumnFit[], terminalWidth: number): { kept: number[]; widths: number[] } {
  const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);
  // Each column is padded in its width; the box adds one border per column, plus one.
  const width = (kept: number[]) => sum(kept.map((i) => columns[i]?.natural ?? 0)) + kept.length + 1;
  let kept = columns.map((_, i) => i);
  for (;;) {
    const budget = terminalWidth - (kept.length + 1);
    const natural = kept.map((i) => columns[i]?.natural ?? 0);
    if (sum(natural) <= budget) {
      const left = columns.map((_, i) => i).filter((i) => !kept.includes(i));
      left.sort((a, b) => (columns[b]?.rank ?? 0) - (columns[a]?.rank ?? 0) || a - b);
      for (const i of left) {
        const more = [...kept, i].sort((a, b) => a - b);
        if (width(more) <= terminalWidth) kept = more;
      }
      return { kept, widths: kept.map((i) => columns[i]?.natural ?? 0) };
    }
    const lowest = Math.min(...kept.map((i) => columns[i]?.rank ?? 0));
    const minimum = kept.map((i) => ((columns[i]?.rank ?? 0) === lowest ? (columns[i]?.minimum ?? 0) : (columns[i]?.natural ?? 0)));
    if (sum(minimum) <= budget || kept.length === 1) return { kept, widths: fitWidths(natural, minimum, budget) };
    const drop = kept.findLast((i) => (columns[i]?.rank ?? 0) === lowest);
    kept = kept.filter((i) => i !== drop);
  }
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
