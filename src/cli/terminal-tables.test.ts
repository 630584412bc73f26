// Every command's output on a terminal 80 and 200 columns wide: tables fit by the one rule of
// docs/tables.md (never a wrapped row), ids only with --wide or --fields, and the run says
// once what it left out; at 80, whatever the names, every table keeps the columns that
// answer its command. The same commands piped keep every column (piped-output.test.ts).
import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect } from 'vitest';
import { displayWidth } from '../output/text.js';
import { demoPeople } from '../../test/helpers/community.js';
import { cliSandbox, demoSubjects, expectOk, it, type CliSandbox } from '../../test/helpers/run-cli.js';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const widest = (text: string) => Math.max(0, ...text.split('\n').map((line) => displayWidth(stripVTControlCharacters(line))));

let cli: CliSandbox;
let subject: string;
let other: string;
let person: string;
beforeAll(async () => {
  cli = await cliSandbox();
  [{ id: subject }, { id: other }] = await demoSubjects(cli);
  person = (await demoPeople(cli))[0]!.id;
});

/** [what it is, the command line]; `{subject}` and friends are filled in once the store is there. */
const COMMANDS: Array<[string, string[]]> = [
  ['portfolio', ['portfolio']],
  ['portfolio with pricing', ['portfolio', '--include-pricing']],
  ['communities list', ['communities', 'list']],
  ['communities list --all', ['communities', 'list', '--all']],
  ['communities show', ['communities', 'show', '{subject}']],
  ['communities batch', ['communities', 'batch', '{subject}', '{other}', '--include-comps']],
  ['comps list', ['comps', 'list', '{subject}', '--include-pricing', '--include-inactive']],
  ['pricing history', ['pricing', 'history', '{subject}', '--days', '21']],
  ['pricing history --latest', ['pricing', 'history', '{subject}', '--latest']],
  ['pricing history --chart', ['pricing', 'history', '{subject}', '--chart', '--days', '90']],
  ['pricing floor-plans', ['pricing', 'floor-plans', '{subject}']],
  ['pricing target', ['pricing', 'target', '{subject}', '--band', 'market']],
  ['overview', ['overview', '{subject}']],
  ['vacancy', ['vacancy', '{subject}']],
  ['vacancy trend', ['vacancy', 'trend', '{subject}']],
  ['vacancy trend --chart', ['vacancy', 'trend', '{subject}', '--chart']],
  ['forecast', ['forecast', '{subject}', '{other}']],
  ['forecast --backtest', ['forecast', '{subject}', '--backtest']],
  ['forecast --chart', ['forecast', '{subject}', '--chart', '--horizons', '13']],
  ['digest', ['digest', '--communities', '{subject}']],
  ['local keys list', ['local', 'keys', 'list']],
  ['users show', ['users', 'show', '{person}']],
];
// Records (label: value) show their own id; they are not tables.
const RECORDS = new Set(['communities show', 'users show', 'vacancy']);

const fill = (args: string[]) =>
  args.map((a) => a.replace('{subject}', subject).replace('{other}', other).replace('{person}', person));

describe.each([80, 200])('on a terminal %i columns wide', (columns) => {
  it.each(COMMANDS)('%s: no line wider than the terminal, no id in a table', async (name, args) => {
    const r = expectOk(await cli.run(['--local', ...fill(args)], { isTTY: true, columns }));
    expect(r.stdout).not.toBe('');
    expect(widest(r.stdout), r.stdout).toBeLessThanOrEqual(columns);
    const tables = RECORDS.has(name) ? r.stdout.split('\n').filter((line) => /^[┌│├└]/.test(line)).join('\n') : r.stdout;
    expect(tables).not.toMatch(UUID);
    // What a table left out is said once, on stderr (and only there).
    expect(r.stderr.match(/Not shown: /g)?.length ?? 0).toBeLessThanOrEqual(1);
    expect(r.stdout).not.toMatch(/Not shown/);
  });
});

