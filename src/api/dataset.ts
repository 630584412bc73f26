import { z } from 'zod';
import { Cents, Email, Id, IsoDate, NonNegativeInt, Role, Status, Url, Zipcode } from './primitives.js';
import { ADDRESS_MAX, NAME_MAX } from './rules.js';

// The dataset file of `rentsurvey local import` (DESIGN.md, "Dataset files").
// `key`s are the file's own references; `id`s, when given, are kept.

const Key = z.string().min(1).max(100);

export const DatasetUser = z.strictObject({
  id: Id.optional(),
  email: Email,
  full_name: z.string().min(1).max(NAME_MAX),
  role: Role.default('member'),
  status: Status.default('active'),
});

export const DatasetCommunity = z.strictObject({
  key: Key,
  id: Id.optional(),
  managed: z.boolean(),
  name: z.string().min(1).max(NAME_MAX),
  address: z.string().min(1).max(ADDRESS_MAX),
  zipcode: Zipcode,
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  external_community_id: z.string().min(1).max(100).optional(),
  website_url: Url.optional(),
  email: Email.optional(),
  status: Status.default('active'),
  community_manager_email: Email.optional(),
  asset_manager_email: Email.optional(),
  leasing_manager_email: Email.optional(),
  other_team_members_emails: z.array(Email).optional(),
});

export const DatasetComp = z.strictObject({
  subject: Key,
  comp: Key,
  distance_miles: z.number().nonnegative().optional(),
  is_included_in_surveys: z.boolean().default(true),
});

export const DatasetFloorPlan = z.strictObject({
  key: Key,
  id: Id.optional(),
  community: Key,
  floor_plan_name: z.string().min(1).max(100),
  bedrooms: NonNegativeInt.max(10),
  bathrooms: z.number().nonnegative().max(10),
  square_feet: z.number().int().positive().max(20_000),
  unit_count: z.number().int().positive().max(5_000),
});

export const DatasetAvailability = z.strictObject({
  available_from: IsoDate,
  units: z.number().int().positive(),
});

export const DatasetObservation = z.strictObject({
  floor_plan: Key,
  market_rent_cents: Cents.positive(),
  net_effective_rent_cents: Cents.positive().optional(),
  units_available: NonNegativeInt.default(0),
  concessions: z.string().max(500).default(''),
  availability: z.array(DatasetAvailability).default([]),
});

export const DatasetSurvey = z.strictObject({
  id: Id.optional(),
  subject: Key,
  date: IsoDate,
  observations: z.array(DatasetObservation).min(1),
});

export const Dataset = z.strictObject({
  organization: z.string().min(1).max(NAME_MAX),
  users: z.array(DatasetUser).default([]),
  communities: z.array(DatasetCommunity).default([]),
  comps: z.array(DatasetComp).default([]),
  floor_plans: z.array(DatasetFloorPlan).default([]),
  surveys: z.array(DatasetSurvey).default([]),
});

export type Dataset = z.output<typeof Dataset>;
export type DatasetInput = z.input<typeof Dataset>;

/** Columns of the observations CSV, in order. */
export const OBSERVATION_CSV_COLUMNS = [
  'subject_key',
  'date',
  'floor_plan_key',
  'market_rent_cents',
  'net_effective_rent_cents',
  'units_available',
  'concessions',
] as const;
