import { describe, expect, it } from 'vitest';
import {
  MISSING,
  bedroomsLabel,
  formatCount,
  formatAmount,
  formatCri,
  formatMoney,
  formatMoneyExact,
  formatPerSqft,
  formatPlanLayout,
  formatPercentFromFraction,
  formatPercentValue,
  formatSignedMoney,
  formatSignedPercent,
  formatSignedPoints,
  formatUnits,
  formatVacancy,
  moneyFormatFor,
  numberFormatFor,
  planLabel,
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
  it('formatAmount: a lone amount in whole dollars when it is whole, else with its cents', () => {
    expect(formatAmount(2_000)).toBe('$20');
    expect(formatAmount(-27_692)).toBe('-$276.92');
    expect(formatAmount(null)).toBe(MISSING);
  });
  it('formatSignedMoney: a sign above zero, in the format given, else the amount\'s own', () => {
    expect(formatSignedMoney(2_000)).toBe('+$20');
    expect(formatSignedMoney(-27_692)).toBe('-$276.92');
    expect(formatSignedMoney(0)).toBe('$0');
    expect(formatSignedMoney(2_000, formatMoneyExact)).toBe('+$20.00');
    expect(formatSignedMoney(3_700_049, formatMoney)).toBe('+$37,000');
    // Shown as nothing: no sign.
    expect(formatSignedMoney(40, formatMoney)).toBe('$0');
    expect(formatSignedMoney(undefined)).toBe(MISSING);
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
  it('formatSignedPoints: percentage points, rounded half away from zero, signed', () => {
    expect(formatSignedPoints(2.6)).toBe('+2.6 pts');
    expect(formatSignedPoints(-1.55)).toBe('-1.6 pts');
    expect(formatSignedPoints(4.35)).toBe('+4.4 pts'); // (4.35).toFixed(1) is "4.3"
    expect(formatSignedPoints(0.04)).toBe('0.0 pts');
    expect(formatSignedPoints(null)).toBe(MISSING);
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

describe('CRI', () => {
  it('formatCri: one decimal, rounded half away from zero', () => {
    expect(formatCri(60)).toBe('60.0');
    expect(formatCri(4.35)).toBe('4.4'); // (4.35).toFixed(1) is "4.3"
    expect(formatCri(null)).toBe(MISSING);
  });
});

describe('one format for a column', () => {
  it('money: whole dollars when every amount is whole, else cents for all of them', () => {
    const whole = moneyFormatFor([161_300, 168_700, null]);
    expect([161_300, 168_700, null].map(whole)).toEqual(['$1,613', '$1,687', MISSING]);
    const exact = moneyFormatFor([215_900, 215_986, undefined]);
    expect([215_900, 215_986].map(exact)).toEqual(['$2,159.00', '$2,159.86']);
    // A fraction of a cent (an average) that rounds to whole cents is still whole dollars.
    expect(moneyFormatFor([100_000.2])(100_000.2)).toBe('$1,000');
    expect(moneyFormatFor([])(12_345)).toBe('$123');
  });
  it('numbers: thousands separators; the most decimals of the column for every value', () => {
    const counts = numberFormatFor([735, 1060, 13_320]);
    expect([735, 1060, 13_320].map(counts)).toEqual(['735', '1,060', '13,320']);
    const miles = numberFormatFor([3.2, 0.26, 4, null]);
    expect([3.2, 0.26, 4, null].map(miles)).toEqual(['3.20', '0.26', '4.00', MISSING]);
    // Float noise is not a decimal to show: 0.1 + 0.2 is 0.3.
    expect(numberFormatFor([0.1 + 0.2, 1])(0.1 + 0.2)).toBe('0.3');
    expect(numberFormatFor([30.2672, -97.7431])(-97.7431)).toBe('-97.7431');
  });
  it('counts for people', () => {
    expect(formatCount(13_320)).toBe('13,320');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe(MISSING);
  });
});

describe('missing values print an em dash', () => {
  const formatters = [
    formatCount,
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

describe('floor plans', () => {
  it('bedrooms as people say them, in a plan\'s label and its layout alike', () => {
    expect(bedroomsLabel(0)).toBe('Studio');
    expect(bedroomsLabel(2)).toBe('2 BR');
    expect(planLabel({ floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1.5 })).toBe('A1 1 BR/1.5 BA');
    expect(planLabel({ floor_plan_name: 'S', bedrooms: 0, bathrooms: 1 })).toBe('S Studio/1 BA');
    expect(planLabel({ floor_plan_name: null, bedrooms: 2, bathrooms: 2 })).toBe('2 BR/2 BA');
    expect(formatPlanLayout({ bedrooms: 0, bathrooms: 1, square_feet: 480 })).toBe('Studio / 1 BA, 480 sq ft');
  });
});
