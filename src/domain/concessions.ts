/**
 * Concession text → terms → value and net effective rent (NER).
 * The rules, family by family, are in docs/metrics.md ("Concessions").
 *
 * The text is first rewritten into one spelling (digits, "week", "month",
 * "1st"…, "per month"), then cut into clauses. A clause that offers rent is a
 * tier; its lease term is the one it states. One tier is chosen by one rule
 * (the 12-month lease when the text offers one, else the shortest term), so a
 * period is never paired with another tier's term.
 *
 * Parsing is deliberately conservative: text that offers nothing we can value
 * is 'unparsed' (not understood) — never guessed, and never taken for "no
 * concession", because a guessed discount would distort every NER built on it.
 */

export type ConcessionKind =
  | 'none'
  | 'months_free'
  | 'weeks_free'
  | 'dollars_off_once'
  | 'dollars_off_monthly'
  | 'percent_off_first_month'
  | 'percent_off_monthly'
  | 'non_rent'
  | 'unparsed';

export interface ConcessionTerms {
  kind: ConcessionKind;
  /** Free months (may be fractional: "half month free" → 0.5). */
  months?: number;
  weeks?: number;
  /** Dollar amount in cents; also present next to months/weeks/percent when the text offers both. */
  dollarsCents?: number;
  /** Whether dollarsCents is a one-time amount or taken off every month of the lease. */
  dollarsPer?: 'once' | 'month';
  /** Percent (0-100) off the rent of `percentMonths` months. */
  percent?: number;
  /** Months the percent applies to: 1 for "50% off first month", the lease term for "10% off monthly rent". */
  percentMonths?: number;
  /** The lease term of the chosen tier, else 12. */
  leaseTermMonths: number;
  /** Tiers of rent offers the text states, each with its own term (one for a plain special; 0 when none). */
  tiers: number;
  /** "up to …": the amount is an advertised maximum. */
  advertisedMaximum: boolean;
  /** "… on select units/homes": not every unit gets it. */
  selectUnits: boolean;
  /** The raw text, kept for display. */
  text: string;
}

/** The one weeks↔months constant (52/12 weeks a month). */
export const WEEKS_PER_MONTH = 52 / 12;
export const DEFAULT_LEASE_TERM_MONTHS = 12;
/** Longest lease term read from a text; larger numbers are not lease terms. */
const MAX_LEASE_TERM_MONTHS = 36;

// ─── One spelling ────────────────────────────────────────────────────────────

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
};
const ORDINAL_WORDS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10,
  eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17,
  eighteenth: 18,
};
const WORD = Object.keys(NUMBER_WORDS).join('|');
const ORDINAL_WORD = Object.keys(ORDINAL_WORDS).join('|');
const UNIT_AHEAD = String.raw`(?=\s*(?:(?:free|extra|full|whole|additional|bonus)\s+)?(?:week|month)\b)`;

const AND_A_HALF = new RegExp(String.raw`\b(${WORD}|\d+)\s*(?:and|&)\s*(?:a|one)[\s-]half\b`, 'g');
const FRACTION = new RegExp(String.raw`(?<![\d/.])(?:(${WORD}|\d+)(?:\s+|-|\s*(?:and|&)\s*))?([13])\/([24])(?![\d/])`, 'g');
const HALF_A = new RegExp(String.raw`\b(?:an?\s+)?half(?:\s+an?)?\s+${UNIT_AHEAD}`, 'g');
const NUMBER_WORD = new RegExp(String.raw`\b(${WORD})\b`, 'g');
const A_UNIT = new RegExp(String.raw`\ban?\s+${UNIT_AHEAD}`, 'g');
const ORDINAL_WORD_PATTERN = new RegExp(String.raw`\b(${ORDINAL_WORD})\b`, 'g');

