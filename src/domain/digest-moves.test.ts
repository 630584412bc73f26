import { describe, expect, it } from 'vitest';
import type { Change } from './digest.js';
import { moneyMoved, planMoves, type ChangeOwner } from './digest-moves.js';

const owner = (community: string, role: ChangeOwner['role'] = 'comp'): ChangeOwner => ({
  subject_id: 's1',
  subject_name: 'Maple Court',
  community_id: community,
  community_name: community,
  role,
});
const change = (who: ChangeOwner, kind: Change['kind'], plan: string | null, before: Change['before'], after: Change['after']) => ({
  ...who,
  kind,
  floor_plan_name: plan,
  before,
  after,
});
const limits = { minChangeCents: 0, minUnits: 2 };

describe('planMoves', () => {
  it('reads a plan\'s asking, NER and units together, one move per plan, biggest dollars first', () => {
    const oak = owner('Oak Flats');
    const maple = owner('Maple Court', 'subject');
    const moves = planMoves(
      [
        change(maple, 'rent', 'A1', 178_000, 180_000),
        change(maple, 'ner', 'A1', 168_000, 170_000),
        change(maple, 'units_available', 'A1', 3, 6),
        change(oak, 'ner', 'O-B15', 215_625, 225_000),
        change(oak, 'concession_ended', 'O-B15', 'half month free', null),
        change(oak, 'rent', 'O-B1', 215_000, 217_000),
      ],
      limits,
    );
    expect(moves.map((m) => [m.community_name, m.floor_plan_name, moneyMoved(m)])).toEqual([
      ['Oak Flats', 'O-B15', 9_375],
      // Equal moves: the subject before its comparables.
      ['Maple Court', 'A1', 2_000],
      ['Oak Flats', 'O-B1', 2_000],
    ]);
    expect(moves[1]).toMatchObject({ rent: { before: 178_000, after: 180_000 }, ner: { before: 168_000, after: 170_000 }, units: { before: 3, after: 6 } });
    expect(moves[0]).toMatchObject({ rent: null, ner: { before: 215_625, after: 225_000 }, units: null });
  });

  it('--min-units leaves out smaller unit moves; a plan with only those is no move', () => {
    const oak = owner('Oak Flats');
    const changes = [change(oak, 'units_available', 'O-A1', 3, 4), change(oak, 'units_available', 'O-B1', 0, 9), change(oak, 'rent', 'O-A1', 100_000, 101_000)];
    const moves = planMoves(changes, limits);
    expect(moves.map((m) => [m.floor_plan_name, m.units])).toEqual([
      ['O-A1', null],
      // Units alone rank after every money move.
      ['O-B1', { before: 0, after: 9 }],
    ]);
    expect(planMoves(changes, { minChangeCents: 0, minUnits: 1 })[0]!.units).toEqual({ before: 3, after: 4 });
  });

  it('--min-change keeps a plan whose asking or NER moved that much, with both sides shown', () => {
    const oak = owner('Oak Flats');
    const changes = [change(oak, 'rent', 'O-A1', 100_000, 103_000), change(oak, 'ner', 'O-A1', 95_000, 95_500), change(oak, 'rent', 'O-B1', 100_000, 102_499)];
    expect(planMoves(changes, { minChangeCents: 2_500, minUnits: 2 })).toEqual([
      { ...oak, floor_plan_name: 'O-A1', rent: { before: 100_000, after: 103_000 }, ner: { before: 95_000, after: 95_500 }, units: null },
    ]);
  });
});
