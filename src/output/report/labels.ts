/**
 * Where the names of a scatter's points go so that none overlaps another name or another
 * point (the report's PSI-against-vacancy chart). ECharts' own label layout hides the labels
 * that collide (hideOverlap), or shifts them without knowing the text's real width once a
 * browser draws it (SVG rendered on the server); this places them itself, in the chart's
 * pixels, with widths measured on the safe side, and says which points it could not label
 * (they are listed beside the chart). Pure: no ECharts, no DOM.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A label's anchor, as ECharts' labelLayout takes it, and the box it takes up. */
export interface Placement {
  x: number;
  y: number;
  align: 'left' | 'right' | 'center';
  verticalAlign: 'middle' | 'top' | 'bottom';
  box: Box;
}

export interface LabelledPoint {
  /** The point's centre in the chart's pixels. */
  x: number;
  y: number;
  text: string;
}

/**
 * The width of `text` at `fontSize` on the safe side: browsers draw "Helvetica, Arial" with
 * whatever sans-serif they have (DejaVu Sans on Debian, wider than Arial), so each letter
 * is counted at the widest of those fonts.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) {
    if (/[ilj.,:;'|!]/.test(char)) em += 0.32;
    else if (/[ frt()\-/]/.test(char)) em += 0.45;
    else if (/[mwMW@%]/.test(char)) em += 1.0;
    else if (/[A-Z0-9&]/.test(char)) em += 0.76;
    else em += 0.64;
  }
  return Math.ceil(em * fontSize) + 2;
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (box: Box, area: Box) => box.x >= area.x && box.y >= area.y && box.x + box.width <= area.x + area.width && box.y + box.height <= area.y + area.height;

/**
 * A label for each point, or null where none fits: beside it (right, then left), above, below,
 * then right or left moved up or down by a line at a time (ECharts draws a guide line to those).
 * Crowded points choose first. No label overlaps another label or any point's marker, and each
 * stays in `area`.
 */
export function placeLabels(
  points: readonly LabelledPoint[],
  area: Box,
  options: { fontSize: number; markerRadius: number },
): (Placement | null)[] {
  const { fontSize, markerRadius } = options;
  const height = Math.ceil(fontSize * 1.3);
  const gap = 4;
  const markers = points.map((p) => ({ x: p.x - markerRadius, y: p.y - markerRadius, width: 2 * markerRadius, height: 2 * markerRadius }));
  const crowd = (i: number) => points.filter((q, j) => j !== i && Math.hypot(q.x - points[i]!.x, q.y - points[i]!.y) < 80).length;
  const order = points.map((_, i) => i).sort((a, b) => crowd(b) - crowd(a) || points[a]!.y - points[b]!.y);
  const placed: Box[] = [];
  const result: (Placement | null)[] = points.map(() => null);
  for (const i of order) {
    const p = points[i]!;
    const width = textWidth(p.text, fontSize);
    const right = (dy: number): Placement => {
      const x = p.x + markerRadius + gap + (dy === 0 ? 0 : 6);
      return { x, y: p.y + dy, align: 'left', verticalAlign: 'middle', box: { x, y: p.y + dy - height / 2, width, height } };
    };
    const left = (dy: number): Placement => {
      const x = p.x - markerRadius - gap - (dy === 0 ? 0 : 6);
      return { x, y: p.y + dy, align: 'right', verticalAlign: 'middle', box: { x: x - width, y: p.y + dy - height / 2, width, height } };
    };
    const above: Placement = { x: p.x, y: p.y - markerRadius - gap, align: 'center', verticalAlign: 'bottom', box: { x: p.x - width / 2, y: p.y - markerRadius - gap - height, width, height } };
    const below: Placement = { x: p.x, y: p.y + markerRadius + gap, align: 'center', verticalAlign: 'top', box: { x: p.x - width / 2, y: p.y + markerRadius + gap, width, height } };
    const shifted = [1, 2, 3, 4, 5].flatMap((n) => [-n, n]).flatMap((n) => [right(n * height), left(n * height)]);
    const fits = (c: Placement) => inside(c.box, area) && !placed.some((box) => intersects(box, c.box)) && !markers.some((m, j) => j !== i && intersects(m, c.box));
    const chosen = [right(0), left(0), above, below, ...shifted].find(fits);
    if (chosen) {
      placed.push(chosen.box);
      result[i] = chosen;
    }
  }
  return result;
}
