import { crypto } from './crypto.js';
import type { Scope } from '../../api/endpoints.js';
import { likePattern } from './communities.js';
import type { Database } from './db.js';
import { conflict, notFound } from './errors.js';

export interface Principal {
  keyId: string;
  organizationId: string;
  userId: string | null;
  scopes: ReadonlySet<string>;
}

export interface UserRow {
  id: string;
  organization_id: string;
  email: string;
  full_name: string;
  role: 'admin' | 'member';
  status: 'active' | 'inactive';
  created_at: string;
  updated_at: string;
}

export interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  name: string;
  role: 'admin' | 'member';
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  expires_at: string;
  created_at: string;
}

export interface ApiKeyRow {
  id: string;
  organization_id: string;
  organization: string;
  user_email: string | null;
  label: string;
  prefix: string;
  scopes: string;
  created_at: string;
  revoked_at: string | null;
}

/** How long an invitation can be accepted. */
export const INVITATION_DAYS = 7;

/** When an invitation sent at `sentAt` (ISO) expires. */
export const invitationExpiry = (sentAt: string) => new Date(Date.parse(sentAt) + INVITATION_DAYS * 86_400_000).toISOString();

const sha256 = (value: string) => crypto().createHash('sha256').update(value).digest();

/** Keys look like rsk_<8-char id>_<secret>; the id part finds the row, the hash proves the secret. */
const KEY_PATTERN = /^rsk_([A-Za-z0-9]{8})_[A-Za-z0-9_-]{32,}$/;

function newKeySecret(): { key: string; prefix: string } {
  const prefix = crypto().randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8);
  return { key: `rsk_${prefix}_${crypto().randomBytes(24).toString('base64url')}`, prefix };
}

