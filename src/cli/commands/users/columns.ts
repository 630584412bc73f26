import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/columns.js';
import { date, text, uuid } from '../../columns.js';

type User = ReadOf<'getUser'>;

/** A user record: what show, update, list and `local invitations accept` print. */
export const userColumns: Column<User>[] = [
  uuid('id', (u) => u.id, 'ID'),
  text('email', (u) => u.email, 'EMAIL', 'key'),
  text('full_name', (u) => u.full_name, 'NAME', 'high'),
  text('role', (u) => u.role, 'ROLE', 'high'),
  { ...text('status', (u) => u.status, 'STATUS', 'high'), display: (u, style) => (u.status === 'active' ? u.status : style.warn(u.status)) },
  date('created_at', (u) => u.created_at, 'CREATED', 'low'),
  date('updated_at', (u) => u.updated_at, 'UPDATED', 'low'),
];
