// Concession texts as listings write them, family by family. Every expected NER
// is worked out BY HAND from DOMAIN.md's table at R = $2,000 (200,000 cents),
// with the arithmetic beside the row — never copied from the code's output.
//   m months free, term T:  NER = R·(T − m)/T
//   w weeks free, term T:   value = R·12/52·w;  NER = R − value/T
//   $D once, term T:        NER = R − D/T
//   $X every month:         NER = R − X
//   p % off k months:       value = p·k·R;      NER = R − value/T
// Rules of the families (tiers, ranges, non-rent items, bare periods): docs/metrics.md.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEASE_TERM_MONTHS,
  WEEKS_PER_MONTH,
  concessionValueCents,
  monthlyConcessionCents,
  netEffectiveRentCents,
  parseConcession,
  type ConcessionKind,
  type ConcessionTerms,
} from './concessions.js';

const R = 200_000; // $2,000 — the rent of every worked example in docs/metrics.md

// Recurring results at R, T = 12 unless said (worked once here, referred to below):
const ONE_MONTH = 183_333; //   R·11/12 = 183,333.33
const TWO_MONTHS = 166_667; //  R·10/12 = 166,666.67
const MONTH_AND_HALF = 175_000; // R·10.5/12 = 175,000
const HALF_MONTH = 191_667; //  R·11.5/12 = 191,666.67
const SIX_WEEKS = 176_923; //   value 200,000·12/52·6 = 276,923.08; /12 = 23,076.92 → 176,923.08
const EIGHT_WEEKS = 169_231; // value 369,230.77; /12 = 30,769.23 → 169,230.77
const FOUR_WEEKS = 184_615; //  value 184,615.38; /12 = 15,384.62 → 184,615.38
const ONE_MONTH_T13 = 184_615; // R·12/13 = 184,615.38
const ONE_MONTH_T14 = 185_714; // R·13/14 = 185,714.29

type Row = [text: string, ner: number];

/** Checks NER, and that the text is understood as the family's kind. */
function family(name: string, kind: ConcessionKind | ConcessionKind[], rows: Row[]) {
  const kinds = Array.isArray(kind) ? kind : [kind];
  describe(name, () => {
    it.each(rows)('%j → NER %i', (text, ner) => {
      expect(netEffectiveRentCents(R, text)).toBe(ner);
      expect(kinds).toContain(parseConcession(text).kind);
    });
  });
}

