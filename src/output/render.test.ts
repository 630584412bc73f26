import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './csv-safety.js';
import { createTestIO } from './io.js';
import { sanitize } from './text.js';
import {
  dollarColumns,
  dollarsFromCents,
  fitColumns,
  fitWidths,
  formatCsvRecords,
  formatJson,
  printJson,
  reduceJson,
  renderList,
  renderRecord,
  selectColumns,
  sortRows,
  unknownFieldsProblem,
  unknownSortProblem,
  type Column,
  type Importance,
} from './render.js';

interface Community {
  id: string;
  name: string;
  rent: number | null;
  managed: boolean;
  note: string;
}

const rows: Community[] = [
  { id: 'c-1', name: 'Maple Court', rent: 185000, managed: true, note: 'one month free, "limited"' },
  { id: 'c-2', name: 'Oak Flats', rent: null, managed: false, note: 'line one\nline two' },
];

const money = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toLocaleString('en-US')}`);

const columns: Column<Community>[] = [
  { key: 'id', value: (r) => r.id },
  { key: 'name', value: (r) => r.name },
  { key: 'market_rent_cents', header: 'RENT', value: (r) => r.rent, display: (r, s) => s.positive(money(r.rent)) },
  { key: 'managed', value: (r) => r.managed },
  { key: 'note', value: (r) => r.note },
];

const body = { communities: rows.map((r) => ({ ...r, market_rent_cents: r.rent })), total: 2 };
const ANSI = /\x1b\[/; // eslint-disable-line no-control-regex

describe('formats and fields', () => {
  it('selects columns in --fields order, once each', () => {
    expect(selectColumns(columns, ['note', 'id', 'note']).map((c) => c.key)).toEqual(['note', 'id']);
    expect(selectColumns(columns, undefined)).toHaveLength(columns.length);
  });
  it('lists the available fields when one is unknown', () => {
    const problem = 'unknown fields "rent", "zip"; available fields: id, name, market_rent_cents, managed, note';
    expect(unknownFieldsProblem(columns, ['name', 'rent', 'zip'])).toBe(problem);
    expect(unknownFieldsProblem(columns, ['NAME'])).toBeUndefined();
    expect(() => selectColumns(columns, ['name', 'rent', 'zip'])).toThrow(problem);
  });
  it('fails before printing anything', async () => {
    const io = createTestIO();
    await expect(renderList(io, { format: 'csv', rows, columns, fields: ['nope'] })).rejects.toThrow(/unknown field "nope"/);
    expect(io.out()).toBe('');
  });
});

describe('table on a TTY', () => {
  it('draws a box with a header rule, right-aligned numbers and colors', async () => {
    const io = createTestIO({ stdoutTTY: true, color: true, columns: 120 });
    await renderList(io, { format: 'table', rows, columns });
    const out = io.out();
    expect(out).toMatch(ANSI);
    expect(out).toContain('\x1b[1mRENT\x1b[22m');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^┌─+┬/);
    expect(lines[2]).toMatch(/^├─+┼/);
    expect(lines.at(-1)).toMatch(/^└─+┴/);
    expect(lines).toHaveLength(6); // top, header, rule, 2 rows, bottom
    expect(out).toContain('line one line two');
    expect(out).toContain('│ yes ');
  });
  it('has no ANSI codes when color is off', async () => {
    const io = createTestIO({ stdoutTTY: true, color: false, columns: 120 });
    await renderList(io, { format: 'table', rows, columns });
    expect(io.out()).not.toMatch(ANSI);
    expect(io.out()).toContain('$1,850 │');
  });
  it('truncates text to the terminal width but keeps numbers whole', async () => {
    const long = [{ ...rows[0]!, name: 'A very long community name that cannot possibly fit' }];
    const io = createTestIO({ stdoutTTY: true, columns: 60 });
    await renderList(io, { format: 'table', rows: long, columns: selectColumns(columns, ['name', 'market_rent_cents', 'note']) });
    const lines = io.out().trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(io.out()).toContain('…');
    expect(io.out()).toContain('$1,850');
  });
  it('never truncates columns marked truncate: false', async () => {
    const id = 'd0c2b0b4-6d1e-4c47-8a3e-1f0e9d6b1234';
    const cols: Column<{ id: string; name: string }>[] = [
      { key: 'id', value: (r) => r.id, truncate: false },
      { key: 'name', value: (r) => r.name },
    ];
    const io = createTestIO({ stdoutTTY: true, columns: 50 });
    await renderList(io, { format: 'table', rows: [{ id, name: 'x'.repeat(40) }], columns: cols });
    expect(io.out()).toContain(id);
  });
  it('strips escape sequences smuggled in data', async () => {
    const io = createTestIO({ stdoutTTY: true, color: true });
    await renderList(io, { format: 'table', rows: [{ ...rows[0]!, name: 'Evil\x1b]0;title\x07 Inc\x1b[2J' }], columns });
    expect(io.out()).toContain('Evil Inc');
    expect(io.out()).not.toContain('\x1b]');
    expect(io.out()).not.toContain('\x1b[2J');
  });
});

describe('table when piped', () => {
  it('prints plain aligned columns: no box, no color, no truncation', async () => {
    const long = [...rows, { ...rows[0]!, id: 'c-3', name: 'X'.repeat(150), rent: 99000 }];
    const io = createTestIO({ stdoutTTY: false, columns: 40 });
    await renderList(io, { format: 'table', rows: long, columns });
    const out = io.out();
    expect(out).not.toMatch(/[┌│└─]/);
    expect(out).not.toMatch(ANSI);
    expect(out).toContain('X'.repeat(150));
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {2,}NAME {2,}RENT {2}MANAGED {2}NOTE$/);
    expect(lines[1]).toMatch(/^c-1 {2,}Maple Court {2,}\$1,850 {2}yes {6}one month free, "limited"$/);
    // Right-aligned: the end of the RENT cells lines up.
    expect(lines[3]!.indexOf('$990') + 4).toBe(lines[1]!.indexOf('$1,850') + 6);
    expect(lines).toHaveLength(4);
  });
  it('sends the empty message to stderr (or to the notice given) and nothing to stdout', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'table', rows: [], columns, emptyMessage: 'No communities found' });
    expect(io.out()).toBe('');
    expect(io.err()).toBe('No communities found\n');
    const said: string[] = [];
    const quiet = createTestIO();
    await renderList(quiet, { format: 'table', rows: [], columns, emptyMessage: 'None \x1b]0;x\x07here', notice: (m) => said.push(m) });
    expect(quiet.err()).toBe('');
    expect(said).toEqual(['None \x1b]0;x\x07here']);
    const escaped = createTestIO();
    await renderList(escaped, { format: 'table', rows: [], columns, emptyMessage: 'None \x1b]0;x\x07here' });
    expect(escaped.err()).toBe('None here\n');
  });
  it('keeps FORCE_COLOR color on a pipe', async () => {
    const io = createTestIO({ stdoutTTY: false, color: true });
    await renderList(io, { format: 'table', rows, columns });
    expect(io.out()).toMatch(ANSI);
    expect(io.out()).not.toMatch(/[┌│└]/);
  });
});

describe('csv', () => {
  it('prints a header of keys and raw values, quoting commas, quotes and newlines', async () => {
    for (const stdoutTTY of [true, false]) {
      const io = createTestIO({ stdoutTTY, color: true });
      await renderList(io, { format: 'csv', rows, columns });
      expect(io.out()).toBe(
        'id,name,market_rent_cents,managed,note\n' +
          'c-1,Maple Court,185000,true,"one month free, ""limited"""\n' +
          'c-2,Oak Flats,,false,"line one\nline two"\n',
      );
    }
  });
  it('follows --fields order', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'csv', rows, columns, fields: ['market_rent_cents', 'id'] });
    expect(io.out()).toBe('market_rent_cents,id\n185000,c-1\n,c-2\n');
  });
  it('prints only the header for no rows', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'csv', rows: [], columns, fields: ['id'] });
    expect(io.out()).toBe('id\n');
    expect(io.err()).toBe('');
  });
  it('writes dates as ISO and objects as JSON', async () => {
    const io = createTestIO();
    const cols: Column<null>[] = [
      { key: 'at', value: () => new Date('2026-01-02T03:04:05.006Z') },
      { key: 'tags', value: () => ['a', 'b'] },
    ];
    await renderList(io, { format: 'csv', rows: [null], columns: cols });
    expect(io.out()).toBe('at,tags\n2026-01-02T03:04:05.006Z,"[""a"",""b""]"\n');
  });
});

describe('csv records formatted in parts', () => {
  const cell = fc.oneof(
    fc.string({ unit: fc.constantFrom('a', 'b', ',', '"', '\n', '\r', '\t', ' ', '=', '-', '+', '@', 'é', '\u001b') }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  );
  // The text the renderer hands csv-stringify for a value: controls dropped, line breaks kept, formulas neutralized.
  const text = (value: unknown) =>
    value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))
      ? ''
      : typeof value === 'string'
        ? neutralizeFormula(sanitize(neutralizeFormula(value), { multiline: true }))
        : String(value);

  it('equal csv-stringify of whole rows, whatever repeats and whatever the cells hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(cell, { maxLength: 3 }),
        fc.array(fc.array(fc.oneof(cell, fc.constantFrom('A1', 'A1', 7, 7, -0, 1e21, 5e-7, -1.5)), { minLength: 6, maxLength: 6 }), { maxLength: 8 }),
        async (width, shared, rows) => {
          const columns: Column<unknown[]>[] = Array.from({ length: width }, (_, i) => ({ key: `c${i}`, value: (row) => row[i] }));
          const whole = stringify(rows.map((row) => [...shared, ...row.slice(0, width)].map(text)));
          expect(await formatCsvRecords(rows, columns, shared)).toBe(whole);
        },
      ),
    );
  });

  it('an object (a Date) that changes between rows is not taken for the one before', async () => {
    const at = new Date('2026-01-02T00:00:00.000Z');
    const columns: Column<number>[] = [
      {
        key: 'at',
        value: (n) => {
          if (n === 2) at.setUTCFullYear(2027);
          return at;
        },
      },
      { key: 'n', value: (n) => n },
    ];
    expect(await formatCsvRecords([1, 2], columns)).toBe('2026-01-02T00:00:00.000Z,1\n2027-01-02T00:00:00.000Z,2\n');
  });
});

describe('ndjson', () => {
  it('prints one compact object per row keyed by column key, null for missing', async () => {
    for (const stdoutTTY of [true, false]) {
      const io = createTestIO({ stdoutTTY, color: true });
      await renderList(io, { format: 'ndjson', rows, columns, fields: ['id', 'market_rent_cents'] });
      expect(io.out()).toBe('{"id":"c-1","market_rent_cents":185000}\n{"id":"c-2","market_rent_cents":null}\n');
    }
  });
  it('prints nothing for no rows', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'ndjson', rows: [], columns });
    expect(io.out() + io.err()).toBe('');
  });
});

describe('json', () => {
  it('prints the API body compact when piped', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'json', rows, columns, json: body });
    expect(io.out()).toBe(`${JSON.stringify(body)}\n`);
  });
  it('prints it pretty on a TTY, colored only when color is on', async () => {
    const plain = createTestIO({ stdoutTTY: true });
    await renderList(plain, { format: 'json', rows, columns, json: body });
    expect(plain.out()).toBe(`${JSON.stringify(body, null, 2)}\n`);
    const colored = createTestIO({ stdoutTTY: true, color: true });
    await renderList(colored, { format: 'json', rows, columns, json: body });
    expect(colored.out()).toMatch(ANSI);
    expect(colored.out().replace(/\x1b\[\d+m/g, '')).toBe(plain.out()); // eslint-disable-line no-control-regex
  });
  it('never colors when piped, even with color on', async () => {
    const io = createTestIO({ color: true });
    printJson(io, { a: 1 });
    expect(io.out()).toBe('{"a":1}\n');
  });
  it('reduces the rows of the body to --fields and keeps the envelope', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'json', rows, columns, json: body, fields: ['market_rent_cents', 'name'] });
    expect(JSON.parse(io.out())).toEqual({
      communities: [
        { market_rent_cents: 185000, name: 'Maple Court' },
        { market_rent_cents: null, name: 'Oak Flats' },
      ],
      total: 2,
    });
    expect(io.out().indexOf('market_rent_cents')).toBeLessThan(io.out().indexOf('"name"'));
  });
  it('falls back to the column value for a computed field', () => {
    const cols: Column<{ a: number }>[] = [
      { key: 'a', value: (r) => r.a },
      { key: 'double', value: (r) => r.a * 2 },
    ];
    expect(reduceJson({ items: [{ a: 1, b: 0 }] }, cols, [{ a: 1 }])).toEqual({ items: [{ a: 1, double: 2 }] });
    expect(reduceJson([{ a: 3 }], cols, [{ a: 3 }])).toEqual([{ a: 3, double: 6 }]);
  });
  it('a key holding undefined (an answer handed over in process, not parsed from JSON) is a missing key', () => {
    const cols: Column<{ a: number }>[] = [
      { key: 'a', value: (r) => r.a },
      { key: 'double', value: (r) => r.a * 2 },
    ];
    expect(JSON.stringify(reduceJson([{ a: 2, double: undefined }], cols, [{ a: 2 }]))).toBe('[{"a":2,"double":4}]');
  });
  it('uses jsonRowsKey when the body has several arrays', () => {
    const cols: Column<unknown>[] = [{ key: 'id', value: () => null }];
    const json = { comps: [{ id: 1, x: 1 }], warnings: ['w'] };
    expect(reduceJson(json, cols, [], 'comps')).toEqual({ comps: [{ id: 1 }], warnings: ['w'] });
  });
  it('prints rows as column objects when no body is given', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'json', rows, columns, fields: ['id', 'managed'] });
    expect(io.out()).toBe('[{"id":"c-1","managed":true},{"id":"c-2","managed":false}]\n');
  });
  it('prints undefined as null and escapes C1 controls', () => {
    expect(formatJson(undefined)).toBe('null\n');
    expect(formatJson('a\u009bb')).toBe('"a\\u009bb"\n');
  });
});

describe('renderRecord', () => {
  const record = rows[0]!;
  it('prints a label/value list for people', async () => {
    const io = createTestIO({ stdoutTTY: true });
    await renderRecord(io, { format: 'table', record, columns });
    expect(io.out()).toBe(
      [
        'Id:                 c-1',
        'Name:               Maple Court',
        'Market rent cents:  $1,850',
        'Managed:            yes',
        'Note:               one month free, "limited"',
        '',
      ].join('\n'),
    );
  });
  it('uses labels, --fields and color', async () => {
    const io = createTestIO({ stdoutTTY: true, color: true });
    const cols = columns.map((c) => (c.key === 'market_rent_cents' ? { ...c, label: 'Market rent' } : c));
    await renderRecord(io, { format: 'table', record, columns: cols, fields: ['market_rent_cents', 'name'] });
    expect(io.out()).toBe('\x1b[1mMarket rent:\x1b[22m  \x1b[32m$1,850\x1b[39m\n\x1b[1mName:       \x1b[22m  Maple Court\n');
  });
  it('prints csv as header and one row, ndjson as one line', async () => {
    const csv = createTestIO();
    await renderRecord(csv, { format: 'csv', record, columns, fields: ['id', 'managed'] });
    expect(csv.out()).toBe('id,managed\nc-1,true\n');
    const nd = createTestIO();
    await renderRecord(nd, { format: 'ndjson', record, columns, fields: ['id', 'managed'] });
    expect(nd.out()).toBe('{"id":"c-1","managed":true}\n');
  });
  it('prints the body for json, reduced by --fields', async () => {
    const json = { id: 'c-1', name: 'Maple Court', extra: { nested: true } };
    const io = createTestIO();
    await renderRecord(io, { format: 'json', record, columns, json });
    expect(JSON.parse(io.out())).toEqual(json);
    const reduced = createTestIO();
    await renderRecord(reduced, { format: 'json', record, columns, json, fields: ['name', 'market_rent_cents'] });
    expect(reduced.out()).toBe('{"name":"Maple Court","market_rent_cents":185000}\n');
  });
});

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
    { ...ranked('rent', 'high', 'ASKING'), display: (r: Plan) => money(r.rent) },
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

describe('--sort and --limit', () => {
  interface Item {
    name: string;
    rent: number | null;
    plan: string;
  }
  const items: Item[] = [
    { name: 'b', rent: 1200, plan: 'A10' },
    { name: 'a', rent: null, plan: 'A2' },
    { name: 'c', rent: 900, plan: 'a2' },
    { name: 'd', rent: 12000, plan: 'B1' },
    { name: 'e', rent: 1200, plan: 'A1' },
  ];
  const itemColumns: Column<Item>[] = [
    { key: 'name', value: (r) => r.name },
    { key: 'rent_cents', value: (r) => r.rent },
    { key: 'plan', value: (r) => r.plan },
  ];
  const names = (list: Item[]) => list.map((r) => r.name).join('');

  it('sorts numbers as numbers, empty last either way, equal rows kept in order', () => {
    expect(names(sortRows(items, itemColumns, { key: 'rent_cents', descending: false }))).toBe('cbeda');
    expect(names(sortRows(items, itemColumns, { key: 'RENT_CENTS', descending: true }))).toBe('dbeca');
  });
  it('sorts text as people do: A2 before A10, case only breaks no ties', () => {
    expect(names(sortRows(items, itemColumns, { key: 'plan', descending: false }))).toBe('eacbd');
  });
  it('names the columns when the one asked for does not exist', () => {
    expect(unknownSortProblem(itemColumns, { key: 'nope', descending: false })).toBe(
      '--sort: no column "nope"; available columns: name, rent_cents, plan (prefix - for descending)',
    );
    expect(unknownSortProblem(itemColumns, { key: 'plan', descending: true })).toBeUndefined();
  });
  it('applies to table, csv, ndjson and md, after sorting; never to the json body', async () => {
    const run = async (format: 'table' | 'csv' | 'ndjson' | 'md' | 'json') => {
      const io = createTestIO();
      await renderList(io, { format, rows: items, columns: itemColumns, sort: { key: 'rent_cents', descending: true }, limit: 2, json: { items } });
      return io.out();
    };
    expect(await run('csv')).toBe('name,rent_cents,plan\nd,12000,B1\nb,1200,A10\n');
    expect(await run('ndjson')).toBe('{"name":"d","rent_cents":12000,"plan":"B1"}\n{"name":"b","rent_cents":1200,"plan":"A10"}\n');
    expect((await run('table')).trimEnd().split('\n')).toHaveLength(3);
    expect((await run('md')).trimEnd().split('\n')).toHaveLength(4);
    expect(JSON.parse(await run('json'))).toEqual({ items });
  });
});

describe('--dollars', () => {
  it('writes cents as dollars with two decimals, rounding fractions of a cent half away from zero', () => {
    expect(String(dollarsFromCents(185000))).toBe('1850.00');
    expect(String(dollarsFromCents(123456))).toBe('1234.56');
    expect(String(dollarsFromCents(-5))).toBe('-0.05');
    expect(String(dollarsFromCents(-27692))).toBe('-276.92');
    expect(String(dollarsFromCents(0))).toBe('0.00');
    expect(String(dollarsFromCents(240.5))).toBe('2.41');
    expect(String(dollarsFromCents(-240.5))).toBe('-2.41');
    expect(dollarsFromCents(null)).toBeNull();
    expect(dollarsFromCents(undefined)).toBeNull();
  });

  interface Priced {
    name: string;
    rent: number | null;
    gap: number;
  }
  const priced: Priced[] = [
    { name: 'A1', rent: 185050, gap: 10000 },
    { name: 'B2', rent: null, gap: 0 },
  ];
  const pricedColumns: Column<Priced>[] = [
    { key: 'name', value: (r) => r.name },
    { key: 'market_rent_cents', value: (r) => r.rent, dollars: (r) => dollarsFromCents(r.rent) },
    { key: 'gap', value: (r) => r.gap, dollars: (r) => dollarsFromCents(r.gap) },
  ];

  it('renames *_cents to *_dollars, keeps other keys, and leaves the columns it was given alone', () => {
    expect(dollarColumns(pricedColumns).map((c) => c.key)).toEqual(['name', 'market_rent_dollars', 'gap']);
    expect(pricedColumns.map((c) => c.key)).toEqual(['name', 'market_rent_cents', 'gap']);
  });
  it('csv: 1850.50 and an empty cell; ndjson: the number with its two decimals, null', async () => {
    const csv = createTestIO();
    await renderList(csv, { format: 'csv', rows: priced, columns: pricedColumns, dollars: true });
    expect(csv.out()).toBe('name,market_rent_dollars,gap\nA1,1850.50,100.00\nB2,,0.00\n');
    const ndjson = createTestIO();
    await renderList(ndjson, { format: 'ndjson', rows: priced, columns: pricedColumns, dollars: true });
    expect(ndjson.out()).toBe('{"name":"A1","market_rent_dollars":1850.50,"gap":100.00}\n{"name":"B2","market_rent_dollars":null,"gap":0.00}\n');
    expect(JSON.parse(ndjson.out().split('\n')[0]!)).toEqual({ name: 'A1', market_rent_dollars: 1850.5, gap: 100 });
  });
  it('--fields and --sort take the new name or the old one', async () => {
    const io = createTestIO();
    await renderList(io, {
      format: 'csv',
      rows: priced,
      columns: pricedColumns,
      dollars: true,
      fields: ['market_rent_cents', 'name'],
      sort: { key: 'market_rent_dollars', descending: true },
    });
    expect(io.out()).toBe('market_rent_dollars,name\n1850.50,A1\n,B2\n');
  });
  it('--sort orders amounts by their cents, as numbers', async () => {
    const amounts = [250000, -5, 99000, 1000000, null, 20000].map((rent, i) => ({ name: `r${i}`, rent, gap: 0 }));
    const io = createTestIO();
    await renderList(io, { format: 'csv', rows: amounts, columns: pricedColumns, dollars: true, fields: ['market_rent_dollars'], sort: { key: 'market_rent_dollars', descending: true } });
    expect(io.out()).toBe('market_rent_dollars\n10000.00\n2500.00\n990.00\n200.00\n-0.05\n\n');
  });
  it('leaves a table, md and json as they are (the CLI refuses --dollars there)', async () => {
    for (const format of ['table', 'md', 'json'] as const) {
      const plain = createTestIO();
      const dollars = createTestIO();
      await renderList(plain, { format, rows: priced, columns: pricedColumns });
      await renderList(dollars, { format, rows: priced, columns: pricedColumns, dollars: true });
      expect(dollars.out()).toBe(plain.out());
    }
  });
});

function displayWidthOf(line: string): number {
  return [...line].length;
}
