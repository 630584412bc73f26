import { z } from 'zod';
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
  SpecUserId,
} from './primitives.js';
import { extension, notShown, specReads } from './reading.js';
import { ADDRESS_MAX, isNonEmptyBody, isStartNotAfterEnd, NAME_MAX } from './rules.js';

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
      code: z.string().meta({ description: `one of ${ErrorCode.options.join(', ')}` }),
      message: z.string(),
      details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

// ---------------------------------------------------------------- path params

export const IdParams = z.strictObject({ id: Id });
export const CompParams = z.strictObject({ id: Id, comp_id: Id });

// ---------------------------------------------------------------- users

export const UserSummary = z
  .object({
    // The spec types it "string (user identifier)": our ids are UUIDs, another service's need not be.
    id: specReads(Id, SpecUserId),
    email: z.string(),
    full_name: z.string(),
    role: Role,
    status: Status,
  })
  .meta({ id: 'UserSummary' });

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
  .meta({ id: 'User' });

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
  .meta({ id: 'Invitation' });

export const InviteBody = z.strictObject({
  email: Email,
  name: z.string().trim().min(1).max(NAME_MAX),
  role: Role,
});

export const InviteResponse = z.object({ success: z.boolean(), message: z.string(), invitation: Invitation });

export const UserUpdateBody = z
  .strictObject({
    full_name: z.string().trim().min(1).max(NAME_MAX).optional(),
    role: Role.optional(),
    status: Status.optional(),
  })
  .refine(isNonEmptyBody, { message: 'provide at least one of full_name, role, status' });

// ---------------------------------------------------------------- communities (management records)

export const CommunityRecord = z
  .object({
    id: Id,
    name: z.string(),
    address: z.string(),
    zipcode: z.string(),
    email: z.string().nullable(),
    external_community_id: z.string().nullable(),
    website_url: z.string().nullable(),
    status: Status,
    community_manager: UserSummary.nullable(),
    asset_manager: UserSummary.nullable(),
    leasing_manager: UserSummary.nullable(),
    other_team_members: z.array(UserSummary),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'CommunityRecord' });

export const CommunityListQuery = z.strictObject({
  search: z.string().max(200).optional(),
  limit: queryInt({ min: 1, max: 100 }).default(50),
  offset: queryInt({ min: 0 }).default(0),
});

export const CommunityListResponse = z.object({
  communities: z.array(CommunityRecord),
  total: NonNegativeInt,
  limit: NonNegativeInt,
  offset: NonNegativeInt,
});

// null unassigns a manager; an absent field leaves it unchanged.
const managerEmail = Email.nullable().optional();

const communityFields = {
  name: z.string().trim().min(1).max(NAME_MAX),
  address: z.string().trim().min(1).max(ADDRESS_MAX),
  zipcode: Zipcode,
  email: Email.nullable().optional(),
  external_community_id: z.string().trim().min(1).max(100).nullable().optional(),
  website_url: Url.nullable().optional(),
  status: Status.optional(),
  community_manager_email: managerEmail,
  asset_manager_email: managerEmail,
  leasing_manager_email: managerEmail,
  other_team_members_emails: z.array(Email).max(50).optional(),
};

export const CommunityCreateBody = z.strictObject(communityFields);

export const CommunityUpdateBody = z
  .strictObject({
    ...communityFields,
    name: communityFields.name.optional(),
    address: communityFields.address.optional(),
    zipcode: communityFields.zipcode.optional(),
  })
  .refine(isNonEmptyBody, { message: 'provide at least one field to update' });

// ---------------------------------------------------------------- pricing views

