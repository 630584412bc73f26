// Commands that change data: communities create/update, comps add/activate/deactivate,
// users invite/update; conflicts, limits and validation before sending.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, demoStore, parseCsv, parseJson, parseNdjson, startServe, type RunResult, type Sandbox, type Served } from '../helpers/cli.js';

interface Person {
  id: string;
  email: string;
}
interface Community {
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
interface User {
  id: string;
  email: string;
  full_name: string;
  role: string;
  status: string;
  updated_at: string;
}

let sb: Sandbox;
let server: Served;
let env: Record<string, string>;
let people: Person[]; // users of the demo organization
let seq = 0;

const run = (args: string[], options: { env?: Record<string, string | undefined> } = {}) => sb.run(args, { env: { ...env, ...options.env } });
const ok = (r: RunResult) => {
  expect(r.exitCode, r.stderr).toBe(0);
  return r;
};
const unique = (prefix: string) => `${prefix} ${process.pid}-${++seq}`;

async function createCommunity(extra: string[] = []): Promise<Community> {
  const r = ok(await run(['communities', 'create', '--name', unique('E2E Court'), '--address', '100 Main St, Austin, TX 78701', '--zipcode', '78701', ...extra, '--json']));
  return parseJson<Community>(r.stdout);
}
/** The community as listed now (communities list has the full record). */
async function current(id: string): Promise<Community> {
  const page = parseJson<{ communities: Community[] }>(ok(await run(['communities', 'list', '--all', '--json'])).stdout);
  const found = page.communities.find((c) => c.id === id);
  if (!found) throw new Error(`community ${id} not listed`);
  return found;
}

async function countNamed(name: string): Promise<number> {
  return parseJson<{ total: number }>(ok(await run(['communities', 'list', '--search', name, '--json'])).stdout).total;
}

beforeAll(async () => {
  sb = await createSandbox();
  const dataDir = await demoStore(join(sb.root, 'store'));
  server = await startServe(dataDir);
  const key = await createKey(dataDir);
  sb.secrets.push(key);
  env = { RENTSURVEY_BASE_URL: server.baseUrl, RENTSURVEY_API_KEY: key };
  const page = parseJson<{ communities: Community[] }>((await run(['communities', 'list', '--all', '--json'])).stdout);
  const byId = new Map<string, Person>();
  for (const c of page.communities)
    for (const p of [c.community_manager, c.asset_manager, c.leasing_manager, ...c.other_team_members]) if (p) byId.set(p.id, p);
  people = [...byId.values()];
  // Tests run concurrently: people[0..2] are assigned as managers, the last two are updated.
  expect(people.length).toBeGreaterThanOrEqual(6);
});

afterAll(async () => {
  await server?.stop();
  await sb?.cleanup();
});

describe.concurrent('communities create', () => {
  it('creates in each format: the record on stdout, the message on stderr', async () => {
    const name = unique('Format Flats');
    const base = ['communities', 'create', '--address', '9 Elm St, Austin, TX 78702', '--zipcode', '78702'];
    const [table, json, csv, ndjson] = await Promise.all([
      run([...base, '--name', `${name} table`]),
      run([...base, '--name', `${name} json`, '--json']),
      run([...base, '--name', `${name} csv`, '--csv']),
      run([...base, '--name', `${name} ndjson`, '--format', 'ndjson']),
    ]);
    for (const r of [table, json, csv, ndjson]) {
      ok(r);
      expect(r.stderr).toMatch(/^Created community /);
    }
    expect(table.stdout).toMatch(/^Id:\s+[0-9a-f-]{36}$/m);
    expect(table.stdout).toMatch(new RegExp(`^Name:\\s+${name} table$`, 'm'));
    const record = parseJson<Community>(json.stdout);
    expect(record).toMatchObject({ name: `${name} json`, zipcode: '78702', status: 'active', email: null, other_team_members: [] });
    expect(parseCsv(csv.stdout).rows[0]).toMatchObject({ name: `${name} csv`, status: 'active' });
    expect(parseNdjson(ndjson.stdout)[0]).toMatchObject({ name: `${name} ndjson` });
    expect(await countNamed(name)).toBe(4);
  });

  it('assigns managers and team members by e-mail', async () => {
    const [a, b, c] = people;
    const created = await createCommunity([
      '--community-manager', a!.email,
      '--asset-manager', b!.email.toUpperCase(),
      '--other-team-members', `${b!.email},${c!.email}`,
      '--external-id', unique('EXT'),
      '--website-url', 'https://e2e.example',
      '--email', 'leasing@e2e.example',
      '--status', 'inactive',
    ]);
    expect(created.community_manager?.id).toBe(a!.id);
    expect(created.asset_manager?.id).toBe(b!.id);
    expect(created.leasing_manager).toBeNull();
    expect(created.other_team_members.map((p) => p.id)).toEqual([b!.id, c!.id]);
    expect(created).toMatchObject({ website_url: 'https://e2e.example', email: 'leasing@e2e.example', status: 'inactive' });
  });

  it('a bad zip code is rejected before sending (exit 2), nothing created', async () => {
    const name = unique('Bad Zip');
    const r = await run(['--debug', 'communities', 'create', '--name', name, '--address', '1 Main St', '--zipcode', '7870']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/zipcode/);
    expect(r.stderr).not.toMatch(/> POST/);
    expect(await countNamed(name)).toBe(0);
  });

  it('an unknown --fields name is refused before anything is created', async () => {
    const name = unique('Fields Check');
    const r = await run(['communities', 'create', '--name', name, '--address', '1 Main St', '--zipcode', '78701', '--fields', 'bogus']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown field "bogus"/);
    expect(await countNamed(name)).toBe(0);
  });

  it('a duplicate external id → 409 → exit 5', async () => {
    const external = unique('DUP');
    await createCommunity(['--external-id', external]);
    const r = await run(['communities', 'create', '--name', unique('Dup'), '--address', '1 Main St', '--zipcode', '78701', '--external-id', external]);
    expect(r.exitCode).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: /);
  });

  it('a manager e-mail that is no user → 422 → exit 5, nothing created', async () => {
    const name = unique('Unknown Manager');
    const r = await run(['communities', 'create', '--name', name, '--address', '1 Main St', '--zipcode', '78701', '--community-manager', 'nobody@nowhere.example']);
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(/community_manager_email/);
    expect(await countNamed(name)).toBe(0);
  });
});

