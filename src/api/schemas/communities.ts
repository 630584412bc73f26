import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import {
  Cents,
  Email,
  Id,
  IdList,
  IdParams,
  IsoDate,
  NonNegativeInt,
  PAGE_COUNTS,
  PAGED_QUERY,
  QueryBoolean,
  requiredText,
  Status,
  Timestamp,
  Url,
  Zipcode,
} from '../primitives.js';
import { extension, notShown } from '../markers.js';
import { routes } from '../routes.js';
import { ADDRESS_MAX, isNonEmptyBody, NAME_MAX } from '../rules.js';
import { Comparable } from './comps.js';
import { FloorPlan } from './pricing.js';
import { UserSummary } from './users.js';

// ---------------------------------------------------------------- management records (/communities)

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

export const CommunityListQuery = z.strictObject(PAGED_QUERY);

export const CommunityListResponse = z.object({ communities: z.array(CommunityRecord), ...PAGE_COUNTS });

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

// ---------------------------------------------------------------- pricing views (/rentsurvey/communities)

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

export const endpoints = {
  batchCommunities: { ...routes.batchCommunities, query: BatchQuery, response: BatchResponse },
  getCommunityDetail: { ...routes.getCommunityDetail, params: IdParams, query: DetailQuery, response: DetailResponse },
  listCommunities: { ...routes.listCommunities, query: CommunityListQuery, response: CommunityListResponse },
  createCommunity: { ...routes.createCommunity, body: CommunityCreateBody, response: CommunityRecord },
  updateCommunity: { ...routes.updateCommunity, params: IdParams, body: CommunityUpdateBody, response: CommunityRecord },
} as const satisfies Record<string, Endpoint>;