export const PricingValues = z
  .object({
    as_of_date: IsoDate,
    market_rent_cents: Cents,
    net_effective_rent_cents: Cents,
    // null when the plan has no square footage, as everywhere per-square-foot is computed (domain/stats.ts).
    market_rent_per_sqft_cents: Cents.nullable(),
    net_effective_rent_per_sqft_cents: Cents.nullable(),
    units_available: NonNegativeInt,
    concessions: z.string().meta({ description: 'free text; empty string when none' }),
    // Extension (not in the spec; other servers may not send it): null tells "not understood" from 0 "none".
    concession_value_cents: extension(
      Cents.nullable().optional(),
      'extension: monthly value of the concession, asking − NER in cents; 0 when none; null when the text could not be valued (docs/metrics.md)',
    ),
  })
  .meta({ id: 'PricingValues' });

export const FloorPlan = z
  .object({
    id: Id,
    floor_plan_name: z.string(),
    bedrooms: NonNegativeInt,
    bathrooms: z.number().nonnegative(),
    square_feet: NonNegativeInt,
    unit_count: NonNegativeInt,
    latest_pricing: PricingValues.nullable(),
  })
  .meta({ id: 'FloorPlan' });

export const CompPricing = z.object({
  floor_plan_count: NonNegativeInt,
  avg_market_rent_cents: Cents.nullable(),
});

export const Comparable = z
  .object({
    id: Id,
    name: z.string(),
    address: extension(z.string().optional()),
    zipcode: extension(z.string().optional()),
    distance_miles: z.number().nonnegative().nullable(),
    pricing: CompPricing.optional(),
    is_included_in_surveys: z.boolean(),
  })
  .meta({ id: 'Comparable' });

const CommunityRef = z.object({ id: Id, name: z.string() });

export const PortfolioQuery = z.strictObject({
  include_pricing: QueryBoolean.default(false),
  include_comp_count: QueryBoolean.default(true),
});

export const PortfolioResponse = z.object({
  communities: z.array(
    z.object({
      id: Id,
      name: z.string(),
      address: z.string(),
      external_community_id: z.string().nullable(),
      comp_count: NonNegativeInt.optional(),
      latest_pricing_date: IsoDate.nullable(),
      pricing_summary: z
        .object({
          floor_plan_count: NonNegativeInt,
          avg_market_rent_cents: Cents.nullable(),
          min_rent_cents: Cents.nullable(),
          max_rent_cents: Cents.nullable(),
        })
        .optional(),
    }),
  ),
  total: NonNegativeInt,
});

export const BatchQuery = z.strictObject({
  ids: IdList,
  include_comps: QueryBoolean.default(false),
});

export const BatchResponse = z.object({
  communities: z.array(
    z.object({
      id: Id,
      name: z.string(),
      address: z.string(),
      zipcode: z.string(),
      external_community_id: z.string().nullable(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      website_url: z.string().nullable(),
      comp_count: NonNegativeInt.optional(),
    }),
  ),
  total: NonNegativeInt,
  not_found: extension(z.array(z.string()), 'requested ids that match no community of the caller'),
});

export const DetailQuery = z.strictObject({
  include_comps: QueryBoolean.default(true),
  include_pricing_summary: QueryBoolean.default(true),
});

export const DetailResponse = z.object({
  community: z.object({
    id: Id,
    name: z.string(),
    address: z.string(),
    zipcode: z.string(),
    comp_count: NonNegativeInt,
    floor_plan_count: NonNegativeInt,
    pricing_summary: z
      .object({
        latest_date: IsoDate.nullable(),
        avg_market_rent_cents: Cents.nullable(),
        // The spec does not show the elements' shape; ours are floor plans with their latest pricing.
        floor_plans: z.array(notShown(FloorPlan)),
      })
      .optional(),
  }),
  comps: z.array(notShown(Comparable)).optional(),
});

export const CompsQuery = z.strictObject({
  include_inactive: QueryBoolean.default(false),
  include_pricing: QueryBoolean.default(false),
});

export const CompsResponse = z.object({
  subject_community: CommunityRef,
  comps: z.array(Comparable),
  total: NonNegativeInt,
});

export const PricingQuery = z
  .strictObject({
    start_date: IsoDate.optional(),
    end_date: IsoDate.optional(),
    days: queryInt({ min: 1, max: 3660 }).default(30),
    floor_plan_id: Id.optional(),
    latest_only: QueryBoolean.default(false),
  })
  .refine(isStartNotAfterEnd, {
    message: 'start_date must not be after end_date',
    path: ['start_date'],
  });

export const PricingRecord = PricingValues.extend({
  floor_plan_id: Id,
  floor_plan: z.object({
    bedrooms: NonNegativeInt,
    bathrooms: z.number().nonnegative(),
    floor_plan_name: z.string(),
    square_feet: NonNegativeInt,
  }),
}).meta({ id: 'PricingRecord' });

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
  vacancy_rate: notShown(z.number().min(0).nullable(), 'fraction; null when has_data is false'),
  vacancy_rate_formatted: notShown(z.string().nullable()),
  available_units_next_14_days: notShown(NonNegativeInt.nullable()),
  available_units_formatted: notShown(z.string().nullable()),
  has_data: z.boolean(),
  as_of_date: notShown(IsoDate.nullable()),
});

