import { describe, expect, it } from 'vitest';
import { displayWidth, sanitize } from './text.js';

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
