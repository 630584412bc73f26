// What a fuzzer found (issue 13), each kept fixed: dates of any year 0001–9999,
// e-mail addresses up to the RFC limit, requests node:http refuses before our
// routes answered in our error shape, digits-only query integers, ids in any case.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { endpoints, type Endpoint } from '../../src/api/endpoints.js';
import { ErrorBody } from '../../src/api/schemas/errors.js';
import { HEADER_LIMIT } from '../../src/server/http-guards.js';
import { keyId } from '../../src/server/store/import.js';
import { operations, TENANT, tenantDataset, tenantId } from '../helpers/operations.js';
import { expectError, isoDate, startService, type Principal, type TestService } from '../helpers/server.js';
import { rawMessage, rawRequest, type RawAnswer } from '../stress/lib/raw-http.js';

let svc: TestService;
let owner: Principal;

beforeAll(async () => {
  svc = await startService();
  svc.importDataset(tenantDataset(isoDate(new Date())));
  owner = svc.principal({ organization: TENANT });
});

afterAll(async () => {
  await svc?.close();
});

type Shape = Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
const queryShape = (endpoint: Endpoint): Shape => {
  const schema = endpoint.query as unknown as { shape?: Shape; def?: { in?: { shape?: Shape } } } | undefined;
  return schema?.shape ?? {};
};
/** [operation, parameter] for every query parameter of the contract that `is` picks out. */
const queryParameters = (is: (schema: Shape[string]) => boolean) =>
  Object.entries(endpoints).flatMap(([id, endpoint]) =>
    Object.entries(queryShape(endpoint))
      .filter(([, schema]) => is(schema))
      .map(([name]) => [id as keyof typeof endpoints, name] as const),
  );
const pathOf = (id: keyof typeof endpoints, subject = tenantId('s1')) => `/v1${endpoints[id].path.replace(':id', subject)}`;

