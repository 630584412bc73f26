/**
 * Concession text → terms → value and net effective rent (NER).
 *
 * Parsing is deliberately conservative: text that does not match a known
 * pattern is 'unparsed' and leaves the rent unchanged, because a guessed
 * discount would silently distort every NER metric built on it.
 */

export type ConcessionKind =
  | 'none'
  | 'months_free'
  | 'weeks_free'
  | 'dollars_off_once'
  | 'dollars_off_monthly'
  | 'percent_off_first_month'
  | 'non_rent'
  | 'unparsed';

export interface ConcessionTerms {
  kind: ConcessionKind;
  /** Free months (may be fractional: "half month free" → 0.5). */
  months?: number;
  weeks?: number;
  /** Dollar amount in cents; also present next to months/weeks/percent when the text offers both. */
  dollarsCents?: number;
  /** Whether dollarsCents is a one-time amount or taken off every month. */
  dollarsPer?: 'once' | 'month';
  /** Percent (0-100) off the first month. */
  percent?: number;
  /** The lease term the text states, else 12. */
  leaseTermMonths: number;
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

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18,
  nineteen: 19, twenty: 20, 'twenty-four': 24,
};

// Longest alternatives first so "half a" wins over "half" and "a".
const NUM =
  String.raw`(one and a half|\d+(?:\.\d+)?\s+1\/2|\d+(?:\.\d+)?|1\/2|½|half an?|a half|half|` +
  Object.keys(NUMBER_WORDS).sort((x, y) => y.length - x.length).join('|') +
  ')';
const INT = String.raw`(\d+|${Object.keys(NUMBER_WORDS).filter((w) => NUMBER_WORDS[w]! > 1).join('|')})`;

// Free things that are not rent: "1 month free parking" is not a rent concession.
const NOT_RENT_AFTER = String.raw`(?!\s+(?:of\s+)?(?:parking|garage|storage|wi-?fi|internet|cable|utilities|amenit\w*|pet\s+rent|valet|trash|gym))`;
const MONTH = String.raw`(?:full\s+)?(?:months?|mos?\.?)(?:'s)?`;
const WEEK = String.raw`(?:weeks?|wks?\.?)(?:'s)?`;
const FREE = String.raw`(?:\s+of)?(?:\s+rent)?\s+(?:free|off)\b`;

const MONTHS_FREE = [
  new RegExp(String.raw`(?:^|[^\w$.])${NUM}[\s-]+${MONTH}${FREE}${NOT_RENT_AFTER}`, 'g'),
  new RegExp(String.raw`(?:^|[^\w$.])${NUM}\s+free\s+months?\b${NOT_RENT_AFTER}`, 'g'),
];
const FIRST_MONTH_FREE = [
  new RegExp(String.raw`\b(?:first|1st)\s+(?:full\s+)?month(?:'s|s)?(?:\s+rent)?(?:\s+is)?\s+free\b${NOT_RENT_AFTER}`),
  new RegExp(String.raw`\bfree\s+(?:first|1st)\s+month\b${NOT_RENT_AFTER}`),
  new RegExp(String.raw`(?:^|[^\w\s]\s*)free\s+months?(?:'s)?(?:\s+rent)?\b${NOT_RENT_AFTER}`),
];
const WEEKS_FREE = [
  new RegExp(String.raw`(?:^|[^\w$.])${NUM}[\s-]+${WEEK}${FREE}${NOT_RENT_AFTER}`, 'g'),
  new RegExp(String.raw`(?:^|[^\w$.])${NUM}\s+free\s+(?:weeks?|wks?)\b${NOT_RENT_AFTER}`, 'g'),
];
const FIRST_MONTH = String.raw`(?:the\s+|your\s+)?(?:first|1st)\s+(?:full\s+)?month`;
// "half off" is written as "50%" before these run.
const PERCENT_OFF_FIRST_MONTH = [
  new RegExp(String.raw`(\d+(?:\.\d+)?)\s*%\s*off\s+(?:of\s+)?${FIRST_MONTH}`),
  new RegExp(String.raw`${FIRST_MONTH}(?:'s)?(?:\s+rent)?\s+(\d+(?:\.\d+)?)\s*%\s*off`),
];
const LEASE_TERM = [
  // A range ("12-15 month leases") states its shortest qualifying term first.
  new RegExp(String.raw`\b${INT}(?:\s*(?:-|to)\s*\d+)?\+?[\s-]*(?:months?|mos?\.?)[\s-]+(?:or\s+(?:longer|more)\s+)?(?:leases?|terms?)\b`),
  new RegExp(String.raw`\blease(?:s)?(?:\s+terms?)?\s+(?:of\s+)?${INT}\+?[\s-]*(?:months?|mos?)\b`),
];

