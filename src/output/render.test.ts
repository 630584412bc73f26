import { beforeAll, describe, expect, it } from 'vitest';
import { selectColumns, unknownFieldsProblem, type Column } from './columns.js';
import { createTestIO } from './io.js';
import { formatJson, printJson, reduceJson } from './json.js';
import { renderList, renderRecord } from './render.js';
import { loadColors } from './style.js';

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

// Colored output needs chalk, which main() loads for a run that colors (style.ts).
beforeAll(() => loadColors({ colorEnabled: true, stderrColorEnabled: true }));

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
        'ID:                 c-1',
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
