/**
 * Vacancy from available-from dates (GET …/vacancy and …/vacancy-trend).
 * Definitions: docs/metrics.md.
 */
import { addDays } from './dates.js';
import { formatPercentFromFraction, formatUnits } from './format.js';
import { mean } from './stats.js';
import { roundPercent1, roundTo } from './rounding.js';

export const VACANCY_WINDOW_DAYS = 14;
export const PROJECTION_HORIZONS = [14, 30, 60, 90] as const;

export interface Availability {
  /** 'YYYY-MM-DD'; a date before the survey means already available. */
  available_from: string;
  units: number;
}

export interface VacancyInput {
  /** The survey date ('YYYY-MM-DD'). */
  surveyDate: string;
  /** Sum of the community's floor plan unit counts. */
  totalUnits: number;
  availability: readonly Availability[];
}

export interface Vacancy {
  has_data: boolean;
  /** Fraction, 4 decimals; null when there is no data or no units. */
  vacancy_rate: number | null;
  vacancy_rate_formatted: string | null;
  available_units_next_14_days: number | null;
  available_units_formatted: string | null;
}

export type Projections = Record<'14d' | '30d' | '60d' | '90d', number>;

export interface VacancyTrendPoint {
  subject_vacancy: number | null;
  avg_comp_vacancy: number | null;
}

/** Units available on or before `date` (cumulative: earlier dates included). */
export function unitsAvailableBy(availability: readonly Availability[], date: string): number {
  let units = 0;
  for (const row of availability) {
    // ISO dates compare correctly as strings.
    if (row.available_from <= date && row.units > 0) units += row.units;
  }
  return units;
}

/** Units available within 14 days of the survey date (day 14 included). */
export function availableNext14Days(input: VacancyInput): number {
  return unitsAvailableBy(input.availability, addDays(input.surveyDate, VACANCY_WINDOW_DAYS));
}

/** Unrounded 14-day vacancy fraction; null without units. */
export function vacancyFraction(input: VacancyInput): number | null {
  return input.totalUnits > 0 ? availableNext14Days(input) / input.totalUnits : null;
}

/** "4.8%": the vacancy fraction with one decimal. */
export function formatVacancyRate(fraction: number | null | undefined): string | null {
  return fraction == null ? null : formatPercentFromFraction(fraction, 1);
}

/** "12 units". */
export function formatAvailableUnits(units: number | null | undefined): string | null {
  return units == null ? null : formatUnits(units);
}

/** The vacancy endpoint's figures for a completed survey. */
export function computeVacancy(input: VacancyInput): Vacancy {
  const available = availableNext14Days(input);
  const fraction = vacancyFraction(input);
  const rate = fraction === null ? null : roundTo(fraction, 4);
  return {
    has_data: true,
    vacancy_rate: rate,
    vacancy_rate_formatted: formatVacancyRate(rate),
    available_units_next_14_days: available,
    available_units_formatted: formatAvailableUnits(available),
  };
}

/** The vacancy endpoint's figures when the community has no completed survey. */
export function vacancyWithoutData(): Vacancy {
  return {
    has_data: false,
    vacancy_rate: null,
    vacancy_rate_formatted: null,
    available_units_next_14_days: null,
    available_units_formatted: null,
  };
}

/**
 * 14-day vacancy as a percent with one decimal (a trend point); null without units.
 * @internal Used by tests only, not by the app (knip --production skips it).
 */
export function vacancyPercent(input: VacancyInput): number | null {
  const fraction = vacancyFraction(input);
  return fraction === null ? null : roundPercent1(fraction * 100);
}

/**
 * A community in one survey, already counted: its units, and those available
 * within the 14-day window (`availableNext14Days`). The store counts them in
 * SQL for a whole trend at once (a year of surveys × 11 communities).
 */
export interface VacancyCount {
  totalUnits: number;
  availableNext14Days: number;
}

const countOf = (input: VacancyInput): VacancyCount => ({ totalUnits: input.totalUnits, availableNext14Days: availableNext14Days(input) });

const fractionOf = (count: VacancyCount) => (count.totalUnits > 0 ? count.availableNext14Days / count.totalUnits : null);

/**
 * One trend point: subject vacancy against the plain mean of the comps'
 * vacancies (each comp counts once, whatever its size). Comps without units
 * are left out; null when none remain.
 * @internal Used by tests only, not by the app (knip --production skips it).
 */
export function computeVacancyTrendPoint(subject: VacancyInput, comps: readonly VacancyInput[]): VacancyTrendPoint {
  return vacancyTrendPoint(countOf(subject), comps.map(countOf));
}

/** The same from counts. */
export function vacancyTrendPoint(subject: VacancyCount, comps: readonly VacancyCount[]): VacancyTrendPoint {
  const compFractions = comps.flatMap((comp) => {
    const fraction = fractionOf(comp);
    return fraction === null ? [] : [fraction];
  });
  const average = mean(compFractions);
  const subjectFraction = fractionOf(subject);
  return {
    subject_vacancy: subjectFraction === null ? null : roundPercent1(subjectFraction * 100),
    avg_comp_vacancy: average === null ? null : roundPercent1(average * 100),
  };
}

/**
 * Projected vacancy in percent at 14/30/60/90 days after `asOfDate`:
 * units with available_from on or before asOf + N days. Cumulative, so it
 * never falls as the horizon grows. All zeros without units.
 */
export function computeProjections(input: { asOfDate: string; totalUnits: number; availability: readonly Availability[] }): Projections {
  const at = (days: number) =>
    input.totalUnits > 0
      ? roundPercent1((100 * unitsAvailableBy(input.availability, addDays(input.asOfDate, days))) / input.totalUnits)
      : 0;
  return { '14d': at(14), '30d': at(30), '60d': at(60), '90d': at(90) };
}
