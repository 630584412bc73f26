import { describe, expect, it } from 'vitest';
import type { Column, Importance } from './columns.js';
import { createTestIO } from './io.js';
import { renderList } from './render.js';
import { fitColumns, fitWidths } from './table-fit.js';
import { displayWidth } from './text.js';

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
  // Ranks are indexes in IMPORTANCE: 1 low, 2 normal, 3 high, 4 key.
  const col = (natural: number, rank: number, minimum = natural, redundant = false) => ({ natural, minimum, rank, redundant });
  // The box: one border per column plus one; widths include their padding.
  const width = (widths: number[]) => widths.reduce((a, b) => a + b, 0) + widths.length + 1;

  it('keeps every column at its width when they fit, redundant ones too', () => {
    expect(fitColumns([col(10, 2), col(20, 2, 20, true)], 33)).toEqual({ kept: [0, 1], widths: [10, 20], folded: [] });
  });
  it('(a) leaves out the columns empty or alike on every row first, whatever their importance', () => {
    // A key name, an "AS OF" alike on every row (high) and a low column that differs: the date goes, the low column stays.
    const fit = fitColumns([col(30, 4), col(12, 3, 12, true), col(20, 1)], 60);
    expect(fit).toEqual({ kept: [0, 2], widths: [30, 20], folded: [1] });
  });
  it('(c) below the answer columns: the least important go first, the rightmost of equals first', () => {
    const columns = [col(20, 4), col(10, 1), col(10, 2), col(10, 1), col(10, 2)];
    expect(fitColumns(columns, 60).kept).toEqual([0, 1, 2, 4]);
    expect(fitColumns(columns, 50).kept).toEqual([0, 2, 4]);
    expect(fitColumns(columns, 40).kept).toEqual([0, 2]);
    expect(fitColumns(columns, 20).kept).toEqual([0]);
  });
  it('a low or normal column is cut to its floor before it goes, and no more important text is cut for it', () => {
    // A key name of 30 and a low address of 40 (floor 22) on 60 columns: the address is cut.
    const cut = fitColumns([col(30, 4, 22), col(40, 1, 22)], 60);
    expect(cut).toEqual({ kept: [0, 1], widths: [30, 27], folded: [] });
    // On 50 the address would go below its floor: it goes, and the name stays whole.
    expect(fitColumns([col(30, 4, 22), col(40, 1, 22)], 50)).toEqual({ kept: [0], widths: [30], folded: [] });
  });
  it('(b) a long name is cut down to its floor before a column that carries the answer goes', () => {
    // NAME of 63 (the 61-character name), COMPS 7 (high), AVG 12 (key), MIN and MAX 10 (normal), on 80.
    const columns = [col(63, 4, 22), col(7, 3), col(12, 4), col(10, 2), col(10, 2)];
    const fit = fitColumns(columns, 80);
    // MIN and MAX go (not worth cutting the name for); the name is cut to keep COMPS and AVG.
    expect(fit.kept).toEqual([0, 1, 2]);
    expect(fit.widths).toEqual([57, 7, 12]);
    expect(width(fit.widths)).toBe(80);
    // A 200-character name: the same columns, the name cut to what is left.
    expect(fitColumns([col(202, 4, 22), col(7, 3), col(12, 4), col(10, 2), col(10, 2)], 80).widths).toEqual([57, 7, 12]);
  });
  it('(c) answer columns go only when even their floors do not fit, high before key, and never the last one', () => {
    const columns = [col(63, 4, 22), col(20, 3), col(30, 4)];
    expect(fitColumns(columns, 60)).toEqual({ kept: [0, 2], widths: [27, 30], folded: [] });
    expect(fitColumns(columns, 40)).toEqual({ kept: [0], widths: [38], folded: [] });
  });
  it('brings back a column left out when it fits in the room left, the most important first', () => {
    // MAX (rank 2, 8) goes, then MIN (8), then EXT (13) is needed; once EXT is out, MIN fits again.
    const columns = [col(31, 4), col(13, 2), col(7, 3), col(15, 3), col(10, 3), col(8, 2), col(8, 2)];
    const { kept, widths } = fitColumns(columns, 80);
    expect(kept).toEqual([0, 2, 3, 4, 5]);
    expect(width(widths)).toBeLessThanOrEqual(80);
  });
  it('always keeps one column, cut to the terminal when it can be', () => {
    expect(fitColumns([col(100, 4, 22)], 40)).toEqual({ kept: [0], widths: [38], folded: [] });
    expect(fitColumns([col(100, 4)], 40)).toEqual({ kept: [0], widths: [100], folded: [] });
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

describe('the table rule with long, unicode and wide names', () => {
  interface Community {
    name: string;
    comps: number;
    asOf: string;
    concessions: string;
    avg: number;
    min: number;
    max: number;
  }
  const NAMES = {
    '61 characters': 'The Residences at Barton Creek Terrace on the Hill, Phase Two',
    '200 characters': `${'The Residences at Barton Creek Terrace on the Hill, '.repeat(4)}Phase Two`.slice(0, 200),
    'accented': 'Résidences Château-Élysée à Montréal, Bâtiment Nord-Est Ünïcödé',
    'CJK (2 cells a character)': '東京タワー・レジデンス・パークサイド・ガーデン南青山三丁目',
    'emoji': '🏡 Sunny Acres 🌞 Family Living 🌳 with Pool 🏊 and Parks 🌲 Phase II',
  };
  const ranked = (column: Column<Community>, importance: Importance): Column<Community> => ({ ...column, importance });
  const columns: Column<Community>[] = [
    ranked({ key: 'name', header: 'NAME', value: (r) => r.name }, 'key'),
    ranked({ key: 'comps', header: 'COMPS', value: (r) => r.comps }, 'high'),
    ranked({ key: 'as_of', header: 'AS OF', value: (r) => r.asOf, truncate: false }, 'high'),
    ranked({ key: 'concessions', header: 'CONCESSIONS', value: (r) => r.concessions }, 'normal'),
    ranked({ key: 'avg', header: 'AVG ASKING', value: (r) => r.avg, display: (r) => `$${r.avg.toLocaleString('en-US')}` }, 'key'),
    ranked({ key: 'min', header: 'MIN', value: (r) => r.min }, 'normal'),
    ranked({ key: 'max', header: 'MAX', value: (r) => r.max }, 'normal'),
  ];
  const rowsWith = (name: string): Community[] => [
    { name: 'Brodie Lane Flats', comps: 9, asOf: '2026-11-20', concessions: '', avg: 1610, min: 1401, max: 2054 },
    { name, comps: 10, asOf: '2026-11-20', concessions: '', avg: 1792, min: 1613, max: 2304 },
    { name: 'Cheesman Commons', comps: 8, asOf: '2026-11-20', concessions: '', avg: 1663, min: 1525, max: 1869 },
  ];
  const lines = (out: string) => out.trimEnd().split('\n');

  it.each(Object.entries(NAMES))('%s: the name is cut with "…", the answer stays, no line wider than 80', async (_, name) => {
    const io = createTestIO({ stdoutTTY: true, columns: 80 });
    const omitted: string[][] = [];
    await renderList(io, { format: 'table', rows: rowsWith(name), columns, omitted: (h) => omitted.push(h) });
    const out = lines(io.out());
    for (const line of out) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    // (a) said once above the table, the date and the empty concessions; (c) MIN and MAX named for --wide.
    expect(out[0]).toBe('AS OF 2026-11-20, CONCESSIONS — (every row)');
    expect(out[2]).toMatch(/^│ NAME +│ COMPS │ AVG ASKING │$/);
    expect(omitted).toEqual([['MIN', 'MAX']]);
    // (b) the long name, cut, keeps more than its floor of 20 characters; the short ones are whole.
    const cell = out.find((line) => line.includes('…'))!.split('│')[1]!.trim();
    expect(name.startsWith(cell.slice(0, -1).trimEnd())).toBe(true);
    expect(displayWidth(cell)).toBeGreaterThanOrEqual(20);
    expect(io.out()).toContain('│ Brodie Lane Flats ');
  });
  it('a table that fits is drawn whole: the columns alike on every row stay', async () => {
    const io = createTestIO({ stdoutTTY: true, columns: 200 });
    await renderList(io, { format: 'table', rows: rowsWith(NAMES['61 characters']), columns });
    expect(lines(io.out())[1]).toMatch(/^│ NAME +│ COMPS │ AS OF +│ CONCESSIONS │ AVG ASKING │ +MIN │ +MAX │$/);
    expect(io.out()).not.toMatch(/every row|…/);
  });
  it('piped: every column, every name whole', async () => {
    const io = createTestIO({ stdoutTTY: false, columns: 80 });
    await renderList(io, { format: 'table', rows: rowsWith(NAMES['200 characters']), columns });
    expect(lines(io.out())[0]).toMatch(/^NAME +COMPS +AS OF +CONCESSIONS +AVG ASKING +MIN +MAX$/);
    expect(io.out()).toContain(NAMES['200 characters']);
    expect(io.out()).not.toMatch(/every row|…/);
  });
  it('--fields keeps the columns asked for, a column alike on every row included, cutting the name', async () => {
    const io = createTestIO({ stdoutTTY: true, columns: 60 });
    await renderList(io, { format: 'table', rows: rowsWith(NAMES['CJK (2 cells a character)']), columns, fields: ['name', 'as_of', 'min'] });
    for (const line of lines(io.out())) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(lines(io.out())[1]).toMatch(/^│ NAME +│ AS OF +│ +MIN │$/);
    expect(io.out()).toContain('…');
  });
});
