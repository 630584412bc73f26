import { describe, expect, it } from 'vitest';
import { createTestIO } from './io.js';
import { escapeMarkdown, markdownTable } from './markdown.js';
import type { Column } from './columns.js';
import { renderList, renderRecord } from './render.js';

describe('escapeMarkdown', () => {
  it('makes emphasis, code, links, HTML and cell bars inert, and drops control characters', () => {
    expect(escapeMarkdown('*select* units_only [call] `now` <b> a|b ~x~ \\')).toBe(
      '\\*select\\* units\\_only \\[call\\] \\`now\\` \\<b\\> a\\|b \\~x\\~ \\\\',
    );
    expect(escapeMarkdown('Evil\u001b]0;title\u0007 Inc\nnext')).toBe('Evil Inc next');
    expect(escapeMarkdown('$1,200 off — 6 weeks free!')).toBe('$1,200 off — 6 weeks free!');
  });
});

describe('markdownTable', () => {
  it('pads columns so the text reads aligned as plain text, with --- and ---: rules', () => {
    expect(markdownTable(['PLAN', 'RENT'], [['A1', '$1,800'], ['B2 long', '$2,300']], ['left', 'right'])).toBe(
      '| PLAN    |   RENT |\n' + '| ------- | -----: |\n' + '| A1      | $1,800 |\n' + '| B2 long | $2,300 |\n',
    );
  });
});

describe('--format md through the renderers', () => {
  interface Row {
    name: string;
    rent: number | null;
  }
  const columns: Column<Row>[] = [
    { key: 'name', header: 'NAME', value: (r) => r.name },
    { key: 'rent', header: 'RENT', value: (r) => r.rent, display: (r, style) => style.positive(r.rent === null ? '—' : `$${r.rent / 100}`) },
  ];

  it('a list is a Markdown table of the table view, never colored', async () => {
    const io = createTestIO({ stdoutTTY: true, color: true });
    await renderList(io, { format: 'md', rows: [{ name: 'Oak | Elm', rent: 180_000 }, { name: 'Birch', rent: null }], columns });
    expect(io.out()).toBe('| NAME       |  RENT |\n| ---------- | ----: |\n| Oak \\| Elm | $1800 |\n| Birch      |     — |\n');
  });

  it('an empty list says so on stderr, like the table', async () => {
    const io = createTestIO();
    await renderList(io, { format: 'md', rows: [], columns, emptyMessage: 'No communities yet.' });
    expect(io.out()).toBe('');
    expect(io.err()).toBe('No communities yet.\n');
  });

  it('a record is a two-column table of labels and values; --fields applies', async () => {
    const io = createTestIO();
    await renderRecord(io, { format: 'md', record: { name: 'Maple Court', rent: 180_000 }, columns, fields: ['rent', 'name'] });
    expect(io.out()).toBe('| Field | Value       |\n| ----- | ----------- |\n| Rent  | $1800       |\n| Name  | Maple Court |\n');
  });
});
