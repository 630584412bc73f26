import { describe, expect, it } from 'vitest';
import type { Column } from './columns.js';
import { createTestIO } from './io.js';
import { dollarColumns, dollarsFromCents } from './money.js';
import { renderList } from './render.js';

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