describe('dates: any calendar day of the years 0001 to 9999', () => {
  const dateParameters = queryParameters((s) => s.safeParse('0001-01-01').success && !s.safeParse('0000-01-01').success);

  it('the contract has date parameters (pricing and vacancy-trend)', () => {
    expect(dateParameters.map(([id, name]) => `${id}.${name}`).sort()).toEqual([
      'getPricingHistory.end_date',
      'getPricingHistory.start_date',
      'getVacancyTrend.end_date',
      'getVacancyTrend.start_date',
    ]);
  });

  it('0099-12-31, 0001-01-01 and 9999-12-31 on every date parameter: an answer, never a 5xx', async () => {
    for (const [id, name] of dateParameters)
      for (const date of ['0099-12-31', '0001-01-01', '9999-12-31']) {
        const answer = await svc.request('GET', `${pathOf(id)}?${name}=${date}`, { key: owner.key });
        const shown = `${id} ${name}=${date}: ${JSON.stringify(answer.body)}`;
        // Only a start after the default end (today) is refused, and with a 400 saying so.
        if (name === 'start_date' && date === '9999-12-31' && id === 'getPricingHistory') {
          expect(expectError(answer, 400, 'validation_error').message, shown).toMatch(/after the end of the range/);
        } else {
          expect(answer.status, shown).toBe(200);
          endpoints[id].response.parse(answer.body);
        }
      }
  });

  it('a lone end date of year 99 is year 99 (was a 500: Date.UTC read it as 1999)', async () => {
    const answer = await svc.request('GET', `${pathOf('getPricingHistory')}?end_date=0099-12-31`, { key: owner.key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(endpoints.getPricingHistory.response.parse(answer.body).date_range).toEqual({ start: '0099-12-02', end: '0099-12-31' });
  });

  it('a window reaching before 0001-01-01 starts there', async () => {
    const answer = await svc.request('GET', `${pathOf('getPricingHistory')}?end_date=0001-01-05&days=30`, { key: owner.key });
    expect(endpoints.getPricingHistory.response.parse(answer.body).date_range).toEqual({ start: '0001-01-01', end: '0001-01-05' });
    const all = await svc.request('GET', `${pathOf('getPricingHistory')}?start_date=0001-01-01&end_date=9999-12-31`, { key: owner.key });
    expect(endpoints.getPricingHistory.response.parse(all.body).total_records).toBe(1);
  });

  it('year 0000, and dates that are not days, are a 400 naming the parameter', async () => {
    for (const [id, name] of dateParameters)
      for (const date of ['0000-12-31', '2026-02-29', '10000-01-01', '99-12-31']) {
        const error = expectError(await svc.request('GET', `${pathOf(id)}?${name}=${date}`, { key: owner.key }), 400, 'validation_error');
        expect(error.details?.[0]?.path).toBe(name);
      }
  });

  it('surveys dated 0001-01-01 and 9999-12-31 are read by every operation', async () => {
    const org = 'Calendar Ends';
    svc.importDataset({
      organization: org,
      communities: [
        { key: 's', managed: true, name: 'Edge Court', address: '1 Edge St', zipcode: '78701' },
        { key: 'c', managed: false, name: 'Edge Comp', address: '2 Edge St', zipcode: '78701' },
      ],
      comps: [{ subject: 's', comp: 'c', distance_miles: 1 }],
      floor_plans: [
        { key: 's-a', community: 's', floor_plan_name: 'A', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 10 },
        { key: 'c-a', community: 'c', floor_plan_name: 'A', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 10 },
      ],
      surveys: ['0001-01-01', '9999-12-31'].map((date) => ({
        subject: 's',
        date,
        observations: [
          { floor_plan: 's-a', market_rent_cents: 100000, units_available: 1, availability: [{ available_from: date, units: 1 }] },
          { floor_plan: 'c-a', market_rent_cents: 110000, units_available: 2 },
        ],
      })),
    });
    const key = svc.principal({ organization: org }).key;
    const subject = keyId(org, 'community', 's');
    for (const op of operations({ subject, comp: keyId(org, 'community', 'c'), user: owner.userId! }).filter((o) => o.method === 'GET' && o.id !== 'getUser')) {
      const answer = await svc.request('GET', op.path, { key });
      expect(answer.status, `${op.id}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    for (const id of ['getVacancy', 'getOverview', 'getVacancyTrend'] as const) {
      const answer = await svc.request('GET', pathOf(id, subject), { key });
      expect(answer.status, `${id}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const vacancy = endpoints.getVacancy.response.parse((await svc.request('GET', pathOf('getVacancy', subject), { key })).body);
    expect(vacancy.as_of_date).toBe('9999-12-31');
    const history = await svc.request('GET', `${pathOf('getPricingHistory', subject)}?start_date=0001-01-01&end_date=9999-12-31`, { key });
    expect(endpoints.getPricingHistory.response.parse(history.body).pricing.map((r) => r.as_of_date)).toEqual(['0001-01-01', '9999-12-31']);
  });
});

describe('e-mail addresses: up to 254 characters, 64 before the @', () => {
  // 64 + 1 + 189 = 254; the domain's labels stay under DNS's 63.
  const address = (local: number, total: number) => {
    let domain = '';
    for (let i = 0; domain.length < total - local - 1 - '.example'.length; i++) domain += i % 61 === 60 ? '.' : 'd';
    return `${'l'.repeat(local)}@${domain}.example`;
  };

  it('inviting a 254-character address works, and its outbox file is named by the invitation id (was 502 forever)', async () => {
    const email = address(64, 254);
    expect(email).toHaveLength(254);
    const answer = await svc.request('POST', '/users/invite', { key: owner.key, body: { email, name: 'Long Address', role: 'member' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { invitation } = endpoints.inviteUser.response.parse(answer.body);
    expect(invitation.email).toBe(email);
    const files = await readdir(join(svc.dataDir, 'outbox'));
    const file = files.find((name) => name.endsWith(`-${invitation.id}.eml`));
    expect(file, files.join('\n')).toBeDefined();
    expect(file!.length).toBeLessThan(100);
  });

  const tooLong = [
    ['255 characters', address(64, 255), 'at most 254 characters'],
    ['65 before the @', address(65, 120), 'at most 64 characters before the @'],
  ] as const;

  it.each(tooLong)('%s: a 400 from the contract for invitations, community e-mails and manager e-mails', async (_, email, message) => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/users/invite', { email, name: 'Too Long', role: 'member' }, 'email'],
      ['POST', '/communities', { name: 'Mail Court', address: '1 Mail St', zipcode: '78701', email }, 'email'],
      ['POST', '/communities', { name: 'Mail Court', address: '1 Mail St', zipcode: '78701', community_manager_email: email }, 'community_manager_email'],
      ['PATCH', `/communities/${tenantId('s1')}`, { asset_manager_email: email }, 'asset_manager_email'],
      ['PATCH', `/communities/${tenantId('s1')}`, { leasing_manager_email: email }, 'leasing_manager_email'],
      ['PATCH', `/communities/${tenantId('s1')}`, { other_team_members_emails: ['ok@tenant.example', email] }, 'other_team_members_emails.1'],
    ];
    for (const [method, path, body, field] of cases) {
      const error = expectError(await svc.request(method, path, { key: owner.key, body }), 400, 'validation_error');
      expect(error.details, `${method} ${path}`).toContainEqual({ path: field, message });
    }
  });
});

/** Our error shape, exactly, with the status given. */
function expectRawError(answer: RawAnswer, status: number, code: string) {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(z.strictObject(ErrorBody.shape).safeParse(answer.json).success, answer.body).toBe(true);
  const error = (answer.json as { error: { code: string; message: string } }).error;
  expect(error.code, answer.body).toBe(code);
  expect(error.message).not.toMatch(/\n\s+at |node:internal/);
  return error;
}

describe('requests node:http refuses before our routes: the one error shape, the right status', () => {
  const auth = () => ({ Host: 'localhost', Authorization: `Bearer ${owner.key}` });

  it('an unknown method → 400 bad_request in our error shape', async () => {
    for (const method of ['FOO', 'GETT', 'get', 'BREW'])
      expectRawError(await rawRequest(svc.origin, rawMessage(`${method} /v1/communities HTTP/1.1`, auth())), 400, 'bad_request');
  });

  it('methods HTTP knows but no route takes → 404 not_found, CONNECT included (was a closed connection)', async () => {
    for (const method of ['DELETE', 'PUT', 'OPTIONS', 'TRACE'])
      expectRawError(await rawRequest(svc.origin, rawMessage(`${method} /v1/communities HTTP/1.1`, { ...auth(), Connection: 'close' })), 404, 'not_found');
    expectRawError(await rawRequest(svc.origin, rawMessage('CONNECT example.com:443 HTTP/1.1', { Host: 'example.com:443' })), 404, 'not_found');
  });

  it('no Host header on HTTP/1.1 → 400 bad_request (was an empty 400); HTTP/1.0 needs none', async () => {
    const error = expectRawError(
      await rawRequest(svc.origin, rawMessage('GET /v1/communities HTTP/1.1', { Authorization: `Bearer ${owner.key}`, Connection: 'close' })),
      400,
      'bad_request',
    );
    expect(error.message).toMatch(/Host/);
    const old = await rawRequest(svc.origin, rawMessage('GET /v1/communities HTTP/1.0', { Authorization: `Bearer ${owner.key}` }));
    expect(old.status).toBe(200);
  });

  it('a batch of 450 ids (a URL over node:http\'s 16 KiB) gets our 400 "at most 50 ids", not a 431', async () => {
    for (const count of [450, 1700]) {
      const ids = Array.from({ length: count }, (_, i) => `${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`).join(',');
      const url = `/v1/rentsurvey/communities?ids=${ids}`;
      expect(url.length).toBeGreaterThan(count === 450 ? 16 * 1024 : 62_000);
      const error = expectRawError(await rawRequest(svc.origin, rawMessage(`GET ${url} HTTP/1.1`, { ...auth(), Connection: 'close' })), 400, 'validation_error');
      expect(error.message).toContain(`at most 50 ids per request, got ${count}`);
    }
  });

  it(`request line and headers over ${HEADER_LIMIT / 1024} KiB → 431 headers_too_large in our shape`, async () => {
    const ids = Array.from({ length: 2000 }, () => '00000000-0000-4000-8000-000000000000').join(',');
    expectRawError(await rawRequest(svc.origin, rawMessage(`GET /v1/rentsurvey/communities?ids=${ids} HTTP/1.1`, auth())), 431, 'headers_too_large');
    expectRawError(await rawRequest(svc.origin, rawMessage('GET /v1/communities HTTP/1.1', { ...auth(), 'X-Big': 'a'.repeat(HEADER_LIMIT) })), 431, 'headers_too_large');
  });

  it('malformed requests → 400 bad_request in our shape', async () => {
    const malformed = [
      'GET /v1/communities HTTP/9.9\r\nHost: x\r\n\r\n',
      'GET /v1/comm unities HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /v1/communities HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
      'POST /v1/communities HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /v1/communities HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'GET /v1/communities?search=\xff HTTP/1.1\r\nHost: x\r\n\r\n',
      '\u0000\u0001\u0002 hello\r\n\r\n',
    ];
    for (const text of malformed) expectRawError(await rawRequest(svc.origin, Buffer.from(text, 'latin1')), 400, 'bad_request');
  });

  it('an Expect other than 100-continue → 417 in our shape (was an empty 417)', async () => {
    const body = JSON.stringify({ name: 'Expecting', address: '1 St', zipcode: '78701' });
    expectRawError(
      await rawRequest(svc.origin, rawMessage('POST /v1/communities HTTP/1.1', { ...auth(), 'Content-Type': 'application/json', Expect: 'teapot', Connection: 'close' }, body)),
      417,
      'expectation_failed',
    );
  });
});

describe('query integers: decimal digits only, on every integer query parameter', () => {
  const integerParameters = queryParameters((s) => s.safeParse('7').data === 7);

  it('the contract has integer parameters (limit, offset, days)', () => {
    expect(integerParameters.map(([id, name]) => `${id}.${name}`).sort()).toEqual([
      'getPricingHistory.days',
      'listCommunities.limit',
      'listCommunities.offset',
      'listUsers.limit',
      'listUsers.offset',
    ]);
  });

  it.each(['1e1', '0x10', '', '%2012', '%2B5', '1.0', '10%20', '0b1'])('%s → 400 naming the parameter', async (value) => {
    for (const [id, name] of integerParameters) {
      const error = expectError(await svc.request('GET', `${pathOf(id)}?${name}=${value}`, { key: owner.key }), 400, 'validation_error');
      expect(error.details?.[0], `${id} ${name}=${value}`).toEqual({ path: name, message: 'expected a whole number (decimal digits only)' });
    }
  });

  it('plain digits still work', async () => {
    const answer = await svc.request('GET', '/communities?limit=10&offset=0', { key: owner.key });
    expect(endpoints.listCommunities.response.parse(answer.body)).toMatchObject({ limit: 10, offset: 0 });
  });
});

describe('ids in any case are one id', () => {
  it('path ids are read in lower case once, by the contract', async () => {
    const upper = tenantId('s1').toUpperCase();
    const detail = await svc.request('GET', `/rentsurvey/communities/${upper}`, { key: owner.key });
    expect(endpoints.getCommunityDetail.response.parse(detail.body).community.id).toBe(tenantId('s1'));
    const comp = await svc.request('PATCH', `/rentsurvey/communities/${upper}/comps/${tenantId('c1').toUpperCase()}`, {
      key: owner.key,
      body: { is_included_in_surveys: true },
    });
    expect(endpoints.updateComp.response.parse(comp.body).comp_id).toBe(tenantId('c1'));
    const user = await svc.request('GET', `/users/${owner.userId!.toUpperCase()}`, { key: owner.key });
    expect(endpoints.getUser.response.parse(user.body).id).toBe(owner.userId);
  });
});
