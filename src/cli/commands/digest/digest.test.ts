// `rentsurvey digest` on examples/market-changes.json, imported with `local import` and
// served over HTTP. What the dataset holds, and so what a digest from 2026-11-05 must say:
//
// Maple Court: surveys 10-26, 11-02, 11-09 → from 11-02 (the survey on or before 11-05), to 11-09.
//   Dogwood Place: deactivated; in the 11-02 survey, not in 11-09's    → comp_deactivated
//   Elm Terrace:   active; first priced on 11-09                         → comp_added (its rents are new, not changes)
//   14-day vacancy: 11-02 3 + 2 + 1 = 6 of 240 units = 2.5 %;
//                   11-09 4 + 5 + 3 = 12 of 240 = 5.0 %                  → vacancy, +2.5 points
//   Birch Commons: "6 weeks free" appears on all three plans             → one concession_started, no plan
//     and its NERs fall: B-B2 240,000 → 212,308, B-B1 232,000 → 205,231, B-A1 190,000 → 168,077
//   Cedar Row C-A1: "$500 off move-in" → "$1,000 off move-in"             → concession_changed
//     NER 180,000 − 50,000/12 = 175,833 → 180,000 − 100,000/12 = 171,667
//   Oak Flats O-B15: "half month free" → none                            → concession_ended
//     NER 225,000 · 11.5/12 = 215,625 → 225,000; O-B1 asking and NER 215,000 → 217,000
//   Maple Court: A1 asking 178,000 → 180,000 and NER 168,000 → 170,000; C3 260,000 → 262,500;
//     units available A1 3 → 4, B2 2 → 5, C3 1 → 3
// Pine Ridge: surveys 11-03, 11-10. 14-day vacancy 18 → 23 of 500 units: 3.6 % → 4.6 %, a move
//   of exactly one point (4.6 − 3.6 is 0.9999999999999996 in floating point); P1 units 18 → 23.
// Fir Court (Pine Ridge's comp) did not change.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMP, docExample, localMarket, MAPLE, PINE, servedMarket, type MarketCli } from '../../../../test/helpers/market-changes.js';

let local: MarketCli;

beforeAll(async () => {
  local = await localMarket();
});
afterAll(async () => {
  await local?.close();
});

type Change = Record<string, unknown>;
interface Digest {
  from: string | null;
  to: string | null;
  changes: Change[];
}

/** `digest --json`'s period and changes (what it printed before the summary objects; summary.test.ts checks those). */
async function digest(args: string[], cli: MarketCli = local, now?: string): Promise<Digest> {
  const result = await cli.run(['digest', ...args, '--json'], now === undefined ? {} : { now });
  expect(result.code, result.stderr).toBe(0);
  const { from, to, changes } = JSON.parse(result.stdout) as Digest;
  return { from, to, changes };
}

const maple = { subject_id: MAPLE, subject_name: 'Maple Court' };
const pine = { subject_id: PINE, subject_name: 'Pine Ridge' };
const own = (subject: typeof maple) => ({ ...subject, community_id: subject.subject_id, community_name: subject.subject_name, role: 'subject' });
const comp = (id: string, name: string) => ({ ...maple, community_id: id, community_name: name, role: 'comp' });
const oak = comp(COMP.oak, 'Oak Flats');
const birch = comp(COMP.birch, 'Birch Commons');
const cedar = comp(COMP.cedar, 'Cedar Row');
const change = (who: object, kind: string, floor_plan_name: string | null, before: unknown, after: unknown) => ({
  ...who,
  kind,
  floor_plan_name,
  before,
  after,
});

