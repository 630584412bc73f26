import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import { Id, IdParams, IsoDate, NonNegativeInt, NonNegativeNumber, startNotAfterEnd, Timestamp } from '../primitives.js';
import { notShown } from '../markers.js';
import { routes } from '../routes.js';

// The spec does not show the answer without a completed survey: all but the community and has_data may then be absent.
export const VacancyResponse = z.object({
  community_id: Id,
  community_name: z.string(),
  total_units: notShown(NonNegativeInt),
  vacancy_rate: notShown(z.nullable(NonNegativeNumber), 'fraction; null when has_data is false'),
  vacancy_rate_formatted: notShown(z.nullable(z.string())),
  available_units_next_14_days: notShown(z.nullable(NonNegativeInt)),
  available_units_formatted: notShown(z.nullable(z.string())),
  has_data: z.boolean(),
  as_of_date: notShown(z.nullable(IsoDate)),
});

export const VacancyTrendQuery = z
  .strictObject({
    start_date: z.optional(IsoDate),
    end_date: z.optional(IsoDate),
  })
  .check(startNotAfterEnd);

export const VacancyTrendResponse = z.object({
  community_id: Id,
  community_name: z.string(),
  trends: z.array(
    z.object({
      date: Timestamp,
      survey_id: Id,
      subject_vacancy: NonNegativeNumber,
      avg_comp_vacancy: z.nullable(NonNegativeNumber),
    }),
  ),
  projections: z.object({ '14d': z.number(), '30d': z.number(), '60d': z.number(), '90d': z.number() }),
  total_surveys: NonNegativeInt,
});

export const endpoints = {
  getVacancy: { ...routes.getVacancy, params: IdParams, response: VacancyResponse },
  getVacancyTrend: { ...routes.getVacancyTrend, params: IdParams, query: VacancyTrendQuery, response: VacancyTrendResponse },
} as const satisfies Record<string, Endpoint>;
