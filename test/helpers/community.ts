// Shapes and steps the communities/users command tests share.
import { expectOk, parseJson, type CliSandbox } from './run-cli.js';

export interface Person {
  id: string;
  email: string;
}

/** A user record as the users commands print it with --json. */
export interface UserRecord {
  id: string;
  email: string;
  full_name: string;
  role: string;
  status: string;
  updated_at: string;
}

export interface Community {
  id: string;
  name: string;
  address: string;
  zipcode: string;
  email: string | null;
  external_community_id: string | null;
  website_url: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  community_manager: Person | null;
  asset_manager: Person | null;
  leasing_manager: Person | null;
  other_team_members: Person[];
}

const NOTHING_ASSIGNED = {
  address: '1 Main St',
  zipcode: '78701',
  email: null,
  external_community_id: null,
  website_url: null,
  status: 'active',
  community_manager: null,
  asset_manager: null,
  leasing_manager: null,
  other_team_members: [],
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-01-02T03:04:05Z',
};

/** A community record of GET /communities as the spec shows it: `fields` over a record with nothing assigned. */
export function communityRecord<F extends { id: string; name: string }>(fields: F): Omit<typeof NOTHING_ASSIGNED, keyof F> & F {
  return { ...NOTHING_ASSIGNED, ...fields };
}

let seq = 0;
export const unique = (prefix: string) => `${prefix} ${process.pid}-${++seq}`;

/** `communities create` with a fresh name (and the flags given), the record it printed. */
export async function createCommunity(cli: CliSandbox, extra: string[] = []): Promise<Community> {
  const r = expectOk(
    await cli.run(['--local', 'communities', 'create', '--name', unique('Test Court'), '--address', '100 Main St, Austin, TX 78701', '--zipcode', '78701', ...extra, '--json']),
  );
  return parseJson<Community>(r.stdout);
}

/** The people of the demo organization (managers and team members of its communities). */
export async function demoPeople(cli: CliSandbox): Promise<Person[]> {
  const page = parseJson<{ communities: Community[] }>(expectOk(await cli.run(['--local', 'communities', 'list', '--all', '--json'])).stdout);
  const byId = new Map<string, Person>();
  for (const c of page.communities)
    for (const p of [c.community_manager, c.asset_manager, c.leasing_manager, ...c.other_team_members]) if (p) byId.set(p.id, p);
  return [...byId.values()];
}

export async function countNamed(cli: CliSandbox, name: string): Promise<number> {
  return parseJson<{ total: number }>(expectOk(await cli.run(['--local', 'communities', 'list', '--search', name, '--json'])).stdout).total;
}
