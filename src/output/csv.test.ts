import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Column } from './columns.js';
import { formatCsvRecords } from './csv.js';
import { spreadsheetText } from './csv-safety.js';

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
        ? spreadsheetText(value)
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
