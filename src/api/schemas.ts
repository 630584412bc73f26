import * as z from 'zod/mini';
import {
  Cents,
  Email,
  Id,
  IdList,
  IsoDate,
  NonNegativeInt,
  QueryBoolean,
  queryInt,
  Role,
  Status,
  Timestamp,
  Url,
  Zipcode,
} from './primitives.js';
import { extension, notShown, specReads } from './reading.js';
import { ADDRESS_MAX, isNonEmptyBody, isStartNotAfterEnd, NAME_MAX, type DateRange } from './rules.js';

// ---------------------------------------------------------------- shared pieces

/** Text a caller must give: trimmed, not empty, at most `max` characters. */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const NonNegativeNumber = z.number().check(z.nonnegative());
const Percent = z.number().check(z.minimum(0), z.maximum(100));
const startNotAfterEnd = z.refine<DateRange>(isStartNotAfterEnd, { message: 'start_date must not be after end_date', path: ['start_date'] });

// ---------------------------------------------------------------- errors

export const ErrorCode = z.enum([
  'validation_error',
  'invalid_json',
  'bad_request',
  'headers_too_large',
  'request_timeout',
  'expectation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'comp_limit_reached',
  'unknown_user',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'mail_failed',
  'internal_error',
]);

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string().register(z.globalRegistry, { description: `one of ${ErrorCode.options.join(', ')}` }),
      message: z.string(),
      details: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    }),
  })
  .register(z.globalRegistry, { id: 'Error' });

// ---------------------------------------------------------------- path params

export const IdParams = z.strictObject({ id: Id });
export const CompParams = z.strictObject({ id: Id, comp_id: Id });

// ---------------------------------------------------------------- users

export const UserSummary = z
  .object({
    id: specReads(Id, 'user identifier'),
    email: z.string(),
    full_name: z.string(),
    role: Role,
    status: Status,
  })
  .register(z.globalRegistry, { id: 'UserSummary' });

