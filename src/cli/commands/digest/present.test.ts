import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../../output/markdown.js';
import type { DigestChange } from './collect.js';
import { sentence, showMove, showValue } from './present.js';

const base: DigestChange = {
  subject_id: 's',
  subject_name: 'Maple Court',
  community_id: 'c',
  community_name: 'Oak *Flats*',
  role: 'comp',
  kind: 'concession_started',
  floor_plan_name: 'A_1',
  before: null,
  after: '$500 off <select> units',
};

describe('digest sentences', () => {
  it('escape names and concession texts for Markdown when asked', () => {
    expect(sentence(base, escapeMarkdown)).toBe('Oak \\*Flats\\* (comp), A\\_1: concession started: "$500 off \\<select\\> units"');
    expect(sentence(base)).toBe('Oak *Flats* (comp), A_1: concession started: "$500 off <select> units"');
  });

  it('say what a special replaced or what replaced it when the other side is not empty', () => {
    expect(sentence({ ...base, before: 'No specials' })).toContain('concession started: "$500 off <select> units" (was "No specials")');
    expect(sentence({ ...base, kind: 'concession_ended', before: '1 month free', after: 'none' })).toContain(
      'concession ended: "1 month free" (now "none")',
    );
  });

  it('money in dollars (cents only when there are some), vacancy in points, counts signed', () => {
    expect(showValue('ner', 168_077)).toBe('$1,680.77');
    expect(showValue('rent', 180_000)).toBe('$1,800');
    expect(showMove({ kind: 'ner', before: 190_000, after: 168_077 })).toBe('-$219.23');
    expect(showMove({ kind: 'vacancy', before: 3.6, after: 4.6 })).toBe('+1.0 pts');
    expect(showMove({ kind: 'units_available', before: 5, after: 2 })).toBe('-3');
    expect(showMove({ kind: 'comp_added', before: null, after: 'active' })).toBe('');
  });
});
