// GET/POST/PATCH /communities over real HTTP: contract shapes, validation rules and
// limits, search and pagination, PATCH semantics, manager assignment by e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { expectError, MISSING_ID, startService, type Principal, type TestService } from '../helpers/server.js';

let svc: TestService;
let acme: Principal; // all scopes, organization "Acme Residential"
const ORG = 'Acme Residential';

type Community = ReturnType<typeof endpoints.createCommunity.response.parse>;

beforeAll(async () => {
  svc = await startService();
  svc.importDataset({
    organization: ORG,
    users: [
      { email: 'ana@acme.example', full_name: 'Ana Ruiz', role: 'admin' },
      { email: 'ben@acme.example', full_name: 'Ben Ode', role: 'member' },
      { email: 'cara@acme.example', full_name: 'Cara Lin', role: 'member' },
      { email: 'dev@acme.example', full_name: 'Dev Patel', role: 'member' },
    ],
  });
  acme = svc.principal({ organization: ORG });
});

afterAll(async () => {
  await svc?.close();
});

const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Maple Court',
  address: '100 Main St, Austin, TX 78701',
  zipcode: '78701',
  ...extra,
});

async function create(body: Record<string, unknown>, key = acme.key): Promise<Community> {
  const answer = await svc.request('POST', '/communities', { key, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return endpoints.createCommunity.response.parse(answer.body);
}

async function get(id: string, key = acme.key): Promise<Community> {
  // The management record has no GET by id: read it through the list.
  const answer = await svc.request('GET', `/communities?limit=100`, { key });
  expect(answer.status).toBe(200);
  const list = endpoints.listCommunities.response.parse(answer.body);
  const found = list.communities.find((c) => c.id === id);
  if (!found) throw new Error(`community ${id} not in the list`);
  return found;
}

describe('POST /communities', () => {
  it('creates a record (201) in the contract shape; status defaults to active; unset fields are null', async () => {
    const before = Date.now();
    const answer = await svc.request('POST', '/communities', { key: acme.key, body: valid() });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const record = endpoints.createCommunity.response.parse(answer.body);
    expect(record).toMatchObject({
      name: 'Maple Court',
      address: '100 Main St, Austin, TX 78701',
      zipcode: '78701',
      status: 'active',
      email: null,
      external_community_id: null,
      website_url: null,
      community_manager: null,
      asset_manager: null,
      leasing_manager: null,
      other_team_members: [],
    });
    expect(record.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(record.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(record.updated_at).toBe(record.created_at);
    expect(Date.parse(record.created_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps every field sent and assigns managers and team by e-mail (case-insensitively, order kept, duplicates folded)', async () => {
    const record = await create(
      valid({
        name: 'Birch Terrace',
        zipcode: '78702-1234',
        email: 'office@birch.example',
        external_community_id: 'BT-001',
        website_url: 'https://birch.example',
        status: 'inactive',
        community_manager_email: 'ANA@acme.example',
        asset_manager_email: 'ben@acme.example',
        leasing_manager_email: 'cara@acme.example',
        other_team_members_emails: ['dev@acme.example', 'ben@acme.example', 'Dev@acme.example'],
      }),
    );
    expect(record).toMatchObject({
      zipcode: '78702-1234',
      email: 'office@birch.example',
      external_community_id: 'BT-001',
      website_url: 'https://birch.example',
      status: 'inactive',
      community_manager: { email: 'ana@acme.example', full_name: 'Ana Ruiz', role: 'admin', status: 'active' },
      asset_manager: { email: 'ben@acme.example', full_name: 'Ben Ode', role: 'member' },
      leasing_manager: { email: 'cara@acme.example' },
    });
    expect(record.other_team_members.map((u) => u.email)).toEqual(['dev@acme.example', 'ben@acme.example']);
    const users = endpoints.getUser.response;
    const ana = await svc.request('GET', `/users/${record.community_manager!.id}`, { key: acme.key });
    expect(users.parse(ana.body).email).toBe('ana@acme.example');
  });

  it('name: 200 characters pass, 201 do not; empty and whitespace-only names do not', async () => {
    await create(valid({ name: 'n'.repeat(200) }));
    // Characters, not UTF-16 units: 200 emoji (400 units) pass, surrounding spaces are trimmed first.
    await create(valid({ name: '🏠'.repeat(200) }));
    await create(valid({ name: `  ${'m'.repeat(200)}  ` }));
    expectError(await svc.request('POST', '/communities', { key: acme.key, body: valid({ name: '🏠'.repeat(201) }) }), 400, 'validation_error');
    for (const name of ['n'.repeat(201), '', '   ']) {
      const error = expectError(await svc.request('POST', '/communities', { key: acme.key, body: valid({ name }) }), 400, 'validation_error');
      expect(error.details?.[0]?.path).toBe('name');
    }
  });

  it('address: 500 characters pass, 501 do not', async () => {
    await create(valid({ name: 'Long Address', address: 'a'.repeat(500) }));
    const error = expectError(
      await svc.request('POST', '/communities', { key: acme.key, body: valid({ address: 'a'.repeat(501) }) }),
      400,
      'validation_error',
    );
    expect(error.details?.map((d) => d.path)).toEqual(['address']);
  });

  it('zipcode: 12345 and 12345-6789 only', async () => {
    await create(valid({ name: 'Zip Nine', zipcode: '78701-0001' }));
    for (const zipcode of ['1234', '123456', '12345-678', '12345-67890', 'abcde', '12345 6789', ' 12345', 78701]) {
      const error = expectError(await svc.request('POST', '/communities', { key: acme.key, body: valid({ zipcode }) }), 400, 'validation_error');
      expect(error.details?.[0]?.path).toBe('zipcode');
    }
  });

  it('required fields, enums, e-mails, URLs and types are checked, each naming its field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ address: 'x', zipcode: '78701' }, 'name'],
      [{ name: 'x', zipcode: '78701' }, 'address'],
      [{ name: 'x', address: 'y' }, 'zipcode'],
      [valid({ status: 'pending' }), 'status'],
      [valid({ status: 'ACTIVE' }), 'status'],
      [valid({ email: 'not-an-email' }), 'email'],
      [valid({ website_url: 'ftp://birch.example' }), 'website_url'],
      [valid({ website_url: 'birch.example' }), 'website_url'],
      [valid({ community_manager_email: 'nobody' }), 'community_manager_email'],
      [valid({ other_team_members_emails: 'ana@acme.example' }), 'other_team_members_emails'],
      [valid({ other_team_members_emails: ['ana@acme.example', 'bad'] }), 'other_team_members_emails.1'],
      [valid({ name: 42 }), 'name'],
      [valid({ other_team_members_emails: Array.from({ length: 51 }, (_, i) => `m${i}@acme.example`) }), 'other_team_members_emails'],
      [valid({ external_community_id: '' }), 'external_community_id'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await svc.request('POST', '/communities', { key: acme.key, body }), 400, 'validation_error');
      expect(error.details?.map((d) => d.path), JSON.stringify(body)).toContain(path);
    }
  });

  it('an unknown body field is a 400 naming it', async () => {
    const error = expectError(
      await svc.request('POST', '/communities', { key: acme.key, body: valid({ colour: 'blue' }) }),
      400,
      'validation_error',
    );
    expect(JSON.stringify(error)).toContain('colour');
  });

  it('a body that is not an object is a 400', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const answer = await svc.request('POST', '/communities', { key: acme.key, body });
      expectError(answer, 400);
    }
  });

  it('an unknown manager e-mail is a 422 unknown_user naming the field, and nothing is written', async () => {
    const totalBefore = (endpoints.listCommunities.response.parse((await svc.request('GET', '/communities', { key: acme.key })).body)).total;
    const unknownManager = expectError(
      await svc.request('POST', '/communities', {
        key: acme.key,
        body: valid({ name: 'Ghost Manor', community_manager_email: 'ana@acme.example', asset_manager_email: 'ghost@acme.example' }),
      }),
      422,
      'unknown_user',
    );
    expect(unknownManager.details).toEqual([{ path: 'asset_manager_email', message: expect.stringContaining('ghost@acme.example') }]);
    const unknownMember = expectError(
      await svc.request('POST', '/communities', {
        key: acme.key,
        body: valid({ name: 'Ghost Manor', other_team_members_emails: ['ben@acme.example', 'ghost@acme.example'] }),
      }),
      422,
      'unknown_user',
    );
    expect(unknownMember.details?.[0]?.path).toBe('other_team_members_emails.1');
    const after = endpoints.listCommunities.response.parse((await svc.request('GET', '/communities?search=ghost', { key: acme.key })).body);
    expect(after.total).toBe(0);
    const totalAfter = (endpoints.listCommunities.response.parse((await svc.request('GET', '/communities', { key: acme.key })).body)).total;
    expect(totalAfter).toBe(totalBefore);
  });

  it("a user of another organization is unknown here", async () => {
    const other = svc.principal({ organization: 'Other Org', email: 'zed@other.example' });
    expect(other.userId).not.toBeNull();
    expectError(
      await svc.request('POST', '/communities', { key: acme.key, body: valid({ community_manager_email: 'zed@other.example' }) }),
      422,
      'unknown_user',
    );
  });

  it('a duplicate external_community_id in the organization is a 409; another organization may reuse it', async () => {
    await create(valid({ name: 'First Dup', external_community_id: 'DUP-1' }));
    const error = expectError(
      await svc.request('POST', '/communities', { key: acme.key, body: valid({ name: 'Second Dup', external_community_id: 'DUP-1' }) }),
      409,
      'conflict',
    );
    expect(error.details?.[0]?.path).toBe('external_community_id');
    const other = svc.principal({ organization: 'Reuse Org' });
    await create(valid({ name: 'Elsewhere', external_community_id: 'DUP-1' }), other.key);
  });
});

describe('GET /communities', () => {
  let lister: Principal;
  const names = ['alpha Place', 'Bravo Yards', 'charlie Court', 'Delta 100% Lofts', 'Echo_Park', 'Foxtrot Flats', 'golf Gardens'];

  beforeAll(async () => {
    lister = svc.principal({ organization: 'Lister Homes' });
    // Created out of order; the list orders by name, case-insensitively.
    for (const [i, name] of [...names].reverse().entries())
      await create(
        {
          name,
          address: `${i + 1} ${i % 2 ? 'Congress Ave' : 'Riverside Dr'}, Austin, TX`,
          zipcode: '78701',
          external_community_id: `LH-${String(i).padStart(3, '0')}`,
        },
        lister.key,
      );
    // A comparable (market community) never shows up in the list.
    const subject = (await svc.request('GET', '/communities?search=alpha', { key: lister.key })).body as { communities: { id: string }[] };
    const comp = await svc.request('POST', `/rentsurvey/communities/${subject.communities[0]!.id}/comps`, {
      key: lister.key,
      body: { name: 'Alpha Market Comp', address: '9 Elm St, Austin, TX', zipcode: '78702' },
    });
    expect(comp.status).toBe(201);
  });

  const list = async (query: string) => {
    const answer = await svc.request('GET', `/communities${query}`, { key: lister.key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return endpoints.listCommunities.response.parse(answer.body);
  };

  it('lists only the organization’s own communities, ordered by name case-insensitively, with total/limit/offset', async () => {
    const all = await list('');
    expect(all.communities.map((c) => c.name)).toEqual(names);
    expect(all).toMatchObject({ total: 7, limit: 50, offset: 0 });
    expect(all.communities.some((c) => c.name === 'Alpha Market Comp')).toBe(false);
  });

  it('paginates with a stable order and the full total', async () => {
    const pages = [await list('?limit=3'), await list('?limit=3&offset=3'), await list('?limit=3&offset=6'), await list('?limit=3&offset=9')];
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7, 7]);
    expect(pages.map((p) => [p.limit, p.offset])).toEqual([[3, 0], [3, 3], [3, 6], [3, 9]]);
    expect(pages.flatMap((p) => p.communities.map((c) => c.name))).toEqual(names);
    expect(pages[3]!.communities).toEqual([]);
    expect((await list('?limit=1&offset=6')).communities.map((c) => c.name)).toEqual(['golf Gardens']);
    expect((await list('?limit=100')).communities).toHaveLength(7);
    expect((await list('?limit=1')).communities).toHaveLength(1);
  });

  it('equal names page in a stable order (then by id), each exactly once', async () => {
    const twins = svc.principal({ organization: 'Twin Names' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ name: i % 2 ? 'TWIN' : 'twin', address: `${i} Twin St`, zipcode: '78701' }, twins.key)).id);
    const page = async (offset: number) =>
      endpoints.listCommunities.response.parse((await svc.request('GET', `/communities?limit=2&offset=${offset}`, { key: twins.key })).body);
    const seen = [...(await page(0)).communities, ...(await page(2)).communities, ...(await page(4)).communities].map((c) => c.id);
    expect(seen).toEqual([...ids].sort());
    expect((await page(0)).communities.map((c) => c.id)).toEqual(seen.slice(0, 2));
  });

  it('searches name, address and external id, case-insensitively; % and _ are literal', async () => {
    expect((await list('?search=BRAVO')).communities.map((c) => c.name)).toEqual(['Bravo Yards']);
    expect((await list('?search=congress%20ave')).total).toBe(3);
    expect((await list('?search=riverside')).total).toBe(4);
    expect((await list('?search=lh-004')).communities.map((c) => c.external_community_id)).toEqual(['LH-004']);
    expect((await list('?search=100%25')).communities.map((c) => c.name)).toEqual(['Delta 100% Lofts']);
    expect((await list('?search=o_p')).communities.map((c) => c.name)).toEqual(['Echo_Park']);
    expect((await list('?search=%25')).total).toBe(1);
    expect((await list('?search=nothing-like-this')).communities).toEqual([]);
    expect((await list('?search=a&limit=2')).total).toBe(7);
    expect((await list('?search=a&limit=2')).communities).toHaveLength(2);
  });

  it('limit must be 1–100 and offset a non-negative integer; unknown query parameters are refused', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=-1', 'limit=abc', 'limit=1.5', 'offset=-1', 'offset=x', 'sort=name', `search=${'s'.repeat(201)}`]) {
      const error = expectError(await svc.request('GET', `/communities?${query}`, { key: lister.key }), 400, 'validation_error');
      expect(JSON.stringify(error), query).toContain(query.split('=')[0]!);
    }
  });
});

