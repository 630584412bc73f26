import { crypto } from './crypto.js';
import type { ResponseOf } from '../../api/endpoints.js';
import type { Database } from './db.js';
import { conflict, notFound, StoreError } from './errors.js';
import { groupBy } from './group-by.js';

type TeamRole = 'community_manager' | 'asset_manager' | 'leasing_manager' | 'team_member';

type CommunityRecord = ResponseOf<'createCommunity'>;
type UserSummary = NonNullable<CommunityRecord['community_manager']>;

/** Fields of POST/PATCH /communities (and of imported communities). */
export interface CommunityChanges {
  name?: string | undefined;
  address?: string | undefined;
  zipcode?: string | undefined;
  email?: string | null | undefined;
  external_community_id?: string | null | undefined;
  website_url?: string | null | undefined;
  status?: 'active' | 'inactive' | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
  community_manager_email?: string | null | undefined;
  asset_manager_email?: string | null | undefined;
  leasing_manager_email?: string | null | undefined;
  other_team_members_emails?: string[] | undefined;
}

const MANAGER_FIELDS = [
  ['community_manager_email', 'community_manager'],
  ['asset_manager_email', 'asset_manager'],
  ['leasing_manager_email', 'leasing_manager'],
] as const;

const RECORD_COLUMNS =
  'id, name, address, zipcode, email, external_community_id, website_url, status, created_at, updated_at';

type RecordRow = Omit<CommunityRecord, 'community_manager' | 'asset_manager' | 'leasing_manager' | 'other_team_members'>;

