import { describe, expect, it } from 'vitest';
import { placeLabels, textWidth, type Box } from './labels.js';

const AREA = { x: 70, y: 50, width: 926, height: 380 };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('placeLabels', () => {
  it('a lone point: its name on its right, on its line', () => {
    const [placed] = placeLabels([{ x: 200, y: 200, text: 'Maple Court' }], AREA, { fontSize: 10, markerRadius: 5 });
    expect(placed).toMatchObject({ x: 209, y: 200, align: 'left', verticalAlign: 'middle' });
    expect(placed!.box.width).toBe(textWidth('Maple Court', 10));
  });

  it('names never overlap each other nor another point, and stay in the area; those that cannot fit are null', () => {
    // Twelve communities at nearly one place, and a few apart.
    const points = [
      ...Array.from({ length: 12 }, (_, i) => ({ x: 400 + (i % 3), y: 240 + (i % 2), text: `Crowded Community ${i + 1}` })),
      { x: 80, y: 60, text: 'In the corner' },
      { x: 990, y: 425, text: 'At the far edge' },
      { x: 600, y: 300, text: 'Alone' },
    ];
    const placed = placeLabels(points, AREA, { fontSize: 10, markerRadius: 5 });
    const boxes = placed.flatMap((p) => (p ? [p.box] : []));
    for (const [i, a] of boxes.entries()) {
      expect(a.x >= AREA.x && a.y >= AREA.y && a.x + a.width <= AREA.x + AREA.width && a.y + a.height <= AREA.y + AREA.height).toBe(true);
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b)).toBe(false);
    }
    for (const [i, p] of placed.entries())
      if (p) for (const [j, q] of points.entries()) if (j !== i) expect(overlap(p.box, { x: q.x - 5, y: q.y - 5, width: 10, height: 10 })).toBe(false);
    // The crowd is named above and below, a line at a time, up to what fits; the rest are left for the list beside the chart.
    expect(placed.filter((p) => p !== null).length).toBeGreaterThanOrEqual(12);
    expect(placed[14]).not.toBeNull();
  });

  it('measures text on the safe side: wider letters count wider', () => {
    expect(textWidth('WWWW', 10)).toBeGreaterThan(textWidth('iiii', 10));
    // DejaVu Sans draws "The Commons at Travis Heights" at 10 px in about 150 px.
    expect(textWidth('The Commons at Travis Heights', 10)).toBeGreaterThanOrEqual(150);
  });
});
