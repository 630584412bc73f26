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
 *
 * The spelling and lifting live in concession-text.ts, the offers, clauses and
 * tiers in concession-offers.ts; this file parses and values.
 */
import { chooseTerm, readClauses, tiersOf, type Offer } from './concession-offers.js';
import { DEFAULT_LEASE_TERM_MONTHS, lift, normalize } from './concession-text.js';

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
export { DEFAULT_LEASE_TERM_MONTHS };

/** A whole text that says there is no special. */
const NO_CONCESSION =
  /^(?:none|nothing|no|n\/?a|-+|0|\$0|none (?:currently|at this time|available)|no (?:current )?(?:specials?|concessions?|promotions?|promos?|incentives?|deals?|offers?)(?: (?:currently|at this time|available|right now|offered))?)$/;

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
  const clauses = readClauses(lifted);
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
