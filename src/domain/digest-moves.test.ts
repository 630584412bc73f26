import { describe, expect, it } from 'vitest';
import type { Change } from './digest.js';
import { moneyMoved, planMoves, topMoves, type ChangeOwner, type PlanMove } from './digest-moves.js';

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
      { ...oak, floor_plan_name: 'O-A1', rent: { before: 100_000, after: 103_000 }, ner: { before: 95_000, after: 95_500 }, units: null, concession: null },
    ]);
  });

  it('a move names the concession that moved its NER: the plan\'s, or its community\'s on every plan', () => {
    const oak = owner('Oak Flats');
    const birch = owner('Birch Commons');
    const moves = planMoves(
      [
        // Birch: "6 weeks free" on every plan, asking unchanged.
        change(birch, 'concession_started', null, null, '6 weeks free'),
        change(birch, 'ner', 'B-B2', 240_000, 212_308),
        change(birch, 'ner', 'B-A1', 190_000, 168_077),
        // Oak: one plan's special ended, another plan only raised its asking rent.
        change(oak, 'concession_ended', 'O-B15', 'half month free', null),
        change(oak, 'ner', 'O-B15', 215_625, 225_000),
        change(oak, 'rent', 'O-B1', 215_000, 217_000),
        change(oak, 'ner', 'O-B1', 215_000, 217_000),
      ],
      limits,
    );
    expect(moves.map((m) => [m.community_name, m.floor_plan_name, m.concession])).toEqual([
      ['Birch Commons', 'B-B2', { kind: 'concession_started', before: null, after: '6 weeks free' }],
      ['Birch Commons', 'B-A1', { kind: 'concession_started', before: null, after: '6 weeks free' }],
      ['Oak Flats', 'O-B15', { kind: 'concession_ended', before: 'half month free', after: null }],
      ['Oak Flats', 'O-B1', null],
    ]);
  });

  it('a special that is no rent does not explain a NER that moved with asking', () => {
    const vista = owner('Vista Row');
    const [move] = planMoves(
      [change(vista, 'concession_started', 'V1', null, 'Waived application fee'), change(vista, 'rent', 'V1', 150_000, 152_000), change(vista, 'ner', 'V1', 150_000, 152_000)],
      limits,
    );
    expect(move!.concession).toBeNull();
    // Asking up $20 while a special took $300 off the NER: the special is why.
    const [special] = planMoves(
      [change(vista, 'concession_started', 'V1', null, '$3,600 off'), change(vista, 'rent', 'V1', 150_000, 152_000), change(vista, 'ner', 'V1', 150_000, 122_000)],
      limits,
    );
    expect(special!.concession).toMatchObject({ kind: 'concession_started', after: '$3,600 off' });
  });
});

describe('topMoves', () => {
  const move = (community: string, plan: string, cents: number): PlanMove => ({
    ...owner(community),
    floor_plan_name: plan,
    rent: null,
    ner: { before: 200_000, after: 200_000 - cents },
    units: null,
    concession: null,
  });
  const shown = (lines: ReturnType<typeof topMoves>['lines']) =>
    lines.map((line) => ('move' in line ? `${line.move.community_name} ${line.move.floor_plan_name}` : `+${line.more} ${line.community.community_name}`));

  it("at most two lines a comparable, then how many more of its plans moved; the top counts moves listed; a subject's own plans all", () => {
    const moves = [move('Parkside', 'C1', 35_092), move('Parkside', 'B1', 28_292), move('Xylo', 'X1', 30_000), move('Parkside', 'A2', 27_323), move('Parkside', 'A1', 25_385), move('Wren', 'W1', 23_077)];
    const sorted = [...moves].sort((a, b) => moneyMoved(b) - moneyMoved(a));
    expect(shown(topMoves(sorted, 10).lines)).toEqual(['Parkside C1', 'Xylo X1', 'Parkside B1', '+2 Parkside', 'Wren W1']);
    expect(topMoves(sorted, 10).shown).toBe(4);
    // The count line follows a community's second line even when the list ends there.
    expect(shown(topMoves(sorted, 3).lines)).toEqual(['Parkside C1', 'Xylo X1', 'Parkside B1', '+2 Parkside']);
    expect(shown(topMoves(sorted, 1).lines)).toEqual(['Parkside C1']);
    const own = (plan: string, cents: number): PlanMove => ({ ...move('Maple Court', plan, cents), role: 'subject' });
    expect(shown(topMoves([own('A1', 300), own('B1', 200), own('C1', 100)], 10).lines)).toEqual(['Maple Court A1', 'Maple Court B1', 'Maple Court C1']);
  });
});
