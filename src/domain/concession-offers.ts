/**
 * What a concession text offers, clause by clause: periods free, percents and
 * dollar amounts off, the tiers they form with their lease terms, and the one
 * tier chosen. Reads text in the spelling of concession-text.ts; part of
 * parseConcession (concessions.ts).
 */
import { contains, DEFAULT_LEASE_TERM_MONTHS, type Lifted, type TermSet } from './concession-text.js';

// ─── Offers in one piece of a clause ─────────────────────────────────────────

export type Offer =
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

export interface Clause {
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

/** The clauses of a lifted text, each with its offers and lease terms. */
export function readClauses(lifted: Lifted): Clause[] {
  return lifted.text
    .split(CLAUSE_SEPARATOR)
    .filter((clause) => clause.trim() !== '')
    .map((clause) => readClause(clause, lifted));
}

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

export interface Tier {
  offers: Offer[];
  terms: TermSet[];
}

/** Tiers: clauses with rent offers; a clause that only states a term lends it to a neighbour that states none. */
export function tiersOf(clauses: Clause[]): Tier[] {
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
export function chooseTerm(tiers: Tier[]): { term: number; chosen: Tier[] } {
  const valid = (term: number) => tiers.filter((tier) => tier.terms.some((set) => contains(set, term)));
  const standard = valid(DEFAULT_LEASE_TERM_MONTHS);
  if (standard.length > 0) return { term: DEFAULT_LEASE_TERM_MONTHS, chosen: standard };
  const shortest = Math.min(...tiers.flatMap((tier) => tier.terms.map((set) => set.min)));
  return { term: shortest, chosen: valid(shortest) };
}
