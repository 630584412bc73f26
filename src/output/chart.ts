import type { Style } from './style.js';
import { displayWidth, padStart, sanitize } from './text.js';

export interface ChartPoint {
  /** A date (YYYY-MM-DD or ISO) or any label; dates are placed on a time scale. */
  x: string;
  /** null leaves a gap in the line. */
  y: number | null;
}

export interface ChartSeries {
  name: string;
  points: readonly ChartPoint[];
}

export interface LineChartOptions {
  /** Plot rows, axis and labels excluded. */
  height?: number;
  /** Longest line, y labels included; pass io.terminalWidth. */
  width?: number;
  /** Formats y-axis ticks, e.g. cents → "$1,850". */
  yFormat?: (n: number) => string;
  /** Colors series and mutes the axes when enabled. */
  color?: Style;
  /** Plain ASCII glyphs and axes for terminals without Unicode. */
  ascii?: boolean;
}

const GLYPHS = ['●', '○', '◆', '×', '+', '■', '▲', '◇'];
const ASCII_GLYPHS = ['*', 'o', '+', 'x', '#', '@', '%', '&'];
const NO_DATA = '(no data to chart)\n';

/**
 * A multi-series line chart as text: y axis with 3–5 ticks, x axis with first/middle/last
 * labels, then a legend. Returns height + 3 lines ending in a newline, or one "(no data…)"
 * line when no series has a value. Where series overlap, the earlier series shows.
 */
export function lineChart(series: readonly ChartSeries[], options: LineChartOptions = {}): string {
  const height = Math.max(2, Math.floor(options.height ?? 12));
  const yFormat = options.yFormat ?? ((n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 }));
  const glyphs = options.ascii ? ASCII_GLYPHS : GLYPHS;
  const box = options.ascii
    ? { tick: '+', side: '|', corner: '+', line: '-' }
    : { tick: '┤', side: '│', corner: '└', line: '─' };
  const style = options.color;
  const muted = (t: string) => (style ? style.muted(t) : t);
  const paint = (i: number, t: string) => (style ? style.series(i, t) : t);

  const values = series.flatMap((s) => s.points.map((p) => p.y)).filter(isValue);
  if (values.length === 0) return NO_DATA;
  const ticks = niceTicks(Math.min(...values), Math.max(...values), Math.min(5, height));
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  const tickLabels = ticks.map(yFormat);
  const labelWidth = Math.max(...tickLabels.map(displayWidth));
  const plotWidth = Math.max(10, Math.floor(options.width ?? 80) - labelWidth - 3);

  const xScale = scaleX(series, plotWidth);
  const rowOf = (y: number) => Math.round(((hi - y) / (hi - lo || 1)) * (height - 1));

  // grid[row][col] = index of the series drawn there, or -1.
  const grid = Array.from({ length: height }, () => new Array<number>(plotWidth).fill(-1));
  for (let s = series.length - 1; s >= 0; s--) {
    for (const [col, y] of lineCells(series[s]?.points ?? [], xScale.col)) {
      const row = grid[rowOf(y)];
      if (row) row[col] = s;
    }
  }

  const tickAtRow = new Map(ticks.map((t, i) => [rowOf(t), tickLabels[i] ?? '']));
  const lines = grid.map((row, r) => {
    const label = tickAtRow.get(r);
    const axis = label === undefined ? ' '.repeat(labelWidth) + ' ' + box.side : padStart(label, labelWidth) + ' ' + box.tick;
    const cells = runs(row)
      .map(([s, n]) => (s < 0 ? ' '.repeat(n) : paint(s, (glyphs[s % glyphs.length] ?? '*').repeat(n))))
      .join('');
    return (muted(axis) + cells).trimEnd();
  });
  const indent = ' '.repeat(labelWidth + 2);
  lines.push(muted(' '.repeat(labelWidth + 1) + box.corner + box.line.repeat(plotWidth)));
  lines.push((indent + muted(xLabels(xScale, plotWidth))).trimEnd());
  const legend = series.map((s, i) => {
    const empty = !s.points.some((p) => isValue(p.y));
    return `${paint(i, glyphs[i % glyphs.length] ?? '*')} ${sanitize(s.name)}${empty ? muted(' (no data)') : ''}`;
  });
  lines.push(indent + legend.join('   '));
  return `${lines.join('\n')}\n`;
}

/** Consecutive equal entries as [value, count], so a run of one series is colored once. */
function runs(row: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const s of row) {
    const last = out[out.length - 1];
    if (last && last[0] === s) last[1] += 1;
    else out.push([s, 1]);
  }
  return out;
}

