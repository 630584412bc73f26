/**
 * The CLI against a small fake service answering what a mock of the spec does not
 * generate: nulls, missing optional fields and extensions, empty lists, extra fields,
 * huge numbers, integers written 12.0, unicode and hostile names, and broken answers
 * (HTML, empty bodies, 5xx with and without our error body). Every read command, in
 * every format: whole output and exit 0, or nothing on stdout and one clear message.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, isBuilt, type Sandbox } from '../helpers/cli.js';
import {
  expectCleanRun,
  FORMATS,
  ID,
  OTHER,
  READS,
  runCli,
  sendJson,
  startFakeService,
  type FakeService,
  type Format,
  type Read,
} from './harness.js';

const PLAN = 'c56a4180-65aa-42ec-a945-5fd21dec0538';
const SURVEY = '16fd2706-8baf-433b-82eb-8c7fada847da';
const ESC = '\u001b';
// Retitles the window (OSC 0), clears the screen (CSI 2J), C1 CSI, a bell.
const HOSTILE = `Maple${ESC}]0;pwned\u0007 ${ESC}[2J\u009b31mCourt\u0007`;
const UNICODE = 'メープル・コート 🏠 Ünïcödé עברית';

interface Variant {
  /** Nullable fields null; vacancy without a survey. */
  nulls?: boolean;
  /** Optional fields and our extensions left out. */
  missing?: boolean;
  empty?: boolean;
  extra?: boolean;
  huge?: boolean;
  text?: string;
}