const numberOf = (token: string): number => NUMBER_WORDS[token] ?? Number(token);
const ordinalSuffix = (n: number) => (n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th');

/** Rewrites a text into the one spelling every pattern below reads. */
function normalize(raw: string): string {
  let s = ` ${raw.toLowerCase()} `
    .replace(/[’‘`´]/g, "'")
    .replace(/[‐‑‒–—―−]/g, '-')
    // Line breaks and bullets separate tiers like semicolons.
    .replace(/\r\n?|\n|•|·|\|/g, ' ; ')
    .replace(/[\t\u00a0]+/g, ' ')
    .replace(/(\d)\s*([½¼¾])/g, '$1 $2')
    .replace(/½/g, '1/2')
    .replace(/¼/g, '1/4')
    .replace(/¾/g, '3/4')
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1') // $1,000 → $1000 (not "12, 13")
    .replace(/\$\s?(\d+(?:\.\d+)?)\s?k\b/g, (_, n: string) => `$${Math.round(Number(n) * 1000)}`) // $1.5k
    .replace(/(\d)([a-z]+)/g, (match, digit: string, letters: string) =>
      /^(?:st|nd|rd|th)$/.test(letters) ? match : `${digit} ${letters}`,
    ) // 6wks → 6 wks, 1mo → 1 mo
    // "/mo", "per mo.", "each month", "monthly", "$100 a month" → "per month".
    .replace(/\s*\/\s*(?:mo|mos|mth|mths|month)\b\.?/g, ' per month')
    .replace(/\b(?:per|each|every)\s+(?:mo|mos|mth|mths|month)\b\.?/g, 'per month')
    .replace(/\bmonthly\b/g, 'per month')
    .replace(/(\$\d+(?:\.\d+)?(?:\s+off)?)\s+an?\s+(?:mo|mth|month)\b\.?/g, '$1 per month')
    // Units: every spelling, possessive or plural, to "week" and "month".
    .replace(/\b(?:wks?|wk|mos|mo|mths?|mnths?)\.(?=[\s,;!)]|$)/g, (unit) => unit.slice(0, -1))
    .replace(/\b(?:weeks?|wks?)\b(?:'s|')?/g, 'week')
    .replace(/\b(?:months?|mos?|mths?|mnths?)\b(?:'s|')?/g, 'month')
    .replace(/(\w)\s*-\s*(week|month)\b/g, '$1 $2') // 6-week, six-week, half-month → spaced
    // "look and lease" is one word here, so "and" does not cut it in two.
    .replace(/\blook\s*(?:and|&|n|'n')\s*lease\b/g, 'look_and_lease');

  // Fractions and number words, before the numbers are read.
  s = s.replace(/\bhalf\s+off\b|(?<![\d/])1\/2\s+off\b/g, '50% off').replace(AND_A_HALF, (_, n: string) => String(numberOf(n) + 0.5));
  // The fraction pattern is the costliest here; most texts have no slash.
  if (s.includes('/'))
    s = s.replace(FRACTION, (match, whole: string | undefined, top: string, bottom: string) =>
      Number(top) < Number(bottom) ? String((whole === undefined ? 0 : numberOf(whole)) + Number(top) / Number(bottom)) : match,
    );
  s = s
    .replace(HALF_A, '0.5 ')
    .replace(/\b(twenty|thirty)[\s-](one|two|three|four|five|six|seven|eight|nine)\b/g, (_, tens: string, ones: string) =>
      String(numberOf(tens) + numberOf(ones)),
    )
    .replace(NUMBER_WORD, (word: string) => String(numberOf(word)))
    .replace(A_UNIT, '1 ')
    // "Six (6) weeks", "6 (six) weeks" → "6 weeks".
    .replace(/(\d+(?:\.\d+)?)\s*\(\s*(\d+(?:\.\d+)?)\s*\)/g, (match, a: string, b: string) => (Number(a) === Number(b) ? a : match))
    .replace(/\(\s*(\d+(?:\.\d+)?)\s*\)\s*(\d+(?:\.\d+)?)\b/g, (match, a: string, b: string) => (Number(a) === Number(b) ? b : match))
    .replace(ORDINAL_WORD_PATTERN, (word: string) => {
      const n = ORDINAL_WORDS[word] as number;
      return `${n}${ordinalSuffix(n)}`;
    })
    // "months 2 and 3 free", "month 13 free" → "2nd and 3rd month free", "13th month free".
    .replace(/(?<!per\s)\bmonth\s+(\d{1,2}(?:\s*(?:,|&|and)\s*\d{1,2}){0,11})\b(?!\s*(?:week|month|%|\/|\.\d))/g, (_, list: string) =>
      `${list.replace(/\d+/g, (n) => `${n}${ordinalSuffix(Number(n))}`)} month`,
    );
  return s.replace(/[ ]+/g, ' ').trim();
}

// ─── Lease terms and ordinal lists, lifted out before the text is cut ────────

/** The lease terms a phrase makes an offer valid for: one, a list, a range, or "N or more". */
interface TermSet {
  min: number;
  max: number;
  /** A list ("12, 13 & 14 month leases") rather than a range. */
  values?: number[];
}

const contains = (set: TermSet, months: number) =>
  set.values ? set.values.includes(months) : set.min <= months && months <= set.max;

const TERM_NUMBER = String.raw`\d{1,2}`;
const TERM_SPEC =
  String.raw`(${TERM_NUMBER}(?:\s*(?:-|to|thru|through)\s*${TERM_NUMBER}|(?:\s*(?:,|&|and|or|\/)\s*${TERM_NUMBER}){1,8})?)` +
  String.raw`(\s*\+|\s+(?:month\s+)?or\s+(?:more|longer|greater|above))?`;
/** Patterns of a lease term, each with the shortest term it may name. */
const TERM_PATTERNS: Array<[RegExp, number]> = [
  // "12 month lease", "12-15 month leases", "12, 13 & 14 month leases", "15+ month lease terms", "12 month or longer leases"
  [new RegExp(String.raw`(?<![\d.$])${TERM_SPEC}[\s-]*month(?:\s+or\s+(?:more|longer|greater))?[\s-]+(?:lease|term|contract)s?\b(?:\s+terms?\b)?`, 'g'), 1],
  // "leases of 15+ months", "lease terms 12-15 months", "lease term of 13 months or longer"
  [new RegExp(String.raw`\b(?:lease|term)s?(?:\s+(?:term|length)s?)?\s+(?:of\s+|from\s+)?${TERM_SPEC}[\s-]*month\b(?:\s+or\s+(?:more|longer|greater))?`, 'g'), 1],
  // "(12 mo)", "(15 month lease)"
  [new RegExp(String.raw`\(\s*${TERM_SPEC}[\s-]*month(?:\s+(?:lease|term)s?)?\s*\)`, 'g'), 1],
  // "1 month free on 13 months", "with 12 to 15 months": no "lease", so only terms a lease plausibly has
  [new RegExp(String.raw`\b(?:on|with|w\/)\s+(?:an?\s+|any\s+)?${TERM_SPEC}[\s-]*month\b(?!\s*(?:free|off|rent|of)\b)`, 'g'), 6],
];

function termSet(spec: string, openEnded: string | undefined, shortest: number): TermSet | null {
  const numbers = spec.match(/\d+/g)?.map(Number) ?? [];
  if (numbers.length === 0 || numbers.some((n) => n < shortest || n > MAX_LEASE_TERM_MONTHS)) return null;
  const min = Math.min(...numbers);
  if (openEnded) return { min, max: Infinity };
  if (numbers.length === 1) return { min, max: min };
  if (/-|to|thru|through/.test(spec) && numbers.length === 2) return { min, max: Math.max(...numbers) };
  return { min, max: Math.max(...numbers), values: numbers };
}

const ORD = String.raw`(?:\d{1,2}(?:st|nd|rd|th)|last)`;
const ORDINAL_LIST = new RegExp(String.raw`(?<![\w.])${ORD}(?:\s*(?:,|&|and)\s*${ORD}){1,12}(?=\s+month\b)`, 'g');

interface Lifted {
  text: string;
  terms: TermSet[];
  /** Ordinal lists: "2nd and 3rd month" → count 2, highest 3. */
  ordinals: Array<{ count: number; highest: number }>;
}

/** Replaces lease-term phrases and ordinal lists with ⟦T0⟧/⟦O0⟧ markers, so the commas inside them do not cut clauses. */
function lift(text: string): Lifted {
  const terms: TermSet[] = [];
  const ordinals: Lifted['ordinals'] = [];
  let s = text;
  for (const [pattern, shortest] of TERM_PATTERNS)
    s = s.replace(pattern, (match, spec: string, openEnded: string | undefined) => {
      const set = termSet(spec, openEnded, shortest);
      if (!set) return match;
      terms.push(set);
      return ` ⟦T${terms.length - 1}⟧ `;
    });
  s = s.replace(ORDINAL_LIST, (match) => {
    const listed = match.match(/\d+|last/g) ?? [];
    ordinals.push({ count: listed.length, highest: Math.max(0, ...listed.map((n) => (n === 'last' ? 0 : Number(n)))) });
    return `⟦O${ordinals.length - 1}⟧`;
  });
  return { text: s.replace(/[ ]+/g, ' ').trim(), terms, ordinals };
}

// ─── Offers in one piece of a clause ─────────────────────────────────────────

type Offer =
  | { type: 'months'; months: number; impliedTerm?: number }
  | { type: 'weeks'; weeks: number }
  | { type: 'percent'; percent: number; months: number | 'lease' }
  | { type: 'dollars'; cents: number; per: 'once' | 'month'; forMonths?: number };

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const UNIT = String.raw`(week|month)`;
const ORDX = String.raw`((?<![\w.])(?:\d{1,2}(?:st|nd|rd|th)|last)|⟦O\d+⟧)(?:\s+full)?`;
const START = String.raw`(?<![\d$.%/])`;
const ADJ = String.raw`(?:(?:free|extra|full|whole|additional|bonus)\s+)?`;
const THE = String.raw`(?:(?:the|your)\s+)?`;

/** Things a special can make free or cheaper that are not rent: they do not change NER. */
const NON_RENT =
  /\b(?:pets?\s+(?:rent|fees?|deposits?)|parking|garage|carport|storage|fees?|deposits?|gift\s*cards?|visa|amazon|cash|wi-?fi|internet|cable|utilit(?:y|ies)|water|trash|valet|gym|membership|amenit\w*|application|app|admin|administrative|holding|reservation|washer|dryer)\b/;
/** Words of a rent special we may fail to value: a text with one of them and no valued offer is not understood. */
const RENT_WORD = /\b(?:specials?|free|off|discount\w*|rent|promo\w*|deals?|concessions?|incentives?|save|savings|credit|reduced|waived)\b|\$\s?\d|%/;
/** A dollar amount is an offer only with one of these words ("$99 move-in special" is a price, not a discount). */
const DISCOUNT_WORD = /\b(?:off|discount(?:ed)?|credit|savings?|save|rebate|concession)\b/;
const NO_CONCESSION =
  /^(?:none|nothing|no|n\/?a|-+|0|\$0|none (?:currently|at this time|available)|no (?:current )?(?:specials?|concessions?|promotions?|promos?|incentives?|deals?|offers?)(?: (?:currently|at this time|available|right now|offered))?)$/;
/** Words that may stand around a bare period ("up to 6 weeks!") without changing what it offers. */
const FILLER =
  /\b(?:up to|get|receive|enjoy|special|specials|concession|concessions|now|only|just|on|a|the|select(?:ed)? (?:units?|homes?|apartments?|floor ?plans?))\b|⟦T\d+⟧|[*!:]|\.(?!\d)/g;

function ordinalCount(token: string, lifted: Lifted): { count: number; highest: number } {
  const list = /^⟦O(\d+)⟧$/.exec(token);
  if (list) return lifted.ordinals[Number(list[1])] ?? { count: 1, highest: 0 };
  return { count: 1, highest: token === 'last' ? 0 : Number.parseInt(token, 10) };
}

function period(unit: string, amount: number): Offer {
  return unit === 'week' ? { type: 'weeks', weeks: amount } : { type: 'months', months: amount };
}

function ordinalMonths(token: string, lifted: Lifted): Offer {
  const { count, highest } = ordinalCount(token, lifted);
  // "13th month free" is only offered on a lease of 13 months or more.
  return highest > DEFAULT_LEASE_TERM_MONTHS ? { type: 'months', months: count, impliedTerm: highest } : { type: 'months', months: count };
}

const PERIOD_PATTERNS: Array<[RegExp, (m: RegExpExecArray, lifted: Lifted) => Offer]> = [
  // "6 weeks free", "1 month off", "2 months of free rent", "1 month rent free", "1 extra month free"
  [new RegExp(String.raw`${START}${NUM}\s+${ADJ}${UNIT}\s+(?:of\s+)?(?:free\s+)?(?:rent\s+)?(?:free|off|on\s+us)\b`, 'g'), (m) => period(m[2]!, Number(m[1]))],
  // "2 free weeks", "1 free month"
  [new RegExp(String.raw`${START}${NUM}\s+free\s+${UNIT}`, 'g'), (m) => period(m[2]!, Number(m[1]))],
  // "free month!", "get 1 free month" (counted above), "free week"
  [new RegExp(String.raw`(?<!\d\s)\bfree\s+(?:rent\s+)?${UNIT}\b`, 'g'), (m) => period(m[1]!, 1)],
  // "free rent for 2 months", "rent free for the first 2 months", "no rent for 2 months"
  [new RegExp(String.raw`\b(?:free\s+rent|rent[\s-]free|no\s+rent)\s+(?:for|during)\s+${THE}(?:1st\s+)?${NUM}\s+${UNIT}`, 'g'), (m) => period(m[2]!, Number(m[1]))],
  // "free rent for the first month", "free 1st month", "no rent for the 2nd month"
  [new RegExp(String.raw`\b(?:free\s+rent|rent[\s-]free|rent\s+waived|no\s+rent|free)\s+(?:(?:for|on|during|in)\s+)?${THE}${ORDX}\s+month`, 'g'), (m, l) => ordinalMonths(m[1]!, l)],
  // "first month free", "2nd month free", "last month free", "first month's rent waived", "1st & last month free"
  [new RegExp(String.raw`${ORDX}\s+month\s+(?:of\s+)?(?:rent\s+)?(?:is\s+|are\s+)?(?:free|waived|off|on\s+us)\b`, 'g'), (m, l) => ordinalMonths(m[1]!, l)],
  // "waived first month's rent", "we waive your 1st month rent"
  [new RegExp(String.raw`\b(?:waive[sd]?|waiving|no)\s+${THE}${ORDX}\s+month\s+rent\b`, 'g'), (m, l) => ordinalMonths(m[1]!, l)],
  // "first 2 months free", "first two months' rent waived"
  [new RegExp(String.raw`\b1st\s+${NUM}\s+${UNIT}\s+(?:of\s+)?(?:rent\s+)?(?:are\s+|is\s+)?(?:free|waived|off)\b`, 'g'), (m) => period(m[2]!, Number(m[1]))],
];

const PERCENT = String.raw`(\d+(?:\.\d+)?)\s*%\s*off`;
const PERCENT_PATTERNS: Array<[RegExp, (m: RegExpExecArray, lifted: Lifted) => Offer]> = [
  // "50% off the first 2 months", "25% off rent for 3 months"
  [new RegExp(String.raw`${PERCENT}\s+(?:of\s+)?(?:rent\s+)?(?:for\s+)?${THE}(?:1st\s+)?${NUM}\s+month`, 'g'), (m) => ({ type: 'percent', percent: Number(m[1]), months: Number(m[2]) })],
  // "50% off first month", "half off your 2nd month's rent"
  [new RegExp(String.raw`${PERCENT}\s+(?:of\s+)?${THE}${ORDX}\s+month`, 'g'), (m, l) => ({ type: 'percent', percent: Number(m[1]), months: ordinalCount(m[2]!, l).count })],
  // "first month's rent 25% off", "1st month 50% off"
  [new RegExp(String.raw`${ORDX}\s+month\s+(?:rent\s+)?(?:is\s+)?${PERCENT}`, 'g'), (m, l) => ({ type: 'percent', percent: Number(m[2]), months: ordinalCount(m[1]!, l).count })],
  // "10% off monthly rent", "5% off rent per month": every month of the lease ("5% off rent" alone is not understood)
  [new RegExp(String.raw`${PERCENT}\s+${THE}(?:per\s+month\s+rent|rent\s+per\s+month|per\s+month)\b`, 'g'), (m) => ({ type: 'percent', percent: Number(m[1]), months: 'lease' })],
];

const AMOUNT = /\$\s?(\d+(?:\.\d{1,2})?)|\b(\d+(?:\.\d{1,2})?)\s+dollars?\b/g;
/** "for 6 months", "for the first 3 months", "off the first 3 months", "off each of the first 3 months" */
const LIMITED_MONTHS = new RegExp(String.raw`\b(?:for|off|of)\s+${THE}(?:each\s+of\s+${THE})?(?:1st\s+)?${NUM}\s+month\b`);

function dollarOffers(piece: string): Offer[] {
  if (!DISCOUNT_WORD.test(piece)) return [];
  const offers: Offer[] = [];
  const limited = LIMITED_MONTHS.exec(piece);
  const forMonths = limited ? Number(limited[1]) : undefined;
  const perMonth = /\bper month\b/.test(piece);
  for (const match of piece.matchAll(AMOUNT)) {
    const cents = Math.round(Number(match[1] ?? match[2]) * 100);
    if (forMonths !== undefined && Number.isInteger(forMonths) && forMonths > 0) offers.push({ type: 'dollars', cents, per: 'month', forMonths });
    else offers.push({ type: 'dollars', cents, per: perMonth ? 'month' : 'once' });
  }
  return offers;
}

const BARE_PERIOD = new RegExp(String.raw`^${NUM}\s+${UNIT}(?:\s+free)?$`);

function isBarePeriod(piece: string): Offer | null {
  const bare = piece.replace(FILLER, ' ').replace(/\s+/g, ' ').trim();
  const match = BARE_PERIOD.exec(bare);
  if (!match) return null;
  const amount = Number(match[1]);
  // A bare "3 months" may be a lease length; weeks never are.
  if (match[2] === 'month' && amount > 2) return null;
  return period(match[2]!, amount);
}

interface Piece {
  offers: Offer[];
  nonRent: boolean;
  /** Speaks of a rent special without an offer we could value ("call for specials"). */
  unvalued: boolean;
}

function readPiece(piece: string, lifted: Lifted): Piece {
  if (NON_RENT.test(piece)) return { offers: [], nonRent: true, unvalued: false };
  const offers: Offer[] = [];
  // Every period and percent pattern names a week or a month: most pieces skip them all.
  const patterns = !/week|month/.test(piece) ? [] : piece.includes('%') ? [...PERIOD_PATTERNS, ...PERCENT_PATTERNS] : PERIOD_PATTERNS;
  for (const [pattern, make] of patterns)
    for (const match of piece.matchAll(pattern)) {
      const offer = make(match, lifted);
      if (offer.type !== 'percent' || offer.percent <= 100) offers.push(offer);
    }
  offers.push(...dollarOffers(piece));
  if (offers.length === 0) {
    const bare = isBarePeriod(piece);
    if (bare) offers.push(bare);
  }
  return { offers, nonRent: false, unvalued: offers.length === 0 && RENT_WORD.test(piece.replace(/⟦[TO]\d+⟧/g, '')) };
}

// ─── Clauses, tiers and the chosen tier ──────────────────────────────────────

interface Clause {
  offers: Offer[];
  terms: TermSet[];
  nonRent: boolean;
  unvalued: boolean;
}

/** Clauses: alternatives and tiers ("…, …", "…; …", "… or …", line breaks, sentences). */
const CLAUSE_SEPARATOR = /\s*(?:[;,!?]|\s\/\s|\bor\b|\.(?=\s|$))\s*/;
/** Pieces of a clause joined by "and", "+", "with", brackets: where the non-rent extras hang. */
const PIECE_SEPARATOR = /\s*(?:[+&()]|\band\b|\bplus\b|\bwith\b|\bw\/|\s-\s|\bincluding\b|\bincludes\b)\s*/;
// "waived deposit and first month's rent", "first month's rent and admin fee waived": rent waived beside a fee.
const RENT_WAIVED_BESIDE_FEES = [
  new RegExp(String.raw`\bwaive[sd]?\s+(?:[a-z\s'-]{1,40}\s)?(?:and|&|\+)\s+${THE}${ORDX}\s+month\s+rent\b`, 'g'),
  new RegExp(String.raw`${ORDX}\s+month\s+rent\s+(?:and|&|\+)\s+[a-z\s'-]{1,40}?\s(?:is\s+|are\s+)?waived\b`, 'g'),
];

function readClause(clause: string, lifted: Lifted): Clause {
  const terms = [...clause.matchAll(/⟦T(\d+)⟧/g)].map((m) => lifted.terms[Number(m[1])] as TermSet);
  const offers: Offer[] = [];
  let nonRent = false;
  let unvalued = false;
  for (const pattern of RENT_WAIVED_BESIDE_FEES)
    for (const match of clause.matchAll(pattern)) offers.push(ordinalMonths(match[1]!, lifted));
  for (const part of clause.split(PIECE_SEPARATOR)) {
    if (part.trim() === '') continue;
    const piece = readPiece(part, lifted);
    offers.push(...piece.offers);
    nonRent ||= piece.nonRent;
    unvalued ||= piece.unvalued;
  }
  return { offers, terms, nonRent, unvalued };
}

interface Tier {
  offers: Offer[];
  terms: TermSet[];
}

/** Tiers: clauses with rent offers; a clause that only states a term lends it to a neighbour that states none. */
function tiersOf(clauses: Clause[]): Tier[] {
  const tiers = clauses.map((clause) => (clause.offers.length > 0 ? { offers: clause.offers, terms: [...clause.terms] } : null));
  clauses.forEach((clause, i) => {
    if (clause.offers.length > 0 || clause.terms.length === 0) return;
    const before = tiers.slice(0, i).reverse().find((tier) => tier !== null);
    const after = tiers.slice(i + 1).find((tier) => tier !== null);
    const target = [before, after].find((tier) => tier && tier.terms.length === 0);
    target?.terms.push(...clause.terms);
  });
  return tiers.filter((tier) => tier !== null).map((tier) => {
    if (tier.terms.length > 0) return tier;
    const implied = Math.max(0, ...tier.offers.map((offer) => (offer.type === 'months' ? (offer.impliedTerm ?? 0) : 0)));
    const terms = implied > 0 ? [{ min: implied, max: Infinity }] : [{ min: DEFAULT_LEASE_TERM_MONTHS, max: DEFAULT_LEASE_TERM_MONTHS }];
    return { ...tier, terms };
  });
}

/**
 * The one rule for tiers and term ranges: the 12-month lease when the text
 * offers it, else the shortest term offered. Every tier valid for that term
 * is kept (alternatives for one lease; the larger value wins later).
 */
function chooseTerm(tiers: Tier[]): { term: number; chosen: Tier[] } {
  const valid = (term: number) => tiers.filter((tier) => tier.terms.some((set) => contains(set, term)));
  const standard = valid(DEFAULT_LEASE_TERM_MONTHS);
  if (standard.length > 0) return { term: DEFAULT_LEASE_TERM_MONTHS, chosen: standard };
  const shortest = Math.min(...tiers.flatMap((tier) => tier.terms.map((set) => set.min)));
  return { term: shortest, chosen: valid(shortest) };
}

// A portfolio repeats a few dozen texts thousands of times; terms are frozen, so sharing is safe.
const parsed = new Map<string, ConcessionTerms>();
const PARSED_MAX = 2_000;

/** Parses free concession text into terms. Never throws; text it cannot value is 'unparsed'. */
export function parseConcession(text: string | null | undefined): ConcessionTerms {
  const raw = text ?? '';
  let terms = parsed.get(raw);
  if (!terms) {
    terms = Object.freeze(parseConcessionText(raw));
    if (parsed.size >= PARSED_MAX) parsed.clear();
    parsed.set(raw, terms);
  }
  return terms;
}

function parseConcessionText(raw: string): ConcessionTerms {
  const normalized = normalize(raw);
  const base: ConcessionTerms = {
    kind: 'none',
    leaseTermMonths: DEFAULT_LEASE_TERM_MONTHS,
    tiers: 0,
    advertisedMaximum: /\bup to\b/.test(normalized),
    selectUnits: /\bselect(?:ed)?\b/.test(normalized),
    text: raw,
  };
  const bare = normalized.replace(/[.!*]+$/g, '').trim();
  if (bare === '' || NO_CONCESSION.test(bare)) return base;

  const lifted = lift(normalized);
  const clauses = lifted.text
    .split(CLAUSE_SEPARATOR)
    .filter((clause) => clause.trim() !== '')
    .map((clause) => readClause(clause, lifted));
  const tiers = tiersOf(clauses);
  if (tiers.length === 0) {
    const stated = lifted.terms.length > 0 ? chooseTerm([{ offers: [], terms: lifted.terms }]).term : DEFAULT_LEASE_TERM_MONTHS;
    // Fees waived are understood (worth 0 in rent); a special we could not value beside them is not.
    const onlyNonRent = clauses.some((c) => c.nonRent) && !clauses.some((c) => c.unvalued);
    return { ...base, leaseTermMonths: stated, kind: onlyNonRent ? 'non_rent' : 'unparsed' };
  }
  const { term, chosen } = chooseTerm(tiers);
  return { ...base, ...valueFields(chosen.flatMap((tier) => tier.offers), term), leaseTermMonths: term, tiers: tiers.length };
}

/** The offers of the chosen tier as terms: the largest period (in months) and the largest dollar offer. */
function valueFields(offers: Offer[], term: number): Pick<ConcessionTerms, 'kind' | 'months' | 'weeks' | 'percent' | 'percentMonths' | 'dollarsCents' | 'dollarsPer'> {
  let time: { monthsEquivalent: number; fields: Partial<ConcessionTerms> } | undefined;
  let dollars: { total: number; cents: number; per: 'once' | 'month' } | undefined;
  for (const offer of offers) {
    if (offer.type === 'dollars') {
      // Taken off for part of the lease only: worth forMonths × the amount, spread like a one-time amount.
      const partOfLease = offer.forMonths !== undefined && offer.forMonths < term;
      const cents = partOfLease ? offer.cents * (offer.forMonths as number) : offer.cents;
      const per = partOfLease ? 'once' : offer.per;
      const total = per === 'month' ? cents * term : cents;
      if (dollars === undefined || total > dollars.total) dollars = { total, cents, per };
      continue;
    }
    const candidate =
      offer.type === 'months'
        ? { monthsEquivalent: offer.months, fields: { kind: 'months_free' as const, months: offer.months } }
        : offer.type === 'weeks'
          ? { monthsEquivalent: offer.weeks / WEEKS_PER_MONTH, fields: { kind: 'weeks_free' as const, weeks: offer.weeks } }
          : percentFields(offer, term);
    if (time === undefined || candidate.monthsEquivalent > time.monthsEquivalent) time = candidate;
  }
  const dollarFields = dollars ? { dollarsCents: dollars.cents, dollarsPer: dollars.per } : {};
  if (time) return { kind: 'none', ...time.fields, ...dollarFields } as ReturnType<typeof valueFields>;
  return { kind: dollars?.per === 'month' ? 'dollars_off_monthly' : 'dollars_off_once', ...dollarFields };
}

function percentFields(offer: Extract<Offer, { type: 'percent' }>, term: number) {
  const months = offer.months === 'lease' ? term : Math.min(offer.months, term);
  return {
    monthsEquivalent: (offer.percent / 100) * months,
    fields: {
      kind: offer.months === 'lease' ? ('percent_off_monthly' as const) : ('percent_off_first_month' as const),
      percent: offer.percent,
      percentMonths: months,
    },
  };
}

// ─── Values ──────────────────────────────────────────────────────────────────

function toTerms(textOrTerms: string | null | undefined | ConcessionTerms): ConcessionTerms {
  return typeof textOrTerms === 'object' && textOrTerms !== null ? textOrTerms : parseConcession(textOrTerms);
}

/** Unrounded value over the lease; the larger of the time-based and dollar offers. */
function exactValue(marketRentCents: number, terms: ConcessionTerms): number {
  const term = terms.leaseTermMonths;
  const candidates = [0];
  if (terms.months !== undefined) candidates.push(terms.months * marketRentCents);
  if (terms.weeks !== undefined) candidates.push((marketRentCents * terms.weeks) / WEEKS_PER_MONTH);
  if (terms.percent !== undefined) candidates.push((terms.percent / 100) * marketRentCents * (terms.percentMonths ?? 1));
  if (terms.dollarsCents !== undefined) candidates.push(terms.dollarsPer === 'month' ? terms.dollarsCents * term : terms.dollarsCents);
  // Cannot give away more than the lease is worth.
  return Math.min(Math.max(...candidates), marketRentCents * term);
}

/**
 * Total value of the concession over the lease, in cents (0 for none/non_rent/unparsed).
 * @internal Used by tests only, not by the app (knip --production skips it).
 */
export function concessionValueCents(marketRentCents: number, textOrTerms: string | null | undefined | ConcessionTerms): number {
  return Math.round(exactValue(marketRentCents, toTerms(textOrTerms)));
}

/**
 * Net effective rent in cents: R − value/T, Math.round. Months free use the
 * table's R·(T−m)/T form. Unparsed text leaves the rent unchanged.
 */
export function netEffectiveRentCents(marketRentCents: number, textOrTerms: string | null | undefined | ConcessionTerms): number {
  const terms = toTerms(textOrTerms);
  const term = terms.leaseTermMonths;
  const value = exactValue(marketRentCents, terms);
  if (terms.kind === 'months_free' && terms.months !== undefined && value === terms.months * marketRentCents) {
    return Math.round((marketRentCents * (term - terms.months)) / term);
  }
  return Math.round(marketRentCents - value / term);
}

/**
 * What a concession is worth per month — the one source of truth for "does
 * this plan offer a concession, and how much" (docs/metrics.md):
 * - a net effective rent below asking says it: asking − NER, whatever the text;
 * - otherwise the text decides: 0 when it offers nothing that lowers rent
 *   (none, fees waived), null when it could not be valued (not understood).
 * `nerCents` null means no NER was recorded: it is derived from the text.
 */
export function monthlyConcessionCents(
  marketRentCents: number,
  nerCents: number | null | undefined,
  textOrTerms: string | null | undefined | ConcessionTerms,
): number | null {
  const terms = toTerms(textOrTerms);
  const ner = nerCents ?? netEffectiveRentCents(marketRentCents, terms);
  if (ner < marketRentCents) return marketRentCents - ner;
  return terms.kind === 'unparsed' ? null : 0;
}
