import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEASE_TERM_MONTHS,
  WEEKS_PER_MONTH,
  concessionValueCents,
  isRentConcession,
  monthlyConcessionValueCents,
  netEffectiveRentCents,
  parseConcession,
  type ConcessionTerms,
} from './concessions.js';

const R = 200_000; // $2,000 — the rent of every worked example in docs/metrics.md

describe('parseConcession', () => {
  type Expected = Partial<ConcessionTerms>;
  const cases: Array<[string | null | undefined, Expected]> = [
    [null, { kind: 'none', leaseTermMonths: 12 }],
    [undefined, { kind: 'none' }],
    ['', { kind: 'none' }],
    ['   ', { kind: 'none' }],
    ['none', { kind: 'none' }],
    ['None.', { kind: 'none' }],
    ['No specials', { kind: 'none' }],
    ['no current specials at this time', { kind: 'none' }],
    ['N/A', { kind: 'none' }],
    ['6 weeks free', { kind: 'weeks_free', weeks: 6, leaseTermMonths: 12 }],
    ['6 wks free rent', { kind: 'weeks_free', weeks: 6 }],
    ['Six weeks of free rent!', { kind: 'weeks_free', weeks: 6 }],
    ['2 free weeks', { kind: 'weeks_free', weeks: 2 }],
    ['a week free', { kind: 'weeks_free', weeks: 1 }],
    ['1 month free', { kind: 'months_free', months: 1, leaseTermMonths: 12 }],
    ['One Month Free!', { kind: 'months_free', months: 1 }],
    ['one month free on a 13-month lease', { kind: 'months_free', months: 1, leaseTermMonths: 13 }],
    ['1 month free w/ 13 mo. lease', { kind: 'months_free', months: 1, leaseTermMonths: 13 }],
    ['2 months free on leases of 15+ months', { kind: 'months_free', months: 2, leaseTermMonths: 15 }],
    ['2 mos free', { kind: 'months_free', months: 2 }],
    ['1 month rent free', { kind: 'months_free', months: 1 }],
    ['1 month off', { kind: 'months_free', months: 1 }],
    ['half month free', { kind: 'months_free', months: 0.5 }],
    ['half a month free', { kind: 'months_free', months: 0.5 }],
    ['1.5 months free', { kind: 'months_free', months: 1.5 }],
    ['one and a half months free', { kind: 'months_free', months: 1.5 }],
    ['1 1/2 months free', { kind: 'months_free', months: 1.5 }],
    ['first month free', { kind: 'months_free', months: 1 }],
    ["First month's rent free", { kind: 'months_free', months: 1 }],
    ['1st month free', { kind: 'months_free', months: 1 }],
    ['a month free', { kind: 'months_free', months: 1 }],
    ['Get a free month', { kind: 'months_free', months: 1 }],
    ['Free month!', { kind: 'months_free', months: 1 }],
    ['$500 off first month', { kind: 'dollars_off_once', dollarsCents: 50_000, dollarsPer: 'once' }],
    ['$500 off', { kind: 'dollars_off_once', dollarsCents: 50_000 }],
    ['$1,000 off move-in', { kind: 'dollars_off_once', dollarsCents: 100_000 }],
    ['$1k off', { kind: 'dollars_off_once', dollarsCents: 100_000 }],
    ['Save $250', { kind: 'dollars_off_once', dollarsCents: 25_000 }],
    ['$300 rent credit', { kind: 'dollars_off_once', dollarsCents: 30_000 }],
    ['$99.50 off', { kind: 'dollars_off_once', dollarsCents: 9_950 }],
    ['$100 off monthly', { kind: 'dollars_off_monthly', dollarsCents: 10_000, dollarsPer: 'month' }],
    ['$100 off per month', { kind: 'dollars_off_monthly', dollarsCents: 10_000 }],
    ['$100/mo off', { kind: 'dollars_off_monthly', dollarsCents: 10_000 }],
    ['$100 off/month on a 13 month lease', { kind: 'dollars_off_monthly', dollarsCents: 10_000, leaseTermMonths: 13 }],
    ['$75 off monthly rent', { kind: 'dollars_off_monthly', dollarsCents: 7_500 }],
    ['$100 off rent for 12 months', { kind: 'dollars_off_monthly', dollarsCents: 10_000 }],
    // Part of the lease only: worth 6 × $200, spread like a one-time amount.
    ['$200/month off for the first 6 months', { kind: 'dollars_off_once', dollarsCents: 120_000 }],
    ['$500 off for 13 month lease', { kind: 'dollars_off_once', dollarsCents: 50_000, leaseTermMonths: 13 }],
    ['1 month free on 12-15 month leases', { kind: 'months_free', months: 1, leaseTermMonths: 12 }],
    ['Look & Lease: $500 off', { kind: 'dollars_off_once', dollarsCents: 50_000 }],
    ['$300 off your first month and waived admin fee', { kind: 'dollars_off_once', dollarsCents: 30_000 }],
    ['$50 off pet rent monthly', { kind: 'non_rent' }],
    ['6 Weeks Free + $0 Admin Fee', { kind: 'weeks_free', weeks: 6 }],
    ['1/2 month free', { kind: 'months_free', months: 0.5 }],
    ['½ month free', { kind: 'months_free', months: 0.5 }],
    ['Receive up to one month free!', { kind: 'months_free', months: 1, advertisedMaximum: true }],
    ['$1,500 look and lease special', { kind: 'unparsed' }],
    ['50% off first month', { kind: 'percent_off_first_month', percent: 50 }],
    ["First month's rent 25% off", { kind: 'percent_off_first_month', percent: 25 }],
    ['half off first month', { kind: 'percent_off_first_month', percent: 50 }],
    ['up to 8 weeks free', { kind: 'weeks_free', weeks: 8, advertisedMaximum: true, selectUnits: false }],
    ['8 weeks free on select units', { kind: 'weeks_free', weeks: 8, advertisedMaximum: false, selectUnits: true }],
    ['Up to 2 months free on selected homes', { kind: 'months_free', months: 2, advertisedMaximum: true, selectUnits: true }],
    ['8 weeks free on a 14-month lease', { kind: 'weeks_free', weeks: 8, leaseTermMonths: 14 }],
    ['waived application fee', { kind: 'non_rent' }],
    ['No application fee', { kind: 'non_rent' }],
    ['$0 deposit', { kind: 'non_rent' }],
    ['$250 off deposit', { kind: 'non_rent' }],
    ['1 month free parking', { kind: 'non_rent' }],
    ['$500 gift card', { kind: 'non_rent' }],
    ['Call for specials', { kind: 'unparsed' }],
    ['Free rent until March 1', { kind: 'unparsed' }],
    ['$99 move-in special', { kind: 'unparsed' }],
    ['5% off rent', { kind: 'unparsed' }],
  ];

  it.each(cases)('%j', (text, expected) => {
    expect(parseConcession(text)).toMatchObject(expected);
  });

  it('keeps the raw text and defaults the flags', () => {
    expect(parseConcession('  6 Weeks FREE ')).toEqual({
      kind: 'weeks_free',
      weeks: 6,
      leaseTermMonths: DEFAULT_LEASE_TERM_MONTHS,
      advertisedMaximum: false,
      selectUnits: false,
      text: '  6 Weeks FREE ',
    });
    expect(parseConcession(null).text).toBe('');
  });

  it('does not read the lease term as free months', () => {
    const terms = parseConcession('13 month lease, 1 month free');
    expect(terms).toMatchObject({ kind: 'months_free', months: 1, leaseTermMonths: 13 });
  });

  it('keeps both offers when months and dollars appear, the larger one wins in value', () => {
    const terms = parseConcession('1 month free or $500 off');
    expect(terms).toMatchObject({ kind: 'months_free', months: 1, dollarsCents: 50_000, dollarsPer: 'once' });
    expect(concessionValueCents(R, terms)).toBe(200_000); // 1 month ($2,000) > $500
    expect(concessionValueCents(30_000, terms)).toBe(50_000); // $500 > 1 month of $300
  });

  it('takes the larger of two time-based offers', () => {
    expect(parseConcession('4 weeks free or 1 month free')).toMatchObject({ kind: 'months_free', months: 1 });
    expect(parseConcession('1 month free, up to 6 weeks free')).toMatchObject({ kind: 'weeks_free', weeks: 6 });
    expect(parseConcession('1 month free')).not.toHaveProperty('weeks');
  });

  it('handles long text without pathological backtracking', () => {
    // Would hang until the test timeout if a pattern backtracked exponentially.
    expect(parseConcession(`${'1 '.repeat(20_000)}x`).kind).toBe('unparsed');
    expect(parseConcession(`${'a '.repeat(20_000)}month free`).kind).toBe('months_free');
    expect(parseConcession('$1 '.repeat(20_000)).kind).toBe('unparsed');
  });

  it('ignores the non-rent part of a mixed special', () => {
    expect(parseConcession('6 weeks free + waived app fee')).toMatchObject({ kind: 'weeks_free', weeks: 6 });
    expect(parseConcession('$500 off, no deposit')).toMatchObject({ kind: 'dollars_off_once', dollarsCents: 50_000 });
  });
});

