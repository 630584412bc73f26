import type { BodyOf } from '../../../api/endpoints.js';

type Body = BodyOf<'updateCommunity'>;

/** "none" (or an empty value) clears a field or unassigns a manager: the API's null. */
const manager = (value: unknown) => (value === undefined ? undefined : value === 'none' || value === '' ? null : String(value));

/** The request body from the flags given; flags not given are left out, so PATCH changes only those. */
export function communityBody(opts: Record<string, unknown>): Body {
  const members = opts.otherTeamMembers as string | undefined;
  const body: Record<string, unknown> = {
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
    other_team_members_emails:
      members === undefined
        ? undefined
        : members
            .split(',')
            .map((e) => e.trim())
            .filter(Boolean),
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Body;
}