describe.concurrent('communities update', () => {
  it('changes only the flags given', async () => {
    const [a] = people;
    const created = await createCommunity(['--email', 'a@e2e.example', '--external-id', unique('UPD'), '--website-url', 'https://u.example', '--community-manager', a!.email]);

    const status = parseJson<Community>(ok(await run(['communities', 'update', created.id, '--status', 'inactive', '--json'])).stdout);
    expect(status).toEqual({ ...created, status: 'inactive', updated_at: status.updated_at });
    expect(status.updated_at > created.updated_at).toBe(true);

    const renamed = parseJson<Community>(ok(await run(['communities', 'update', created.id, '--name', 'Renamed Court', '--json'])).stdout);
    expect(renamed).toEqual({ ...status, name: 'Renamed Court', updated_at: renamed.updated_at });

    const unassigned = parseJson<Community>(ok(await run(['communities', 'update', created.id, '--community-manager', 'none', '--json'])).stdout);
    expect(unassigned.community_manager).toBeNull();
    expect(unassigned).toMatchObject({ name: 'Renamed Court', status: 'inactive', email: 'a@e2e.example', website_url: 'https://u.example' });
    expect(await current(created.id)).toEqual(unassigned);
  });

  it('--other-team-members needs --yes without a TTY (exit 2, nothing changed)', async () => {
    const [a, b, c] = people;
    const created = await createCommunity(['--other-team-members', a!.email]);
    const refused = await run(['communities', 'update', created.id, '--other-team-members', `${b!.email},${c!.email}`], { env: {} });
    expect(refused.exitCode).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('--yes');
    expect((await current(created.id)).other_team_members.map((p) => p.id)).toEqual([a!.id]);

    const replaced = parseJson<Community>(
      ok(await run(['communities', 'update', created.id, '--other-team-members', `${b!.email},${c!.email}`, '--yes', '--json'])).stdout,
    );
    expect(replaced.other_team_members.map((p) => p.id)).toEqual([b!.id, c!.id]);

    const emptied = parseJson<Community>(ok(await run(['communities', 'update', created.id, '--other-team-members', '', '-y', '--json'])).stdout);
    expect(emptied.other_team_members).toEqual([]);
  });

  it('no flags → exit 2 before sending', async () => {
    const created = await createCommunity();
    const r = await run(['--debug', 'communities', 'update', created.id]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/nothing to update/);
    expect(r.stderr).not.toMatch(/> PATCH/);
  });

  it('an unknown id → 4; a malformed id → 2; a bad zip → 2', async () => {
    const [missing, malformed, zip] = await Promise.all([
      run(['communities', 'update', '00000000-0000-4000-8000-000000000000', '--status', 'inactive']),
      run(['communities', 'update', 'nope', '--status', 'inactive']),
      run(['communities', 'update', '00000000-0000-4000-8000-000000000000', '--zipcode', 'ABCDE']),
    ]);
    expect(missing.exitCode).toBe(4);
    expect(malformed.exitCode).toBe(2);
    expect(zip.exitCode).toBe(2);
    for (const r of [missing, malformed, zip]) expect(r.stdout).toBe('');
  });
});

