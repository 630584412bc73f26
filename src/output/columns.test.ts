import { describe, expect, it } from 'vitest';
import { sortRows, unknownSortProblem, type Column } from './columns.js';
import { createTestIO } from './io.js';
import { renderList, renderRecord } from './render.js';

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
  it('sorts a record (overview --all\'s community) by its name, not by its id', () => {
    const rows = [
      { community: { id: '0001', name: 'Maple Court' } },
      { community: { id: '0002', name: 'Aspen Yard' } },
      { community: { id: '0003', name: 'birch hollow' } },
    ];
    const columns: Column<(typeof rows)[number]>[] = [{ key: 'community', value: (r) => r.community }];
    expect(sortRows(rows, columns, { key: 'community', descending: false }).map((r) => r.community.name)).toEqual(['Aspen Yard', 'birch hollow', 'Maple Court']);
    expect(sortRows(rows, columns, { key: 'community', descending: true }).map((r) => r.community.name)).toEqual(['Maple Court', 'birch hollow', 'Aspen Yard']);
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

describe('a display decided by the whole column (displayFor)', () => {
  interface Rent {
    plan: string;
    cents: number;
  }
  const rents: Rent[] = [
    { plan: 'A1', cents: 215_900 },
    { plan: 'B2', cents: 215_986 },
  ];
  // What money() does: one format chosen from every value shown.
  const exactWhenAnyIs: Column<Rent> = {
    key: 'rent',
    value: (r) => r.cents,
    displayFor: (rows) => {
      const exact = rows.some((r) => r.cents % 100 !== 0);
      return (r) => `$${(r.cents / 100).toFixed(exact ? 2 : 0)}`;
    },
  };
  const columns: Column<Rent>[] = [{ key: 'plan', value: (r) => r.plan }, exactWhenAnyIs];

  it('decides from the rows printed, in a table and in Markdown alike', async () => {
    for (const format of ['table', 'md'] as const) {
      const io = createTestIO();
      await renderList(io, { format, rows: rents, columns });
      expect(io.out(), format).toContain('$2159.00');
      expect(io.out(), format).toContain('$2159.86');
    }
    // --limit 1 prints A1 alone: whole dollars are then its column's format.
    const one = createTestIO();
    await renderList(one, { format: 'table', rows: rents, columns, limit: 1 });
    expect(one.out()).toMatch(/\$2159\n/);
  });
  it('a record reads it from its one row', async () => {
    const io = createTestIO();
    await renderRecord(io, { format: 'table', record: rents[0]!, columns });
    expect(io.out()).toMatch(/^Rent: +\$2159$/m);
  });
});
