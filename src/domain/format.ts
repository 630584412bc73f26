/**
 * Display formatters for tables and the vacancy endpoint's *_formatted fields.
 * Every display formatter prints "—" for null, undefined or a non-finite number,
 * so a missing metric never shows up as "$NaN" or "null%".
 */
import { roundTo } from './rounding.js';

export const MISSING = '—';

type Maybe = number | null | undefined;

function isNumber(value: Maybe): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Fixed decimals, rounded half away from zero, without a "-0.0". */
function fixed(value: number, decimals: number): string {
  const rounded = roundTo(value, decimals);
  const [whole = '0', fraction] = Math.abs(rounded).toFixed(decimals).split('.');
  const body = fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
  return rounded < 0 ? `-${body}` : body;
}

/** Whole dollars: 184_500 → "$1,845"; -2_500 → "-$25". */
export function formatMoney(cents: Maybe): string {
  if (!isNumber(cents)) return MISSING;
  const text = fixed(cents / 100, 0);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Dollars and cents: 183_333 → "$1,833.33". */
export function formatMoneyExact(cents: Maybe): string {
  if (!isNumber(cents)) return MISSING;
  const text = fixed(cents / 100, 2);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** How a list of amounts read together is shown (moneyFormatFor). */
export type MoneyFormat = (cents: Maybe) => string;

/**
 * One format for a list of amounts read together (a table's column, a line's before and after):
 * whole dollars when every amount is whole, else dollars and cents for all of them. Targets
 * are whole dollars, NERs and averages often not, and "$2,159" beside "$2,159.86" misreads.
 */
export function moneyFormatFor(amounts: Iterable<Maybe>): MoneyFormat {
  let exact = false;
  for (const cents of amounts) if (isNumber(cents) && roundTo(cents, 0) % 100 !== 0) exact = true;
  return exact ? formatMoneyExact : formatMoney;
}

/**
 * The cents a format shows of an amount: whole dollars round to the dollar (half away from zero), dollars
 * and cents to the cent. A difference shown beside two figures is the difference of what they show
 * (shownDifference), so that it adds up on the screen.
 */
export function shownCents(cents: number, format: MoneyFormat): number {
  return format === formatMoneyExact ? roundTo(cents, 0) : roundTo(cents / 100, 0) * 100;
}

/** `to − from` as the two read in their formats; null when either is unknown. */
export function shownDifference(from: Maybe, to: Maybe, fromFormat: MoneyFormat, toFormat: MoneyFormat = fromFormat): number | null {
  if (!isNumber(from) || !isNumber(to)) return null;
  return shownCents(to, toFormat) - shownCents(from, fromFormat);
}

/** A lone amount, read on its own: whole dollars when it is whole, else dollars and cents (NERs rarely are whole). */
export function formatAmount(cents: Maybe): string {
  return moneyFormatFor([cents])(cents);
}

/**
 * Cents with an explicit sign, in `format` (that of the amounts it is read with: a column's, a
 * line's before and after), else its own: 2_000 → "+$20", -27_692 → "-$276.92", 0 → "$0".
 */
export function formatSignedMoney(cents: Maybe, format: MoneyFormat = formatAmount): string {
  if (!isNumber(cents)) return MISSING;
  const shown = format(cents);
  return cents > 0 && shown !== format(0) ? `+${shown}` : shown;
}

/** A count for people: 13320 → "13,320". */
export function formatCount(count: Maybe): string {
  return isNumber(count) ? fixed(count, 0) : MISSING;
}

/** Decimals a value written for people needs (at most MAX_DECIMALS: past that it is float noise). */
const MAX_DECIMALS = 6;
function decimalsOf(value: number): number {
  const [, fraction = ''] = roundTo(value, MAX_DECIMALS).toFixed(MAX_DECIMALS).replace(/0+$/, '').split('.');
  return fraction.length;
}

/**
 * One format for a column of numbers: counts with thousands separators ("1,060"); when any
 * value has decimals, every value with as many (miles 3.20 beside 0.26, baths 1.0 beside 1.5),
 * so that a column lines up and no value looks rounder than its neighbours.
 */
export function numberFormatFor(values: Iterable<Maybe>): (value: Maybe) => string {
  let decimals = 0;
  for (const value of values) if (isNumber(value)) decimals = Math.max(decimals, decimalsOf(value));
  return (value) => (isNumber(value) ? fixed(value, decimals) : MISSING);
}

/** Cents per square foot: 240 → "$2.40/sf". */
export function formatPerSqft(centsPerSqft: Maybe): string {
  const money = formatMoneyExact(centsPerSqft);
  return money === MISSING ? MISSING : `${money}/sf`;
}

/** A number rounded to `decimals` with an explicit sign: "+4.2", "-3.0", "0.0". */
function signed(value: number, decimals: number): string {
  return `${roundTo(value, decimals) > 0 ? '+' : ''}${fixed(value, decimals)}`;
}

/** A fraction with an explicit sign: 0.042 → "+4.2%", -0.03 → "-3.0%", 0 → "0.0%". */
export function formatSignedPercent(fraction: Maybe, decimals = 1): string {
  return isNumber(fraction) ? `${signed(fraction * 100, decimals)}%` : MISSING;
}

/** A move in percentage points, with its sign: 2.6 → "+2.6 pts", -1.54 → "-1.5 pts". */
export function formatSignedPoints(points: Maybe, decimals = 1): string {
  return isNumber(points) ? `${signed(points, decimals)} pts` : MISSING;
}

/** Takes a fraction: 0.045 → "4.5%". */
export function formatPercentFromFraction(fraction: Maybe, decimals = 1): string {
  if (!isNumber(fraction)) return MISSING;
  return `${fixed(fraction * 100, decimals)}%`;
}

/** Takes a value already in percent: 4.5 → "4.5%". */
export function formatPercentValue(percent: Maybe, decimals = 1): string {
  if (!isNumber(percent)) return MISSING;
  return `${fixed(percent, decimals)}%`;
}

/** 12 → "12 units", 1 → "1 unit", 1200 → "1,200 units". */
export function formatUnits(count: Maybe): string {
  if (!isNumber(count)) return MISSING;
  return `${fixed(count, 0)} ${count === 1 ? 'unit' : 'units'}`;
}

/** Vacancy fraction with its unit count: (0.045, 12) → "4.5% (12 units)". */
export function formatVacancy(fraction: Maybe, units: Maybe): string {
  if (!isNumber(fraction)) return MISSING;
  return isNumber(units) ? `${formatPercentFromFraction(fraction)} (${formatUnits(units)})` : formatPercentFromFraction(fraction);
}

/** A CRI (a percentile rank, 0–100) as every table and line shows it: 44.44 → "44.4"; its band is said apart (bandOf). */
export function formatCri(cri: Maybe): string {
  return isNumber(cri) ? fixed(cri, 1) : MISSING;
}

/** Bathrooms as people say them, each on its own: 1 → "1", 1.5 → "1.5" (never "1.0" beside a 1.5). */
export function formatBathrooms(bathrooms: Maybe): string {
  return isNumber(bathrooms) ? String(roundTo(bathrooms, 2)) : MISSING;
}

/** A plan's bedrooms as people say them: "Studio", "2 BR". */
export function bedroomsLabel(bedrooms: number): string {
  return bedrooms === 0 ? 'Studio' : `${bedrooms} BR`;
}

/** The name a plan goes by in tables and charts: "A1 1 BR/1 BA", "S Studio/1 BA"; its layout alone when it has no name. */
export function planLabel(plan: { floor_plan_name?: string | null | undefined; bedrooms: number; bathrooms: number }): string {
  return `${plan.floor_plan_name ?? ''} ${bedroomsLabel(plan.bedrooms)}/${formatBathrooms(plan.bathrooms)} BA`.trim();
}

/** A floor plan's layout, as a picker or TAB shows it beside the plan's name: "1 BR / 1 BA, 735 sq ft". */
export function formatPlanLayout(plan: { bedrooms: number; bathrooms: number; square_feet: number }): string {
  return `${bedroomsLabel(plan.bedrooms)} / ${formatBathrooms(plan.bathrooms)} BA, ${plan.square_feet} sq ft`;
}