export const User = z
  .object({
    id: Id,
    email: z.string(),
    full_name: z.string(),
    role: Role,
    status: Status,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .register(z.globalRegistry, { id: 'User' });

export const Invitation = z
  .object({
    id: Id,
    email: z.string(),
    name: z.string(),
    role: Role,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    expires_at: Timestamp,
    invite_url: z.string(),
  })
  .register(z.globalRegistry, { id: 'Invitation' });

export const InviteBody = z.strictObject({
  email: Email,
  name: requiredText(NAME_MAX),
  role: Role,
});

export const InviteResponse = z.object({ success: z.boolean(), message: z.string(), invitation: Invitation });

export const UserUpdateBody = z
  .strictObject({
    full_name: z.optional(requiredText(NAME_MAX)),
    role: z.optional(Role),
    status: z.optional(Status),
  })
  .check(z.refine(isNonEmptyBody, { message: 'provide at least one of full_name, role, status' }));

// ---------------------------------------------------------------- communities (management records)

export const CommunityRecord = z
  .object({
    id: Id,
    name: z.string(),
    address: z.string(),
    zipcode: z.string(),
    email: z.nullable(z.string()),
    external_community_id: z.nullable(z.string()),
    website_url: z.nullable(z.string()),
    status: Status,
    community_manager: z.nullable(UserSummary),
    asset_manager: z.nullable(UserSummary),
    leasing_manager: z.nullable(UserSummary),
    other_team_members: z.array(UserSummary),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .register(z.globalRegistry, { id: 'CommunityRecord' });

export const CommunityListQuery = z.strictObject({
  search: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(queryInt({ min: 1, max: 100 }), 50),
  offset: z._default(queryInt({ min: 0 }), 0),
});

export const CommunityListResponse = z.object({
  communities: z.array(CommunityRecord),
  total: NonNegativeInt,
  limit: NonNegativeInt,
  offset: NonNegativeInt,
});

// null unassigns a manager; an absent field leaves it unchanged.
const managerEmail = z.optional(z.nullable(Email));

const communityFields = {
  name: requiredText(NAME_MAX),
  address: requiredText(ADDRESS_MAX),
  zipcode: Zipcode,
  email: z.optional(z.nullable(Email)),
  external_community_id: z.optional(z.nullable(requiredText(100))),
  website_url: z.optional(z.nullable(Url)),
  status: z.optional(Status),
  community_manager_email: managerEmail,
  asset_manager_email: managerEmail,
  leasing_manager_email: managerEmail,
  other_team_members_emails: z.optional(z.array(Email).check(z.maxLength(50))),
};

export const CommunityCreateBody = z.strictObject(communityFields);

export const CommunityUpdateBody = z
  .strictObject({
    ...communityFields,
    name: z.optional(communityFields.name),
    address: z.optional(communityFields.address),
    zipcode: z.optional(communityFields.zipcode),
  })
  .check(z.refine(isNonEmptyBody, { message: 'provide at least one field to update' }));

// ---------------------------------------------------------------- pricing views

export const PricingValues = z
  .object({
    as_of_date: IsoDate,
    market_rent_cents: Cents,
    net_effective_rent_cents: Cents,
    // null when the plan has no square footage, as everywhere per-square-foot is computed (domain/stats.ts).
    market_rent_per_sqft_cents: z.nullable(Cents),
    net_effective_rent_per_sqft_cents: z.nullable(Cents),
    units_available: NonNegativeInt,
    concessions: z.string().register(z.globalRegistry, { description: 'free text; empty string when none' }),
    // Extension (not in the spec; other servers may not send it): null tells "not understood" from 0 "none".
    concession_value_cents: extension(
      z.optional(z.nullable(Cents)),
      'extension: monthly value of the concession, asking − NER in cents; 0 when none; null when the text could not be valued (docs/metrics.md)',
    ),
  })
  .register(z.globalRegistry, { id: 'PricingValues' });

export const FloorPlan = z
  .object({
    id: Id,
    floor_plan_name: z.string(),
    bedrooms: NonNegativeInt,
    bathrooms: NonNegativeNumber,
    square_feet: NonNegativeInt,
    unit_count: NonNegativeInt,
    latest_pricing: z.nullable(PricingValues),
  })
  .register(z.globalRegistry, { id: 'FloorPlan' });

export const CompPricing = z.object({
  floor_plan_count: NonNegativeInt,
  avg_market_rent_cents: z.nullable(Cents),
});

export const Comparable = z
  .object({
    id: Id,
    name: z.string(),
    address: extension(z.optional(z.string())),
    zipcode: extension(z.optional(z.string())),
    distance_miles: z.nullable(NonNegativeNumber),
    pricing: z.optional(CompPricing),
    is_included_in_surveys: z.boolean(),
  })
  .register(z.globalRegistry, { id: 'Comparable' });

const CommunityRef = z.object({ id: Id, name: z.string() });

export const PortfolioQuery = z.strictObject({
  include_pricing: z._default(QueryBoolean, false),
  include_comp_count: z._default(QueryBoolean, true),
});

export const PortfolioResponse = z.object({
  communities: z.array(
    z.object({
      id: Id,
      name: z.string(),
      address: z.string(),
      external_community_id: z.nullable(z.string()),
      comp_count: z.optional(NonNegativeInt),
      latest_pricing_date: z.nullable(IsoDate),
      pricing_summary: z.optional(
        z.object({
          floor_plan_count: NonNegativeInt,
          avg_market_rent_cents: z.nullable(Cents),
          min_rent_cents: z.nullable(Cents),
          max_rent_cents: z.nullable(Cents),
        }),
      ),
    }),
  ),
  total: NonNegativeInt,
});

export const BatchQuery = z.strictObject({
  ids: IdList,
  include_comps: z._default(QueryBoolean, false),
});

export const BatchResponse = z.object({
  communities: z.array(
    z.object({
      id: Id,
      name: z.string(),
      address: z.string(),
      zipcode: z.string(),
      external_community_id: z.nullable(z.string()),
      latitude: z.nullable(z.number()),
      longitude: z.nullable(z.number()),
      website_url: z.nullable(z.string()),
      comp_count: z.optional(NonNegativeInt),
    }),
  ),
  total: NonNegativeInt,
  not_found: extension(z.array(z.string()), 'requested ids that match no community of the caller'),
});

export const DetailQuery = z.strictObject({
  include_comps: z._default(QueryBoolean, true),
  include_pricing_summary: z._default(QueryBoolean, true),
});

export const DetailResponse = z.object({
  community: z.object({
    id: Id,
    name: z.string(),
    address: z.string(),
    zipcode: z.string(),
    comp_count: NonNegativeInt,
    floor_plan_count: NonNegativeInt,
    pricing_summary: z.optional(
      z.object({
        latest_date: z.nullable(IsoDate),
        avg_market_rent_cents: z.nullable(Cents),
        // The spec does not show the elements' shape; ours are floor plans with their latest pricing.
        floor_plans: z.array(notShown(FloorPlan)),
      }),
    ),
  }),
  comps: z.optional(z.array(notShown(Comparable))),
});

export const CompsQuery = z.strictObject({
  include_inactive: z._default(QueryBoolean, false),
  include_pricing: z._default(QueryBoolean, false),
});

export const CompsResponse = z.object({
  subject_community: CommunityRef,
  comps: z.array(Comparable),
  total: NonNegativeInt,
});

export const PricingQuery = z
  .strictObject({
    start_date: z.optional(IsoDate),
    end_date: z.optional(IsoDate),
    days: z._default(queryInt({ min: 1, max: 3660 }), 30),
    floor_plan_id: z.optional(Id),
    latest_only: z._default(QueryBoolean, false),
  })
  .check(startNotAfterEnd);

export const PricingRecord = z
  .extend(PricingValues, {
    floor_plan_id: Id,
    floor_plan: z.object({
      bedrooms: NonNegativeInt,
      bathrooms: NonNegativeNumber,
      floor_plan_name: z.string(),
      square_feet: NonNegativeInt,
    }),
  })
  .register(z.globalRegistry, { id: 'PricingRecord' });

export const PricingResponse = z.object({
  community: CommunityRef,
  pricing: z.array(PricingRecord),
  date_range: z.object({ start: IsoDate, end: IsoDate }),
  total_records: NonNegativeInt,
});

export const FloorPlansResponse = z.object({
  community: CommunityRef,
  floor_plans: z.array(FloorPlan),
  total: NonNegativeInt,
});

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

// The spec shows neither the type nor the unit of the rent amounts; ours are integer cents.
const RentAmount = notShown(z.nullable(Cents));

const RentPosition = z.object({
  subject_rent: RentAmount,
  avg_comp_rent: RentAmount,
  psi: z.nullable(z.number()),
  rent_variation: RentAmount,
  rent_per_sqft_variation: z.nullable(z.number()),
  percentile_rank: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
  market_low: RentAmount,
  market_high: RentAmount,
  comps_with_data: NonNegativeInt,
});

export const OverviewResponse = z.object({
  community: z.object({ id: Id, name: z.string(), address: z.string() }),
  as_of_date: extension(z.nullable(IsoDate), 'date of the survey the metrics are computed from'),
  floor_plans: z.array(
    z.object({
      floor_plan_id: extension(z.optional(Id)),
      floor_plan_name: extension(z.optional(z.string())),
      bedrooms: NonNegativeInt,
      bathrooms: NonNegativeNumber,
      square_feet: NonNegativeInt,
      unit_count: extension(z.optional(NonNegativeInt)),
      base_rent: RentPosition,
      ner: z.extend(RentPosition, {
        comps_offering_concessions: NonNegativeInt,
        pct_comps_offering_concessions: Percent,
      }),
    }),
  ),
  overall_metrics: z.object({
    overall_psi_base: z.nullable(z.number()),
    overall_psi_ner: z.nullable(z.number()),
    cri_base: z.nullable(Percent),
    cri_ner: z.nullable(Percent),
    market_concession_pressure: z.object({
      pct_comps_offering: Percent,
      avg_concession_value: z.number().register(z.globalRegistry, { description: 'average monthly concession value, integer cents' }),
      total_comps: NonNegativeInt,
      comps_with_concessions: NonNegativeInt,
    }),
  }),
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

export const CompCreateBody = z.strictObject({
  name: requiredText(NAME_MAX),
  address: requiredText(ADDRESS_MAX),
  zipcode: Zipcode,
  website_url: z.optional(Url),
});

export const CompCreateResponse = z.object({
  success: z.boolean(),
  comp_id: Id,
  message: z.string(),
  actions: z.array(z.string()),
});

export const CompUpdateBody = z.strictObject({ is_included_in_surveys: z.boolean() });

export const CompUpdateResponse = z.object({
  success: z.boolean(),
  comp_id: Id,
  is_included_in_surveys: z.boolean(),
  message: z.string(),
});

export type ErrorDetail = NonNullable<z.output<typeof ErrorBody>['error']['details']>[number];