// Grouped by subject (portfolio order), biggest moves first: comparables, vacancy, concessions,
// then rent and NER by size (the subject first on equal moves), then units available.
const EXPECTED: Change[] = [
  change(comp(COMP.dogwood, 'Dogwood Place'), 'comp_deactivated', null, 'active', 'inactive'),
  change(comp(COMP.elm, 'Elm Terrace'), 'comp_added', null, null, 'active'),
  change(own(maple), 'vacancy', null, 2.5, 5),
  change(birch, 'concession_started', null, null, '6 weeks free'),
  change(cedar, 'concession_changed', 'C-A1', '$500 off move-in', '$1,000 off move-in'),
  change(oak, 'concession_ended', 'O-B15', 'half month free', null),
  change(birch, 'ner', 'B-B2', 240_000, 212_308), // 27,692
  change(birch, 'ner', 'B-B1', 232_000, 205_231), // 26,769
  change(birch, 'ner', 'B-A1', 190_000, 168_077), // 21,923
  change(oak, 'ner', 'O-B15', 215_625, 225_000), // 9,375
  change(cedar, 'ner', 'C-A1', 175_833, 171_667), // 4,166
  change(own(maple), 'rent', 'C3', 260_000, 262_500), // 2,500
  change(own(maple), 'ner', 'C3', 260_000, 262_500),
  change(own(maple), 'rent', 'A1', 178_000, 180_000), // 2,000, the subject before Oak Flats
  change(own(maple), 'ner', 'A1', 168_000, 170_000),
  change(oak, 'rent', 'O-B1', 215_000, 217_000),
  change(oak, 'ner', 'O-B1', 215_000, 217_000),
  change(own(maple), 'units_available', 'B2', 2, 5),
  change(own(maple), 'units_available', 'C3', 1, 3),
  change(own(maple), 'units_available', 'A1', 3, 4),
  change(own(pine), 'vacancy', null, 3.6, 4.6),
  change(own(pine), 'units_available', 'P1', 18, 23),
];

describe('digest --since', () => {
  it('lists every change between the survey on or before the date and the latest, in cents and texts', async () => {
    expect(await digest(['--since', '2026-11-05'])).toEqual({ from: '2026-11-02', to: '2026-11-10', changes: EXPECTED });
  });

  it('takes a survey dated on --since itself, and an older one when --since falls between surveys', async () => {
    // Pine Ridge's first survey is 11-03: nothing on or before 11-02 to compare from.
    expect(await digest(['--since', '2026-11-02'])).toEqual({ from: '2026-11-02', to: '2026-11-09', changes: EXPECTED.filter((c) => c.subject_id === MAPLE) });
    // From 10-26 for Maple Court: A1 asking 176,000 → 180,000; Pine Ridge has no survey by 10-30.
    const older = await digest(['--since', '2026-10-30']);
    expect(older.from).toBe('2026-10-26');
    expect(older.to).toBe('2026-11-09');
    expect(older.changes).toContainEqual(change(own(maple), 'rent', 'A1', 176_000, 180_000));
    expect(older.changes.some((c) => c.subject_id === PINE)).toBe(false);
  });

  it('--min-change leaves out smaller rent and NER moves, keeps moves of exactly that size', async () => {
    const answer = await digest(['--since', '2026-11-05', '--min-change', '25']);
    // The four $20 moves (Maple A1 and Oak O-B1, asking and NER) go; C3's +$25 stays.
    expect(answer.changes).toEqual(EXPECTED.filter((c) => !(['rent', 'ner'].includes(c.kind as string) && Math.abs((c.after as number) - (c.before as number)) < 2_500)));
    expect(answer.changes).toHaveLength(EXPECTED.length - 4);
  });

  it('--communities limits the digest to those subjects', async () => {
    expect(await digest(['--since', '2026-11-05', '--communities', PINE])).toEqual({
      from: '2026-11-03',
      to: '2026-11-10',
      changes: EXPECTED.filter((c) => c.subject_id === PINE),
    });
  });

  it('defaults to a week back', async () => {
    // Today 2026-11-12 → since 2026-11-05.
    expect(await digest([], local, '2026-11-12T08:00:00Z')).toEqual({ from: '2026-11-02', to: '2026-11-10', changes: EXPECTED });
  });

  it('says so on stderr and exits 0 when nothing changed', async () => {
    const result = await local.run(['digest', '--since', '2026-11-10']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Nothing changed: no survey newer than the start date in 2 communities \(latest 2026-11-10\)/);
    expect(await digest(['--since', '2026-11-10'])).toEqual({ from: '2026-11-09', to: '2026-11-10', changes: [] });
    // Before any survey: nothing to compare, said in one line with the count (names with --verbose).
    const early = await local.run(['digest', '--since', '2026-10-01']);
    expect(early.code).toBe(0);
    expect(early.stderr).toContain('Not compared: 2 communities without a survey on or before 2026-10-01 (--verbose names them).');
    expect(early.stderr).toContain('Nothing to compare');
    const named = await local.run(['digest', '--since', '2026-10-01', '--verbose']);
    expect(named.stderr).toContain('Not compared: 2 communities without a survey on or before 2026-10-01: Maple Court, Pine Ridge.');
  });
});

