import * as z from 'zod/mini';
import type { Endpoint } from '../endpoints.js';
import { Email, Id, IdParams, PAGE_COUNTS, PAGED_QUERY, requiredText, Role, Status, Timestamp } from '../primitives.js';
import { specReads } from '../markers.js';
import { routes } from '../routes.js';
import { isNonEmptyBody, NAME_MAX } from '../rules.js';

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

/**
 * GET /users, our extension: the organization's users a page at a time, paged
 * like GET /communities; `email` finds one user (an empty page when none), so
 * that "no such user" is a 200 and a 404 can only mean a service without it.
 */
export const UserListQuery = z.strictObject({ email: z.optional(Email), ...PAGED_QUERY });

export const UserListResponse = z.object({ users: z.array(User), ...PAGE_COUNTS });

export const endpoints = {
  inviteUser: { ...routes.inviteUser, body: InviteBody, response: InviteResponse },
  getUser: { ...routes.getUser, params: IdParams, response: User },
  listUsers: { ...routes.listUsers, query: UserListQuery, response: UserListResponse },
  updateUser: { ...routes.updateUser, params: IdParams, body: UserUpdateBody, response: User },
} as const satisfies Record<string, Endpoint>;