describe('concession families at $2,000 asking', () => {
  family('weeks: every unit spelling, glued or spaced', 'weeks_free', [
    ['6 weeks free', SIX_WEEKS],
    ['6 week free', SIX_WEEKS],
    ['6 wks free', SIX_WEEKS],
    ['6wks free', SIX_WEEKS],
    ['6 wk free', SIX_WEEKS],
    ['6wk free', SIX_WEEKS],
    ['6 wks. free', SIX_WEEKS],
    ['6-week free rent', SIX_WEEKS],
    ["6 weeks' free rent", SIX_WEEKS],
    ["6 week's free", SIX_WEEKS],
    ['6 weeks of free rent', SIX_WEEKS],
    ['six weeks free', SIX_WEEKS],
    ['Six weeks of free rent!', SIX_WEEKS],
    ['six free weeks', SIX_WEEKS],
    ['6 WEEKS FREE!!', SIX_WEEKS],
    ['8wks free!', EIGHT_WEEKS],
    ['Limited Time: 8 Weeks Free!', EIGHT_WEEKS],
    ['Up to 6 Weeks Free on Select Homes!*', SIX_WEEKS],
    ['Two Weeks Free', 192_308], // value 92,307.69; /12 = 7,692.31 → 192,307.69
    ['Free rent for 6 weeks', SIX_WEEKS],
    ['8 weeks free if you move in within 30 days', EIGHT_WEEKS],
    ['up to 8 weeks free', EIGHT_WEEKS],
    ['4 wks', FOUR_WEEKS], // a bare period is free rent (weeks are never a lease length)
    ['Up to 4 weeks!', FOUR_WEEKS],
    ['2 free weeks', 192_308], // value 92,307.69; /12 = 7,692.31 → 192,307.69
    ['a week free', 196_154], // value 46,153.85; /12 = 3,846.15 → 196,153.85
    ['8 weeks free on a 14-month lease', 173_626], // value 369,230.77; /14 = 26,373.63 → 173,626.37
  ]);

  family('months: every unit spelling, number words', 'months_free', [
    ['1 month free', ONE_MONTH],
    ['1 mo free', ONE_MONTH],
    ['1mo free', ONE_MONTH],
    ['1 mo. free', ONE_MONTH],
    ['1 mth free', ONE_MONTH],
    ['1 month off', ONE_MONTH],
    ['1 month rent free', ONE_MONTH],
    ["1 month's free rent", ONE_MONTH],
    ['1 full month free', ONE_MONTH],
    ['One Month Free!', ONE_MONTH],
    ['a month free', ONE_MONTH],
    ['Get a free month', ONE_MONTH],
    ['an extra month free', ONE_MONTH],
    ['Free month!', ONE_MONTH],
    ['Receive up to one month free!', ONE_MONTH],
    ['Receive 1 Month Free When You Move In By 12/31!', ONE_MONTH],
    ['one month free rent', ONE_MONTH],
    ['2 months free', TWO_MONTHS],
    ['2 mos free', TWO_MONTHS],
    ['2mos. free', TWO_MONTHS],
    ['2 mths free', TWO_MONTHS],
    ['2mth free', TWO_MONTHS],
    ['2 months rent free', TWO_MONTHS],
    ['two months of free rent', TWO_MONTHS],
    ['2 mths', TWO_MONTHS], // bare period of at most 2 months: free rent
    ['Up to 2 months free on selected homes', TWO_MONTHS],
  ]);

  family('lease term spellings', 'months_free', [
    ['one month free on a 13-month lease', ONE_MONTH_T13],
    ['1 month free w/ 13 mo. lease', ONE_MONTH_T13],
    ['1 month free on a 14 mth lease', ONE_MONTH_T14],
    ['1 month free on 14mo lease', ONE_MONTH_T14],
    ['1 month free with a fourteen month lease', ONE_MONTH_T14],
    ['1 month free (14 mo)', ONE_MONTH_T14],
    ['1 month free on leases of 14 months', ONE_MONTH_T14],
    ['1 month free, lease term of 14 months', ONE_MONTH_T14],
    ['1 month free on 14 months', ONE_MONTH_T14], // "on N months" names a term from 6 months up
    ['13 month lease, 1 month free', ONE_MONTH_T13], // a clause stating only a term lends it to its neighbour
    ['2 months free on leases of 15+ months', 173_333], // R·13/15 = 173,333.33
    ['Special: 2 months free on a 14 month lease', 171_429], // R·12/14 = 171,428.57
  ]);

  family('ordinal and positional months', 'months_free', [
    ['first month free', ONE_MONTH],
    ['1st month free', ONE_MONTH],
    ['free first month', ONE_MONTH],
    ['first full month free', ONE_MONTH],
    ['Get your 2nd month FREE', ONE_MONTH],
    ['2nd month free', ONE_MONTH], // one month's rent, whichever month
    ['second month free', ONE_MONTH],
    ['twelfth month free', ONE_MONTH],
    ['last month free', ONE_MONTH],
    ['free rent for the first month', ONE_MONTH],
    ['free rent for the 2nd month', ONE_MONTH],
    ["First month's rent free", ONE_MONTH],
    ["first month's rent waived", ONE_MONTH], // rent waived is a concession (fees waived are not)
    ["waived first month's rent", ONE_MONTH],
    ['1st month rent waived', ONE_MONTH],
    ["waived deposit and first month's rent", ONE_MONTH],
    ["first month's rent and admin fee waived", ONE_MONTH],
    ['1st & last month free', TWO_MONTHS], // two months listed
    ['2nd and 3rd months free', TWO_MONTHS],
    ['Months 2 and 3 free', TWO_MONTHS],
    ['month 13 free', ONE_MONTH_T13],
    ['first two months free', TWO_MONTHS],
    ['Free rent for 2 months', TWO_MONTHS],
    ['13th month free', ONE_MONTH_T13], // only on a lease of 13+ months: T = 13 → R·12/13
    ['13th month free on a 13 month lease', ONE_MONTH_T13],
    ['Move in by 12/15 and get 1 month free', ONE_MONTH], // the date is a condition, not a number of the offer
  ]);

  family('fractions and doubled numbers', ['months_free', 'weeks_free'], [
    ['1½ months free', MONTH_AND_HALF],
    ['1 ½ months free', MONTH_AND_HALF],
    ['1 1/2 months', MONTH_AND_HALF],
    ['1 1/2 months free', MONTH_AND_HALF],
    ['1-1/2 months free', MONTH_AND_HALF],
    ['1.5 months free', MONTH_AND_HALF],
    ['one and a half months free', MONTH_AND_HALF],
    ['one and one-half months free', MONTH_AND_HALF],
    ['1 and 1/2 months free', MONTH_AND_HALF],
    ['half month free', HALF_MONTH],
    ['half a month free', HALF_MONTH],
    ['a half month free', HALF_MONTH],
    ['½ month free', HALF_MONTH],
    ['1/2 month free', HALF_MONTH],
    ['2½ months free', 158_333], // R·9.5/12 = 158,333.33
    ['3/4 month free', 187_500], // R·11.25/12 = 187,500
    ['Six (6) weeks free', SIX_WEEKS],
    ['6 (six) weeks free', SIX_WEEKS],
    ['Two (2) months free', TWO_MONTHS],
  ]);

  // One rule: the 12-month tier when the text offers one, else the shortest term;
  // each tier valued with its own term.
  family('tiers', ['months_free', 'weeks_free'], [
    ['1 month free on 12 month lease, 2 months free on 18 month lease', ONE_MONTH], // 12-month tier: R·11/12 (never R·10/12 nor R·16/18)
    ['4 weeks free on 12-month leases; 6 weeks free on 15-month leases', FOUR_WEEKS], // 12-month tier, T = 12
    ['2 months free on 18-month leases, 1 month free on 12-month leases', ONE_MONTH], // order does not matter
    ['1 month free on 13 month lease; 2 months free on 18 month lease', ONE_MONTH_T13], // no 12: shortest, R·12/13
    ['2 months free on 18-month leases, 1 month free on 13-month leases', ONE_MONTH_T13],
    ['4 weeks free on a 12 month lease or 6 weeks free on a 15 month lease', FOUR_WEEKS],
    ['1 month free on 12 mo leases\n2 months free on 18 mo leases', ONE_MONTH], // line breaks separate tiers
    ['4 weeks free (12 mo) / 6 weeks free (15 mo)', FOUR_WEEKS],
    ['Receive 4 weeks free on 12 month leases, 6 weeks on 15 month leases', FOUR_WEEKS],
    ['1 Month Free on 12+ Month Leases | $500 Off 6 Month Lease', ONE_MONTH], // 12+ contains 12
    ['1 month free with a 13 month lease or 6 weeks free with an 18 month lease', ONE_MONTH_T13],
    ['1 month free; 2 months free on 18 month lease', ONE_MONTH], // a tier stating no term is the 12-month one
    ['2 months free on 18 month lease', 177_778], // a single tier keeps its term: R·16/18 = 177,777.78
    ['6 weeks free on a 15 month lease', 181_538], // value 276,923.08; /15 = 18,461.54 → 181,538.46
  ]);

  family('ranges of terms: 12 when it qualifies, else the shortest', ['months_free', 'weeks_free'], [
    ['6 weeks free on 12, 13 & 14 month leases', SIX_WEEKS],
    ['6 weeks free on 12-15 month leases', SIX_WEEKS],
    ['6 weeks free on 12 to 15 month leases', SIX_WEEKS],
    ['6 weeks free on 12 thru 15 month leases', SIX_WEEKS],
    ['6 weeks free on leases 12 to 15 months', SIX_WEEKS],
    ['1 month free on 12-15 month leases', ONE_MONTH],
    ['1 month free on 12 month or longer leases', ONE_MONTH],
    ['6 weeks free on 13, 14 or 15 month leases', 178_698], // T = 13: 276,923.08/13 = 21,301.78 → 178,698.22
    ['6 weeks free on 13-15 month leases', 178_698],
    ['1 month free on leases of 13 months or more', ONE_MONTH_T13],
    ['Up to 8 weeks free on 13-18 month leases', 171_598], // T = 13: 369,230.77/13 = 28,402.37 → 171,597.63
    ['6 weeks free on 15+ month leases', 181_538], // T = 15
  ]);

  family('dollars off, once or every month', ['dollars_off_once', 'dollars_off_monthly'], [
    ['$500 off first month', 195_833], // 200,000 − 50,000/12 = 195,833.33
    ["$500 off 1st month's rent", 195_833],
    ['$500 off', 195_833],
    ['Look & Lease: $500 off', 195_833],
    ['$1,000 off move-in', 191_667], // 200,000 − 100,000/12 = 191,666.67
    ['$1k off', 191_667],
    ["Get up to $1,000 off your first month's rent", 191_667],
    ['Save up to $1,500', 187_500], // 200,000 − 150,000/12
    ['$1,200 off (prorated)', 190_000], // 200,000 − 120,000/12
    ['Look & Lease: Apply within 24 hours and receive $300 off', 197_500],
    ['Save $250', 197_917], // 200,000 − 25,000/12 = 197,916.67
    ['$300 rent credit', 197_500], // 200,000 − 30,000/12
    ['$500 off for 13 month lease', 196_154], // 200,000 − 50,000/13 = 196,153.85
    ['$100 off monthly', 190_000], // R − X
    ['$100 off per month', 190_000],
    ['$100/mo off', 190_000],
    ['$100 a month off', 190_000],
    ['$75 off monthly rent', 192_500],
    ['$100 off monthly on a 13 month lease', 190_000], // every month of any term: R − X
    ['$100 off rent for 12 months', 190_000], // for the whole 12-month lease: every month
  ]);

  family('recurring discounts for a limited time', ['dollars_off_once', 'percent_off_first_month'], [
    ['$300 off first 3 months', 192_500], // 3 × 30,000 = 90,000; 200,000 − 90,000/12 = 192,500
    ['$300 off the first three months', 192_500],
    ['$300 off each of the first 3 months', 192_500],
    ['Receive $300 off per month for the first 3 months', 192_500],
    ['$100 off per month for 6 months', 195_000], // 6 × 10,000 = 60,000; /12 = 5,000
    ['$100/mo off for 6 months', 195_000],
    ['$200/month off for the first 6 months', 190_000], // 6 × 20,000 = 120,000; /12 = 10,000
    ['$500 off each month for the first 2 months', 191_667], // 2 × 50,000 = 100,000; /12 = 8,333.33
    ['$100 off for 6 months on a 13 month lease', 195_385], // 60,000/13 = 4,615.38 → 195,384.62
    ['50% off the first 2 months', ONE_MONTH], // 0.5 × 2 × R = R over 12 months
    ['25% off rent for 3 months', 187_500], // 0.25 × 3 × R = 150,000; /12 = 12,500
  ]);

  family('percent off', ['percent_off_first_month', 'percent_off_monthly'], [
    ['50% off first month', HALF_MONTH], // 0.5·R = 100,000; /12 = 8,333.33
    ['half off first month', HALF_MONTH],
    ['50% off first full month', HALF_MONTH],
    ['1/2 off first month', HALF_MONTH],
    ["First month's rent 25% off", 195_833], // 50,000/12 = 4,166.67
    ['10% off monthly rent', 180_000], // every month: R·(1 − 0.10)
  ]);

  family('non-rent items stay out of NER', 'non_rent', [
    ['$25 off monthly pet rent', R],
    ['$50 off pet rent monthly', R],
    ['Pet rent: 2 months free', R],
    ['No pet deposit', R],
    ['free parking', R],
    ['1 month free parking', R],
    ['free parking for 6 months', R],
    ['$50 off garage', R],
    ['2 months free storage', R],
    ['waived application fee', R],
    ['app fee waived', R],
    ['No application fee', R],
    ['no admin fee', R],
    ['$0 admin fee', R],
    ['half off amenity fee', R],
    ['$0 deposit', R],
    ['$99 deposit', R],
    ['$250 off deposit', R],
    ['$200 off security deposit', R],
    ['reduced deposit', R],
    ['$500 gift card', R],
    ['$0 Application Fee & $0 Admin Fee', R],
    ['$300 Visa gift card with 12 month lease', R],
    ['$500 look and lease cash', R], // paid outside the rent: not a rent concession
    ['free wifi for a year', R],
  ]);

  family('mixed specials keep only the rent part', ['weeks_free', 'months_free', 'dollars_off_once'], [
    ['6 weeks free + waived app fee', SIX_WEEKS],
    ['6 Weeks Free + $0 Admin Fee', SIX_WEEKS],
    ['Half Month Free + Waived Admin', HALF_MONTH],
    ['Reduced security deposit + 1 month free', ONE_MONTH],
    ['$500 off, no deposit', 195_833],
    ['$300 off your first month and waived admin fee', 197_500], // 200,000 − 30,000/12
    ['1 month free and $0 deposit', ONE_MONTH],
    ['free parking and 1 month free', ONE_MONTH],
    ['6 Weeks Free!* *On select units', SIX_WEEKS],
    ['8 weeks free on select units', EIGHT_WEEKS],
  ]);

  family('not understood: NER left at asking, and said so', 'unparsed', [
    ['Call for specials', R],
    ['Ask about our specials!', R],
    ['Specials available', R],
    ['Reduced rent!', R],
    ['Free rent until March 1', R], // a date, not a period
    ['Free rent through end of January', R],
    ['$99 total move-in', R],
    ['No rent until March', R],
    ['$99 move-in special', R], // a price, not a discount
    ['$1,500 look and lease special', R],
    ['Starting at $1,299', R],
    ['5% off rent', R], // first month or every month? not guessed
    ['Call for specials, waived app fee', R], // the fee is understood, the special is not
    ['3 months', R], // a bare period over 2 months may be a lease length
    ['14 mth lease', R], // a term with no offer
  ]);

  family('no concession', 'none', [
    ['', R],
    ['   ', R],
    ['none', R],
    ['None.', R],
    ['None currently', R],
    ['No specials', R],
    ['no current specials at this time', R],
    ['no concessions at this time', R],
    ['N/A', R],
    ['-', R],
  ]);
});