describe('digest output formats', () => {
  it('table: the summary first (portfolio, one row per subject), then the biggest moves', async () => {
    const result = await local.run(['digest', '--since', '2026-11-05']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Market digest: 2026-11-02 → 2026-11-10',
      'Surveys compared: 2026-11-02 → 2026-11-09 for Maple Court; 2026-11-03 → 2026-11-10 for Pine Ridge.',
      "Each subject's earlier survey is its latest on or before 2026-11-05.",
    ]);
    expect(lines).toContain('Band changed:                      1 of 2 subjects: Maple Court (market → premium)');
    const row = (name: string) => lines.find((line) => line.startsWith(`${name} `))?.split(/\s{2,}/);
    expect(row('Maple Court')).toEqual(['Maple Court', '+0.5% → +2.9%', 'market → premium', '2.5% → 5.0%', '0.0% → 0.0%', '+1 -0 =2, $0 (0.0%)', '+1 -1 Δ1', '+1 -1']);
    expect(row('Pine Ridge')).toEqual(['Pine Ridge', '-1.3% → -1.3%', 'aggressive', '3.6% → 4.6%', '0.0% → 0.0%', '+0 -0 =1, $0 (0.0%)', 'none', 'none']);
    // Birch Commons' third plan is counted, not listed: two lines a comparable.
    const moves = lines.slice(lines.indexOf('Biggest moves (9 of 10)') + 1).filter(Boolean);
    expect(moves.slice(0, 3)).toEqual([
      '- Birch Commons (comp of Maple Court), B-B2 NER $2,400.00 → $2,123.08 (-$276.92): "6 weeks free" started; asking unchanged',
      '- Birch Commons (comp of Maple Court), B-B1 NER $2,320.00 → $2,052.31 (-$267.69): "6 weeks free" started; asking unchanged',
      '- and 1 more plan at Birch Commons (comp of Maple Court)',
    ]);
    expect(moves).toContain('- Maple Court, A1 $1,780 → $1,800 (+$20), NER $1,680.00 → $1,700.00 (+$20.00)');
    // Maple Court's A1 units moved by one: under --min-units 2, not a move.
    expect(moves.at(-1)).toBe('- Maple Court, B2 units available 2 → 5 (+3)');
  });

  it('md is what the worked example of docs/metrics.md shows', async () => {
    const { args, output } = await docExample('digest-md');
    expect((await local.run(args)).stdout).toBe(output);
  });

  it('--all-changes lists every change as a sentence, per subject, after the summary', async () => {
    const result = await local.run(['digest', '--since', '2026-11-05', '--format', 'md', '--all-changes']);
    expect(result.code).toBe(0);
    const after = (heading: string) => result.stdout.split(`${heading}\n\n`)[1]!.split('\n\n')[1]!.split('\n');
    expect(after('### Maple Court: 2026-11-02 → 2026-11-09')).toEqual([
      '- Dogwood Place (comp): comparable deactivated',
      '- Elm Terrace (comp): comparable added',
      '- Maple Court: 14-day vacancy 2.5% → 5.0% (+2.5 pts)',
      '- Birch Commons (comp), all plans: concession started: "6 weeks free"',
      '- Cedar Row (comp), C-A1: concession changed: "$500 off move-in" → "$1,000 off move-in"',
      '- Oak Flats (comp), O-B15: concession ended: "half month free"',
      '- Birch Commons (comp), B-B2: NER $2,400.00 → $2,123.08 (-$276.92)',
      '- Birch Commons (comp), B-B1: NER $2,320.00 → $2,052.31 (-$267.69)',
      '- Birch Commons (comp), B-A1: NER $1,900.00 → $1,680.77 (-$219.23)',
      '- Oak Flats (comp), O-B15: NER $2,156.25 → $2,250.00 (+$93.75)',
      '- Cedar Row (comp), C-A1: NER $1,758.33 → $1,716.67 (-$41.66)',
      '- Maple Court, C3: asking rent $2,600 → $2,625 (+$25)',
      '- Maple Court, C3: NER $2,600.00 → $2,625.00 (+$25.00)',
      '- Maple Court, A1: asking rent $1,780 → $1,800 (+$20)',
      '- Maple Court, A1: NER $1,680.00 → $1,700.00 (+$20.00)',
      '- Oak Flats (comp), O-B1: asking rent $2,150 → $2,170 (+$20)',
      '- Oak Flats (comp), O-B1: NER $2,150.00 → $2,170.00 (+$20.00)',
      '- Maple Court, B2: units available 2 → 5 (+3)',
      '- Maple Court, C3: units available 1 → 3 (+2)',
      '- Maple Court, A1: units available 3 → 4 (+1)',
    ]);
    expect(result.stdout).toContain('### Pine Ridge: 2026-11-03 → 2026-11-10\n\n**All changes (2)**\n\n- Pine Ridge: 14-day vacancy 3.6% → 4.6% (+1.0 pts)\n');
  });

  it('md names the threshold and what was not compared, with the dates', async () => {
    // From 11-09: Maple Court's latest survey is that one (nothing newer); Pine Ridge compares 11-03 → 11-10.
    const quiet = await local.run(['digest', '--since', '2026-11-09', '--min-change', '12.50', '--format', 'md']);
    expect(quiet.stdout).toContain(
      '## Market digest: Pine Ridge, 2026-11-03 → 2026-11-10\n\nSurveys compared: 2026-11-03 → 2026-11-10 (Pine Ridge).\n' +
        "Each subject's earlier survey is its latest on or before 2026-11-09.\nNot compared: 1 subject with no newer survey.\n" +
        'Rent and NER moves under $12.50 left out.\n',
    );
    // From 11-02: Pine Ridge has no survey that early.
    const skipped = await local.run(['digest', '--since', '2026-11-02', '--format', 'md']);
    expect(skipped.stdout).toContain('\nNot compared: 1 subject without a survey on or before 2026-11-02.\n');
    expect(skipped.stderr).toContain('Not compared: 1 community without a survey on or before 2026-11-02 (--verbose names them).');
  });

  it('csv and ndjson: one change per row, the JSON fields as columns', async () => {
    const csv = await local.run(['digest', '--since', '2026-11-05', '--csv']);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('subject_id,subject_name,community_id,community_name,role,kind,floor_plan_name,before,after');
    expect(lines).toHaveLength(EXPECTED.length + 1);
    expect(lines).toContain(`${MAPLE},Maple Court,${COMP.cedar},Cedar Row,comp,concession_changed,C-A1,$500 off move-in,"$1,000 off move-in"`);
    const ndjson = await local.run(['digest', '--since', '2026-11-05', '--ndjson']);
    expect(ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Change)).toEqual(EXPECTED);
  });
});

