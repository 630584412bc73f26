import { describe, expect, it } from 'vitest';
import {
  changeSize,
  comparableChange,
  compareChanges,
  leaveOutSmallMoves,
  offersConcession,
  planChanges,
  vacancyChange,
  type Change,
  type PlanObservation,
} from './digest.js';

function plan(id: string, overrides: Partial<PlanObservation> = {}): PlanObservation {
  return {
    floor_plan_id: id,
    floor_plan_name: id.toUpperCase(),
    market_rent_cents: 180_000,
    net_effective_rent_cents: 180_000,
    units_available: 2,
    concessions: '',
    ...overrides,
  };
}

describe('planChanges', () => {
  it('lists asking rent, NER and units available per plan, before and after', () => {
    const before = [plan('a1', { market_rent_cents: 178_000, net_effective_rent_cents: 168_000, units_available: 3 })];
    const after = [plan('a1', { market_rent_cents: 180_000, net_effective_rent_cents: 170_000, units_available: 5 })];
    expect(planChanges(before, after)).toEqual([
      { kind: 'rent', floor_plan_name: 'A1', before: 178_000, after: 180_000 },
      { kind: 'ner', floor_plan_name: 'A1', before: 168_000, after: 170_000 },
      { kind: 'units_available', floor_plan_name: 'A1', before: 3, after: 5 },
    ]);
  });

  it('lists nothing for an unchanged plan, nor for a plan priced in only one survey', () => {
    expect(planChanges([plan('a1')], [plan('a1')])).toEqual([]);
    expect(planChanges([plan('a1')], [plan('b2', { market_rent_cents: 1 })])).toEqual([]);
  });

  it('--min-change drops smaller rent and NER moves, keeps moves of exactly that size', () => {
    const before = [plan('a1'), plan('b2', { market_rent_cents: 230_000, net_effective_rent_cents: 230_000 })];
    const after = [
      plan('a1', { market_rent_cents: 182_000, net_effective_rent_cents: 182_499 }), // +$20.00 and +$24.99
      plan('b2', { market_rent_cents: 232_500, net_effective_rent_cents: 227_500 }), // +$25.00 and −$25.00
    ];
    expect(leaveOutSmallMoves(planChanges(before, after), 2_500)).toEqual([
      { kind: 'rent', floor_plan_name: 'B2', before: 230_000, after: 232_500 },
      { kind: 'ner', floor_plan_name: 'B2', before: 230_000, after: 227_500 },
    ]);
    expect(planChanges(before, after)).toHaveLength(4);
  });

  it('tells a concession that started, ended or changed, per plan', () => {
    const before = [plan('a1'), plan('b2', { concessions: '$500 off move-in' }), plan('c3', { concessions: 'half month free' }), plan('d4')];
    const after = [
      plan('a1', { concessions: '6 weeks free' }),
      plan('b2', { concessions: '$1,000 off move-in' }),
      plan('c3', { concessions: '' }),
      plan('d4'),
    ];
    expect(planChanges(before, after)).toEqual([
      { kind: 'concession_started', floor_plan_name: 'A1', before: null, after: '6 weeks free' },
      { kind: 'concession_changed', floor_plan_name: 'B2', before: '$500 off move-in', after: '$1,000 off move-in' },
      { kind: 'concession_ended', floor_plan_name: 'C3', before: 'half month free', after: null },
    ]);
  });

  it('reads "none" and "no specials" as no concession, and the same special written differently as unchanged', () => {
    expect(offersConcession('')).toBe(false);
    expect(offersConcession('None')).toBe(false);
    expect(offersConcession('6 weeks free')).toBe(true);
    expect(offersConcession('Call for specials')).toBe(true); // not understood is not none
    expect(planChanges([plan('a1', { concessions: 'None' })], [plan('a1', { concessions: '' })])).toEqual([]);
    expect(planChanges([plan('a1', { concessions: '1 Month  Free' })], [plan('a1', { concessions: '1 month free' })])).toEqual([]);
    expect(planChanges([plan('a1', { concessions: 'none' })], [plan('a1', { concessions: '1 month free' })])).toEqual([
      { kind: 'concession_started', floor_plan_name: 'A1', before: 'none', after: '1 month free' },
    ]);
  });

  it('lists a special that changed the same way on every plan (two or more) once, for the community', () => {
    const tiered = '1 month free on 12 month lease, 2 months free on 18 month lease';
    const before = [plan('a1'), plan('b2')];
    const after = [plan('a1', { concessions: tiered }), plan('b2', { concessions: tiered })];
    expect(planChanges(before, after)).toEqual([{ kind: 'concession_started', floor_plan_name: null, before: null, after: tiered }]);
    // Not every plan: per plan.
    expect(planChanges([...before, plan('c3')], [...after, plan('c3')])).toHaveLength(2);
  });
});