/** Bodies a service that follows the spec (but is not ours) may send, per variant. */
function world(v: Variant) {
  const text = (plain: string) => (v.text === undefined ? plain : `${v.text} ${plain}`);
  const num = (n: number) => (v.huge ? n * 1e290 : n);
  const extra = v.extra ? { x_added_later: { nested: [1, 'two', null] }, flag: true } : {};
  const person = { id: 'user-17', email: 'kim@maple.example', full_name: text('Kim Lee'), role: 'member', status: 'active', ...extra };
  const place = (id: string) => ({
    id,
    name: text('Maple Court'),
    address: text('100 Main St, Austin, TX 78701'),
    zipcode: '78701',
    external_community_id: v.nulls ? null : 'AC-001',
    latitude: v.nulls ? null : 30.2672,
    longitude: v.nulls ? null : -97.7431,
    website_url: v.nulls ? null : 'https://maple.example',
    ...(v.missing ? {} : { comp_count: num(3) }),
    ...extra,
  });
  const values = {
    as_of_date: '2026-11-02',
    market_rent_cents: num(185_000),
    net_effective_rent_cents: num(170_000),
    market_rent_per_sqft_cents: num(247),
    net_effective_rent_per_sqft_cents: num(227),
    units_available: num(3),
    concessions: text('1 month free'),
    ...extra,
  };
  const floorPlan = {
    id: PLAN,
    floor_plan_name: text('A1'),
    bedrooms: 1,
    bathrooms: 1.5,
    square_feet: num(750),
    unit_count: num(120),
    latest_pricing: v.nulls ? null : values,
    ...extra,
  };
  const comp = (id: string) => ({
    id,
    name: text('Oak Flats'),
    distance_miles: v.nulls ? null : num(1.2),
    is_included_in_surveys: true,
    ...(v.missing ? {} : { address: text('9 Elm St'), zipcode: '78702', pricing: { floor_plan_count: 2, avg_market_rent_cents: v.nulls ? null : num(180_000) } }),
    ...extra,
  });
  const amount = (n: number) => (v.nulls ? null : num(n));
  const position = {
    ...(v.missing
      ? {}
      : { subject_rent: amount(185_000), avg_comp_rent: amount(178_000), rent_variation: amount(7_000), market_low: amount(150_000), market_high: amount(210_000) }),
    psi: v.nulls ? null : 0.039,
    rent_per_sqft_variation: v.nulls ? null : 9.5,
    percentile_rank: v.nulls ? null : 62,
    comps_with_data: num(4),
    ...extra,
  };
  const list = <T>(...items: T[]) => (v.empty ? [] : items);
  const ref = { id: ID, name: text('Maple Court'), ...extra };

  return {
    portfolio: {
      communities: list({
        id: ID,
        name: text('Maple Court'),
        address: text('100 Main St'),
        external_community_id: v.nulls ? null : 'AC-001',
        latest_pricing_date: v.nulls ? null : '2026-11-02',
        ...(v.missing
          ? {}
          : {
              comp_count: num(4),
              pricing_summary: {
                floor_plan_count: num(3),
                avg_market_rent_cents: amount(185_000),
                min_rent_cents: amount(150_000),
                max_rent_cents: amount(210_000),
              },
            }),
        ...extra,
      }),
      total: v.empty ? 0 : 1,
      ...extra,
    },
    batch: { communities: list(place(ID)), total: v.empty ? 0 : 1, ...(v.missing ? {} : { not_found: [OTHER] }), ...extra },
    list: {
      communities: list({
        ...place(ID),
        email: v.nulls ? null : 'office@maple.example',
        status: v.extra ? 'archived' : 'active',
        community_manager: v.nulls ? null : person,
        asset_manager: null,
        leasing_manager: v.nulls ? null : person,
        other_team_members: list(person),
        created_at: '2026-01-02T03:04:05Z',
        updated_at: '2026-01-02T05:04:05.123456+02:00',
      }),
      total: v.empty ? 0 : 1,
      limit: 50,
      offset: 0,
      ...extra,
    },
    detail: {
      community: {
        id: ID,
        name: text('Maple Court'),
        address: text('100 Main St'),
        zipcode: '78701',
        comp_count: num(1),
        floor_plan_count: num(1),
        ...(v.missing
          ? {}
          : { pricing_summary: { latest_date: v.nulls ? null : '2026-11-02', avg_market_rent_cents: amount(185_000), floor_plans: list<unknown>(floorPlan, 'not a plan', { floor_plan_name: 7 }) } }),
        ...extra,
      },
      ...(v.missing ? {} : { comps: list<unknown>(comp(OTHER), null) }),
      ...extra,
    },
    comps: { subject_community: ref, comps: list(comp(OTHER), comp(PLAN)), total: v.empty ? 0 : 2, ...extra },
    pricing: {
      community: ref,
      pricing: list({ ...values, floor_plan_id: PLAN, floor_plan: { bedrooms: 0, bathrooms: 1, floor_plan_name: text('S1'), square_feet: num(500), ...extra } }),
      date_range: { start: '2026-10-04', end: '2026-11-02' },
      total_records: v.empty ? 0 : 1,
      ...extra,
    },
    floorPlans: { community: ref, floor_plans: list(floorPlan), total: v.empty ? 0 : 1, ...extra },
    vacancy:
      v.missing
        ? { community_id: ID, community_name: text('Maple Court'), has_data: false, ...extra }
        : {
            community_id: ID,
            community_name: text('Maple Court'),
            total_units: num(240),
            vacancy_rate: v.nulls ? null : 0.05,
            vacancy_rate_formatted: v.nulls ? null : '5.0%',
            available_units_next_14_days: v.nulls ? null : num(12),
            available_units_formatted: v.nulls ? null : '12 units',
            has_data: !v.nulls,
            as_of_date: v.nulls ? null : '2026-11-02',
            ...extra,
          },
    overview: {
      community: { id: ID, name: text('Maple Court'), address: text('100 Main St'), ...extra },
      ...(v.missing ? {} : { as_of_date: v.nulls ? null : '2026-11-02' }),
      floor_plans: list({
        ...(v.missing ? {} : { floor_plan_id: PLAN, floor_plan_name: text('A1'), unit_count: num(120) }),
        bedrooms: 1,
        bathrooms: 1,
        square_feet: num(750),
        base_rent: position,
        ner: { ...position, comps_offering_concessions: 2, pct_comps_offering_concessions: 50 },
        ...extra,
      }),
      overall_metrics: {
        overall_psi_base: v.nulls ? null : 0.039,
        overall_psi_ner: v.nulls ? null : 0.021,
        cri_base: v.nulls ? null : num(62),
        cri_ner: v.nulls ? null : 55,
        market_concession_pressure: { pct_comps_offering: 50, avg_concession_value: num(12_500), total_comps: 4, comps_with_concessions: 2, ...extra },
        ...extra,
      },
      ...extra,
    },
    trend: {
      community_id: ID,
      community_name: text('Maple Court'),
      trends: list(
        { date: '2026-10-26T14:15:22Z', survey_id: SURVEY, subject_vacancy: 4.5, avg_comp_vacancy: v.nulls ? null : 6.1, ...extra },
        { date: '2026-11-02T09:00:00.5-05:00', survey_id: PLAN, subject_vacancy: num(5), avg_comp_vacancy: 6.4 },
      ),
      projections: { '14d': 5.1, '30d': 6, '60d': 7.25, '90d': num(8) },
      total_surveys: v.empty ? 0 : 2,
      ...extra,
    },
    user: {
      id: ID,
      email: 'kim@maple.example',
      full_name: text('Kim Lee'),
      role: v.extra ? 'owner' : 'admin',
      status: 'active',
      created_at: '2026-08-24T14:15:22Z',
      updated_at: '2026-08-24T16:15:22+02:00',
      ...extra,
    },
  };
}