const AMOUNT = /\$\s*(\d+(?:\.\d{1,2})?)\s*(k\b)?|\b(\d+(?:\.\d{1,2})?)\s+dollars\b/;
const RENT_DISCOUNT_WORD = /\b(?:off|discount|credit|savings?|save|rebate)\b/;
const PER_MONTH = /(?:\/\s*mo(?:nth)?\b|\bper\s+mo(?:nth)?\b|\ba\s+month\b|\beach\s+month\b|\bevery\s+month\b|\bmonthly\b)/;
const OFF_SOMETHING_ELSE =
  /\boff\s+(?:the\s+|your\s+)?(?:application|app|admin|administrative|deposit|security|fees?|parking|pet|storage|amenity|move-?in\s+fees?)\b/;
const FOR_MONTHS = new RegExp(String.raw`\bfor\s+(?:the\s+)?(?:first\s+)?${INT}\s+(?:months?|mos?)\b(?![\s-]*(?:leases?|terms?)\b)`);
const NON_RENT =
  /\b(?:waiv\w*|fees?|deposits?|gift\s*cards?|parking|garage|storage|wi-?fi|internet|cable|amenit\w*|pet\s+rent|visa|application)\b/;
const NO_CONCESSION =
  /^(?:none|nothing|no\s+(?:current\s+)?(?:specials?|concessions?|promotions?|promos?|incentives?|deals?|offers?)(?:\s+(?:currently|at\s+this\s+time|available|right\s+now|offered))?|n\/?a|-+|—|–|0|\$0)$/;

function toNumber(token: string): number {
  const word = token.trim();
  if (word === 'one and a half') return 1.5;
  if (word === '1/2' || word === '½' || word === 'half' || word === 'a half' || /^half an?$/.test(word)) return 0.5;
  const mixed = /^(\d+(?:\.\d+)?)\s+1\/2$/.exec(word);
  if (mixed) return Number(mixed[1]) + 0.5;
  return NUMBER_WORDS[word] ?? Number(word);
}

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[‐‑‒]/g, '-')
    .replace(/(\d),(?=\d{3}\b)/g, '$1') // $1,000 → $1000
    .replace(/\s+/g, ' ')
    .trim();
}

function largestMatch(patterns: readonly RegExp[], text: string): number | undefined {
  let best: number | undefined;
  for (const pattern of patterns) {
    const matches = pattern.global ? [...text.matchAll(pattern)] : [pattern.exec(text)];
    for (const match of matches) {
      if (!match) continue;
      const value = match[1] === undefined ? 1 : toNumber(match[1]);
      if (Number.isFinite(value) && (best === undefined || value > best)) best = value;
    }
  }
  return best;
}

function leaseTerm(text: string): number {
  for (const pattern of LEASE_TERM) {
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    const months = toNumber(match[1]);
    if (Number.isInteger(months) && months >= 1 && months <= 60) return months;
  }
  return DEFAULT_LEASE_TERM_MONTHS;
}

interface DollarOffer {
  cents: number;
  per: 'once' | 'month';
}