describe('parseConcession', () => {
  it('keeps the raw text and defaults the flags', () => {
    expect(parseConcession('  6 Weeks FREE ')).toEqual({
      kind: 'weeks_free',
      weeks: 6,
      leaseTermMonths: DEFAULT_LEASE_TERM_MONTHS,
      tiers: 1,
      advertisedMaximum: false,
      selectUnits: false,
      text: '  6 Weeks FREE ',
    });
    expect(parseConcession(null)).toMatchObject({ kind: 'none', text: '', tiers: 0 });
    expect(parseConcession(undefined).kind).toBe('none');
  });

  it('records "up to" and "select units" as flags and still uses the stated amount', () => {
    expect(parseConcession('up to 8 weeks free')).toMatchObject({ weeks: 8, advertisedMaximum: true, selectUnits: false });
    expect(parseConcession('8 weeks free on select units')).toMatchObject({ weeks: 8, advertisedMaximum: false, selectUnits: true });
  });

  it('counts the tiers and keeps only the chosen one', () => {
    const terms = parseConcession('1 month free on 12 month lease, 2 months free on 18 month lease');
    expect(terms).toMatchObject({ kind: 'months_free', months: 1, leaseTermMonths: 12, tiers: 2 });
  });

  it('does not read the lease term as free months', () => {
    expect(parseConcession('13 month lease, 1 month free')).toMatchObject({ kind: 'months_free', months: 1, leaseTermMonths: 13 });
    expect(parseConcession('1 month free on a 12 month lease')).toMatchObject({ months: 1, leaseTermMonths: 12 });
  });

  it('keeps both offers of one tier, and the larger one wins in value', () => {
    const terms = parseConcession('1 month free or $500 off');
    expect(terms).toMatchObject({ kind: 'months_free', months: 1, dollarsCents: 50_000, dollarsPer: 'once' });
    expect(concessionValueCents(R, terms)).toBe(200_000); // 1 month ($2,000) > $500
    expect(concessionValueCents(30_000, terms)).toBe(50_000); // $500 > 1 month of $300
  });

  it('takes the longer of two periods', () => {
    expect(parseConcession('4 weeks free or 1 month free')).toMatchObject({ kind: 'months_free', months: 1 });
    expect(parseConcession('1 month free, up to 6 weeks free')).toMatchObject({ kind: 'weeks_free', weeks: 6 });
    expect(parseConcession('1 month free')).not.toHaveProperty('weeks');
  });

  it('handles long text without pathological backtracking', () => {
    // Would hang until the test timeout if a pattern backtracked exponentially.
    expect(parseConcession(`${'1 '.repeat(20_000)}x`).kind).toBe('unparsed');
    expect(parseConcession(`${'a '.repeat(20_000)}month free`).kind).toBe('months_free');
    expect(parseConcession('$1 '.repeat(20_000)).kind).toBe('unparsed');
    expect(parseConcession(`${'12, '.repeat(10_000)}month lease`).kind).toBe('unparsed');
    expect(parseConcession(`${'1st and '.repeat(10_000)}1st month free`).kind).toBe('months_free');
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
    ['$300 off first 3 months', 90_000, 192_500],
    ['50% off first month', 100_000, 191_667],
    ['10% off monthly rent', 240_000, 180_000],
    ['waived application fee', 0, 200_000],
    ['Call for specials', 0, 200_000],
  ];

  it.each(table)('%j', (text, value, ner) => {
    expect(concessionValueCents(R, text)).toBe(value);
    expect(netEffectiveRentCents(R, text)).toBe(ner);
    expect(netEffectiveRentCents(R, parseConcession(text))).toBe(ner);
  });

  it('uses one weeks-per-month constant', () => {
    expect(WEEKS_PER_MONTH).toBe(52 / 12);
    // 4⅓ weeks free is exactly one month free.
    const terms: ConcessionTerms = { ...parseConcession(''), kind: 'weeks_free', weeks: 52 / 12 };
    expect(netEffectiveRentCents(R, terms)).toBe(183_333);
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

describe('monthlyConcessionCents — one source of truth for "offers a concession, worth how much"', () => {
  const cases: Array<[string, number | null, string, number | null]> = [
    // why, recorded NER (null: none recorded), text, monthly value
    ['text decides without a recorded NER', null, '1 month free', 16_667], // 200,000 − 183,333
    ['a recorded NER below asking wins over a text we cannot read', 180_000, 'Ask about our specials!', 20_000],
    ['a recorded NER below asking wins over an empty text', 180_000, '', 20_000],
    ['a recorded NER below asking wins over the text’s own value', 190_000, '1 month free', 10_000],
    ['a recorded NER at asking: the plan offers nothing in rent', 200_000, '1 month free', 0],
    ['fees waived are understood and worth nothing in rent', null, 'waived application fee', 0],
    ['no text, no concession', null, '', 0],
    ['a text we cannot value is not "no concession"', null, 'Call for specials', null],
    ['nor is it with an NER at asking beside it', 200_000, 'Call for specials', null],
  ];
  it.each(cases)('%s', (_, ner, text, value) => {
    expect(monthlyConcessionCents(R, ner, text)).toBe(value);
  });
});
