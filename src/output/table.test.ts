import { describe, expect, it } from 'vitest';
import type { Column, Importance } from './columns.js';
import { createTestIO } from './io.js';
import { renderList } from './render.js';
import { fitColumns, fitWidths } from './table-fit.js';

describe('fitWidths', () => {
  it('leaves widths alone when they fit', () => {
    expect(fitWidths([10, 20], [5, 5], 40)).toEqual([10, 20]);
  });
  it('shrinks the widest columns first, not below the minimum', () => {
    expect(fitWidths([10, 40, 30], [8, 8, 8], 50)).toEqual([10, 20, 20]);
    expect(fitWidths([10, 40], [10, 40], 20)).toEqual([10, 40]);
  });
});

describe('fitColumns', () => {
  const col = (natural: number, rank: number, minimum = natural) => ({ natural, minimum, rank });
  // The box: one border per column plus one; widths include their padding.
  const width = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + widths.length + 1;

  it('keeps every column at its width when they fit', () => {
    expect(fitColumns([col(10, 2), col(20, 2)], 33)).toEqual({ kept: [0, 1], widths: [10, 20] });
  });
  it('leaves out the least important first, the rightmost of equals first', () => {
    const columns = [col(20, 4), col(10, 1), col(10, 2), col(10, 1), col(10, 2)];
    expect(fitColumns(columns, 60).kept).toEqual([0, 1, 2, 4]);
    expect(fitColumns(columns, 50).kept).toEqual([0, 2, 4]);
    expect(fitColumns(columns, 40).kept).toEqual([0, 2]);
    expect(fitColumns(columns, 20).kept).toEqual([0]);
  });
  it('cuts text of the least important level before leaving it out, never a more important column', () => {
    // A key name of 30 and a low address of 40 (may be cut to 18) on 60 columns: the address is cut.
    const cut = fitColumns([col(30, 4, 18), col(40, 1, 18)], 60);
    expect(cut.kept).toEqual([0, 1]);
    expect(cut.widths).toEqual([30, 27]);
    // On 45 the address would go below its minimum: it is left out, the name stays whole.
    expect(fitColumns([col(30, 4, 18), col(40, 1, 18)], 45)).toEqual({ kept: [0], widths: [30] });
  });
  it('brings back a column left out when it fits in the room left, the most important first', () => {
    // MAX (rank 2, 8) goes, then MIN (8), then EXT (13) is needed; once EXT is out, MIN fits again.
    const columns = [col(31, 4), col(13, 2), col(7, 3), col(15, 3), col(10, 3), col(8, 2), col(8, 2)];
    const { kept, widths } = fitColumns(columns, 80);
    expect(kept).toEqual([0, 2, 3, 4, 5]);
    expect(width(widths)).toBeLessThanOrEqual(80);
  });
  it('always keeps one column, cut to the terminal when it can be', () => {
    expect(fitColumns([col(100, 4, 18)], 40)).toEqual({ kept: [0], widths: [38] });
    expect(fitColumns([col(100, 4)], 40)).toEqual({ kept: [0], widths: [100] });
  });
});

describe('tables that fit a terminal', () => {
  interface Plan {
    id: string;
    name: string;
    address: string;
    rent: number;
    units: number;
  }
  const plans: Plan[] = [
    { id: 'd0c2b0b4-6d1e-4c47-8a3e-1f0e9d6b1234', name: 'Barton Creek Terrace', address: '7275 Meadow Ct, Austin, TX 78748', rent: 161300, units: 63 },
    { id: '8ba7e33d-b71e-81ba-89b6-bdc616404479', name: 'Brodie Lane Flats', address: '4029 Oak Ridge Ln, Austin, TX 78746', rent: 98000, units: 7 },
  ];
  const ranked = (key: keyof Plan, importance: Importance, header?: string): Column<Plan> => ({
    key,
    importance,
    value: (r) => r[key],
    ...(header ? { header } : {}),
    ...(key === 'id' ? { truncate: false } : {}),
  });
  const planColumns = [
    ranked('id', 'id'),
    ranked('name', 'key'),
    ranked('address', 'low'),
    { ...ranked('rent', 'high', 'ASKING'), display: (r: Plan) => `$${(r.rent / 100).toLocaleString('en-US')}` },
    ranked('units', 'normal'),
  ];
  const lines = (out: string) => out.trimEnd().split('\n');

  it('leaves the ids out and says so; the rest fits whole', async () => {
    const io = createTestIO({ stdoutTTY: true, columns: 200 });
    const omitted: string[][] = [];
    await renderList(io, { format: 'table', rows: plans, columns: planColumns, omitted: (h) => omitted.push(h) });
    expect(io.out()).not.toContain(plans[0]!.id);
    expect(io.out()).toContain('7275 Meadow Ct, Austin, TX 78748');
    expect(lines(io.out())[1]).toMatch(/│ NAME +│ ADDRESS +│ +ASKING │ UNITS │/);
    expect(omitted).toEqual([['ID']]);
  });
  it('at 42 columns: the address goes, nothing is cut, no line is wider', async () => {
    // NAME 22 + ASKING 8 + UNITS 7 + 4 borders = 41.
    const io = createTestIO({ stdoutTTY: true, columns: 42 });
    const omitted: string[][] = [];
    await renderList(io, { format: 'table', rows: plans, columns: planColumns, omitted: (h) => omitted.push(h) });
    for (const line of lines(io.out())) expect(displayWidthOf(line)).toBeLessThanOrEqual(42);
    expect(lines(io.out())).toHaveLength(6);
    expect(io.out()).toContain('Barton Creek Terrace');
    expect(io.out()).not.toContain('…');
    expect(omitted).toEqual([['ID', 'ADDRESS']]);
  });
  it('--wide keeps every column at full width; --fields keeps what it names, ids included', async () => {
    const wide = createTestIO({ stdoutTTY: true, columns: 40 });
    await renderList(wide, { format: 'table', rows: plans, columns: planColumns, wide: true });
    expect(wide.out()).toContain(plans[0]!.id);
    expect(wide.out()).toContain('7275 Meadow Ct, Austin, TX 78748');
    const chosen = createTestIO({ stdoutTTY: true, columns: 80 });
    const omitted: string[][] = [];
    await renderList(chosen, { format: 'table', rows: plans, columns: planColumns, fields: ['id', 'name'], omitted: (h) => omitted.push(h) });
    expect(chosen.out()).toContain(plans[0]!.id);
    expect(omitted).toEqual([]);
  });
  it('piped: every column, ids included, whatever the width', async () => {
    for (const columns of [40, 200]) {
      const io = createTestIO({ stdoutTTY: false, columns });
      await renderList(io, { format: 'table', rows: plans, columns: planColumns });
      expect(lines(io.out())[0]).toMatch(/^ID +NAME +ADDRESS +ASKING +UNITS$/);
      expect(io.out()).toContain(plans[1]!.id);
    }
  });
  it('defaultFields narrows a table; --wide shows wideFields, else every column', async () => {
    const io = createTestIO({ stdoutTTY: false });
    await renderList(io, { format: 'table', rows: plans, columns: planColumns, defaultFields: ['name', 'units'] });
    expect(lines(io.out())[0]).toMatch(/^NAME +UNITS$/);
    const wide = createTestIO({ stdoutTTY: false });
    await renderList(wide, { format: 'table', rows: plans, columns: planColumns, defaultFields: ['name'], wide: true });
    expect(lines(wide.out())[0]).toMatch(/^ID +NAME +ADDRESS +ASKING +UNITS$/);
  });
});

function displayWidthOf(line: string): number {
  return [...line].length;
}