function isValue(y: number | null | undefined): y is number {
  return typeof y === 'number' && Number.isFinite(y);
}

interface XScale {
  col(x: string): number;
  /** Distinct x values in order, with their columns. */
  stops: Array<{ x: string; col: number }>;
}

/** Dates go on a time scale (irregular surveys stay honest); other labels are evenly spaced. */
function scaleX(series: readonly ChartSeries[], plotWidth: number): XScale {
  const distinct = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))];
  const times = distinct.map((x) => (/^\d{4}-\d{2}-\d{2}/.test(x) ? Date.parse(x) : Number.NaN));
  const last = plotWidth - 1;
  let position: (x: string) => number;
  if (times.every((t) => !Number.isNaN(t))) {
    distinct.sort((a, b) => Date.parse(a) - Date.parse(b));
    const t0 = Date.parse(distinct[0] ?? '');
    const span = Date.parse(distinct[distinct.length - 1] ?? '') - t0;
    position = (x) => (span === 0 ? 0 : Math.round(((Date.parse(x) - t0) / span) * last));
  } else {
    const index = new Map(distinct.map((x, i) => [x, i]));
    const n = distinct.length;
    position = (x) => (n <= 1 ? 0 : Math.round(((index.get(x) ?? 0) / (n - 1)) * last));
  }
  return { col: position, stops: distinct.map((x) => ({ x, col: position(x) })) };
}

/**
 * Columns and values of one series: points sharing a column are averaged (resampling when
 * there are more points than columns), consecutive values are joined by interpolation,
 * and a column holding only nulls breaks the line.
 */
function lineCells(points: readonly ChartPoint[], col: (x: string) => number): Array<[number, number]> {
  const buckets = new Map<number, { sum: number; count: number }>();
  for (const p of points) {
    const c = col(p.x);
    const bucket = buckets.get(c) ?? { sum: 0, count: 0 };
    if (isValue(p.y)) {
      bucket.sum += p.y;
      bucket.count += 1;
    }
    buckets.set(c, bucket);
  }
  const ordered = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([c, b]) => [c, b.count > 0 ? b.sum / b.count : null] as const);
  const cells: Array<[number, number]> = [];
  ordered.forEach(([c, y], i) => {
    if (y === null) return;
    cells.push([c, y]);
    const next = ordered[i + 1];
    if (!next || next[1] === null) return;
    const [c2, y2] = next;
    for (let k = c + 1; k < c2; k++) cells.push([k, y + ((y2 - y) * (k - c)) / (c2 - c)]);
  });
  return cells;
}

/** First, middle and last x labels, dropping the middle one (then the last) when they would touch. */
function xLabels(scale: XScale, plotWidth: number): string {
  const { stops } = scale;
  const line = new Array<string>(plotWidth).fill(' ');
  const free = (start: number, text: string) =>
    start >= 0 && start + text.length <= plotWidth && line.slice(Math.max(0, start - 1), start + text.length + 1).every((ch) => ch === ' ');
  const place = (start: number, text: string) => {
    if (!free(start, text)) return;
    for (let i = 0; i < text.length; i++) line[start + i] = text[i] ?? ' ';
  };
  const first = stops[0];
  if (!first) return '';
  place(0, first.x);
  const lastStop = stops[stops.length - 1];
  if (lastStop && lastStop !== first) place(Math.min(plotWidth, lastStop.col + 1) - lastStop.x.length, lastStop.x);
  if (stops.length > 2) {
    const target = (plotWidth - 1) / 2;
    const middle = stops.reduce((best, s) => (Math.abs(s.col - target) < Math.abs(best.col - target) ? s : best));
    if (middle !== first && middle !== lastStop) place(Math.round(middle.col - middle.x.length / 2), middle.x);
  }
  return line.join('');
}

/**
 * 3–maxTicks round tick values (steps of 1, 2, 2.5 or 5 × 10^k) covering [min, max];
 * a flat series gets a band around its value so it sits mid-chart.
 */
export function niceTicks(min: number, max: number, maxTicks = 5): number[] {
  if (min === max) {
    const pad = Math.abs(min) * 0.05 || 1;
    min -= pad;
    max += pad;
  }
  const limit = Math.max(2, maxTicks);
  const exponent = Math.floor(Math.log10((max - min) / limit));
  for (let e = exponent - 1; e <= exponent + 2; e++) {
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * 10 ** e;
      const lo = Math.floor(min / step) * step;
      const hi = Math.ceil(max / step) * step;
      const count = Math.round((hi - lo) / step) + 1;
      if (count <= limit) return Array.from({ length: count }, (_, i) => round(lo + i * step));
    }
  }
  return [min, max];
}

function round(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

