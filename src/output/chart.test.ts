import { beforeAll, describe, expect, it } from 'vitest';
import { lineChart, niceTicks, type ChartSeries } from './chart.js';
import { createStyle, loadColors } from './style.js';

const ANSI = /\x1b\[/; // eslint-disable-line no-control-regex
const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US')}`;

function weekly(n: number, rent: (i: number) => number | null): ChartSeries['points'] {
  return Array.from({ length: n }, (_, i) => ({
    x: new Date(Date.UTC(2026, 0, 5 + 7 * i)).toISOString().slice(0, 10),
    y: rent(i),
  }));
}

const subject: ChartSeries = { name: 'Maple Court', points: weekly(52, (i) => 180000 + i * 200) };
const comps: ChartSeries = { name: 'Comp average', points: weekly(52, (i) => 176000 + i * 150) };

/** The plot rows (without y labels) of a chart. */
function plotRows(chart: string, height: number): string[] {
  return chart
    .split('\n')
    .slice(0, height)
    .map((line) => line.replace(/^.*?[┤│|+]/, ''));
}

// Colored output needs chalk, which main() loads for a run that colors (style.ts).
beforeAll(() => loadColors({ colorEnabled: true, stderrColorEnabled: true }));

describe('lineChart', () => {
  it('has height plot rows, an x axis, x labels and a legend', () => {
    const chart = lineChart([subject, comps], { height: 10, width: 80, yFormat: dollars });
    const lines = chart.split('\n');
    expect(chart.endsWith('\n')).toBe(true);
    expect(lines).toHaveLength(10 + 3 + 1); // + trailing ''
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[10]).toMatch(/^ +└─+$/);
    expect(lines[11]).toContain('2026-01-05');
    expect(lines[11]).toContain('2026-12-28');
    expect(lines[11]!.trim().split(/ +/)).toHaveLength(3);
    expect(lines[12]).toContain('● Maple Court');
    expect(lines[12]).toContain('○ Comp average');
  });
  it('labels 3 to 5 y ticks with yFormat, highest at the top', () => {
    const chart = lineChart([subject, comps], { height: 12, yFormat: dollars });
    const labels = chart.split('\n').map((l) => /^ *(\$[\d,]+) ┤/.exec(l)?.[1]).filter(Boolean);
    expect(labels.length).toBeGreaterThanOrEqual(3);
    expect(labels.length).toBeLessThanOrEqual(5);
    expect(labels[0]).toBe('$1,950');
    expect(labels.at(-1)).toBe('$1,750');
  });
  it('draws both series with distinct glyphs, rising left to right', () => {
    const rows = plotRows(lineChart([subject, comps], { height: 12, width: 70 }), 12);
    const firstRowOf = (glyph: string, col: 'first' | 'last') => {
      const hits = rows.map((r, i) => (r.includes(glyph) ? i : -1)).filter((i) => i >= 0);
      return col === 'first' ? Math.max(...hits) : Math.min(...hits);
    };
    expect(firstRowOf('●', 'last')).toBeLessThan(firstRowOf('●', 'first'));
    expect(rows.join('')).toContain('○');
  });
  it('leaves a gap where y is null', () => {
    const series = [{ name: 'flat', points: ['a', 'b', 'c', 'd', 'e'].map((x, i) => ({ x, y: i === 2 ? null : 5 })) }];
    const rows = plotRows(lineChart(series, { height: 5, width: 44, ascii: true }), 5);
    const line = rows.find((r) => r.includes('*')) ?? '';
    // a–b joined, then nothing from b to d (c is null), then d–e joined.
    const match = /^(\*+)( +)(\*+)$/.exec(line);
    expect(match).not.toBeNull();
    const [, left = '', gap = '', right = ''] = match ?? [];
    expect(Math.abs(left.length - right.length)).toBeLessThanOrEqual(1);
    expect(gap.length).toBeGreaterThan(left.length);
  });
  it('draws a single point and one x label', () => {
    const chart = lineChart([{ name: 'one', points: [{ x: '2026-03-01', y: 150000 }] }], { height: 6, yFormat: dollars });
    const lines = chart.split('\n');
    expect(lines).toHaveLength(6 + 3 + 1);
    expect(chart.match(/●/g)).toHaveLength(2); // the point and the legend
    expect(lines[7]!.trim()).toBe('2026-03-01');
    expect(chart).toContain('$1,500');
  });
  it('lists an all-null series as having no data', () => {
    const chart = lineChart([subject, { name: 'Comp average', points: weekly(5, () => null) }], { height: 6 });
    expect(chart).toContain('○ Comp average (no data)');
    expect(plotRows(chart, 6).join('')).not.toContain('○');
  });
  it('says so when there is nothing to draw', () => {
    expect(lineChart([{ name: 'x', points: weekly(3, () => null) }])).toBe('(no data to chart)\n');
    expect(lineChart([])).toBe('(no data to chart)\n');
  });
  it('resamples more points than columns into the width', () => {
    const many = { name: 'daily', points: Array.from({ length: 1000 }, (_, i) => ({ x: `p${i}`, y: Math.sin(i / 50) })) };
    const chart = lineChart([many], { height: 8, width: 40 });
    for (const line of chart.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(chart.split('\n')).toHaveLength(8 + 3 + 1);
  });
  it('colors series only with an enabled style', () => {
    expect(lineChart([subject, comps])).not.toMatch(ANSI);
    expect(lineChart([subject, comps], { color: createStyle(false) })).not.toMatch(ANSI);
    const colored = lineChart([subject, comps], { color: createStyle(true) });
    expect(colored).toMatch(ANSI);
    expect(colored).toContain('\x1b[36m●');
    expect(colored).toContain('\x1b[35m○');
  });
  it('uses only ASCII with ascii: true', () => {
    const chart = lineChart([subject, comps, { name: 'third', points: weekly(10, () => 178000) }], { ascii: true });
    expect(chart).toMatch(/^[\x20-\x7e\n]*$/);
    expect(chart).toContain('* Maple Court');
    expect(chart).toContain('o Comp average');
    expect(chart).toContain('+ third');
  });
});

describe('niceTicks', () => {
  it('gives 3 to 5 round ticks covering the range', () => {
    for (const [min, max] of [
      [180000, 195000],
      [0, 1],
      [0.91, 0.97],
      [-3, 7],
      [123456, 987654],
    ] as const) {
      const ticks = niceTicks(min, max);
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(5);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
    expect(niceTicks(180000, 195000)).toEqual([180000, 185000, 190000, 195000]);
    expect(niceTicks(176000, 190200)).toEqual([175000, 180000, 185000, 190000, 195000]);
  });
  it('puts a flat series in the middle of a band', () => {
    const ticks = niceTicks(100, 100);
    expect(ticks[0]).toBeLessThan(100);
    expect(ticks.at(-1)).toBeGreaterThan(100);
    expect(niceTicks(0, 0)).toContain(0);
  });
});