describe('what a terminal table leaves out', () => {
  it('overview at 80: plan, rents and PSIs stay whole; the rest is named once', async () => {
    const r = expectOk(await cli.run(['--local', 'overview', subject], { isTTY: true, columns: 80 }));
    const header = r.stdout.split('\n').find((line) => line.startsWith('│ PLAN'));
    expect(header).toMatch(/│ PLAN +│.* ASKING │ +COMP AVG │ +PSI │.* NER │.* NER PSI │/);
    expect(r.stdout).not.toMatch(/…/);
    // Wrapped at the terminal's width too.
    expect(widest(r.stderr)).toBeLessThanOrEqual(80);
    expect(r.stderr.trimEnd().replaceAll('\n', ' ')).toMatch(/^Not shown: .*SQFT, .*MARKET RANGE.* \(--wide shows them\)$/m);
    // At 200 everything fits.
    const wide = expectOk(await cli.run(['--local', 'overview', subject], { isTTY: true, columns: 200 }));
    expect(wide.stdout).toMatch(/│ PLAN .*│ BD │ +BA │ +SQFT │.*│ MARKET RANGE +│ COMPS │ CONCESSIONS │/);
    expect(wide.stderr).not.toMatch(/Not shown/);
  });
  it('portfolio: names whole, ids out, the survey date said once, the address cut; --wide and --fields bring ids back; piped keeps them', async () => {
    const r = expectOk(await cli.run(['--local', 'portfolio'], { isTTY: true, columns: 80 }));
    // (a) every community was surveyed the same day: said above the table, not in a column.
    expect(r.stdout).toMatch(/^LATEST SURVEY \d{4}-\d\d-\d\d \(every row\)\n┌/);
    expect(r.stdout).toMatch(/^│ NAME +│ ADDRESS +│ EXTERNAL ID │ COMPS │$/m);
    expect(r.stdout).not.toMatch(UUID);
    // (b) the address, the least important, is cut to its floor ("7275 Meadow Ct, Austi…"); names stay whole.
    const cells = r.stdout.split('\n').filter((line) => line.includes('DR-0')).map((line) => line.split('│').map((cell) => cell.trim()));
    expect(cells.every(([, name]) => !name!.includes('…'))).toBe(true);
    expect(cells.some(([, , address]) => address!.endsWith('…') && displayWidth(address!) === 22)).toBe(true);
    expect(r.stderr).toMatch(/^Not shown: ID \(--wide shows it\)$/m);
    const wide = expectOk(await cli.run(['--local', 'portfolio', '--wide'], { isTTY: true, columns: 80 }));
    expect(wide.stdout).toMatch(UUID);
    expect(wide.stdout).toContain('│ ADDRESS');
    expect(wide.stderr).not.toMatch(/Not shown/);
    const fields = expectOk(await cli.run(['--local', 'portfolio', '--fields', 'id,name'], { isTTY: true, columns: 80 }));
    expect(fields.stdout).toContain(subject);
    const piped = expectOk(await cli.run(['--local', 'portfolio']));
    expect(piped.stdout).toContain(subject);
    expect(piped.stderr).toBe('');
  });
  it('pricing history --latest at 80: the one date said once, no floor plan id', async () => {
    const r = expectOk(await cli.run(['--local', 'pricing', 'history', subject, '--latest'], { isTTY: true, columns: 80 }));
    expect(r.stdout).toMatch(/^SURVEY \d{4}-\d\d-\d\d(, .*)? \(every row\)\n┌/);
    expect(r.stdout).toMatch(/^│ PLAN │ BD │ +BA │ +SQFT │ ASKING │ +NER │/m);
    expect(r.stdout).not.toMatch(/FLOOR PLAN ID|…/);
    expect(r.stderr).toMatch(/Not shown: .*FLOOR PLAN ID/);
  });
  it('--quiet says nothing about it', async () => {
    const r = expectOk(await cli.run(['--local', '--quiet', 'portfolio'], { isTTY: true, columns: 80 }));
    expect(r.stderr).toBe('');
  });
  it('long text lines under a table wrap at the terminal width; piped they do not', async () => {
    const r = expectOk(await cli.run(['--local', 'pricing', 'target', subject, '--band', 'market'], { isTTY: true, columns: 60 }));
    expect(widest(r.stdout)).toBeLessThanOrEqual(60);
    expect(r.stdout).toMatch(/^Revenue: .*\n\S/m);
    const piped = expectOk(await cli.run(['--local', 'pricing', 'target', subject, '--band', 'market'], { columns: 60 }));
    expect(piped.stdout).toMatch(/^Revenue: .* a month if every plan moves to its target \(units × change over \d+ plans\)\.$/m);
  });
});

/** Names that used to collapse a table at 80 columns: long, accented, wide (2 cells a character), emoji. */
const NAMES: Array<[string, string]> = [
  ['61 characters', 'The Residences at Barton Creek Terrace on the Hill, Phase Two'],
  ['200 characters', `${'The Residences at Barton Creek Terrace on the Hill, '.repeat(4)}Phase Two`.slice(0, 200)],
  ['CJK', '東京タワー・レジデンス・パークサイド・ガーデン南青山三丁目'],
  ['emoji', '🏡 Sunny Acres 🌞 Family Living 🌳 with Pool 🏊 and Parks 🌲 Phase II'],
];

