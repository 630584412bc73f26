import { describe, expect, it } from 'vitest';
import { alignRows, countOf, cutToWidth, displayWidth, sanitize, wrapLines } from './text.js';

describe('sanitize', () => {
  it('drops cursor movement, OSC sequences and control characters', () => {
    const evil = 'Maple\x1b]0;pwned\x07 Court\x1b[2J\x1b]52;c;Zm9v\x1b\\\x07\x00\x9b';
    expect(sanitize(evil)).toBe('Maple Court');
  });
  it('keeps SGR colors only when asked', () => {
    const red = '\x1b[31mred\x1b[39m';
    expect(sanitize(red, { keepColor: true })).toBe(red);
    expect(sanitize(red)).toBe('red');
  });
  it('keeps only the SGR codes our styles write: no blink, reverse or hidden text from data', () => {
    const ours = '\x1b[1mbold\x1b[22m \x1b[90mgray\x1b[39m \x1b[0m\x1b[m';
    expect(sanitize(ours, { keepColor: true })).toBe(ours);
    expect(sanitize('a\x1b[5mblink\x1b[7mreverse\x1b[8mhidden\x1b[1;5mb', { keepColor: true })).toBe('ablinkreversehiddenb');
  });
  it('flattens newlines and tabs unless multiline', () => {
    expect(sanitize('a\nb\r\nc\td')).toBe('a b c d');
    expect(sanitize('a\nb\r\nc', { multiline: true })).toBe('a\nb\nc');
  });
});

describe('displayWidth', () => {
  it('ignores ANSI and counts wide characters twice', () => {
    expect(displayWidth('\x1b[1mabc\x1b[22m')).toBe(3);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('é')).toBe(1);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('…')).toBe(1);
  });
});

describe('cutToWidth', () => {
  it('leaves text that fits alone and cuts the rest with an ellipsis inside the width', () => {
    expect(cutToWidth('Barton Creek', 12)).toBe('Barton Creek');
    expect(cutToWidth('The Residences at Barton Creek', 12)).toBe('The Residen…');
    // No space left before the ellipsis.
    expect(cutToWidth('The Residences at Barton Creek', 5)).toBe('The…');
  });
  it('never splits a wide character, an emoji or a combined character; measures what shows', () => {
    // 東京 is 4 columns: in 6 only 東京 fits before "…" (5), the next character would need 2 more.
    expect(cutToWidth('東京タワー', 6)).toBe('東京…');
    expect(displayWidth(cutToWidth('東京タワー', 6))).toBe(5);
    expect(cutToWidth('🏡🏡🏡🏡', 5)).toBe('🏡🏡…');
    expect(cutToWidth('Cafe\u0301 de la Place', 6)).toBe('Cafe\u0301…');
    // Colors are not counted; a cut cell is plain.
    expect(cutToWidth('\x1b[31mMaple Court Residences\x1b[39m', 8)).toBe('Maple C…');
  });
});

describe('wrapLines', () => {
  it('leaves lines that fit alone', () => {
    expect(wrapLines('short\n\nalso short', 20)).toBe('short\n\nalso short');
  });
  it('breaks long lines at spaces, continuing under a label and its run of spaces', () => {
    const line = 'Concessions   3 of 10 comps (30.0%), average $75/month off asking';
    expect(wrapLines(line, 50)).toBe('Concessions   3 of 10 comps (30.0%), average\n              $75/month off asking');
    // A label wider than a third of the line: no hanging indent.
    expect(wrapLines(line, 40)).toBe('Concessions   3 of 10 comps (30.0%),\naverage $75/month off asking');
    expect(wrapLines('Revenue: -$8,567 a month if every plan moves to its target', 30)).toBe(
      'Revenue: -$8,567 a month if\nevery plan moves to its target',
    );
  });
  it('keeps items set apart by two spaces whole where they fit', () => {
    const line = 'Projected vacancy: 14d 5.0%  30d 6.9%  60d 9.2%  90d 12.2%  (52 surveys)';
    expect(wrapLines(line, 50)).toBe('Projected vacancy: 14d 5.0%  30d 6.9%  60d 9.2%\n90d 12.2%  (52 surveys)');
  });
  it('an indented line (a chart legend) continues at its indent', () => {
    const legend = '      ● A1 (1 BR)   ● A2 (1 BR)   ● B1 (2 BR)   ● B2 (2 BR)';
    expect(wrapLines(legend, 40)).toBe('      ● A1 (1 BR)   ● A2 (1 BR)\n      ● B1 (2 BR)   ● B2 (2 BR)');
  });
  it('measures colored text by what shows, and keeps a word longer than the line whole', () => {
    const colored = '\x1b[1mMaple Court\x1b[22m — 100 Main St, Austin';
    expect(wrapLines(colored, 24)).toBe('\x1b[1mMaple Court\x1b[22m — 100 Main\nSt, Austin');
    expect(wrapLines('a ' + 'x'.repeat(30) + ' b', 10)).toBe('a\n' + 'x'.repeat(30) + '\nb');
  });
});

describe('countOf', () => {
  it('puts the noun in the number the count needs', () => {
    expect(countOf(1, 'community', 'communities')).toBe('1 community');
    expect(countOf(0, 'community', 'communities')).toBe('0 communities');
    expect(countOf(3, 'floor plan')).toBe('3 floor plans');
    expect(countOf(1, 'floor plan')).toBe('1 floor plan');
  });
});

describe('alignRows', () => {
  it('pads every column to its widest cell in terminal columns, right-aligned ones on the left', () => {
    expect(alignRows([['PLAN', 'RENT'], ['日本', '$900'], ['A1', '$1,800']], { aligns: ['left', 'right'] })).toEqual([
      ['PLAN', '  RENT'],
      ['日本', '  $900'],
      ['A1  ', '$1,800'],
    ]);
  });
  it('no column narrower than minWidth; a short row is padded out', () => {
    expect(alignRows([['a', 'b'], ['c']], { minWidth: 3 })).toEqual([['a  ', 'b  '], ['c  ', '   ']]);
  });
});
