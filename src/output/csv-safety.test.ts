import { describe, expect, it } from 'vitest';
import { neutralizeFormula } from './csv-safety.js';
import { createTestIO } from './io.js';
import type { Column } from './columns.js';
import { formatCsv } from './csv.js';
import { renderList } from './render.js';

describe('neutralizeFormula (OWASP CSV injection)', () => {
  it('puts a quote before text that a spreadsheet would run', () => {
    for (const text of ['=HYPERLINK("http://x.example","click")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])
      expect(neutralizeFormula(text)).toBe(`'${text}`);
  });
  it('leaves other text as it is', () => {
    for (const text of ['Maple Court', '', ' =not first', "'already quoted", '1 month free', 'a=b']) expect(neutralizeFormula(text)).toBe(text);
  });
});

interface Row {
  name: string;
  psi: number | null;
  note: string;
}
const columns: Column<Row>[] = [
  { key: 'name', value: (r) => r.name },
  { key: 'psi', value: (r) => r.psi },
  { key: 'note', value: (r) => r.note },
];

describe('CSV cells', () => {
  it('text is neutralized, numbers stay numbers (a negative PSI too)', async () => {
    const csv = await formatCsv([{ name: '=HYPERLINK("http://x.example","click")', psi: -0.031, note: '-$50 off' }], columns);
    expect(csv).toBe('name,psi,note\n"\'=HYPERLINK(""http://x.example"",""click"")",-0.031,\'-$50 off\n');
  });
  it('a control character dropped at the start does not uncover a formula', async () => {
    expect(await formatCsv([{ name: '\u001b=1+1', psi: null, note: '\t@x' }], columns)).toBe("name,psi,note\n'=1+1,,' @x\n");
  });
  it('excel: a byte-order mark, CRLF between records (and after the last); LF inside a quoted cell stays', async () => {
    const csv = await formatCsv([{ name: 'Café Flats', psi: 0.1, note: 'line one\nline two' }, { name: 'B', psi: null, note: '' }], columns, 'excel');
    expect(csv).toBe('\uFEFFname,psi,note\r\nCafé Flats,0.1,"line one\nline two"\r\nB,,\r\n');
  });
  it('json and ndjson keep the text as it is', async () => {
    const rows = [{ name: '=1+1', psi: -0.5, note: '@x' }];
    const ndjson = createTestIO();
    await renderList(ndjson, { format: 'ndjson', rows, columns });
    expect(JSON.parse(ndjson.out())).toEqual({ name: '=1+1', psi: -0.5, note: '@x' });
    const json = createTestIO();
    await renderList(json, { format: 'json', rows, columns });
    expect(JSON.parse(json.out())).toEqual(rows);
  });
});