describe('PATCH /communities/:id', () => {
  let base: Community;

  beforeAll(async () => {
    base = await create(
      valid({
        name: 'Patch Base',
        email: 'office@patch.example',
        external_community_id: 'PB-1',
        website_url: 'https://patch.example',
        community_manager_email: 'ana@acme.example',
        asset_manager_email: 'ben@acme.example',
        other_team_members_emails: ['cara@acme.example', 'dev@acme.example'],
      }),
    );
  });

  const patch = async (id: string, body: unknown) => {
    svc.advance(5); // so that a changed updated_at is visible at millisecond precision
    return svc.request('PATCH', `/communities/${id}`, { key: acme.key, body });
  };

  it('changes only the fields given, and updated_at (never created_at)', async () => {
    const answer = await patch(base.id, { name: 'Patch Base Renamed', status: 'inactive' });
    expect(answer.status).toBe(200);
    const record = endpoints.updateCommunity.response.parse(answer.body);
    expect(record).toEqual({
      ...base,
      name: 'Patch Base Renamed',
      status: 'inactive',
      updated_at: expect.any(String),
    });
    expect(record.updated_at > base.updated_at).toBe(true);
    expect(record.created_at).toBe(base.created_at);
    expect(await get(base.id)).toEqual(record);
    base = record;
  });

  it('status goes back and forth; updated_at changes each time', async () => {
    const active = endpoints.updateCommunity.response.parse((await patch(base.id, { status: 'active' })).body);
    expect(active.status).toBe('active');
    expect(active.updated_at > base.updated_at).toBe(true);
    const inactive = endpoints.updateCommunity.response.parse((await patch(base.id, { status: 'inactive' })).body);
    expect(inactive.status).toBe('inactive');
    expect(inactive.updated_at > active.updated_at).toBe(true);
    base = inactive;
  });

  it('updated_at changes on update only: reads and failed updates leave it alone', async () => {
    svc.advance(5);
    await svc.request('GET', '/communities?search=patch', { key: acme.key });
    await svc.request('GET', `/rentsurvey/communities/${base.id}`, { key: acme.key });
    expectError(await patch(base.id, { name: '' }), 400, 'validation_error');
    expectError(await patch(base.id, { leasing_manager_email: 'ghost@acme.example' }), 422, 'unknown_user');
    expectError(await patch(base.id, {}), 400, 'validation_error');
    expect(await get(base.id)).toEqual(base);
  });

  it('null unassigns a manager and clears an optional text field; the rest stays', async () => {
    const record = endpoints.updateCommunity.response.parse(
      (await patch(base.id, { community_manager_email: null, website_url: null })).body,
    );
    expect(record.community_manager).toBeNull();
    expect(record.website_url).toBeNull();
    expect(record.asset_manager?.email).toBe('ben@acme.example');
    expect(record.email).toBe('office@patch.example');
    expect(record.other_team_members.map((u) => u.email)).toEqual(['cara@acme.example', 'dev@acme.example']);
    base = record;
  });

  it('managers are reassigned by e-mail', async () => {
    const record = endpoints.updateCommunity.response.parse(
      (await patch(base.id, { asset_manager_email: 'cara@acme.example', leasing_manager_email: 'Dev@Acme.Example' })).body,
    );
    expect(record.asset_manager?.email).toBe('cara@acme.example');
    expect(record.leasing_manager?.email).toBe('dev@acme.example');
    base = record;
  });

  it('other_team_members_emails replaces the whole list; [] empties it', async () => {
    const replaced = endpoints.updateCommunity.response.parse(
      (await patch(base.id, { other_team_members_emails: ['ben@acme.example', 'ana@acme.example'] })).body,
    );
    expect(replaced.other_team_members.map((u) => u.email)).toEqual(['ben@acme.example', 'ana@acme.example']);
    expect(replaced.asset_manager?.email).toBe('cara@acme.example');
    const emptied = endpoints.updateCommunity.response.parse((await patch(base.id, { other_team_members_emails: [] })).body);
    expect(emptied.other_team_members).toEqual([]);
    base = emptied;
  });

  it('an unknown manager e-mail is a 422 naming the field, and nothing of the body is written', async () => {
    const error = expectError(
      await patch(base.id, {
        name: 'Should Not Stick',
        community_manager_email: 'ana@acme.example',
        other_team_members_emails: ['ana@acme.example', 'ghost@acme.example'],
      }),
      422,
      'unknown_user',
    );
    expect(error.details?.[0]?.path).toBe('other_team_members_emails.1');
    expect(error.message).toContain('ghost@acme.example');
    expect(await get(base.id)).toEqual(base);
  });

  it('a duplicate external_community_id is a 409 and nothing changes; keeping its own is fine', async () => {
    const other = await create(valid({ name: 'Holder', external_community_id: 'HOLD-1' }));
    expectError(await patch(base.id, { external_community_id: 'HOLD-1', name: 'Nope' }), 409, 'conflict');
    expect(await get(base.id)).toEqual(base);
    const same = await patch(other.id, { external_community_id: 'HOLD-1' });
    expect(same.status).toBe(200);
  });

  it('validation: empty body, unknown field, limits and enums are 400s', async () => {
    const empty = expectError(await patch(base.id, {}), 400, 'validation_error');
    expect(empty.message).toMatch(/at least one field/);
    const unknown = expectError(await patch(base.id, { id: MISSING_ID }), 400, 'validation_error');
    expect(JSON.stringify(unknown)).toContain('id');
    const cases: [unknown, string][] = [
      [{ name: 'n'.repeat(201) }, 'name'],
      [{ address: 'a'.repeat(501) }, 'address'],
      [{ zipcode: '7870' }, 'zipcode'],
      [{ status: 'archived' }, 'status'],
      [{ name: null }, 'name'],
      [{ other_team_members_emails: null }, 'other_team_members_emails'],
    ];
    for (const [body, path] of cases) {
      const error = expectError(await patch(base.id, body), 400, 'validation_error');
      expect(error.details?.map((d) => d.path), JSON.stringify(body)).toContain(path);
    }
    // The limits are inclusive.
    expect((await patch(base.id, { name: 'n'.repeat(200), address: 'a'.repeat(500), zipcode: '78701-0002' })).status).toBe(200);
    base = await get(base.id);
  });

  it('unknown id → 404, malformed id → 400, a comparable’s id → 404', async () => {
    expectError(await patch(MISSING_ID, { name: 'x' }), 404, 'not_found');
    const malformed = expectError(await patch('not-a-uuid', { name: 'x' }), 400, 'validation_error');
    expect(malformed.details?.[0]?.path).toBe('id');
    expectError(await patch(`${base.id}0`, { name: 'x' }), 400, 'validation_error');
    const comp = await svc.request('POST', `/rentsurvey/communities/${base.id}/comps`, {
      key: acme.key,
      body: { name: 'Market Comp', address: '9 Elm St', zipcode: '78702' },
    });
    const compId = (comp.body as { comp_id: string }).comp_id;
    expectError(await patch(compId, { name: 'x' }), 404, 'not_found');
  });

  it('accepts an upper-case id', async () => {
    const answer = await patch(base.id.toUpperCase(), { email: 'new@patch.example' });
    expect(answer.status).toBe(200);
    expect(endpoints.updateCommunity.response.parse(answer.body)).toMatchObject({ id: base.id, email: 'new@patch.example' });
  });
});
