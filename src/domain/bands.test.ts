import { describe, expect, it } from 'vitest';
import { BAND_LEGEND, bandNamed, bandOf, bandRange, BANDS } from './bands.js';

describe('CRI bands (lower bound inclusive)', () => {
  it.each([
    [0, 'aggressive'],
    [29.9, 'aggressive'],
    [30, 'market'],
    [59.9, 'market'],
    [60, 'premium'],
    [89.9, 'premium'],
    [90, 'outlier'],
    [100, 'outlier'],
  ] as const)('%d → %s', (cri, band) => {
    expect(bandOf(cri)).toBe(band);
  });

  it('null for no CRI', () => {
    for (const cri of [null, undefined, Number.NaN]) expect(bandOf(cri)).toBeNull();
  });

  it('one name per band; the long form only in the legend, and accepted where a band is typed', () => {
    expect(BANDS).toEqual(['aggressive', 'market', 'premium', 'outlier']);
    expect(bandRange('market')).toEqual({ from: 30, to: 60 });
    expect(BAND_LEGEND).toBe('CRI bands: aggressive 0–30 (aggressively priced), market 30–60 (market-aligned), premium 60–90, outlier 90–100');
    for (const typed of ['market', 'Market', 'market-aligned', 'market aligned'.replace(' ', '-'), ' MARKET-ALIGNED ']) expect(bandNamed(typed)).toBe('market');
    expect(bandNamed('aggressively priced')).toBe('aggressive');
    expect(bandNamed('aggressively-priced')).toBe('aggressive');
    expect(bandNamed('toString')).toBeUndefined();
    expect(bandNamed('')).toBeUndefined();
  });
});