/** LIKE pattern for a case-insensitive substring search, with % and _ taken literally. */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function communitiesStore(db: Database, now: () => string) {
  function withTeams(rows: RecordRow[]): CommunityRecord[] {
    if (rows.length === 0) return [];
    const team = db.all<UserSummary & { community_id: string; team_role: TeamRole }>(
      `SELECT t.community_id, t.role AS team_role, u.id, u.email, u.full_name, u.role, u.status
         FROM community_team t JOIN users u ON u.id = t.user_id
        WHERE t.community_id IN (SELECT value FROM json_each(?))
        ORDER BY t.position, u.email`,
      JSON.stringify(rows.map((row) => row.id)),
    );
    const byCommunity = groupBy(team, (member) => member.community_id);
    return rows.map((row) => {
      const members = byCommunity.get(row.id) ?? [];
      const summary = ({ id, email, full_name, role, status }: UserSummary): UserSummary => ({
        id,
        email,
        full_name,
        role,
        status,
      });
      const one = (role: TeamRole) => {
        const member = members.find((m) => m.team_role === role);
        return member ? summary(member) : null;
      };
      return {
        ...row,
        community_manager: one('community_manager'),
        asset_manager: one('asset_manager'),
        leasing_manager: one('leasing_manager'),
        other_team_members: members.filter((m) => m.team_role === 'team_member').map(summary),
      };
    });
  }

  function recordById(organizationId: string, id: string): CommunityRecord | undefined {
    const row = db.get<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM communities WHERE id = ? AND organization_id = ? AND managed = 1`,
      id,
      organizationId,
    );
    return row ? withTeams([row])[0] : undefined;
  }

  /** Resolves e-mails to users of the organization; an unknown one is a 422 naming it and its field. */
  function userIdFor(organizationId: string, email: string, path: string): string {
    const user = db.get<{ id: string }>(
      'SELECT id FROM users WHERE organization_id = ? AND email = ?',
      organizationId,
      email,
    );
    if (!user)
      throw new StoreError('unknown_user', `no user with e-mail ${email} in this organization`, [
        { path, message: `no user with e-mail ${email}; invite them first (rentsurvey users invite)` },
      ]);
    return user.id;
  }

  function assignTeam(organizationId: string, communityId: string, changes: CommunityChanges) {
    for (const [field, role] of MANAGER_FIELDS) {
      const email = changes[field];
      if (email === undefined) continue;
      db.run('DELETE FROM community_team WHERE community_id = ? AND role = ?', communityId, role);
      if (email !== null)
        db.run(
          'INSERT INTO community_team (community_id, user_id, role) VALUES (?, ?, ?)',
          communityId,
          userIdFor(organizationId, email, field),
          role,
        );
    }
    const members = changes.other_team_members_emails;
    if (members !== undefined) {
      db.run("DELETE FROM community_team WHERE community_id = ? AND role = 'team_member'", communityId);
      const seen = new Set<string>();
      members.forEach((email, index) => {
        const userId = userIdFor(organizationId, email, `other_team_members_emails.${index}`);
        if (seen.has(userId)) return;
        seen.add(userId);
        db.run(
          "INSERT INTO community_team (community_id, user_id, role, position) VALUES (?, ?, 'team_member', ?)",
          communityId,
          userId,
          index,
        );
      });
    }
  }

  function assertExternalIdFree(organizationId: string, externalId: string | null | undefined, exceptId: string) {
    if (externalId === undefined || externalId === null) return;
    const other = db.get<{ id: string }>(
      'SELECT id FROM communities WHERE organization_id = ? AND external_community_id = ? AND id <> ?',
      organizationId,
      externalId,
      exceptId,
    );
    if (other)
      throw conflict(`external_community_id ${externalId} is already used by community ${other.id}`, [
        { path: 'external_community_id', message: 'must be unique within the organization' },
      ]);
  }

  return {
    recordById,

    list(organizationId: string, query: { search?: string | undefined; limit: number; offset: number }) {
      const search = query.search?.trim() ? likePattern(query.search.trim()) : null;
      const where = `organization_id = ? AND managed = 1
        AND (? IS NULL OR name LIKE ? ESCAPE '\\' OR address LIKE ? ESCAPE '\\' OR external_community_id LIKE ? ESCAPE '\\')`;
      const params = [organizationId, search, search, search, search];
      const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM communities WHERE ${where}`, ...params)?.n ?? 0;
      const rows = db.all<RecordRow>(
        `SELECT ${RECORD_COLUMNS} FROM communities WHERE ${where}
          ORDER BY name COLLATE NOCASE, id LIMIT ? OFFSET ?`,
        ...params,
        query.limit,
        query.offset,
      );
      return { communities: withTeams(rows), total, limit: query.limit, offset: query.offset };
    },

    /** Creates a community of the organization: its own (managed) or a market community used as a comparable. */
    create(
      organizationId: string,
      fields: CommunityChanges & { name: string; address: string; zipcode: string },
      options: { managed: boolean; id?: string | undefined } = { managed: true },
    ): string {
      return db.transaction(() => {
        const id = options.id ?? crypto().randomUUID();
        assertExternalIdFree(organizationId, fields.external_community_id, id);
        const at = now();
        db.run(
          `INSERT INTO communities (id, organization_id, managed, name, address, zipcode, email, external_community_id,
             website_url, status, latitude, longitude, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          id,
          organizationId,
          options.managed ? 1 : 0,
          fields.name,
          fields.address,
          fields.zipcode,
          fields.email ?? null,
          fields.external_community_id ?? null,
          fields.website_url ?? null,
          fields.status ?? 'active',
          fields.latitude ?? null,
          fields.longitude ?? null,
          at,
          at,
        );
        assignTeam(organizationId, id, fields);
        return id;
      });
    },

    /** Applies only the fields given; updated_at changes on every successful update. */
    update(organizationId: string, id: string, changes: CommunityChanges, options: { managed?: boolean } = {}) {
      db.transaction(() => {
        const current = db.get<{ id: string }>(
          'SELECT id FROM communities WHERE id = ? AND organization_id = ? AND managed = ?',
          id,
          organizationId,
          options.managed === false ? 0 : 1,
        );
        if (!current) throw notFound('community', id);
        assertExternalIdFree(organizationId, changes.external_community_id, id);
        const columns = [
          'name',
          'address',
          'zipcode',
          'email',
          'external_community_id',
          'website_url',
          'status',
          'latitude',
          'longitude',
        ] as const;
        const set = columns.filter((column) => changes[column] !== undefined);
        db.run(
          `UPDATE communities SET ${[...set.map((c) => `${c} = ?`), 'updated_at = ?'].join(', ')} WHERE id = ?`,
          ...set.map((column) => changes[column] ?? null),
          now(),
          id,
        );
        assignTeam(organizationId, id, changes);
      });
    },

    /** Any community of the organization, managed or market, for the pricing views. */
    communityRef(organizationId: string, id: string) {
      return db.get<{
        id: string;
        name: string;
        address: string;
        zipcode: string;
        managed: number;
        external_community_id: string | null;
        latitude: number | null;
        longitude: number | null;
        website_url: string | null;
      }>(
        `SELECT id, name, address, zipcode, managed, external_community_id, latitude, longitude, website_url
           FROM communities WHERE id = ? AND organization_id = ?`,
        id,
        organizationId,
      );
    },
  };
}

export type CommunitiesStore = ReturnType<typeof communitiesStore>;
