import { describe, expect, it } from 'vitest';
import { sortRows, unknownSortProblem, type Column } from './columns.js';
import { createTestIO } from './io.js';
import { renderList } from './render.js';

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
