import * as z from 'zod/mini';
import { Cents, Email, Id, IsoDate, NonNegativeInt, Role, Status, Url, Zipcode } from './primitives.js';
import { ADDRESS_MAX, NAME_MAX } from './rules.js';

// The dataset file of `rentsurvey local import` (DESIGN.md, "Dataset files").
// `key`s are the file's own references; `id`s, when given, are kept.

const Key = z.string().check(z.minLength(1), z.maxLength(100));
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

export const DatasetUser = z.strictObject({
  id: z.optional(Id),
  email: Email,
  full_name: text(NAME_MAX),
  role: z._default(Role, 'member'),
  status: z._default(Status, 'active'),
});

export const DatasetCommunity = z.strictObject({
  key: Key,
  id: z.optional(Id),
  managed: z.boolean(),
  name: text(NAME_MAX),
  address: text(ADDRESS_MAX),
  zipcode: Zipcode,
  latitude: z.optional(z.number().check(z.minimum(-90), z.maximum(90))),
  longitude: z.optional(z.number().check(z.minimum(-180), z.maximum(180))),
  external_community_id: z.optional(text(100)),
  website_url: z.optional(Url),
  email: z.optional(Email),
  status: z._default(Status, 'active'),
  community_manager_email: z.optional(Email),
  asset_manager_email: z.optional(Email),
  leasing_manager_email: z.optional(Email),
  other_team_members_emails: z.optional(z.array(Email)),
});

export const DatasetComp = z.strictObject({
  subject: Key,
  comp: Key,
  distance_miles: z.optional(z.number().check(z.nonnegative())),
  is_included_in_surveys: z._default(z.boolean(), true),
});

export const DatasetFloorPlan = z.strictObject({
  key: Key,
  id: z.optional(Id),
  community: Key,
  floor_plan_name: text(100),
  bedrooms: NonNegativeInt.check(z.maximum(10)),
  bathrooms: z.number().check(z.nonnegative(), z.maximum(10)),
  square_feet: z.int().check(z.positive(), z.maximum(20_000)),
  unit_count: z.int().check(z.positive(), z.maximum(5_000)),
});

export const DatasetAvailability = z.strictObject({
  available_from: IsoDate,
  units: z.int().check(z.positive()),
});

export const DatasetObservation = z.strictObject({
  floor_plan: Key,
  market_rent_cents: Cents.check(z.positive()),
  net_effective_rent_cents: z.optional(Cents.check(z.positive())),
  units_available: z._default(NonNegativeInt, 0),
  concessions: z._default(z.string().check(z.maxLength(500)), ''),
  availability: z._default(z.array(DatasetAvailability), []),
});

export const DatasetSurvey = z.strictObject({
  id: z.optional(Id),
  subject: Key,
  date: IsoDate,
  observations: z.array(DatasetObservation).check(z.minLength(1)),
});

export const Dataset = z.strictObject({
  organization: text(NAME_MAX),
  users: z._default(z.array(DatasetUser), []),
  communities: z._default(z.array(DatasetCommunity), []),
  comps: z._default(z.array(DatasetComp), []),
  floor_plans: z._default(z.array(DatasetFloorPlan), []),
  surveys: z._default(z.array(DatasetSurvey), []),
});

export type Dataset = z.output<typeof Dataset>;
export type DatasetInput = z.input<typeof Dataset>;

/** One record of the observations CSV, as csv-parse gives it (every value text; an empty cell is no value). */
export const ObservationCsvRow = z.object({
  subject_key: z.string().check(z.minLength(1)),
  date: z.iso.date(),
  floor_plan_key: z.string().check(z.minLength(1)),
  market_rent_cents: z.coerce.number().check(z.int(), z.positive()),
  net_effective_rent_cents: z.pipe(
    z.transform((v: unknown): unknown => (v === '' ? undefined : v)),
    z.optional(z.coerce.number().check(z.int(), z.positive())),
  ),
  units_available: z.pipe(
    z.transform((v: unknown): unknown => (v === '' || v === undefined ? 0 : v)),
    z.coerce.number().check(z.int(), z.nonnegative()),
  ),
  concessions: z._default(z.string(), ''),
});

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
