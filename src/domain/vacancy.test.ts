import { describe, expect, it } from 'vitest';
import { addDays } from './dates.js';
import {
  availableNext14Days,
  computeProjections,
  computeVacancy,
  computeVacancyTrendPoint,
  formatAvailableUnits,
  formatVacancyRate,
  unitsAvailableBy,
  vacancyFraction,
  vacancyPercent,
  vacancyWithoutData,
  type VacancyInput,
} from './vacancy.js';

/** The worked example of docs/metrics.md ("Vacancy"). */
const example: VacancyInput = {
  surveyDate: '2026-11-02',
  totalUnits: 250,
  availability: [
    { available_from: '2026-10-28', units: 3 }, // already available
    { available_from: '2026-11-10', units: 5 },
    { available_from: '2026-11-16', units: 4 }, // day 14: counted
    { available_from: '2026-11-17', units: 2 }, // day 15: not counted
    { available_from: '2026-12-01', units: 6 },
    { available_from: '2027-01-15', units: 3 },
  ],
};

describe('computeVacancy — docs example', () => {
  it('12 of 250 units within 14 days → 0.048, "4.8%", "12 units"', () => {
    expect(computeVacancy(example)).toEqual({
      has_data: true,
      vacancy_rate: 0.048,
      vacancy_rate_formatted: '4.8%',
      available_units_next_14_days: 12,
      available_units_formatted: '12 units',
    });
  });
});

describe('computeVacancy', () => {
  const at = (availability: VacancyInput['availability'], totalUnits = 250) =>
    computeVacancy({ surveyDate: '2026-11-02', totalUnits, availability });

  it('no availability → 0', () => {
    expect(at([])).toMatchObject({ vacancy_rate: 0, vacancy_rate_formatted: '0.0%', available_units_next_14_days: 0, available_units_formatted: '0 units' });
  });
  it('one unit reads "1 unit"', () => {
    expect(at([{ available_from: '2026-11-02', units: 1 }])).toMatchObject({ vacancy_rate: 0.004, available_units_formatted: '1 unit' });
  });
  it('rounds the fraction to 4 decimals and formats one decimal', () => {
    expect(at([{ available_from: '2026-11-02', units: 1 }], 3)).toMatchObject({ vacancy_rate: 0.3333, vacancy_rate_formatted: '33.3%' });
    expect(at([{ available_from: '2026-11-02', units: 2 }], 3)).toMatchObject({ vacancy_rate: 0.6667, vacancy_rate_formatted: '66.7%' });
  });
  it('no units: the rate is null rather than a division by zero', () => {
    expect(at([], 0)).toEqual({
      has_data: true,
      vacancy_rate: null,
      vacancy_rate_formatted: null,
      available_units_next_14_days: 0,
      available_units_formatted: '0 units',
    });
  });
  it('ignores rows with no or negative units', () => {
    expect(at([{ available_from: '2026-11-02', units: 0 }, { available_from: '2026-11-02', units: -3 }]).available_units_next_14_days).toBe(0);
  });
  it('counts across a year end', () => {
    const input = { surveyDate: '2026-12-25', totalUnits: 100, availability: [{ available_from: '2027-01-08', units: 2 }, { available_from: '2027-01-09', units: 5 }] };
    expect(availableNext14Days(input)).toBe(2);
  });
  it('without a completed survey: has_data false and nulls', () => {
    expect(vacancyWithoutData()).toEqual({
      has_data: false,
      vacancy_rate: null,
      vacancy_rate_formatted: null,
      available_units_next_14_days: null,
      available_units_formatted: null,
    });
  });
  it('formatters', () => {
    expect(formatVacancyRate(0.048)).toBe('4.8%');
    expect(formatVacancyRate(null)).toBeNull();
    expect(formatAvailableUnits(12)).toBe('12 units');
    expect(formatAvailableUnits(undefined)).toBeNull();
  });
});