describe.concurrent('comps', () => {
  interface CompList {
    comps: Array<{ id: string; name: string; is_included_in_surveys: boolean }>;
  }
  const activeComps = async (id: string) =>
    parseJson<CompList>(ok(await run(['comps', 'list', id, '--json'])).stdout).comps.filter((c) => c.is_included_in_surveys);

  it('add up to 10 active; the 11th → exit 5; deactivate/activate swap', async () => {
    const subject = await createCommunity();
    const add = (name: string, extra: string[] = []) =>
      run(['comps', 'add', subject.id, '--name', name, '--address', `${seq} Oak St, Austin, TX 78704`, '--zipcode', '78704', ...extra]);

    const first = ok(await add(unique('Comp'), ['--json']));
    const added = parseJson<{ comp_id: string; actions: string[]; message: string }>(first.stdout);
    expect(added.actions.length).toBeGreaterThan(0);
    expect(first.stderr).toContain(added.message);
    for (const r of await Promise.all(Array.from({ length: 9 }, () => add(unique('Comp'))))) ok(r);
    const active = await activeComps(subject.id);
    expect(active).toHaveLength(10);

    const eleventh = await add(unique('Comp'));
    expect(eleventh.exitCode).toBe(5);
    expect(eleventh.stdout).toBe('');
    expect(eleventh.stderr).toMatch(/10 active/);

    const off = ok(await run(['comps', 'deactivate', subject.id, added.comp_id, '--json']));
    expect(parseJson(off.stdout)).toMatchObject({ comp_id: added.comp_id, is_included_in_surveys: false });
    expect(await activeComps(subject.id)).toHaveLength(9);
    // Deactivated comparables stay listed with --include-inactive.
    const all = parseJson<CompList>(ok(await run(['comps', 'list', subject.id, '--include-inactive', '--json'])).stdout);
    expect(all.comps.find((c) => c.id === added.comp_id)?.is_included_in_surveys).toBe(false);

    const again = ok(await run(['comps', 'deactivate', subject.id, added.comp_id]));
    expect(again.stdout).toMatch(/already/);

    ok(await add(unique('Comp')));
    const reactivate = await run(['comps', 'activate', subject.id, added.comp_id]);
    expect(reactivate.exitCode).toBe(5);

    ok(await run(['comps', 'deactivate', subject.id, active[1]!.id, '--csv']));
    const on = ok(await run(['comps', 'activate', subject.id, added.comp_id, '--csv']));
    expect(parseCsv(on.stdout).rows[0]).toMatchObject({ comp_id: added.comp_id, is_included_in_surveys: 'true' });
    expect(await activeComps(subject.id)).toHaveLength(10);
  });

  it('a duplicate comparable → 5; an unknown subject → 4; a bad zip → 2', async () => {
    const subject = await createCommunity();
    const name = unique('Twin');
    const args = (id: string, zip = '78705') => ['comps', 'add', id, '--name', name, '--address', '1 Twin St', '--zipcode', zip];
    ok(await run(args(subject.id)));
    const [dup, missing, badZip] = await Promise.all([
      run(args(subject.id)),
      run(args('00000000-0000-4000-8000-000000000000')),
      run(['--debug', ...args(subject.id, '123')]),
    ]);
    expect(dup.exitCode).toBe(5);
    expect(missing.exitCode).toBe(4);
    expect(badZip.exitCode).toBe(2);
    expect(badZip.stderr).not.toMatch(/> POST/);
  });

  it('activate/deactivate an unknown comparable → 4', async () => {
    const subject = await createCommunity();
    const r = await run(['comps', 'deactivate', subject.id, '00000000-0000-4000-8000-000000000000']);
    expect(r.exitCode).toBe(4);
  });
});

