import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Column } from './columns.js';
import { dollarsFromCents } from './money.js';
import { openWorkbook, sheetData, writeWorkbook } from './xlsx.js';

interface Row {
  name: string;
  day: string | null;
  at: string;
  rent: number | null;
  psi: number;
  vacancy: number;
  units: number;
  managed: boolean;
}

const columns: Column<Row>[] = [
  { key: 'name', value: (r) => r.name },
  { key: 'day', value: (r) => r.day, kind: 'date' },
  { key: 'at', value: (r) => r.at, kind: 'date' },
  { key: 'rent_cents', value: (r) => r.rent, dollars: (r) => dollarsFromCents(r.rent) },
  { key: 'psi', value: (r) => r.psi, kind: 'fraction' },
  { key: 'vacancy', value: (r) => r.vacancy, kind: 'percent' },
  { key: 'units', value: (r) => r.units },
  { key: 'managed', value: (r) => r.managed },
];

const rows: Row[] = [
  { name: '=HYPERLINK("http://x.example","click")', day: '2026-11-02', at: '2026-11-02T10:30:00.000Z', rent: 185_050, psi: -0.031, vacancy: 4.5, units: 240, managed: true },
  { name: ' Café <&> "Flats"\nline two\u0007\uFFFF', day: null, at: 'not a time', rent: null, psi: 0, vacancy: 0, units: 0, managed: false },
];

/** The workbook `write` makes, read back by exceljs. */
async function readBack(write: (out: PassThrough) => Promise<void>): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const bytes = buffer(out);
  await write(out);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytes) as unknown as ExcelJS.Buffer);
  return workbook;
}

describe('xlsx', () => {
  it('types each cell from its column: text, dates, currency in dollars, percentages, numbers, booleans', async () => {
    const workbook = await readBack((out) => writeWorkbook(out, [sheetData('Pricing', columns, rows)]));
    const sheet = workbook.getWorksheet('Pricing')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'name', 'day', 'at', 'rent_dollars', 'psi', 'vacancy', 'units', 'managed']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    // A formula is text with a leading ', as in a CSV.
    expect(first.getCell(1).value).toBe(`'=HYPERLINK("http://x.example","click")`);
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(2).value).toEqual(new Date('2026-11-02T00:00:00.000Z'));
    expect(first.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(first.getCell(3).value).toEqual(new Date('2026-11-02T10:30:00.000Z'));
    expect(first.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(first.getCell(4).value).toBe(1850.5);
    expect(first.getCell(4).numFmt).toBe('"$"#,##0.00');
    expect(first.getCell(5).value).toBe(-0.031);
    expect(first.getCell(5).numFmt).toBe('0.0%');
    expect(first.getCell(6).value).toBe(0.045);
    expect(first.getCell(6).numFmt).toBe('0.0%');
    expect(first.getCell(7).value).toBe(240);
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(8).value).toBe(true);
    const second = sheet.getRow(3);
    // XML's special characters, spaces at the ends and line breaks survive; controls and non-characters do not.
    expect(second.getCell(1).value).toBe(' Café <&> "Flats"\nline two');
    expect(second.getCell(2).value).toBeNull();
    // Not a time: kept as text rather than guessed.
    expect(second.getCell(3).value).toBe('not a time');
    expect(second.getCell(4).value).toBeNull();
    expect(second.getCell(8).value).toBe(false);
    expect(sheet.rowCount).toBe(3);
  });

  it('freezes and filters the header row; widths follow the content, within bounds', async () => {
    const long = { ...rows[1]!, name: 'x'.repeat(200) };
    const workbook = await readBack((out) => writeWorkbook(out, [sheetData('Sheet', columns, [rows[0]!, long])]));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:H1');
    // exceljs leaves out a column of Excel's default width, 9.
    const widths = sheet.columns.map((c) => c.width ?? 9);
    expect(widths[0]).toBe(60);
    expect(widths[1]).toBeGreaterThanOrEqual(10);
    for (const width of widths) expect(width).toBeGreaterThanOrEqual(8);
  });

  it('several sheets, names made valid and unique; many rows stream through', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ ...rows[0]!, units: i }));
    const workbook = await readBack(async (out) => {
      const book = await openWorkbook(out);
      const a = book.addSheet('Floor plans: A/B [1]', columns, many.slice(0, 10));
      for (let i = 0; i < many.length; i += 1_000) await a.addRows(many.slice(i, i + 1_000));
      book.addSheet('Floor plans: A/B [1]', columns);
      await book.finish();
    });
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Floor plans  A B  1', 'Floor plans  A B  1 2']);
    const [big, empty] = workbook.worksheets;
    expect(big!.rowCount).toBe(5_001);
    expect(big!.getRow(5_001).getCell(7).value).toBe(4_999);
    expect(empty!.rowCount).toBe(1);
  });
  it("rows beyond a sheet's limit (Excel's 1,048,576) go on in sheets of the same columns, each with its header, frozen and filtered", async () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ ...rows[0]!, units: i }));
    const workbook = await readBack(async (out) => {
      const book = await openWorkbook(out, { maxRowsPerSheet: 10 });
      const sheet = book.addSheet('Pricing', columns, many);
      // Batches that straddle the limit: 4, then 15, then 4.
      for (const [from, to] of [[0, 4], [4, 19], [19, 23]] as const) await sheet.addRows(many.slice(from, to));
      book.addSheet('Summary', columns);
      await book.finish();
    });
    expect(workbook.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Pricing', 10],
      ['Pricing 2', 10],
      ['Pricing 3', 6],
      ['Summary', 1],
    ]);
    const units = workbook.worksheets.slice(0, 3).flatMap((s) => s.getSheetValues().slice(2).map((values) => (values as unknown[])[7]));
    expect(units).toEqual(many.map((row) => row.units));
    for (const sheet of workbook.worksheets.slice(0, 3)) {
      expect(sheet.getRow(1).getCell(1).value).toBe(workbook.worksheets[0]!.getRow(1).getCell(1).value);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.autoFilter).toBe('A1:H1');
    }
  });
});