describe('net effective rent — the table in docs/metrics.md ($2,000 asking)', () => {
  const table: Array<[string, number, number]> = [
    // text, value over the lease (cents), NER (cents)
    ['', 0, 200_000],
    ['1 month free', 200_000, 183_333],
    ['6 weeks free', 276_923, 176_923],
    ['8 weeks free on a 14-month lease', 369_231, 173_626],
    ['one month free on a 13-month lease', 200_000, 184_615],
    ['half month free', 100_000, 191_667],
    ['$500 off first month', 50_000, 195_833],
    ['$100 off monthly', 120_000, 190_000],
    ['50% off first month', 100_000, 191_667],
    ['waived application fee', 0, 200_000],
    ['Call for specials', 0, 200_000],
  ];

  it.each(table)('%j', (text, value, ner) => {
    expect(concessionValueCents(R, text)).toBe(value);
    expect(netEffectiveRentCents(R, text)).toBe(ner);
    expect(netEffectiveRentCents(R, parseConcession(text))).toBe(ner);
    expect(monthlyConcessionValueCents(R, text)).toBe(R - ner);
  });

  it('uses one weeks-per-month constant', () => {
    expect(WEEKS_PER_MONTH).toBe(52 / 12);
    // 4⅓ weeks free is exactly one month free.
    expect(netEffectiveRentCents(R, { ...parseConcession(''), kind: 'weeks_free', weeks: 52 / 12 })).toBe(183_333);
  });

  it('never goes below zero', () => {
    expect(netEffectiveRentCents(R, '13 months free')).toBe(0);
    expect(netEffectiveRentCents(R, '$50,000 off')).toBe(0);
  });

  it('rounds with Math.round', () => {
    // 100001 · 11/12 = 91667.58…
    expect(netEffectiveRentCents(100_001, '1 month free')).toBe(91_668);
    // 150000 − 150000/12·0.5 = 143750 exactly
    expect(netEffectiveRentCents(150_000, 'half month free')).toBe(143_750);
  });
});

describe('isRentConcession', () => {
  it.each([
    ['6 weeks free', true],
    ['$500 off', true],
    ['$100 off monthly', true],
    ['50% off first month', true],
    ['$0 off', false],
    ['none', false],
    ['waived application fee', false],
    ['Call for specials', false],
    [null, false],
  ] as const)('%j → %s', (text, expected) => {
    expect(isRentConcession(text)).toBe(expected);
  });
});
