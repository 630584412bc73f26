import { describe, expect, it } from 'vitest';
import { bandOf, criBand, shortBand } from './bands.js';

describe('CRI bands (lower bound inclusive)', () => {
  it.each([
    [0, 'aggressively priced', 'aggressive'],
    [29.9, 'aggressively priced', 'aggressive'],
    [30, 'market-aligned', 'market'],
    [59.9, 'market-aligned', 'market'],
    [60, 'premium', 'premium'],
    [89.9, 'premium', 'premium'],
    [90, 'outlier', 'outlier'],
    [100, 'outlier', 'outlier'],
  ] as const)('%d → %s, short %s', (cri, name, short) => {
    expect(criBand(cri)).toBe(name);
    expect(bandOf(cri)).toBe(short);
    expect(shortBand(name)).toBe(short);
  });
  it('null for no CRI', () => {
    for (const cri of [null, undefined, Number.NaN]) {
      expect(criBand(cri)).toBeNull();
      expect(bandOf(cri)).toBeNull();
    }
  });
});