type World = ReturnType<typeof world>;

function bodyFor(path: string, w: World): unknown {
  if (path === '/v1/rentsurvey/portfolio') return w.portfolio;
  if (path === '/v1/rentsurvey/communities') return w.batch;
  if (path === '/v1/communities') return w.list;
  if (/^\/v1\/users\/[^/]+$/.test(path)) return w.user;
  const sub = /^\/v1\/rentsurvey\/communities\/[^/]+(\/[a-z-]+)?$/.exec(path)?.[1];
  const bySub: Record<string, unknown> = {
    '': w.detail,
    '/comps': w.comps,
    '/pricing': w.pricing,
    '/floor-plans': w.floorPlans,
    '/vacancy': w.vacancy,
    '/overview': w.overview,
    '/vacancy-trend': w.trend,
  };
  return bySub[sub ?? ''];
}

/** Every integer written with a fraction, as some JSON encoders do: 12 → 12.0. */
const withFractions = (json: string) => json.replace(/(:\s*-?\d+)(?=[,}\]])/g, '$1.0');

let service: FakeService;
let env: Record<string, string>;

beforeAll(async () => {
  service = await startFakeService();
  env = { RENTSURVEY_BASE_URL: service.baseUrl, RENTSURVEY_API_KEY: 'rsk_edge_key' };
});

afterAll(async () => {
  await service?.stop();
});

function serve(v: Variant, encode: (json: string) => string = (json) => json) {
  service.answer((_req, res, url) => {
    const body = bodyFor(url.pathname, world(v));
    if (body === undefined) return sendJson(res, 404, { error: { code: 'not_found', message: 'no such route' } });
    sendJson(res, 200, encode(JSON.stringify(body)));
  });
}

async function runAll(reads: readonly Read[], label: string) {
  const runs = reads.flatMap((read) => (read.formats ?? FORMATS).map((format) => ({ read, format })));
  const results = await Promise.all(runs.map(({ read, format }) => runCli([...read.args, '--format', format], env)));
  return runs.map(({ read, format }, i) => ({
    read,
    format,
    result: results[i]!,
    label: `${label}: rentsurvey ${read.args.join(' ')} --format ${format}`,
  }));
}

const find = (runs: Awaited<ReturnType<typeof runAll>>, command: string, format: Format) =>
  runs.find((r) => r.read.args.join(' ').startsWith(command) && r.format === format)!.result;