describe.concurrent('users', () => {
  it('invite: the invitation on stdout, the message on stderr; again → 409 → exit 5', async () => {
    const email = `invitee-${process.pid}@e2e.example`;
    const r = ok(await run(['users', 'invite', '--email', email, '--name', 'In Vitee', '--role', 'member', '--json']));
    const body = parseJson<{ invitation: { email: string; status: string; role: string; invite_url: string } }>(r.stdout);
    expect(body.invitation).toMatchObject({ email, status: 'pending', role: 'member' });
    expect(body.invitation.invite_url).toMatch(/\/invitations\//);
    expect(r.stderr).toMatch(/invitation sent/);

    const table = ok(await run(['users', 'invite', '--email', `t-${email}`, '--name', 'Table Person', '--role', 'admin']));
    expect(table.stdout).toMatch(/^Status:\s+pending$/m);

    const again = await run(['users', 'invite', '--email', email, '--name', 'In Vitee', '--role', 'member']);
    expect(again.exitCode).toBe(5);
    expect(again.stdout).toBe('');
  });

  it('invite with a bad e-mail → 2', async () => {
    const r = await run(['users', 'invite', '--email', 'not-an-email', '--name', 'X', '--role', 'member']);
    expect(r.exitCode).toBe(2);
  });

  it('update changes only the flags given; show reflects it', async () => {
    const user = people.at(-1)!;
    const before = parseJson<User>(ok(await run(['users', 'show', user.id, '--json'])).stdout);
    const renamed = parseJson<User>(ok(await run(['users', 'update', user.id, '--name', 'Renamed Person', '--json'])).stdout);
    expect(renamed).toEqual({ ...before, full_name: 'Renamed Person', updated_at: renamed.updated_at });
    const role = before.role === 'admin' ? 'member' : 'admin';
    const changed = parseJson<User>(ok(await run(['users', 'update', user.id, '--role', role, '--json'])).stdout);
    expect(changed).toMatchObject({ full_name: 'Renamed Person', role, status: before.status });
    const shown = parseJson<User>(ok(await run(['users', 'show', user.id, '--json'])).stdout);
    expect(shown).toEqual(changed);
    const csv = ok(await run(['users', 'show', user.id, '--csv']));
    expect(parseCsv(csv.stdout).rows[0]).toMatchObject({ id: user.id, full_name: 'Renamed Person', role });
  });

  it('deactivate and reactivate', async () => {
    const user = people.at(-2)!;
    const off = parseJson<User>(ok(await run(['users', 'update', user.id, '--status', 'inactive', '--json'])).stdout);
    expect(off.status).toBe('inactive');
    const on = parseJson<User>(ok(await run(['users', 'update', user.id, '--status', 'active', '--json'])).stdout);
    expect(on.status).toBe('active');
  });

  it('update with no flags → 2 before sending; unknown id → 4; bad role → 2', async () => {
    const [none, missing, role] = await Promise.all([
      run(['--debug', 'users', 'update', people[0]!.id]),
      run(['users', 'update', '00000000-0000-4000-8000-000000000000', '--name', 'X']),
      run(['users', 'update', people[0]!.id, '--role', 'owner']),
    ]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).not.toMatch(/> PATCH/);
    expect(missing.exitCode).toBe(4);
    expect(role.exitCode).toBe(2);
  });
});
