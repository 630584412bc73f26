import type { QueryOf } from '../../../api/endpoints.js';
import type { FlagNames } from '../../flag-terms.js';

/** Which flag of `pricing history` fills which query parameter of GET …/pricing: what a refusal of the service is said in. */
export const HISTORY_FLAGS: FlagNames<QueryOf<'getPricingHistory'>> = {
  start_date: '--start',
  end_date: '--end',
  days: '--days',
  floor_plan_id: '--floor-plan',
  latest_only: '--latest',
};