/** Dollar offers, one per clause; clauses split where offers are usually joined. */
function dollarOffers(text: string, term: number): { offers: DollarOffer[]; nonRentAmount: boolean } {
  const offers: DollarOffer[] = [];
  let nonRentAmount = false;
  for (const clause of text.split(/[;,+&|]|\b(?:and|plus|or|with)\b|\bw\//)) {
    const match = AMOUNT.exec(clause);
    if (!match) continue;
    const amount = Number(match[1] ?? match[3]) * (match[2] ? 1000 : 1);
    if (OFF_SOMETHING_ELSE.test(clause)) {
      nonRentAmount = true;
      continue;
    }
    // "$99 move-in special" says no discount; leave it to the unparsed path.
    if (!RENT_DISCOUNT_WORD.test(clause)) continue;
    const cents = Math.round(amount * 100);
    // "$100 off for the first 6 months": worth 6 × $100 over the lease.
    const forMonths = FOR_MONTHS.exec(clause);
    const months = forMonths?.[1] === undefined ? undefined : toNumber(forMonths[1]);
    if (months !== undefined && Number.isInteger(months) && months > 0 && months < term) {
      offers.push({ cents: cents * months, per: 'once' });
    } else {
      offers.push({ cents, per: PER_MONTH.test(clause) || months !== undefined ? 'month' : 'once' });
    }
  }
  return { offers, nonRentAmount };
}

// A portfolio repeats a few dozen texts thousands of times; terms are frozen, so sharing is safe.
const parsed = new Map<string, ConcessionTerms>();
const PARSED_MAX = 2_000;

/** Parses free concession text into terms. Never throws; unknown text is 'unparsed'. */
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
    leaseTermMonths: leaseTerm(normalized),
    advertisedMaximum: /\bup\s+to\b/.test(normalized),
    selectUnits: /\bselect(?:ed)?\b/.test(normalized),
    text: raw,
  };
  const bare = normalized.replace(/[.!*]+$/g, '').trim();
  if (bare === '' || NO_CONCESSION.test(bare)) return base;

  // Time-based offers compare without knowing the rent: use months-equivalents.
  const months = largestMatch(MONTHS_FREE, normalized) ?? (FIRST_MONTH_FREE.some((p) => p.test(normalized)) ? 1 : undefined);
  const weeks = largestMatch(WEEKS_FREE, normalized);
  const percent = largestMatch(PERCENT_OFF_FIRST_MONTH, normalized.replace(/\bhalf\s+off\b/g, '50% off'));
  const timeCandidates: Array<{ kind: ConcessionKind; monthsEquivalent: number; field: Partial<ConcessionTerms> }> = [];
  if (months !== undefined) timeCandidates.push({ kind: 'months_free', monthsEquivalent: months, field: { months } });
  if (weeks !== undefined) timeCandidates.push({ kind: 'weeks_free', monthsEquivalent: weeks / WEEKS_PER_MONTH, field: { weeks } });
  if (percent !== undefined && percent <= 100)
    timeCandidates.push({ kind: 'percent_off_first_month', monthsEquivalent: percent / 100, field: { percent } });
  const time = timeCandidates.reduce<(typeof timeCandidates)[number] | undefined>(
    (best, candidate) => (best === undefined || candidate.monthsEquivalent > best.monthsEquivalent ? candidate : best),
    undefined,
  );

  const term = base.leaseTermMonths;
  const { offers, nonRentAmount } = dollarOffers(normalized, term);
  const dollars = offers.reduce<DollarOffer | undefined>((best, offer) => {
    const total = (o: DollarOffer) => (o.per === 'month' ? o.cents * term : o.cents);
    return best === undefined || total(offer) > total(best) ? offer : best;
  }, undefined);
  const dollarFields: Partial<ConcessionTerms> = dollars ? { dollarsCents: dollars.cents, dollarsPer: dollars.per } : {};

  if (time) return { ...base, kind: time.kind, ...time.field, ...dollarFields };
  if (dollars) return { ...base, kind: dollars.per === 'month' ? 'dollars_off_monthly' : 'dollars_off_once', ...dollarFields };
  if (nonRentAmount || NON_RENT.test(normalized)) return { ...base, kind: 'non_rent' };
  return { ...base, kind: 'unparsed' };
}

function toTerms(textOrTerms: string | null | undefined | ConcessionTerms): ConcessionTerms {
  return typeof textOrTerms === 'object' && textOrTerms !== null ? textOrTerms : parseConcession(textOrTerms);
}

/** Unrounded value over the lease; the larger of the time-based and dollar offers. */
function exactValue(marketRentCents: number, terms: ConcessionTerms): number {
  const term = terms.leaseTermMonths;
  const candidates = [0];
  if (terms.months !== undefined) candidates.push(terms.months * marketRentCents);
  if (terms.weeks !== undefined) candidates.push((marketRentCents * terms.weeks) / WEEKS_PER_MONTH);
  if (terms.percent !== undefined) candidates.push((terms.percent / 100) * marketRentCents);
  if (terms.dollarsCents !== undefined) candidates.push(terms.dollarsPer === 'month' ? terms.dollarsCents * term : terms.dollarsCents);
  // Cannot give away more than the lease is worth.
  return Math.min(Math.max(...candidates), marketRentCents * term);
}

/** Total value of the concession over the lease, in cents (0 for none/non_rent/unparsed). */
export function concessionValueCents(marketRentCents: number, textOrTerms: string | null | undefined | ConcessionTerms): number {
  const terms = toTerms(textOrTerms);
  return Math.round(exactValue(marketRentCents, terms));
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

/** Monthly value of the concession: R − NER, integer cents. */
export function monthlyConcessionValueCents(marketRentCents: number, textOrTerms: string | null | undefined | ConcessionTerms): number {
  return marketRentCents - netEffectiveRentCents(marketRentCents, textOrTerms);
}

/** True when the terms lower the rent (a kind that does, with a positive amount). */
export function isRentConcession(textOrTerms: string | null | undefined | ConcessionTerms): boolean {
  const terms = toTerms(textOrTerms);
  return (
    (terms.months ?? 0) > 0 || (terms.weeks ?? 0) > 0 || (terms.percent ?? 0) > 0 || (terms.dollarsCents ?? 0) > 0
  );
}
