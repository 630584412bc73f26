// The dashboard's view state: what each key does to selection, scroll, filter, sort, the
// portfolio's band and signal filters, the views open, and what is being typed.
import { describe, expect, it } from 'vitest';
import { breadcrumb, clampPosition, currentFrame, initialState, positionOf, press, type DashboardState, type Key, type ListInfo, type ViewRef } from './state.js';

const community: ViewRef = { kind: 'community', id: 'c1', name: 'Maple Court', external_community_id: 'MC-1' };

function list(overrides: Partial<ListInfo> = {}): ListInfo {
  return {
    key: 'communities',
    count: 100,
    pageSize: 10,
    sortKeys: ['community', 'psi_ner', 'signal'],
    defaultSort: { key: 'psi_ner', descending: true },
    sections: 1,
    positioning: true,
    target: () => community,
    exportName: 'positioning.csv',
    ...overrides,
  };
}

const char = (text: string, ctrl = false): Key => ({ name: 'char', text, ...(ctrl ? { ctrl } : {}) });
const named = (name: Key['name']): Key => ({ name });

/** The keys pressed in turn on the same list; the state after them (effects are checked apart). */
function after(keys: readonly Key[], on: ListInfo = list(), from: DashboardState = initialState()): DashboardState {
  return keys.reduce((state, key) => press(state, key, on).state, from);
}

describe('selection and scroll', () => {
  it('moves with arrows and j/k, never past either end', () => {
    expect(positionOf(after([named('down'), char('j'), char('j')]), 'communities').selected).toBe(3);
    expect(positionOf(after([char('k'), named('up')]), 'communities').selected).toBe(0);
    expect(positionOf(after([char('G'), named('down')]), 'communities').selected).toBe(99);
    expect(positionOf(after([char('G'), char('g')]), 'communities').selected).toBe(0);
  });

  it('keeps the selected row on screen: the page scrolls with it', () => {
    const state = after(Array.from({ length: 12 }, () => char('j')));
    expect(positionOf(state, 'communities')).toMatchObject({ selected: 12, top: 3 });
    expect(positionOf(after([named('pageDown')]), 'communities')).toMatchObject({ selected: 10, top: 10 });
    expect(positionOf(after([named('pageDown'), named('pageUp')]), 'communities')).toMatchObject({ selected: 0, top: 0 });
    expect(positionOf(after([char('f', true)]), 'communities').selected).toBe(10);
  });

  it('clamps to a list that got shorter (a filter, a smaller terminal)', () => {
    expect(clampPosition({ selected: 50, top: 45, filter: '' }, 20, 10)).toMatchObject({ selected: 19, top: 10 });
    expect(clampPosition({ selected: 5, top: 0, filter: '' }, 0, 10)).toMatchObject({ selected: 0, top: 0 });
  });
});

describe('filter', () => {
  it('narrows as typed; Enter keeps it, Esc while typing drops it', () => {
    const typed = after([char('/'), char('b'), char('a'), char('r')]);
    expect(typed.mode.kind).toBe('filter');
    expect(positionOf(typed, 'communities').filter).toBe('bar');
    const kept = after([named('enter')], list(), typed);
    expect(kept.mode.kind).toBe('browse');
    expect(positionOf(kept, 'communities').filter).toBe('bar');
    expect(positionOf(after([named('escape')], list(), typed), 'communities').filter).toBe('');
    expect(positionOf(after([named('backspace')], list(), typed), 'communities').filter).toBe('ba');
  });

  it('Ctrl-U empties what is typed, a filter or a file name', () => {
    expect(positionOf(after([char('/'), char('a'), char('u', true)]), 'communities').filter).toBe('');
    expect(after([char('e'), char('u', true)]).mode).toEqual({ kind: 'export', path: '' });
  });

  it('q and j are letters while typing', () => {
    const state = after([char('/'), char('q'), char('j')]);
    expect(positionOf(state, 'communities').filter).toBe('qj');
    expect(press(state, char('q'), list()).effect).toBeUndefined();
  });

  it('Esc in a filtered list clears the filter first, then goes back', () => {
    const opened = after([named('enter')]);
    expect(currentFrame(opened).view).toEqual(community);
    const filtered = after([char('/'), char('a'), named('enter')], list({ key: 'plans' }), opened);
    const cleared = after([named('escape')], list({ key: 'plans' }), filtered);
    expect(currentFrame(cleared).view).toEqual(community);
    expect(positionOf(cleared, 'plans').filter).toBe('');
    expect(currentFrame(after([named('escape')], list({ key: 'plans' }), cleared)).view.kind).toBe('portfolio');
  });
});