// The spec shows neither the type nor the unit of the rent amounts; ours are integer cents.
const RentAmount = notShown(Cents.nullable());

const RentPosition = z.object({
  subject_rent: RentAmount,
  avg_comp_rent: RentAmount,
  psi: z.number().nullable(),
  rent_variation: RentAmount,
  rent_per_sqft_variation: z.number().nullable(),
  percentile_rank: z.number().int().min(0).max(100).nullable(),
  market_low: RentAmount,
  market_high: RentAmount,
  comps_with_data: NonNegativeInt,
});

export const OverviewResponse = z.object({
  community: z.object({ id: Id, name: z.string(), address: z.string() }),
  as_of_date: extension(IsoDate.nullable(), 'date of the survey the metrics are computed from'),
  floor_plans: z.array(
    z.object({
      floor_plan_id: extension(Id.optional()),
      floor_plan_name: extension(z.string().optional()),
      bedrooms: NonNegativeInt,
      bathrooms: z.number().nonnegative(),
      square_feet: NonNegativeInt,
      unit_count: extension(NonNegativeInt.optional()),
      base_rent: RentPosition,
      ner: RentPosition.extend({
        comps_offering_concessions: NonNegativeInt,
        pct_comps_offering_concessions: z.number().min(0).max(100),
      }),
    }),
  ),
  overall_metrics: z.object({
    overall_psi_base: z.number().nullable(),
    overall_psi_ner: z.number().nullable(),
    cri_base: z.number().min(0).max(100).nullable(),
    cri_ner: z.number().min(0).max(100).nullable(),
    market_concession_pressure: z.object({
      pct_comps_offering: z.number().min(0).max(100),
      avg_concession_value: z.number().meta({ description: 'average monthly concession value, integer cents' }),
      total_comps: NonNegativeInt,
      comps_with_concessions: NonNegativeInt,
    }),
  }),
});

export const VacancyTrendQuery = z
  .strictObject({
    start_date: IsoDate.optional(),
    end_date: IsoDate.optional(),
  })
  .refine(isStartNotAfterEnd, {
    message: 'start_date must not be after end_date',
    path: ['start_date'],
  });

export const VacancyTrendResponse = z.object({
  community_id: Id,
  community_name: z.string(),
  trends: z.array(
    z.object({
      date: Timestamp,
      survey_id: Id,
      subject_vacancy: z.number().min(0),
      avg_comp_vacancy: z.number().min(0).nullable(),
    }),
  ),
  projections: z.object({ '14d': z.number(), '30d': z.number(), '60d': z.number(), '90d': z.number() }),
  total_surveys: NonNegativeInt,
});

export const CompCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(NAME_MAX),
  address: z.string().trim().min(1).max(ADDRESS_MAX),
  zipcode: Zipcode,
  website_url: Url.optional(),
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

export type ErrorDetail = NonNullable<z.infer<typeof ErrorBody>['error']['details']>[number];
