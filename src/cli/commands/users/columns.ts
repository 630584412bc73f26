import type { ReadOf } from '../../../api/endpoints.js';
import type { Column } from '../../../output/columns.js';
import { text } from '../../columns.js';

type User = ReadOf<'getUser'>;

export const userColumns: Column<User>[] = [
  text('id', (u) => u.id),
  text('email', (u) => u.email),
  text('full_name', (u) => u.full_name),
  text('role', (u) => u.role),
  { ...text('status', (u) => u.status), display: (u, style) => (u.status === 'active' ? u.status : style.warn(u.status)) },
  text('created_at', (u) => u.created_at),
  text('updated_at', (u) => u.updated_at),
];
