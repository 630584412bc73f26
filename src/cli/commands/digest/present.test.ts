import { describe, expect, it } from 'vitest';
import type { PlanMove } from '../../../domain/digest-moves.js';
import type { DigestChange } from './collect.js';
import { moveLine, points, sentence, showMove, showValue } from './present.js';

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
  it('are plain text: each format escapes names and concession texts its own way', () => {
    expect(sentence(base)).toBe('Oak *Flats* (comp), A_1: concession started: "$500 off <select> units"');
  });

  it('say what a special replaced or what replaced it when the other side is not empty', () => {
    expect(sentence({ ...base, before: 'No specials' })).toContain('concession started: "$500 off <select> units" (was "No specials")');
    expect(sentence({ ...base, kind: 'concession_ended', before: '1 month free', after: 'none' })).toContain(
      'concession ended: "1 month free" (now "none")',
    );
  });

  it('asking rents in whole dollars, NERs in dollars and cents, vacancy in points, counts signed', () => {
    expect(showValue('ner', 168_077)).toBe('$1,680.77');
    expect(showValue('ner', 180_000)).toBe('$1,800.00');
    expect(showValue('rent', 180_000)).toBe('$1,800');
    expect(showValue('rent', 177_640)).toBe('$1,776');
    expect(showMove({ kind: 'ner', before: 190_000, after: 168_077 })).toBe('-$219.23');
    expect(showMove({ kind: 'vacancy', before: 3.6, after: 4.6 })).toBe('+1.0 pts');
    expect(showMove({ kind: 'units_available', before: 5, after: 2 })).toBe('-3');
    expect(showMove({ kind: 'comp_added', before: null, after: 'active' })).toBe('');
  });
});

describe('a plan move on one line', () => {
  const plan: PlanMove = { ...base, floor_plan_name: 'A1', rent: null, ner: null, units: null, concession: null };

  it('says "NER the same" only when NER was the asking rent at both surveys', () => {
    const same = { before: 162_500, after: 160_100 };
    expect(moveLine({ ...plan, rent: same, ner: same })).toBe('Oak *Flats* (comp), A1 $1,625 → $1,601 (-$24), NER the same');
    expect(moveLine({ ...plan, rent: same, ner: { before: 150_000, after: 147_600 } })).toBe(
      'Oak *Flats* (comp), A1 $1,625 → $1,601 (-$24), NER $1,500.00 → $1,476.00 (-$24.00)',
    );
  });

  it('every move is the difference of the figures as shown', () => {
    // $1,776.40 → $1,759.60 is -$16.80, shown as $1,776 → $1,760: the move reads -$16.
    expect(moveLine({ ...plan, rent: { before: 177_640, after: 175_960 } })).toBe('Oak *Flats* (comp), A1 $1,776 → $1,760 (-$16), NER unchanged');
    expect(showMove({ kind: 'rent', before: 177_650, after: 175_949 })).toBe('-$18');
    expect(showMove({ kind: 'vacancy', before: 4.84, after: 5.76 })).toBe('+1.0 pts');
  });

  it('names the concession that moved the NER', () => {
    const started = { kind: 'concession_started' as const, before: null, after: '8 weeks free' };
    expect(moveLine({ ...plan, floor_plan_name: 'C1', ner: { before: 228_100, after: 193_008 }, concession: started })).toBe(
      'Oak *Flats* (comp), C1 NER $2,281.00 → $1,930.08 (-$350.92): "8 weeks free" started; asking unchanged',
    );
    expect(
      moveLine({ ...plan, rent: { before: 169_000, after: 168_000 }, ner: { before: 164_000, after: 158_000 }, concession: { kind: 'concession_changed', before: '$600 off', after: '$1,200 off' } }),
    ).toBe('Oak *Flats* (comp), A1 $1,690 → $1,680 (-$10), NER $1,640.00 → $1,580.00 (-$60.00): "$600 off" → "$1,200 off"');
    expect(moveLine({ ...plan, ner: { before: 147_500, after: 150_000 }, concession: { kind: 'concession_ended', before: '$300 off', after: null } })).toContain(
      'NER $1,475.00 → $1,500.00 (+$25.00): "$300 off" ended; asking unchanged',
    );
  });

  it('names the side that did not move, and adds units available', () => {
    expect(moveLine({ ...plan, ner: { before: 240_000, after: 212_308 } })).toBe('Oak *Flats* (comp), A1 NER $2,400.00 → $2,123.08 (-$276.92), asking unchanged');
    expect(moveLine({ ...plan, rent: { before: 180_000, after: 182_000 }, units: { before: 2, after: 5 } }, true)).toBe(
      'Oak *Flats* (comp of Maple Court), A1 $1,800 → $1,820 (+$20), NER unchanged; units available 2 → 5 (+3)',
    );
    expect(moveLine({ ...plan, role: 'subject', community_name: 'Maple Court', units: { before: 9, after: 6 } }, true)).toBe(
      'Maple Court, A1 units available 9 → 6 (-3)',
    );
  });

  it('moves of a fraction read in percentage points of the values shown', () => {
    expect(points(0.0058, 0.032)).toBe('+2.6 pts');
    expect(points(-0.0667, -0.082)).toBe('-1.5 pts');
    expect(points(0.01, 0.01)).toBe('0.0 pts');
    // -1.4% → -3.7% is -2.3 points as shown, though -0.0142 → -0.0365 is -2.23.
    expect(points(-0.0142, -0.0365)).toBe('-2.3 pts');
  });
});