describe('answers a mock of the spec does not generate: every read command, every format, exit 0 and whole output', () => {
  it.each<[string, Variant]>([
    ['nulls wherever our own service may send null, and a vacancy without data', { nulls: true }],
    ['optional fields and our extensions left out', { missing: true }],
    ['empty lists', { empty: true }],
    ['extra fields everywhere, and enum values added later', { extra: true }],
    ['huge numbers', { huge: true }],
    ['unicode names', { text: UNICODE }],
  ])('%s', async (name, variant) => {
    serve(variant);
    for (const run of await runAll(READS, name)) {
      expectCleanRun(run.result, run.format, run.label);
      expect(run.result.exitCode, run.label + run.result.stderr).toBe(0);
    }
  });

  it('integers written as 12.0 read as integers', async () => {
    serve({}, withFractions);
    expect(withFractions('{"total":12,"a":[{"b":-3}]}')).toBe('{"total":12.0,"a":[{"b":-3.0}]}');
    for (const run of await runAll(READS, '12.0')) {
      expectCleanRun(run.result, run.format, run.label);
      expect(run.result.exitCode, run.label + run.result.stderr).toBe(0);
    }
  });

  it('--json prints the body exactly as received, unknown fields included', async () => {
    serve({ extra: true, nulls: true });
    for (const read of READS.filter((r) => r.path)) {
      const { stdout, exitCode } = await runCli([...read.args, '--json'], env);
      expect(exitCode).toBe(0);
      expect(JSON.parse(stdout), read.args.join(' ')).toEqual(bodyFor(read.path!.split('?')[0]!, world({ extra: true, nulls: true })));
    }
  });

  it('missing extensions degrade to — or are left out, and say nothing false', async () => {
    serve({ missing: true });
    const runs = await runAll(READS, 'missing');
    const overview = find(runs, 'overview', 'table').stdout;
    expect(overview).toMatch(/^Maple Court — 100 Main St\n/);
    expect(overview).not.toMatch(/no completed survey/);
    expect(overview).toMatch(/1 BR\/1 BA/);
    // Batch without not_found: the ids that did not come back are named all the same.
    expect(find(runs, 'communities batch', 'table').stderr).toContain(`warning: not found: ${OTHER}`);
    expect(find(runs, 'comps list', 'csv').stdout.split('\n')[1]).toMatch(/,$/); // no address: empty cell
    expect(find(runs, 'vacancy ' + ID, 'table').stdout).toMatch(/14-day vacancy:\s+—/);
    expect(find(runs, 'vacancy ' + ID, 'table').stdout).toMatch(/Survey date:\s+no completed survey yet/);
  });

  it('hostile names: terminal controls never reach the terminal, the text around them does', async () => {
    serve({ text: HOSTILE });
    const runs = await runAll(READS, 'hostile');
    for (const run of runs) {
      expectCleanRun(run.result, run.format, run.label);
      expect(run.result.exitCode, run.label + run.result.stderr).toBe(0);
    }
    expect(find(runs, 'portfolio', 'table').stdout).toMatch(/Maple\s+Court Maple Court/);
    expect(find(runs, 'portfolio', 'csv').stdout).toMatch(/Maple\s+Court Maple Court/);
    expect(find(runs, 'overview', 'table').stdout.split('\n')[0]).toMatch(/^Maple\s+Court Maple Court — /);
    // JSON keeps the text, escaped: nothing is lost for a program.
    expect(find(runs, 'portfolio', 'json').stdout).toContain('Maple\\u001b]0;pwned\\u0007');
    expect(find(runs, 'portfolio', 'ndjson').stdout).toContain('\\u001b');

    // The same in messages on stderr: an empty list's note, a warning.
    serve({ text: HOSTILE, empty: true });
    const empty = await runCli(['overview', ID], env);
    expect(empty.stderr).toMatch(/^Maple\s+Court Maple Court has no floor plans yet\.$/m);
    expect(empty.stderr).not.toContain(ESC);
  });
});