describe('digest --since-last', () => {
  it('reports each change once per profile: a first run, nothing new, then only the new survey', async () => {
    const cli = await localMarket();
    try {
      const now = '2026-11-12T08:00:00Z';
      const first = await cli.run(['digest', '--since-last', '--json'], { now });
      expect(first.code).toBe(0);
      // It names the surveys compared, not only the date a week back.
      expect(first.stderr).toMatch(
        /First --since-last digest for the local store .*: compared 2026-11-02 → 2026-11-10, each subject's survey on or before 2026-11-05 \(a week back\) to its latest\./,
      );
      expect((JSON.parse(first.stdout) as Digest).changes).toEqual(EXPECTED);
      const [stateFile] = await readdir(join(cli.root, 'state', 'rentsurvey'));
      expect(stateFile).toMatch(/^digest\.local-[0-9a-f]{12}\.portfolio\.json$/);

      const again = await cli.run(['digest', '--since-last'], { now });
      expect(again.code).toBe(0);
      expect(again.stdout).toBe('');
      expect(again.stderr).toContain('Nothing changed: no survey newer than the last digest in 2 communities (latest 2026-11-10).');

      // A survey of Maple Court on 11-16: A1 up $10, Oak Flats' one-bedroom up $10; nothing else moves
      // (units as before, so vacancy stays 12 of 240; Birch, Cedar and Elm were not surveyed that day).
      const csv = join(cli.root, 'week.csv');
      await writeFile(
        csv,
        'subject_key,date,floor_plan_key,market_rent_cents,net_effective_rent_cents,units_available,concessions\n' +
          'HR-001,2026-11-16,A1,181000,171000,4,"$1,200 off"\nHR-001,2026-11-16,B2,230000,230000,5,\n' +
          'HR-001,2026-11-16,C3,262500,262500,3,\nHR-001,2026-11-16,oak-a1,176000,176000,0,\n',
      );
      expect((await cli.run(['local', 'import', csv])).code).toBe(0);
      const next = await cli.run(['digest', '--since-last', '--json'], { now: '2026-11-17T08:00:00Z' });
      expect(JSON.parse(next.stdout)).toMatchObject({
        from: '2026-11-09',
        to: '2026-11-16',
        changes: [
          change(own(maple), 'rent', 'A1', 180_000, 181_000),
          change(own(maple), 'ner', 'A1', 170_000, 171_000),
          change(oak, 'rent', 'O-A1', 175_000, 176_000),
          change(oak, 'ner', 'O-A1', 175_000, 176_000),
        ],
      });
      const state = JSON.parse(await readFile(join(cli.root, 'state', 'rentsurvey', stateFile!), 'utf8')) as { subjects: Record<string, string> };
      expect(state.subjects).toEqual({ [MAPLE]: '2026-11-16', [PINE]: '2026-11-10' });

      // A state file spoiled by hand: unreadable starts afresh, a date that is not one is ignored.
      await writeFile(join(cli.root, 'state', 'rentsurvey', stateFile!), '{"subjects":');
      const spoiled = await cli.run(['digest', '--since-last', '--json'], { now });
      expect(spoiled.stderr).toMatch(/First --since-last digest/);
      expect((JSON.parse(spoiled.stdout) as Digest).from).toBe('2026-11-02');
      await writeFile(join(cli.root, 'state', 'rentsurvey', stateFile!), JSON.stringify({ subjects: { [MAPLE]: 'last week', [PINE]: '2026-11-10' } }));
      const odd = await cli.run(['digest', '--since-last', '--json'], { now });
      expect(odd.code, odd.stderr).toBe(0);
      expect((JSON.parse(odd.stdout) as Digest).changes.every((c) => c.subject_id === MAPLE)).toBe(true);

      // Another selection keeps its own state: its first run starts a week back again.
      const pineOnly = await cli.run(['digest', '--since-last', '--communities', PINE, '--json'], { now });
      expect((JSON.parse(pineOnly.stdout) as Digest).changes).toEqual(EXPECTED.filter((c) => c.subject_id === PINE));
    } finally {
      await cli.close();
    }
  });
});

