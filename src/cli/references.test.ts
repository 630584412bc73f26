// Community, comparable and floor-plan references, as an analyst types them, in process
// against a copy of the demo store (--local) and a served one (remote, real HTTP).
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  cliSandbox,
  expectOk,
  it,
  parseCsv,
  parseJson,
  remoteSandbox,
  startServer,
  type CliSandbox,
  type TestServer,
} from '../../test/helpers/run-cli.js';
import { communityCachePath } from './community-cache.js';
import { displayWidth } from '../output/text.js';

interface Subject {
  id: string;
  name: string;
  external_community_id: string | null;
}

const BARTON = 'Barton Creek Terrace'; // DR-006; "Barton Creek" is also part of "The Retreat at Barton Creek"

async function portfolio(cli: CliSandbox): Promise<Subject[]> {
  return parseJson<{ communities: Subject[] }>(expectOk(await cli.run(['--local', 'portfolio', '--json'])).stdout).communities;
}

async function subject(cli: CliSandbox, name: string): Promise<Subject> {
  const found = (await portfolio(cli)).find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} in the demo portfolio`);
  return found;
}

/** The requests a --debug run made, e.g. "GET /v1/communities?search=…". */
const requests = (stderr: string) => [...stderr.matchAll(/^debug: (GET|POST|PATCH) local:(\S+)/gm)].map((m) => `${m[1]} ${m[2]}`);

const overviewId = async (cli: CliSandbox, ref: string, extra: string[] = []) => {
  const r = expectOk(await cli.run(['--local', '--debug', 'overview', ref, '--json', ...extra]));
  return { id: parseJson<{ community: { id: string } }>(r.stdout).community.id, requests: requests(r.stderr) };
};

describe('community references', () => {
  it('a whole UUID (any case) is used as it is: no request but the command’s own', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const r = expectOk(await cli.run(['--local', '--debug', 'vacancy', barton.id.toUpperCase(), '--json']));
    expect(requests(r.stderr)).toEqual([`GET /v1/rentsurvey/communities/${barton.id}/vacancy`]);
  });

  it('a name (any case), an external id, an id prefix, a unique part of a name: one lookup, then the command', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const overview = `GET /v1/rentsurvey/communities/${barton.id}/overview`;
    expect(barton.external_community_id).toBe('DR-006');

    const byName = await overviewId(cli, 'barton CREEK   terrace');
    expect(byName).toEqual({ id: barton.id, requests: [expect.stringMatching(/^GET \/v1\/communities\?search=barton/), overview] });
    expect((await overviewId(cli, 'dr-006')).id).toBe(barton.id);
    expect((await overviewId(cli, 'Terrace')).id).toBe(barton.id);
    // Search does not look at ids: a prefix is looked for in the portfolio.
    const byPrefix = await overviewId(cli, barton.id.slice(0, 6).toUpperCase());
    expect(byPrefix).toEqual({ id: barton.id, requests: [expect.stringMatching(/^GET \/v1\/rentsurvey\/portfolio/), overview] });
  });

  it('exact beats partial: a name that is also part of another name is that community', async ({ cli }) => {
    const created = parseJson<{ id: string }>(
      expectOk(
        await cli.run(['--local', 'communities', 'create', '--name', 'Barton Creek', '--address', '1 Main St, Austin, TX 78701', '--zipcode', '78701', '--json']),
      ).stdout,
    );
    const shown = parseJson<{ community: { id: string } }>(expectOk(await cli.run(['--local', 'communities', 'show', 'barton creek', '--json'])).stdout);
    expect(shown.community.id).toBe(created.id);
  });

  it('ambiguous without a terminal: exit 2, every candidate (name, external id, id) on stderr, nothing on stdout', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const retreat = await subject(cli, 'The Retreat at Barton Creek');
    const r = await cli.run(['--local', 'overview', 'Barton Creek']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('error: "Barton Creek" matches 2 communities:');
    expect(lines[1]).toMatch(new RegExp(`^  ${BARTON} +DR-006 +${barton.id}$`));
    expect(lines[2]).toMatch(new RegExp(`^  The Retreat at Barton Creek +DR-002 +${retreat.id}$`));
    expect(lines[3]).toMatch(/^hint: name one exactly .*not a terminal/);
  });

  it('the candidates line up by terminal columns: a CJK name takes two a character', async ({ cli }) => {
    for (const name of ['メープル・コート', 'メープル・コート東館 Annex'])
      expectOk(await cli.run(['--local', 'communities', 'create', '--name', name, '--address', '1 Main St, Austin, TX 78701', '--zipcode', '78701']));
    const r = await cli.run(['--local', 'overview', 'メープル']);
    expect(r.exitCode).toBe(2);
    const candidates = r.stderr.split('\n').filter((line) => line.startsWith('  メープル'));
    expect(candidates).toHaveLength(2);
    // The external id column ("—") starts at the same terminal column on both lines.
    const column = (line: string) => displayWidth(line.slice(0, line.indexOf('—')));
    expect(column(candidates[0]!)).toBe(column(candidates[1]!));
  });

  it('ambiguous on a terminal with --no-input or RENTSURVEY_NO_INPUT=1: the same exit 2, no picker', async ({ cli }) => {
    for (const run of [
      () => cli.run(['--local', '--no-input', 'overview', 'Barton Creek'], { isTTY: true }),
      () => cli.run(['--local', 'overview', 'Barton Creek'], { isTTY: true, env: { RENTSURVEY_NO_INPUT: '1' } }),
      () => cli.run(['--local', 'overview', 'Barton Creek'], { isTTY: true, env: { CI: 'true' } }),
    ]) {
      const r = await run();
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toMatch(/matches 2 communities:\n/);
      expect(r.stderr).toMatch(/prompts are off \(--no-input, RENTSURVEY_NO_INPUT or CI\)/);
      expect(r.stderr).not.toMatch(/which one\?/);
    }
  });

  it('a spinner on stderr while looking up, on a terminal only (and not with --quiet)', async ({ cli }) => {
    const tty = await cli.run(['--local', 'vacancy', 'DR-006', '--json'], { isTTY: true });
    expect(tty.stderr).toMatch(/Looking up "DR-006"…/);
    for (const r of [await cli.run(['--local', 'vacancy', 'DR-006', '--json']), await cli.run(['--local', '-q', 'vacancy', 'DR-006', '--json'], { isTTY: true })])
      expect(r.stderr).not.toMatch(/Looking up/);
  });

  it('ambiguous on a terminal: a picker of the candidates on stderr; Enter takes the highlighted one', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const r = await cli.run(['--local', 'overview', 'Barton Creek', '--json'], { isTTY: true, stdin: '\r' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(parseJson<{ community: { id: string } }>(r.stdout).community.id).toBe(barton.id);
    expect(r.stderr).toContain('"Barton Creek" matches 2 communities; which one?');
    expect(r.stderr).toMatch(/The Retreat at Barton Creek +DR-002 +b99edc54/);
  });

  it('nothing matches: exit 4 repeating what was asked, for arguments and --communities alike', async ({ cli }) => {
    const r = await cli.run(['--local', 'overview', 'Bartn Crek']);
    expect(r).toMatchObject({ exitCode: 4, stdout: '' });
    expect(r.stderr).toMatch(/^error: no community matches "Bartn Crek" \(by id, external id or name\)$/m);
    const list = await cli.run(['--local', 'pricing', 'export', '--communities', 'DR-006,nowhere', '--out', '-']);
    expect(list).toMatchObject({ exitCode: 4, stdout: '' });
    expect(list.stderr).toMatch(/^error: --communities: no community matches "nowhere"/m);
  });

  it('a misspelled name: "did you mean" with the closest names, as commands and flags have', async ({ cli }) => {
    const typo = await cli.run(['--local', 'overview', 'Barton Creek Terace']);
    expect(typo).toMatchObject({ exitCode: 4, stdout: '' });
    expect(typo.stderr).toBe(
      'error: no community matches "Barton Creek Terace" (by id, external id or name)\n' +
        'hint: did you mean "Barton Creek Terrace" (DR-006)? (your communities are listed by `rentsurvey portfolio`)\n',
    );
    // Several near ones, nearest first; in --communities; a comparable where comparables are read; nothing near, no guess.
    expect((await cli.run(['--local', 'overview', 'Stone Crek'])).stderr).toContain('did you mean "Stone Creek Village" (DR-015) or "The Lofts at Stone Creek" (DR-018)?');
    expect((await cli.run(['--local', 'overview', '--communities', 'DR-004,Brodie Lane Flts'])).stderr).toContain('did you mean "Brodie Lane Flats" (DR-004)?');
    expect((await cli.run(['--local', 'pricing', 'history', 'Zilker Pont'])).stderr).toContain('did you mean "Zilker Point" (comparable of Barton Creek Terrace)?');
    expect((await cli.run(['--local', 'comps', 'deactivate', 'DR-006', 'Zilker Pointe'])).stderr).toContain('did you mean "Zilker Point"?');
    expect((await cli.run(['--local', 'overview', 'Nowhere Flats'])).stderr).not.toContain('did you mean');
  });

  it('an omitted community: without a terminal (or with --no-input) the usage error it always was', async ({ cli }) => {
    for (const r of [await cli.run(['--local', 'overview']), await cli.run(['--local', '--no-input', 'vacancy', 'trend'], { isTTY: true })]) {
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toMatch(/^error: missing required argument 'community'$/m);
    }
  });

  it('an omitted community on a terminal: a picker over the portfolio', async ({ cli }) => {
    const first = [...(await portfolio(cli))].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    const r = await cli.run(['--local', 'vacancy', '--json'], { isTTY: true, stdin: '\r' });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain('Which community?');
    expect(parseJson<{ community_id: string }>(r.stdout).community_id).toBe(first.id);
  });

  it('every command that takes a community takes a name', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const ok = async (...args: string[]) => expectOk(await cli.run(['--local', ...args]));
    const idOf = (stdout: string, pick: (json: never) => string) => pick(parseJson<never>(stdout));
    expect(idOf((await ok('vacancy', 'DR-006', '--json')).stdout, (j: { community_id: string }) => j.community_id)).toBe(barton.id);
    expect(idOf((await ok('vacancy', 'trend', 'DR-006', '--json')).stdout, (j: { community_id: string }) => j.community_id)).toBe(barton.id);
    for (const args of [
      ['pricing', 'history', 'DR-006', '--latest'],
      ['pricing', 'floor-plans', 'DR-006'],
      ['comps', 'list', 'DR-006'],
    ])
      expect(idOf((await ok(...args, '--json')).stdout, (j: { community?: { id: string }; subject_community?: { id: string } }) => (j.community ?? j.subject_community)!.id)).toBe(barton.id);
    expect(parseJson<{ community: { id: string } }>((await ok('pricing', 'target', 'DR-006', '--band', 'market', '--json')).stdout).community.id).toBe(barton.id);
    expect(parseJson<{ community: { id: string } }>((await ok('communities', 'show', 'DR-006', '--json')).stdout).community.id).toBe(barton.id);
    expect(parseJson<{ id: string }>((await ok('communities', 'update', 'DR-006', '--website-url', 'https://barton.example', '--json')).stdout).id).toBe(barton.id);
    const batch = parseJson<{ communities: { id: string }[] }>((await ok('communities', 'batch', 'DR-006', `${BARTON.toLowerCase()},DR-002`, '--json')).stdout);
    expect(batch.communities.map((c) => c.id)).toEqual([barton.id, (await subject(cli, 'The Retreat at Barton Creek')).id]);
    const exported = parseCsv((await ok('pricing', 'export', '--communities', `DR-006,${BARTON}`, '--days', '7', '--out', '-')).stdout);
    expect(new Set(exported.rows.map((row) => row.community_id))).toEqual(new Set([barton.id]));
    const threeWeeksAgo = new Date(Date.now() - 21 * 86_400_000).toISOString().slice(0, 10);
    const digest = parseJson<{ changes: { subject_id: string }[] }>((await ok('digest', '--communities', 'dr-006', '--since', threeWeeksAgo, '--json')).stdout);
    expect(digest.changes.length).toBeGreaterThan(0);
    expect(new Set(digest.changes.map((c) => c.subject_id))).toEqual(new Set([barton.id]));
    const added = await ok('comps', 'add', 'DR-005', '--name', 'Oak Flats', '--address', '9 Elm St, Austin, TX 78702', '--zipcode', '78702');
    expect(added.stderr).toMatch(/Oak Flats added as a comparable/);
  });
});

describe('the subjects of commands that read many (chooseSubjects)', () => {
  it('named in order, each once; --all with names refused alike; a report of none refused', async ({ cli }) => {
    const [barton, first] = [await subject(cli, BARTON), (await portfolio(cli)).find((c) => c.external_community_id === 'DR-001')!];
    const exported = parseCsv(expectOk(await cli.run(['--local', 'pricing', 'export', '--communities', `DR-006,DR-001,${BARTON}`, '--days', '7', '--out', '-'])).stdout);
    expect([...new Set(exported.rows.map((row) => row.community_id))]).toEqual([barton.id, first.id]);
    for (const args of [
      ['overview', '--all', 'DR-006'],
      ['report', '--all', '--communities', 'DR-006', '--out', 'r.html'],
    ]) {
      const r = await cli.run(['--local', ...args]);
      expect(r).toMatchObject({ exitCode: 2, stdout: '' });
      expect(r.stderr).toMatch(/^error: --all takes every community of the portfolio: name none, or leave out --all$/m);
    }
    const none = await cli.run(['--local', 'report', '--out', 'r.html']);
    expect(none).toMatchObject({ exitCode: 2, stdout: '' });
    expect(none.stderr).toMatch(/^error: name the communities to report on, or --all for the whole portfolio$/m);
  });
});

describe('comparables', () => {
  it('pricing history and floor-plans of a comparable by its name: subjects first, then their comparables', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const comps = parseJson<{ comps: { id: string; name: string }[] }>(expectOk(await cli.run(['--local', 'comps', 'list', barton.id, '--json'])).stdout).comps;
    const zilker = comps.find((c) => c.name === 'Zilker Point')!;
    const history = expectOk(await cli.run(['--local', 'pricing', 'history', 'zilker point', '--latest', '--json']));
    expect(parseJson<{ community: { id: string } }>(history.stdout).community.id).toBe(zilker.id);
    const plans = expectOk(await cli.run(['--local', 'pricing', 'floor-plans', 'Zilker Point', '--json']));
    expect(parseJson<{ community: { id: string } }>(plans.stdout).community.id).toBe(zilker.id);
    // The overview is of subjects only: a comparable's name is not looked for there.
    expect((await cli.run(['--local', 'overview', 'Zilker Point'])).exitCode).toBe(4);
  });

  it('comps deactivate and activate by name, among the subject’s comparables; success names it', async ({ cli }) => {
    const off = expectOk(await cli.run(['--local', 'comps', 'deactivate', BARTON, 'zilker point', '--json']));
    expect(parseJson<{ is_included_in_surveys: boolean }>(off.stdout).is_included_in_surveys).toBe(false);
    expect(off.stderr).toMatch(/^Zilker Point: comparable excluded/m);
    // "zilker" also names active comparables; to activate, the inactive one is meant.
    const on = expectOk(await cli.run(['--local', 'comps', 'activate', 'DR-006', 'zilker', '--json']));
    expect(parseJson<{ is_included_in_surveys: boolean }>(on.stdout).is_included_in_surveys).toBe(true);
    expect(on.stderr).toMatch(/^Zilker Point: comparable included/m);
  });

  it('an ambiguous comparable → 2 listing them with their state; an unknown one → 4; a comparable id prefix works', async ({ cli }) => {
    const ambiguous = await cli.run(['--local', 'comps', 'deactivate', 'DR-006', 'zilker']);
    expect(ambiguous).toMatchObject({ exitCode: 2, stdout: '' });
    expect(ambiguous.stderr).toMatch(/^error: "zilker" matches 4 comparables of Barton Creek Terrace:\n {2}Zilker Landing +active +[0-9a-f-]{36}\n/);
    const unknown = await cli.run(['--local', 'comps', 'deactivate', 'DR-006', 'Nowhere Flats']);
    expect(unknown).toMatchObject({ exitCode: 4, stdout: '' });
    expect(unknown.stderr).toMatch(/no comparable of Barton Creek Terrace matches "Nowhere Flats"/);
    const comps = parseJson<{ comps: { id: string; name: string }[] }>(expectOk(await cli.run(['--local', 'comps', 'list', 'DR-006', '--json'])).stdout).comps;
    const landing = comps.find((c) => c.name === 'Zilker Landing')!;
    const byPrefix = expectOk(await cli.run(['--local', 'comps', 'deactivate', 'DR-006', landing.id.slice(0, 8), '--json']));
    expect(parseJson<{ comp_id: string }>(byPrefix.stdout).comp_id).toBe(landing.id);
  });

  it('an omitted comparable: exit 2 naming it without a terminal; a picker of those it would change on one', async ({ cli }) => {
    const missing = await cli.run(['--local', 'comps', 'deactivate', 'DR-006']);
    expect(missing).toMatchObject({ exitCode: 2, stdout: '' });
    expect(missing.stderr).toMatch(/^error: missing required argument 'comp'$/m);
    const picked = await cli.run(['--local', 'comps', 'deactivate', 'DR-006', '--json'], { isTTY: true, stdin: '\r' });
    expect(picked.exitCode, picked.stderr).toBe(0);
    expect(picked.stderr).toContain('Which comparable of Barton Creek Terrace?');
    expect(parseJson<{ is_included_in_surveys: boolean }>(picked.stdout).is_included_in_surveys).toBe(false);
  });
});

describe('--floor-plan', () => {
  it('by name, any case: only that plan; by id as before', async ({ cli }) => {
    const plans = parseJson<{ floor_plans: { id: string; floor_plan_name: string }[] }>(
      expectOk(await cli.run(['--local', 'pricing', 'floor-plans', 'DR-006', '--json'])).stdout,
    ).floor_plans;
    const a1 = plans.find((p) => p.floor_plan_name === 'A1')!;
    for (const ref of ['a1', a1.id]) {
      const r = expectOk(await cli.run(['--local', 'pricing', 'history', BARTON, '--floor-plan', ref, '--days', '30', '--json']));
      const records = parseJson<{ pricing: { floor_plan_id: string }[] }>(r.stdout).pricing;
      expect(records.length).toBeGreaterThan(0);
      expect(new Set(records.map((p) => p.floor_plan_id))).toEqual(new Set([a1.id]));
    }
  });

  it('pricing target reads the floor plans it looked --floor-plan up in: one request', async ({ cli }) => {
    const barton = await subject(cli, BARTON);
    const r = expectOk(await cli.run(['--local', '--debug', 'pricing', 'target', barton.id, '--band', 'market', '--floor-plan', 'a1', '--json']));
    expect(parseJson<{ floor_plans: { floor_plan_name: string }[] }>(r.stdout).floor_plans.map((plan) => plan.floor_plan_name)).toEqual(['A1']);
    expect(requests(r.stderr).filter((request) => request.endsWith('/floor-plans'))).toEqual([`GET /v1/rentsurvey/communities/${barton.id}/floor-plans`]);
  });

  it('no such plan → 4 naming the plans there are; several → 2 listing them', async ({ cli }) => {
    const none = await cli.run(['--local', 'pricing', 'history', 'DR-006', '--floor-plan', 'Z9']);
    expect(none).toMatchObject({ exitCode: 4, stdout: '' });
    expect(none.stderr).toMatch(/^error: --floor-plan: Barton Creek Terrace has no floor plan "Z9" \(its plans: A1, A2, B1, B2, B3, C2, C1\)$/m);
    const several = await cli.run(['--local', 'pricing', 'history', 'DR-006', '--floor-plan', 'A']);
    expect(several).toMatchObject({ exitCode: 2, stdout: '' });
    expect(several.stderr).toMatch(/^error: --floor-plan: "A" matches 2 floor plans of Barton Creek Terrace:\n {2}A1 +1 BR \/ 1 BA, 735 sq ft +[0-9a-f-]{36}\n {2}A2 /);
  });
});

describe('against a served store (remote profile)', () => {
  let server: TestServer;
  beforeAll(async () => {
    const seeded = await cliSandbox();
    server = await startServer(seeded.dataDir);
  });
  afterAll(() => server?.close());

  it('a key that may not search (no communities:read) resolves names through the portfolio', async () => {
    const { sandbox } = await remoteSandbox(server);
    const key = server.key(['rentsurvey:read']);
    sandbox.secrets.push(key);
    const r = expectOk(await sandbox.run(['--debug', 'vacancy', 'Barton Creek Terrace', '--json'], { env: { RENTSURVEY_API_KEY: key } }));
    expect(parseJson<{ community_name: string }>(r.stdout).community_name).toBe(BARTON);
    expect(r.stderr).toMatch(/search refused \(403\); looking in the portfolio/);
  });

  it('the communities looked up are remembered for TAB completion', async () => {
    const { sandbox } = await remoteSandbox(server);
    sandbox.env.XDG_CACHE_HOME = `${sandbox.root}/cache`;
    expectOk(await sandbox.run(['overview', 'DR-006', '--json']));
    const cache = communityCachePath(sandbox.env, 'default');
    expect(existsSync(cache)).toBe(true);
    expect(readFileSync(cache, 'utf8')).toContain(BARTON);
  });
});
