import { describe, expect, it } from 'vitest';
import { closestReferences, looksLikeIdPrefix, matchReference } from './reference-match.js';

const c = (id: string, name: string, external_community_id: string | null = null) => ({ id, name, external_community_id });
const BARTON = c('8bf1db16-f3aa-83c6-a861-e72157216871', 'Barton Creek Terrace', 'DR-006');
const RETREAT = c('b99edc54-a147-8e9b-a461-6fad4f3718d2', 'The Retreat at Barton Creek', 'DR-002');
const BRODIE = c('8ba7e33d-b71e-81ba-89b6-bdc616404479', 'Brodie Lane Flats', 'DR-004');
const CAFE = c('cafe0000-0000-4000-8000-000000000001', 'Cafe', '8bf1');
const ALL = [BARTON, RETREAT, BRODIE];

const names = (ref: string, candidates = ALL) => {
  const { tier, found } = matchReference(ref, candidates);
  return { tier, names: found.map((f) => f.name) };
};

describe('matchReference', () => {
  it('the whole id, any case', () => {
    expect(names(BARTON.id.toUpperCase())).toEqual({ tier: 'id', names: ['Barton Creek Terrace'] });
  });

  it('an external id, whole, any case; never a part of one', () => {
    expect(names('dr-006')).toEqual({ tier: 'external id', names: ['Barton Creek Terrace'] });
    expect(names('DR-00')).toEqual({ tier: undefined, names: [] });
  });

  it('a name, whole, any case, runs of spaces as one', () => {
    expect(names('  barton   CREEK terrace ')).toEqual({ tier: 'name', names: ['Barton Creek Terrace'] });
  });

  it('partial: a part of a name, unique or not', () => {
    expect(names('terrace')).toEqual({ tier: 'partial', names: ['Barton Creek Terrace'] });
    expect(names('Barton Creek')).toEqual({ tier: 'partial', names: ['Barton Creek Terrace', 'The Retreat at Barton Creek'] });
  });

  it('partial: an id prefix of 4 hex digits or more, dashes where the id has them', () => {
    expect(names('8bf1')).toEqual({ tier: 'partial', names: ['Barton Creek Terrace'] });
    expect(names('8BF1DB16-F3')).toEqual({ tier: 'partial', names: ['Barton Creek Terrace'] });
    expect(names('8b')).toEqual({ tier: undefined, names: [] }); // too short to mean an id
    expect(names('8bf')).toEqual({ tier: undefined, names: [] });
    expect(names('8ba7')).toEqual({ tier: 'partial', names: ['Brodie Lane Flats'] });
  });

  it('exact beats partial: an external id that is also an id prefix, a name that is part of another', () => {
    expect(names('8bf1', [...ALL, CAFE])).toEqual({ tier: 'external id', names: ['Cafe'] });
    expect(names('cafe', [...ALL, CAFE])).toEqual({ tier: 'name', names: ['Cafe'] });
    const creek = c('00000000-0000-4000-8000-000000000002', 'Barton Creek');
    expect(names('barton creek', [...ALL, creek])).toEqual({ tier: 'name', names: ['Barton Creek'] });
  });

  it('two records with the same name are both found (ambiguous); one record listed twice once', () => {
    const twin = c('00000000-0000-4000-8000-000000000003', 'Barton Creek Terrace');
    expect(names('Barton Creek Terrace', [...ALL, twin]).names).toHaveLength(2);
    expect(names('terrace', [BARTON, { ...BARTON, id: BARTON.id.toUpperCase() }]).names).toHaveLength(1);
  });

  it('nothing for an empty reference; records without an external id never match one', () => {
    expect(names('   ')).toEqual({ tier: undefined, names: [] });
    expect(names('null', [c('00000000-0000-4000-8000-000000000004', 'X')])).toEqual({ tier: undefined, names: [] });
  });
});

describe('looksLikeIdPrefix', () => {
  it.each([
    ['8bf1', true],
    ['8BF1DB16-f3aa', true],
    ['cafe', true],
    ['8bf', false],
    ['8b-f', false],
    ['DR-006', false],
    ['barton', false],
  ])('%s → %s', (ref, expected) => expect(looksLikeIdPrefix(ref)).toBe(expected));
});

describe('closestReferences (did you mean)', () => {
  const near = (ref: string) => closestReferences(ref, [...ALL, CAFE]).map((c) => c.name);

  it('a letter or two off, in the whole name or in a word run of it, or in the external id', () => {
    expect(near('Barton Creek Terace')).toEqual(['Barton Creek Terrace']); // one letter left out
    expect(near('barton creek terrcae')).toEqual(['Barton Creek Terrace']); // two swapped
    expect(near('Terace')).toEqual(['Barton Creek Terrace']); // a word of it
    expect(near('Brodie Lane Flts')).toEqual(['Brodie Lane Flats']);
    expect(near('DR-04')).toEqual(['Brodie Lane Flats']);
    expect(near('Barton Crek')).toEqual(['Barton Creek Terrace', 'The Retreat at Barton Creek']);
  });

  it('nothing when nothing is near, or too little was typed to tell', () => {
    expect(near('Zilker Point')).toEqual([]);
    expect(near('Nowhere Flats')).toEqual([]);
    expect(near('Bartn Crk')).toEqual([]); // three off in nine letters: more than a quarter
    expect(near('Ba')).toEqual([]);
    expect(near('ark')).toEqual([]); // not from a word's start
  });
});
