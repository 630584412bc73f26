import { describe, expect, it } from 'vitest';
import { createTestIO } from './io.js';
import { formatDuration, progressBar, progressLine } from './progress.js';

describe('progressLine', () => {
  const units = { unit: 'communities', itemUnit: 'rows' };
  it('shows done/total, the items so far and an ETA from the rate so far', () => {
    // 100 of 400 in 10 s: 300 more take 30 s.
    expect(progressLine(100, 400, 26_000, 10_000, units)).toBe(`[${'█'.repeat(6)}${'░'.repeat(18)}] 100/400 communities · 26,000 rows · ETA 30 s`);
  });
  it('no estimate before the first unit; "done" at the end', () => {
    expect(progressLine(0, 10, 0, 5_000, units)).toMatch(/ETA …$/);
    expect(progressLine(10, 10, 2_600, 5_000, units)).toMatch(/^\[█{24}\] 10\/10 communities · 2,600 rows · done$/);
  });
  it('formats long durations in minutes and hours', () => {
    expect(formatDuration(59_400)).toBe('59 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(3_725_000)).toBe('1 h 02 min');
  });
});

describe('progressBar', () => {
  it('draws in place on a terminal, at most every 100 ms, and clears its line at the end', () => {
    const io = createTestIO({ stderrTTY: true, columns: 200 });
    let now = 0;
    const bar = progressBar(io, { total: 4, unit: 'communities', itemUnit: 'rows', now: () => now });
    bar.update(1, 10);
    now = 50;
    bar.update(2, 20); // too soon: not drawn
    now = 150;
    bar.update(3, 30);
    bar.update(4, 40); // the last one always is
    bar.stop();
    const draws = io.err().split('\r\x1b[2K').filter(Boolean);
    expect(draws.map((d) => /\] (\d)\/4/.exec(d)?.[1])).toEqual(['1', '3', '4']);
    expect(io.err().endsWith('\r\x1b[2K')).toBe(true);
    expect(io.err()).not.toContain('\n');
  });
  it('prints nothing on a pipe, a terminal that cannot redraw (TERM=dumb), or with --quiet', () => {
    const dumb = createTestIO({ stderrTTY: true, env: { TERM: 'dumb' } });
    for (const io of [createTestIO({ stderrTTY: false }), createTestIO({ stderrTTY: true }), dumb]) {
      const bar = progressBar(io, { total: 2, unit: 'communities', itemUnit: 'rows', quiet: io.isStderrTTY && io !== dumb });
      bar.update(1, 5);
      bar.update(2, 9);
      bar.stop();
      expect(io.err()).toBe('');
    }
  });
  it('fits the line to the terminal', () => {
    const io = createTestIO({ stderrTTY: true, columns: 40 });
    const bar = progressBar(io, { total: 1_100, unit: 'communities', itemUnit: 'rows', now: () => 0 });
    bar.update(10, 2_600);
    expect(io.err().replace('\r\x1b[2K', '').length).toBeLessThanOrEqual(39);
  });
});
