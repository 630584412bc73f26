/**
 * Concession text into the one spelling the offer patterns read
 * (concession-offers.ts): digits, "week", "month", "1st"…, "per month"; then
 * lease-term phrases and ordinal lists lifted out as markers, so that the
 * commas inside them do not cut clauses. Part of parseConcession (concessions.ts).
 */

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
export function normalize(raw: string): string {
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
export interface TermSet {
  min: number;
  max: number;
  /** A list ("12, 13 & 14 month leases") rather than a range. */
  values?: number[];
}

export const contains = (set: TermSet, months: number) =>
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

export interface Lifted {
  text: string;
  terms: TermSet[];
  /** Ordinal lists: "2nd and 3rd month" → count 2, highest 3. */
  ordinals: Array<{ count: number; highest: number }>;
}

/** Replaces lease-term phrases and ordinal lists with ⟦T0⟧/⟦O0⟧ markers, so the commas inside them do not cut clauses. */
export function lift(text: string): Lifted {
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