describe('vacancyChange', () => {
  it('lists a move of one point or more, either way', () => {
    expect(vacancyChange(2.5, 5)).toEqual({ kind: 'vacancy', floor_plan_name: null, before: 2.5, after: 5 });
    expect(vacancyChange(5, 3.9)).toEqual({ kind: 'vacancy', floor_plan_name: null, before: 5, after: 3.9 });
    expect(vacancyChange(4.8, 5.7)).toBeNull(); // 0.9 point
    expect(vacancyChange(4.8, null)).toBeNull();
  });

  it('counts 3.6 → 4.6 as a full point (in floating point 4.6 − 3.6 = 0.9999999999999996)', () => {
    expect(4.6 - 3.6).toBeLessThan(1);
    expect(vacancyChange(3.6, 4.6)).not.toBeNull();
    expect(vacancyChange(8.2, 7.2)).not.toBeNull();
  });
});

describe('comparableChange', () => {
  it('added: active, in the later survey only; deactivated: inactive, in the earlier survey only', () => {
    expect(comparableChange({ active: true, inEarlier: false, inLater: true })).toEqual({
      kind: 'comp_added', floor_plan_name: null, before: null, after: 'active',
    });
    expect(comparableChange({ active: false, inEarlier: true, inLater: false })).toEqual({
      kind: 'comp_deactivated', floor_plan_name: null, before: 'active', after: 'inactive',
    });
  });

  it('neither for a comp that merely missed a survey, nor (yet) for one switched off after the later survey', () => {
    expect(comparableChange({ active: true, inEarlier: true, inLater: false })).toBeNull();
    expect(comparableChange({ active: true, inEarlier: false, inLater: false })).toBeNull(); // no data yet
    expect(comparableChange({ active: false, inEarlier: true, inLater: true })).toBeNull();
    expect(comparableChange({ active: false, inEarlier: false, inLater: false })).toBeNull();
  });
});

describe('compareChanges', () => {
  const change = (kind: Change['kind'], before: Change['before'], after: Change['after'], extra: Partial<{ role: 'subject' | 'comp'; community_name: string; floor_plan_name: string | null }> = {}) => ({
    kind,
    before,
    after,
    floor_plan_name: extra.floor_plan_name ?? 'A1',
    role: extra.role ?? 'comp',
    community_name: extra.community_name ?? 'Oak Flats',
  });

  it('puts comparable-set changes, vacancy and concessions first, then the biggest money moves', () => {
    const changes = [
      change('units_available', 2, 9),
      change('rent', 180_000, 182_000),
      change('ner', 190_000, 168_077, { community_name: 'Birch Commons' }),
      change('concession_started', null, '6 weeks free', { community_name: 'Birch Commons', floor_plan_name: null }),
      change('vacancy', 2.5, 5, { role: 'subject', community_name: 'Maple Court', floor_plan_name: null }),
      change('comp_deactivated', 'active', 'inactive', { community_name: 'Dogwood Place', floor_plan_name: null }),
      change('rent', 260_000, 262_500, { role: 'subject', community_name: 'Maple Court', floor_plan_name: 'C3' }),
    ];
    expect([...changes].sort(compareChanges).map((c) => `${c.kind} ${c.community_name}`)).toEqual([
      'comp_deactivated Dogwood Place',
      'vacancy Maple Court',
      'concession_started Birch Commons',
      'ner Birch Commons', // 21,923
      'rent Maple Court', // 2,500
      'rent Oak Flats', // 2,000
      'units_available Oak Flats',
    ]);
  });

  it('on equal moves: the subject first, then by community and plan name', () => {
    const changes = [
      change('rent', 100, 200, { community_name: 'Oak Flats', floor_plan_name: 'B2' }),
      change('rent', 100, 200, { community_name: 'Oak Flats', floor_plan_name: 'A1' }),
      change('rent', 100, 200, { community_name: 'Zed Court', role: 'subject' }),
    ];
    expect([...changes].sort(compareChanges).map((c) => `${c.community_name} ${c.floor_plan_name}`)).toEqual([
      'Zed Court A1',
      'Oak Flats A1',
      'Oak Flats B2',
    ]);
    expect(changeSize(change('concession_changed', 'a', 'b'))).toBe(0);
  });
});