export function accountsStore(db: Database, now: () => string) {
  const userColumns = 'id, organization_id, email, full_name, role, status, created_at, updated_at';

  function organizationByName(name: string) {
    return db.get<{ id: string; name: string }>('SELECT id, name FROM organizations WHERE name = ?', name);
  }

  function principalOfKey(key: string, proveSecret: boolean): Principal | null {
    const match = KEY_PATTERN.exec(key);
    if (!match) return null;
    const row = db.get<{ id: string; organization_id: string; user_id: string | null; key_hash: string; scopes: string }>(
      `SELECT k.id, k.organization_id, k.user_id, k.key_hash, k.scopes
         FROM api_keys k LEFT JOIN users u ON u.id = k.user_id
        WHERE k.prefix = ? AND k.revoked_at IS NULL AND (k.user_id IS NULL OR u.status = 'active')`,
      match[1] as string,
    );
    if (!row) return null;
    if (proveSecret && !crypto().timingSafeEqual(sha256(key), Buffer.from(row.key_hash, 'hex'))) return null;
    return {
      keyId: row.id,
      organizationId: row.organization_id,
      userId: row.user_id,
      scopes: new Set(row.scopes.split(' ')),
    };
  }

  return {
    organizationByName,

    ensureOrganization(name: string): string {
      const existing = organizationByName(name);
      if (existing) return existing.id;
      const id = crypto().randomUUID();
      db.run('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)', id, name, now());
      return id;
    },

    organizations() {
      return db.all<{ id: string; name: string }>('SELECT id, name FROM organizations ORDER BY created_at, name');
    },

    /** Each organization with what it holds: its own (managed) communities and its users. */
    organizationSummaries() {
      return db.all<{ id: string; name: string; communities: number; users: number }>(
        `SELECT o.id, o.name,
                (SELECT count(*) FROM communities c WHERE c.organization_id = o.id AND c.managed = 1) AS communities,
                (SELECT count(*) FROM users u WHERE u.organization_id = o.id) AS users
           FROM organizations o ORDER BY o.created_at, o.name`,
      );
    },

    /** The organization local commands act for: the one set by `sync`, else the first one. */
    defaultOrganizationId(): string | undefined {
      const chosen = db.get<{ id: string }>(
        "SELECT o.id FROM settings s JOIN organizations o ON o.id = s.value WHERE s.key = 'default_organization'",
      );
      return chosen?.id ?? this.organizations()[0]?.id;
    },

    setDefaultOrganization(organizationId: string) {
      db.run(
        "INSERT INTO settings (key, value) VALUES ('default_organization', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        organizationId,
      );
    },

    /** Resolves a bearer key to its principal, or null. Revoked keys and deactivated users get null. */
    authenticate(key: string): Principal | null {
      return principalOfKey(key, true);
    },

    /**
     * The principal of the key the CLI keeps beside the store for --local (data-dir.ts), or null:
     * found by its id part, its secret not hashed, since whoever can read that file can read the
     * store too. Spares every read-only --local command loading node:crypto (docs/api-decisions.md).
     */
    ownKeyPrincipal(key: string): Principal | null {
      return principalOfKey(key, false);
    },

    createApiKey(input: { organizationId: string; userId: string | null; scopes: readonly Scope[]; label: string }) {
      const id = crypto().randomUUID();
      const { key, prefix } = newKeySecret();
      db.run(
        `INSERT INTO api_keys (id, organization_id, user_id, label, prefix, key_hash, scopes, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        input.organizationId,
        input.userId,
        input.label,
        prefix,
        sha256(key).toString('hex'),
        [...input.scopes].join(' '),
        now(),
      );
      return { id, key, prefix };
    },

    listApiKeys(): ApiKeyRow[] {
      return db.all<ApiKeyRow>(
        `SELECT k.id, k.organization_id, o.name AS organization, u.email AS user_email, k.label, k.prefix,
                k.scopes, k.created_at, k.revoked_at
           FROM api_keys k JOIN organizations o ON o.id = k.organization_id LEFT JOIN users u ON u.id = k.user_id
          ORDER BY k.created_at, k.id`,
      );
    },

    revokeApiKey(idOrPrefix: string): boolean {
      return (
        db.run(
          'UPDATE api_keys SET revoked_at = ? WHERE (id = ? OR prefix = ?) AND revoked_at IS NULL',
          now(),
          idOrPrefix,
          idOrPrefix,
        ).changes > 0
      );
    },

    userById(organizationId: string, id: string): UserRow | undefined {
      return db.get<UserRow>(`SELECT ${userColumns} FROM users WHERE id = ? AND organization_id = ?`, id, organizationId);
    },

    userByEmail(organizationId: string, email: string): UserRow | undefined {
      return db.get<UserRow>(
        `SELECT ${userColumns} FROM users WHERE email = ? AND organization_id = ?`,
        email,
        organizationId,
      );
    },

    /** A page of the organization's users by e-mail, as GET /users answers; `email` matches one, in any case. */
    listUsers(organizationId: string, query: { email?: string | undefined; search?: string | undefined; limit: number; offset: number }) {
      const search = query.search?.trim() ? likePattern(query.search.trim()) : null;
      const email = query.email ?? null;
      const where = `organization_id = ? AND (? IS NULL OR email = ?)
        AND (? IS NULL OR email LIKE ? ESCAPE '\\' OR full_name LIKE ? ESCAPE '\\')`;
      const params = [organizationId, email, email, search, search, search];
      const total = db.get<{ n: number }>(`SELECT count(*) AS n FROM users WHERE ${where}`, ...params)?.n ?? 0;
      const users = db.all<Omit<UserRow, 'organization_id'>>(
        `SELECT id, email, full_name, role, status, created_at, updated_at FROM users WHERE ${where}
          ORDER BY email COLLATE NOCASE, id LIMIT ? OFFSET ?`,
        ...params,
        query.limit,
        query.offset,
      );
      return { users, total, limit: query.limit, offset: query.offset };
    },

    firstAdmin(organizationId: string): UserRow | undefined {
      return db.get<UserRow>(
        `SELECT ${userColumns} FROM users WHERE organization_id = ? AND role = 'admin' AND status = 'active'
          ORDER BY created_at, email LIMIT 1`,
        organizationId,
      );
    },

    /** Inserts or, for an existing e-mail (or id), updates name, role and status. */
    upsertUser(
      organizationId: string,
      user: { id?: string | undefined; email: string; full_name: string; role: string; status: string },
    ): string {
      const existing =
        db.get<{ id: string; organization_id: string }>(
          'SELECT id, organization_id FROM users WHERE id = ?',
          user.id ?? '',
        ) ??
        db.get<{ id: string; organization_id: string }>(
          'SELECT id, organization_id FROM users WHERE email = ? AND organization_id = ?',
          user.email,
          organizationId,
        );
      const at = now();
      if (existing) {
        if (existing.organization_id !== organizationId) throw conflict(`user id ${user.id} belongs to another organization`);
        db.run(
          `UPDATE users SET email = ?, full_name = ?, role = ?, status = ?,
             updated_at = CASE WHEN full_name IS ? AND role IS ? AND status IS ? AND email IS ? THEN updated_at ELSE ? END
           WHERE id = ?`,
          user.email,
          user.full_name,
          user.role,
          user.status,
          user.full_name,
          user.role,
          user.status,
          user.email,
          at,
          existing.id,
        );
        return existing.id;
      }
      const id = user.id ?? crypto().randomUUID();
      db.run(
        `INSERT INTO users (id, organization_id, email, full_name, role, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        organizationId,
        user.email,
        user.full_name,
        user.role,
        user.status,
        at,
        at,
      );
      return id;
    },

    updateUser(
      organizationId: string,
      id: string,
      changes: { full_name?: string | undefined; role?: string | undefined; status?: string | undefined },
    ): UserRow {
      return db.transaction(() => {
        const current = this.userById(organizationId, id);
        if (!current) throw notFound('user', id);
        db.run(
          'UPDATE users SET full_name = ?, role = ?, status = ?, updated_at = ? WHERE id = ?',
          changes.full_name ?? current.full_name,
          changes.role ?? current.role,
          changes.status ?? current.status,
          now(),
          id,
        );
        return this.userById(organizationId, id) as UserRow;
      });
    },

    pendingInvitation(organizationId: string, email: string) {
      return db.get<{ id: string }>(
        `SELECT id FROM invitations WHERE organization_id = ? AND email = ? AND status = 'pending' AND expires_at > ?`,
        organizationId,
        email,
        now(),
      );
    },

    /**
     * A pending invitation, unless the address is a user already or has one
     * pending (409). Check and insert are one IMMEDIATE transaction, so that two
     * service processes on one store cannot both invite the same address.
     */
    createInvitation(input: {
      organizationId: string;
      email: string;
      name: string;
      role: string;
      invitedBy: string | null;
      expiresAt: string;
    }) {
      return db.transaction(() => {
        if (this.userByEmail(input.organizationId, input.email))
          throw conflict(`${input.email} is already a user of this organization`, [{ path: 'email', message: 'already a user' }]);
        if (this.pendingInvitation(input.organizationId, input.email))
          throw conflict(`${input.email} already has a pending invitation`, [{ path: 'email', message: 'already invited' }]);
        const id = crypto().randomUUID();
        const token = crypto().randomBytes(24).toString('base64url');
        db.run(
          `INSERT INTO invitations (id, organization_id, email, name, role, status, token_hash, invited_by, expires_at, created_at)
           VALUES (?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`,
          id,
          input.organizationId,
          input.email,
          input.name,
          input.role,
          sha256(token).toString('hex'),
          input.invitedBy,
          input.expiresAt,
          now(),
        );
        return { id, token };
      });
    },

    /** An organization's invitations, the newest first; with `email`, only that address's. */
    invitations(organizationId: string, email?: string): InvitationRow[] {
      return db.all<InvitationRow>(
        `SELECT id, organization_id, email, name, role, status, expires_at, created_at FROM invitations
          WHERE organization_id = ? AND (? IS NULL OR email = ?) ORDER BY created_at DESC, id`,
        organizationId,
        email ?? null,
        email ?? null,
      );
    },

    invitationById(id: string): InvitationRow | undefined {
      return db.get<InvitationRow>(
        'SELECT id, organization_id, email, name, role, status, expires_at, created_at FROM invitations WHERE id = ?',
        id,
      );
    },

    /**
     * What accepting the link of a pending invitation does at the service: the
     * invitee becomes an active user with the invitation's name and role, and the
     * invitation is `accepted`. Refused (409) when it is not pending, has expired,
     * or the address is a user already; one IMMEDIATE transaction, so that two
     * accepts cannot both create the user.
     */
    acceptInvitation(id: string): UserRow {
      return db.transaction(() => {
        const invitation = this.invitationById(id);
        if (!invitation) throw notFound('invitation', id);
        if (invitation.status !== 'pending') throw conflict(`the invitation of ${invitation.email} is ${invitation.status}, not pending`);
        if (invitation.expires_at <= now())
          throw conflict(`the invitation of ${invitation.email} expired at ${invitation.expires_at}; invite them again`);
        if (this.userByEmail(invitation.organization_id, invitation.email))
          throw conflict(`${invitation.email} is already a user of this organization`);
        const userId = this.upsertUser(invitation.organization_id, {
          email: invitation.email,
          full_name: invitation.name,
          role: invitation.role,
          status: 'active',
        });
        db.run("UPDATE invitations SET status = 'accepted' WHERE id = ?", id);
        return this.userById(invitation.organization_id, userId) as UserRow;
      });
    },

    /** Removes an invitation whose e-mail could not be sent, so that it can be sent again. */
    deleteInvitation(id: string) {
      db.run('DELETE FROM invitations WHERE id = ?', id);
    },

    recordEmail(organizationId: string, to: string, subject: string, delivery: string) {
      db.run(
        'INSERT INTO emails (id, organization_id, to_address, subject, delivery, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        crypto().randomUUID(),
        organizationId,
        to,
        subject,
        delivery,
        now(),
      );
    },
  };
}

export type AccountsStore = ReturnType<typeof accountsStore>;