describe('vacancy trend', () => {
  it('vacancyPercent is the 14-day vacancy in percent, 1 decimal', () => {
    expect(vacancyPercent(example)).toBe(4.8);
    expect(vacancyFraction(example)).toBe(0.048);
    expect(vacancyPercent({ ...example, totalUnits: 0 })).toBeNull();
  });

  const units = (surveyDate: string, totalUnits: number, available: number): VacancyInput => ({
    surveyDate,
    totalUnits,
    availability: [{ available_from: surveyDate, units: available }],
  });

  it('docs example: subject 4.8 against the plain mean of 5.0, 3.0 and 4.667 → 4.2', () => {
    const point = computeVacancyTrendPoint(units('2026-11-02', 250, 12), [
      units('2026-11-02', 200, 10),
      units('2026-11-02', 300, 9),
      units('2026-11-02', 150, 7),
    ]);
    expect(point).toEqual({ subject_vacancy: 4.8, avg_comp_vacancy: 4.2 }); // unit-weighted would be 4.0
  });
  it('averages unrounded comp vacancies', () => {
    // 16.667 % and 33.43 % → 25.048 → 25.0; rounding each first (16.7, 33.4) would give 25.1
    const point = computeVacancyTrendPoint(units('2026-11-02', 100, 5), [units('2026-11-02', 6, 1), units('2026-11-02', 10_000, 3_343)]);
    expect(point.avg_comp_vacancy).toBe(25);
  });
  it('leaves out comps without units; null with no comps', () => {
    expect(computeVacancyTrendPoint(units('2026-11-02', 100, 5), [units('2026-11-02', 0, 0), units('2026-11-02', 100, 3)])).toEqual({
      subject_vacancy: 5,
      avg_comp_vacancy: 3,
    });
    expect(computeVacancyTrendPoint(units('2026-11-02', 100, 5), [])).toEqual({ subject_vacancy: 5, avg_comp_vacancy: null });
  });
});

describe('computeProjections', () => {
  const fromExample = { asOfDate: example.surveyDate, totalUnits: example.totalUnits, availability: example.availability };

  it('docs example: 12, 20, 20 and 23 of 250 units → 4.8, 8.0, 8.0, 9.2', () => {
    expect(computeProjections(fromExample)).toEqual({ '14d': 4.8, '30d': 8, '60d': 8, '90d': 9.2 });
  });
  it('never decreases as the horizon grows', () => {
    const availability = Array.from({ length: 30 }, (_, i) => ({ available_from: addDays('2026-10-01', i * 5), units: (i % 4) + 1 }));
    const p = computeProjections({ asOfDate: '2026-10-15', totalUnits: 333, availability });
    expect(p['14d']).toBeLessThanOrEqual(p['30d']);
    expect(p['30d']).toBeLessThanOrEqual(p['60d']);
    expect(p['60d']).toBeLessThanOrEqual(p['90d']);
    expect(p['90d']).toBeGreaterThan(p['14d']);
  });
  it('counts each horizon inclusively (day 30 is in the 30-day projection)', () => {
    const p = computeProjections({ asOfDate: '2026-11-02', totalUnits: 100, availability: [{ available_from: '2026-12-02', units: 1 }] });
    expect(p).toEqual({ '14d': 0, '30d': 1, '60d': 1, '90d': 1 });
  });
  it('all zeros without units', () => {
    expect(computeProjections({ asOfDate: '2026-11-02', totalUnits: 0, availability: [] })).toEqual({ '14d': 0, '30d': 0, '60d': 0, '90d': 0 });
  });
  it('unitsAvailableBy is cumulative', () => {
    expect(unitsAvailableBy(example.availability, '2026-10-27')).toBe(0);
    expect(unitsAvailableBy(example.availability, '2026-10-28')).toBe(3);
    expect(unitsAvailableBy(example.availability, '2027-12-31')).toBe(23);
  });
});