describe('broken answers: nothing on stdout, one clear message, the right exit code', () => {
  const send = (handler: (res: ServerResponse, path: string) => void) => service.answer((_req, res, url) => handler(res, url.pathname));
  const everyRead = READS;

  /** A fan-out (pricing export) lists its failures under their count, "  <reason>: <names>": each read as one error. */
  const asErrors = (stderr: string) => stderr.replace(/^ {2}(.+): [^:\n]+$/gm, 'error: $1');

  async function expectFailures(label: string, exitCode: number, message: () => RegExp) {
    for (const run of await runAll(everyRead, label)) {
      expectCleanRun(run.result, run.format, run.label);
      expect(run.result.exitCode, run.label + run.result.stderr).toBe(exitCode);
      expect(asErrors(run.result.stderr), run.label).toMatch(message());
    }
  }

  it('200 with an HTML page', async () => {
    send((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body>Sign in</body></html>'));
    await expectFailures('html', 1, () => /^error: (?:[\w-]+: )?GET \/v1\/\S+ answered 200 OK from http:\/\/127\.0\.0\.1:\d+ with a body that is not JSON \(text\/html\)$/m);
    const { stderr } = await runCli(['portfolio'], env);
    expect(stderr).toMatch(/^hint: check that http:\/\/127\.0\.0\.1:\d+ is the service's base URL .*--debug/m);
    expect(stderr).not.toContain('<html>');
  });

  it('200 with an empty body', async () => {
    send((res) => res.writeHead(200, { 'content-type': 'application/json' }).end());
    await expectFailures('empty', 1, () => /^error: (?:[\w-]+: )?GET \/v1\/\S+ answered 200 OK from \S+ with an empty body$/m);
  });

  it('200 with a field the command needs null, or missing', async () => {
    send((res, path) => {
      const body = bodyFor(path, world({})) as Record<string, unknown>;
      sendJson(res, 200, JSON.stringify(body).replaceAll(`"name":"Maple Court"`, '"name":null').replaceAll('"community_name":"Maple Court",', ''));
    });
    for (const run of await runAll(everyRead, 'null name')) {
      expectCleanRun(run.result, run.format, run.label);
      if (run.read.args.join(' ').startsWith('users show')) continue; // a user has no such field
      expect(run.result.exitCode, run.label).toBe(1);
      expect(asErrors(run.result.stderr), run.label).toMatch(
        /^error: (?:[\w-]+: )?GET \/v1\/\S+ \(\w+\) answered with a body that breaks the API contract: \S*(name: expected string, received null|community_name: missing)/m,
      );
      expect(run.result.stderr, run.label).toMatch(/^hint: run again with --debug to see the whole answer/m);
    }
  });

  it('500 with our error body: the request, the status and the message, neutralised', async () => {
    send((res) => sendJson(res, 500, { error: { code: 'internal_error', message: `boom${ESC}]0;pwned\u0007\n${ESC}[2Jagain` } }));
    await expectFailures('500 ours', 1, () => /^error: (?:[\w-]+: )?GET \/v1\/\S+ answered 500 Internal Server Error: boom again$/m);
  });

  it('500 without a body, 502 from a proxy: the request, the status and where from', async () => {
    send((res) => res.writeHead(500).end());
    await expectFailures('500 bare', 1, () => /^error: (?:[\w-]+: )?GET \/v1\/\S+ answered 500 Internal Server Error from http:\/\/127\.0\.0\.1:\d+ \(not a rentsurvey error body\)$/m);
    send((res) => res.writeHead(502, { 'content-type': 'text/html', 'retry-after': '0' }).end('<html><h1>502 Bad Gateway</h1></html>'));
    await expectFailures('502 html', 1, () => /^error: (?:[\w-]+: )?GET \/v1\/\S+ answered 502 Bad Gateway from http:\/\/127\.0\.0\.1:\d+ \(not a rentsurvey error body\)$/m);
  });

  it('503 with our error body, after the retries', async () => {
    send((res) => sendJson(res, 503, { error: { code: 'unavailable', message: 'down for maintenance' } }, { 'retry-after': '0' }));
    const { exitCode, stdout, stderr } = await runCli(['overview', ID], env);
    expect({ exitCode, stdout }).toEqual({ exitCode: 1, stdout: '' });
    expect(stderr).toMatch(/^error: GET \/v1\/rentsurvey\/communities\/[\w-]+\/overview answered 503 Service Unavailable: down for maintenance$/m);
  });

  it('another server’s 404 is exit 4, not taken for ours', async () => {
    send((res) => sendJson(res, 404, { message: 'Cannot GET', statusCode: 404 }));
    await expectFailures('404', 4, () => /^error: (?:[\w-]+: )?GET \/v1\/\S+ answered 404 Not Found from \S+ \(not a rentsurvey error body\)$/m);
  });
});

describe.runIf(isBuilt())('the built CLI, as a user runs it', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(async () => {
    await sandbox?.cleanup();
  });

  it('a hostile 500 and an HTML 200 are one clean line each on stderr, nothing on stdout', async () => {
    service.answer((_req, res) => sendJson(res, 500, { error: { code: 'internal_error', message: `boom${ESC}[2J${ESC}]52;c;ZWNobyBoaQ==\u0007` } }));
    const failed = await sandbox.run(['overview', ID], { env });
    expect(failed).toMatchObject({ exitCode: 1, stdout: '' });
    expect(failed.stderr).toBe(`error: GET /v1/rentsurvey/communities/${ID}/overview answered 500 Internal Server Error: boom\n`);

    service.answer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'));
    const html = await sandbox.run(['portfolio', '--json'], { env });
    expect(html).toMatchObject({ exitCode: 1, stdout: '' });
    expect(html.stderr).toMatch(/^error: GET \/v1\/rentsurvey\/portfolio answered 200 OK from http:\/\/127\.0\.0\.1:\d+ with a body that is not JSON \(text\/html\)\nhint: /);
  });

  it('--debug shows the raw body of an answer that breaks the contract', async () => {
    service.answer((_req, res) => sendJson(res, 200, { communities: [{ id: ID, name: null }], total: 1 }));
    const { exitCode, stdout, stderr } = await sandbox.run(['portfolio', '--debug'], { env });
    expect({ exitCode, stdout }).toEqual({ exitCode: 1, stdout: '' });
    expect(stderr).toContain(`debug: < body: {"communities":[{"id":"${ID}","name":null}],"total":1}`);
    expect(stderr).toMatch(/^error: GET \/v1\/rentsurvey\/portfolio \(getPortfolio\) answered with a body that breaks the API contract: communities\.0\.name: expected string, received null; communities\.0\.address: missing; and 2 more$/m);
  });
});

describe('our extensions refused by a strict service', () => {
  /** The fake service, except that vacancy-trend refuses any query (400); the queries it gets go to the list returned. */
  function refusingTrendRanges(text: (body: string, url: URL) => string = (body) => body): string[] {
    const trendQueries: string[] = [];
    service.answer((_req, res, url) => {
      if (url.pathname.endsWith('/vacancy-trend')) {
        trendQueries.push(url.search);
        if (url.search !== '')
          return sendJson(res, 400, { error: { code: 'validation_error', message: 'unknown query parameter start_date' } });
      }
      const body = bodyFor(url.pathname, world({}));
      if (body === undefined) return sendJson(res, 404, { error: { code: 'not_found', message: 'no such route' } });
      sendJson(res, 200, text(JSON.stringify(body), url));
    });
    return trendQueries;
  }

  it('digest reads the whole vacancy trend when the service rejects its date range (400)', async () => {
    const trendQueries = refusingTrendRanges((body, url) => {
      // Pricing asked on or before an earlier day is the week before's survey: two dates to compare.
      const earlier = url.pathname.endsWith('/pricing') && (url.searchParams.get('end_date') ?? '9') < '2026-11-02';
      const text = body.replace('"subject_vacancy":5,', '"subject_vacancy":7,');
      return earlier ? text.replaceAll('2026-11-02', '2026-10-26') : text;
    });
    const ranged = await runCli(['digest', '--communities', ID, '--since', '2026-10-01', '--json'], env);
    expect(ranged.exitCode, ranged.stderr).toBe(0);
    expect(trendQueries).toEqual(['?start_date=2026-10-26&end_date=2026-11-02', '']);
    expect(JSON.parse(ranged.stdout)).toMatchObject({
      from: '2026-10-26',
      to: '2026-11-02',
      changes: [expect.objectContaining({ kind: 'vacancy', before: 4.5, after: 7 })],
    });
  });

  it('vacancy trend --start/--end reads the whole trend and keeps the range when the service rejects it (400)', async () => {
    const trendQueries = refusingTrendRanges();
    const json = await runCli(['vacancy', 'trend', ID, '--start', '2026-11-01', '--json'], env);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(trendQueries).toEqual(['?start_date=2026-11-01', '']);
    expect(json.stderr).toMatch(/takes no date range for vacancy trends .*cut to the range here/);
    const body = JSON.parse(json.stdout) as { trends: { date: string }[]; total_surveys: number };
    expect(body.trends.map((point) => point.date)).toEqual(['2026-11-02T09:00:00.5-05:00']);
    expect(body.total_surveys).toBe(1);
    const table = await runCli(['vacancy', 'trend', ID, '--end', '2026-10-31', '--csv', '--quiet'], env);
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stderr).toBe('');
    expect(table.stdout.trim().split('\n').slice(1).map((line) => line.split(',')[0])).toEqual(['2026-10-26']);
  });
});