/** [command, its line, the headers of the columns that answer it (docs/tables.md)]. */
const KEY_COLUMNS: Array<[string, string[], string[]]> = [
  ['portfolio', ['portfolio'], ['NAME', 'COMPS']],
  ['portfolio --include-pricing', ['portfolio', '--include-pricing'], ['NAME', 'AVG ASKING']],
  ['communities list', ['communities', 'list'], ['NAME', 'STATUS']],
  ['communities show', ['communities', 'show', '{subject}'], ['PLAN', 'BD', 'BA', 'SQFT', 'ASKING', 'NER', 'NAME', 'AVG ASKING']],
  ['communities batch', ['communities', 'batch', '{subject}', '{other}', '--include-comps'], ['NAME', 'COMPS']],
  ['comps list', ['comps', 'list', '{subject}', '--include-pricing', '--include-inactive'], ['NAME', 'MILES', 'AVG ASKING']],
  ['pricing history', ['pricing', 'history', '{subject}', '--days', '21'], ['SURVEY', 'PLAN', 'BD', 'BA', 'SQFT', 'ASKING', 'NER']],
  ['pricing floor-plans', ['pricing', 'floor-plans', '{subject}'], ['PLAN', 'BD', 'BA', 'SQFT', 'ASKING', 'NER']],
  ['pricing target', ['pricing', 'target', '{subject}', '--band', 'market'], ['PLAN', 'TARGET', 'CHANGE']],
  ['overview', ['overview', '{subject}'], ['PLAN', 'PSI', 'NER PSI']],
  ['overview --all', ['overview', '--all'], ['COMMUNITY', 'NER PSI', 'GAP/MONTH', 'SIGNAL']],
  ['vacancy trend', ['vacancy', 'trend', '{subject}'], ['SURVEY', 'SUBJECT', 'COMP AVG']],
  ['forecast', ['forecast', '{subject}', '{other}'], ['COMMUNITY', 'SERIES', 'WEEKS', 'FORECAST']],
  ['forecast --backtest', ['forecast', '{subject}', '--backtest'], ['SERIES', 'WEEKS', 'METHOD', 'MAE', 'BASELINE MAE']],
  ['digest', ['digest'], ['SUBJECT', 'NER PSI', 'BAND', 'VACANCY']],
  ['users list', ['users', 'list'], ['EMAIL', 'NAME']],
  ['local keys list', ['local', 'keys', 'list'], ['PREFIX', 'ORGANIZATION']],
  ['local invitations list', ['local', 'invitations', 'list'], ['EMAIL', 'STATUS']],
  ['local organizations list', ['local', 'organizations', 'list'], ['NAME', 'COMMUNITIES']],
];

/** Whether `stdout` shows column `header`: in a boxed table's header, or said once above one ("SURVEY 2026-11-20 (every row)"). */
function showsColumn(stdout: string, header: string): boolean {
  const lines = stdout.split('\n').map((line) => stripVTControlCharacters(line));
  const inTable = lines.some((line, i) => lines[i - 1]?.startsWith('┌') && line.split('│').some((cell) => cell.trim() === header));
  const aboveTable = lines.filter((line) => line.endsWith('(every row)')).some((line) => line.split(', ').some((part) => part.startsWith(`${header} `)));
  return inTable || aboveTable;
}

describe.each(NAMES)('at 80 columns with a community and a user named with %s', (_, name) => {
  let named: CliSandbox;
  let ids: { subject: string; other: string };
  beforeAll(async () => {
    named = await cliSandbox();
    const [a, b] = await demoSubjects(named);
    ids = { subject: a.id, other: b.id };
    const user = (await demoPeople(named))[0]!.id;
    expectOk(await named.run(['--local', 'communities', 'update', ids.subject, '--name', name]));
    // A comparable of that name too (in place of one, as a subject has at most 10 active).
    const { comps } = JSON.parse(expectOk(await named.run(['--local', 'comps', 'list', ids.subject, '--json'])).stdout) as { comps: { id: string }[] };
    expectOk(await named.run(['--local', 'comps', 'deactivate', ids.subject, comps.at(-1)!.id]));
    expectOk(await named.run(['--local', 'comps', 'add', ids.subject, '--name', name, '--address', '1 Long Name Way, Austin, TX 78704', '--zipcode', '78704']));
    expectOk(await named.run(['--local', 'users', 'update', user, '--name', name]));
  });

  it.each(KEY_COLUMNS)('%s keeps the columns that answer it, no line wider than 80', async (_, args, keys) => {
    const line = args.map((a) => a.replace('{subject}', ids.subject).replace('{other}', ids.other));
    const r = expectOk(await named.run(['--local', ...line], { isTTY: true, columns: 80 }));
    expect(widest(r.stdout), r.stdout).toBeLessThanOrEqual(80);
    // What was left out, said last on stderr (after any progress line), wraps at 80 too.
    expect(widest(r.stderr.slice(Math.max(0, r.stderr.indexOf('Not shown:')))), r.stderr).toBeLessThanOrEqual(80);
    for (const key of keys) expect(showsColumn(r.stdout, key), `${key} in\n${r.stdout}`).toBe(true);
  });
  it('the name, too long for 80 columns beside the answer, is cut with "…" keeping at least 20 characters; whole when piped', async () => {
    const r = expectOk(await named.run(['--local', 'portfolio', '--include-pricing'], { isTTY: true, columns: 80 }));
    const row = r.stdout.split('\n').find((line) => line.includes([...name].slice(0, 8).join('')));
    expect(row, r.stdout).toBeDefined();
    const cell = row!.split('│')[1]!.trim();
    // Each of these names takes 60 cells or more: with COMPS and AVG ASKING beside it, more than 80.
    expect(cell.endsWith('…'), cell).toBe(true);
    expect(displayWidth(cell)).toBeGreaterThanOrEqual(20);
    expect(name.startsWith(cell.replace(/…$/, '').trimEnd())).toBe(true);
    const piped = expectOk(await named.run(['--local', 'portfolio', '--include-pricing']));
    expect(piped.stdout).toContain(name);
    expect(piped.stdout).not.toContain('…');
  });
});
