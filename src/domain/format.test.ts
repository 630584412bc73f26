import { describe, expect, it } from 'vitest';
import {
  MISSING,
  criBand,
  formatCri,
  formatMoney,
  formatMoneyExact,
  formatPerSqft,
  formatPercentFromFraction,
  formatPercentValue,
  formatSignedPercent,
  formatUnits,
  formatVacancy,
} from './format.js';

describe('money', () => {
  it.each([
    [184_500, '$1,845'],
    [184_549, '$1,845'],
    [184_550, '$1,846'],
    [0, '$0'],
    [99, '$1'],
    [-2_500, '-$25'],
    [-2_550, '-$26'], // half away from zero, symmetric with +$26
    [123_456_789, '$1,234,568'],
    [-10, '$0'], // no "-$0"
  ])('formatMoney(%d) → %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
  it.each([
    [183_333, '$1,833.33'],
    [176_923, '$1,769.23'],
    [5, '$0.05'],
    [-1_667, '-$16.67'],
    [100_000_000, '$1,000,000.00'],
  ])('formatMoneyExact(%d) → %s', (cents, text) => {
    expect(formatMoneyExact(cents)).toBe(text);
  });
  it('formatPerSqft takes cents per square foot', () => {
    expect(formatPerSqft(240)).toBe('$2.40/sf');
    expect(formatPerSqft(243.06)).toBe('$2.43/sf');
    expect(formatPerSqft(null)).toBe(MISSING);
  });
});

describe('percents', () => {
  it.each([
    [0.042, '+4.2%'],
    [-0.03, '-3.0%'],
    [0, '0.0%'],
    [0.00004, '0.0%'], // rounds to zero: no sign
    [-0.00004, '0.0%'],
    [0.0641, '+6.4%'],
    [-0.0092, '-0.9%'],
  ])('formatSignedPercent(%d) → %s', (fraction, text) => {
    expect(formatSignedPercent(fraction)).toBe(text);
  });
  it('formatSignedPercent takes the number of decimals', () => {
    expect(formatSignedPercent(0.0421, 2)).toBe('+4.21%');
    expect(formatSignedPercent(0.0421, 0)).toBe('+4%');
  });
  it('formatPercentFromFraction takes a fraction', () => {
    expect(formatPercentFromFraction(0.045)).toBe('4.5%');
    expect(formatPercentFromFraction(0.048)).toBe('4.8%');
    expect(formatPercentFromFraction(1)).toBe('100.0%');
    expect(formatPercentFromFraction(0.12345, 2)).toBe('12.35%');
  });
  it('formatPercentValue takes a percent', () => {
    expect(formatPercentValue(4.5)).toBe('4.5%');
    expect(formatPercentValue(66.7)).toBe('66.7%');
    expect(formatPercentValue(50, 0)).toBe('50%');
  });
});

describe('units and vacancy', () => {
  it.each([
    [12, '12 units'],
    [1, '1 unit'],
    [0, '0 units'],
    [1200, '1,200 units'],
  ])('formatUnits(%d) → %s', (count, text) => {
    expect(formatUnits(count)).toBe(text);
  });
  it('formatVacancy', () => {
    expect(formatVacancy(0.045, 12)).toBe('4.5% (12 units)');
    expect(formatVacancy(0.004, 1)).toBe('0.4% (1 unit)');
    expect(formatVacancy(0.045, null)).toBe('4.5%');
    expect(formatVacancy(null, 12)).toBe(MISSING);
  });
});

describe('CRI bands (lower bound inclusive)', () => {
  it.each([
    [0, 'aggressively priced'],
    [29.9, 'aggressively priced'],
    [30, 'market-aligned'],
    [59.9, 'market-aligned'],
    [60, 'premium'],
    [89.9, 'premium'],
    [90, 'outlier'],
    [100, 'outlier'],
  ])('%d → %s', (cri, band) => {
    expect(criBand(cri)).toBe(band);
  });
  it('null for no CRI', () => {
    expect(criBand(null)).toBeNull();
    expect(criBand(undefined)).toBeNull();
  });
  it('formatCri', () => {
    expect(formatCri(60)).toBe('60.0 (premium)');
    expect(formatCri(null)).toBe(MISSING);
  });
});

describe('missing values print an em dash', () => {
  const formatters = [
    formatMoney,
    formatMoneyExact,
    formatPerSqft,
    formatSignedPercent,
    formatPercentFromFraction,
    formatPercentValue,
    formatUnits,
    formatCri,
  ];
  it.each(formatters.map((f) => [f.name, f] as const))('%s', (_name, format) => {
    expect(format(null)).toBe('—');
    expect(format(undefined)).toBe('—');
    expect(format(Number.NaN)).toBe('—');
    expect(format(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
