import type { BodyOf } from '../../../api/endpoints.js';
import { splitList, type OptionsOf } from '../../command.js';
import type { FlagNames } from '../../flag-terms.js';
import type { update } from './index.js';

type Body = BodyOf<'updateCommunity'>;

/** Which flag of `communities create|update` fills which body field. */
export const COMMUNITY_FLAGS: FlagNames<Body> = {
  name: '--name',
  address: '--address',
  zipcode: '--zipcode',
  email: '--email',
  external_community_id: '--external-id',
  website_url: '--website-url',
  status: '--status',
  community_manager_email: '--community-manager',
  asset_manager_email: '--asset-manager',
  leasing_manager_email: '--leasing-manager',
  other_team_members_emails: '--other-team-members',
};

/** "none" (or an empty value) clears a field or unassigns a manager: the API's null. */
const manager = (value: string | undefined) => (value === undefined ? undefined : value === 'none' || value === '' ? null : value);

/** The flags create and update share (update's, where none is mandatory). */
type RecordFlags = Omit<OptionsOf<typeof update>, 'yes'>;

/** The request body from the flags given; flags not given are left out, so PATCH changes only those. */
export function communityBody(opts: RecordFlags): Body {
  const members = opts.otherTeamMembers;
  const body: Body = {
    name: opts.name,
    address: opts.address,
    zipcode: opts.zipcode,
    email: manager(opts.email),
    external_community_id: manager(opts.externalId),
    website_url: manager(opts.websiteUrl),
    status: opts.status,
    community_manager_email: manager(opts.communityManager),
    asset_manager_email: manager(opts.assetManager),
    leasing_manager_email: manager(opts.leasingManager),
    other_team_members_emails: members === undefined ? undefined : splitList(members),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Body;
}