describe('views', () => {
  it('Enter opens the row, Esc goes back, the portfolio stays', () => {
    const opened = after([char('j'), named('enter')]);
    expect(breadcrumb(opened)).toEqual(['Portfolio', 'Maple Court']);
    // Where the portfolio was is kept for the way back.
    const back = after([named('escape')], list(), opened);
    expect(breadcrumb(back)).toEqual(['Portfolio']);
    expect(positionOf(back, 'communities').selected).toBe(1);
    expect(after([named('escape')]).message?.text).toMatch(/q quits/);
  });

  it('Enter on a row that leads nowhere, or an empty list, does nothing', () => {
    expect(after([named('enter')], list({ target: () => undefined })).stack).toHaveLength(1);
    expect(after([named('enter')], list({ count: 0 })).stack).toHaveLength(1);
  });

  it('Tab, Shift-Tab and digits switch sections where there are several', () => {
    const sections = list({ sections: 4 });
    expect(currentFrame(after([named('tab'), named('tab')], sections)).section).toBe(2);
    expect(currentFrame(after([named('backTab')], sections)).section).toBe(3);
    expect(currentFrame(after([char('3')], sections)).section).toBe(2);
    expect(currentFrame(after([char('9')], sections)).section).toBe(0);
    expect(currentFrame(after([named('tab')])).section).toBe(0);
  });

  it('w opens This week, p goes back to the portfolio', () => {
    const week = after([char('w')]);
    expect(breadcrumb(week)).toEqual(['Portfolio', 'This week']);
    expect(after([char('w')], list(), week).stack).toHaveLength(2);
    expect(breadcrumb(after([named('enter'), char('p')]))).toEqual(['Portfolio']);
  });
});

describe('sort and the portfolio filters', () => {
  it('s steps through the columns and back to the list order; S inverts', () => {
    expect(positionOf(after([char('s')]), 'communities').sort).toEqual({ key: 'community', descending: false });
    expect(positionOf(after([char('s'), char('s')]), 'communities').sort).toEqual({ key: 'psi_ner', descending: false });
    expect(positionOf(after([char('s'), char('s'), char('s'), char('s')]), 'communities').sort).toBeUndefined();
    // Without a sort, S inverts the list's own order: least above market first.
    expect(positionOf(after([char('S')]), 'communities').sort).toEqual({ key: 'psi_ner', descending: false });
    expect(positionOf(after([char('s'), char('S')]), 'communities').sort).toEqual({ key: 'community', descending: true });
  });

  it('b and a step through the bands and signals, then back to all', () => {
    expect(after([char('b')]).band).toBe('aggressive');
    expect(after([char('b'), char('b'), char('b'), char('b'), char('b')]).band).toBeUndefined();
    expect(after([char('a')]).signal).toBe('raise');
    expect(after([char('b')], list({ positioning: false })).message?.text).toMatch(/portfolio/);
  });
});

describe('effects', () => {
  it('q quits, Ctrl-C quits interrupted (in any mode), r reads again', () => {
    expect(press(initialState(), char('q'), list()).effect).toEqual({ kind: 'quit', interrupted: false });
    expect(press(after([char('/')]), char('c', true), list()).effect).toEqual({ kind: 'quit', interrupted: true });
    expect(press(initialState(), char('r'), list()).effect).toEqual({ kind: 'reload' });
  });

  it('e asks for a file in the status line, suggests one, and writes on Enter', () => {
    const asked = after([char('e')]);
    expect(asked.mode).toEqual({ kind: 'export', path: 'positioning.csv' });
    const typed = after([...Array.from({ length: 'positioning.csv'.length }, () => named('backspace')), ...[...'x.xlsx'].map((c) => char(c))], list(), asked);
    expect(press(typed, named('enter'), list()).effect).toEqual({ kind: 'export', path: 'x.xlsx' });
    expect(after([named('escape')], list(), asked).mode.kind).toBe('browse');
    const empty = after(Array.from({ length: 20 }, () => named('backspace')), list(), asked);
    expect(press(empty, named('enter'), list()).state.message?.error).toBe(true);
  });

  it('? shows the keys; Esc or ? closes them', () => {
    const help = after([char('?')]);
    expect(help.mode.kind).toBe('help');
    expect(after([named('escape')], list(), help).mode.kind).toBe('browse');
    expect(after([char('?')], list(), help).mode.kind).toBe('browse');
    expect(after([char('j')], list(), help)).toEqual(help);
  });
});
