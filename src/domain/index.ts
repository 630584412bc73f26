/** Pure rent math shared by the server and the CLI. No I/O anywhere below. */
export { roundTo, roundCents, roundFraction4, roundPercent1 } from './rounding.js';
export { addDays, daysBetween, isIsoDate } from './dates.js';
export {
  MISSING,
  criBand,
  formatCri,
  formatMoney,
  formatMoneyExact,
  formatPerSqft,
  formatPercentFromFraction,
  formatPercentValue,
  formatSignedPercent,
  formatUnits,
  formatVacancy,
  type CriBand,
} from './format.js';
export {
  DEFAULT_LEASE_TERM_MONTHS,
  WEEKS_PER_MONTH,
  concessionValueCents,
  isRentConcession,
  monthlyConcessionValueCents,
  netEffectiveRentCents,
  parseConcession,
  type ConcessionKind,
  type ConcessionTerms,
} from './concessions.js';
export {
  mean,
  percentileRank,
  psi,
  rentPerSqftCents,
  unitWeightedRentPerSqft,
  weightedMean,
  weightedPercentileRank,
  type RentAndArea,
  type Weighted,
} from './stats.js';
export {
  computeOverview,
  matchFloorPlans,
  type CompFloorPlanInput,
  type CompInput,
  type MarketConcessionPressure,
  type NerPosition,
  type OverallMetrics,
  type Overview,
  type OverviewFloorPlan,
  type OverviewInput,
  type RentPosition,
  type SubjectFloorPlanInput,
} from './overview.js';
export {
  PROJECTION_HORIZONS,
  VACANCY_WINDOW_DAYS,
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
  type Availability,
  type Projections,
  type Vacancy,
  type VacancyInput,
  type VacancyTrendPoint,
} from './vacancy.js';
export { distanceMiles } from './geo.js';