describe('digest against `serve`', () => {
  it('answers the same over HTTP', async () => {
    const served = await servedMarket();
    try {
      for (const args of [['--since', '2026-11-05'], ['--since', '2026-10-30', '--min-change', '25']])
        expect(await digest(args, served)).toEqual(await digest(args));
      const md = await served.run(['digest', '--since', '2026-11-05', '--format', 'md']);
      expect(md.stdout).toBe((await local.run(['digest', '--since', '2026-11-05', '--format', 'md'])).stdout);
    } finally {
      await served.close();
    }
  });
});

describe('digest refuses what it cannot answer, before sending (exit 2)', () => {
  const refused = async (args: string[], message: RegExp) => {
    const result = await local.run(['digest', ...args]);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  };

  it('names the flags', async () => {
    await refused(['--since', '2026-11-05', '--since-last'], /option '--since-last' cannot be used with option '--since <date>'/);
    await refused(['--since', '2026-13-01'], /^error: --since: "2026-13-01" is not a date \(YYYY-MM-DD\)$/m);
    await refused(['--since', '2026-11-05', '--min-change', '-5'], /--min-change: "-5" is not an amount of dollars \(like 25 or 12.50\)/);
    await refused(['--since', '2026-11-05', '--communities', ','], /--communities needs at least one community/);
    await refused(['--format', 'yaml'], /argument 'yaml' is invalid/);
    await refused(['--format', 'md', '--fields', 'kind'], /--fields picks columns; --format md is a summary without columns/);
    await refused(['--csv', '--fields', 'kind,nope'], /unknown field "nope"/);
  });

  it('an unknown community is not found (exit 4), and nothing is printed', async () => {
    const result = await local.run(['digest', '--since', '2026-11-05', '--communities', `${MAPLE},00000000-0000-4000-8000-000000000000`]);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
  });
});
