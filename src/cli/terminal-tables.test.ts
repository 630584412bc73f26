// Every command's output on a terminal 80 and 200 columns wide: tables fit by leaving
// columns out (never a wrapped row), ids only with --wide or --fields, and the run says
// once what it left out. The same commands piped keep every column (piped-output.test.ts).
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
    expect(header).toMatch(/│ PLAN +│.* ASKING │ COMP AVG │ +PSI │.* NER │.* NER PSI │/);
    expect(r.stdout).not.toMatch(/…/);
    // Wrapped at the terminal's width too.
    expect(widest(r.stderr)).toBeLessThanOrEqual(80);
    expect(r.stderr.trimEnd().replaceAll('\n', ' ')).toMatch(/^Not shown: .*SQFT, .*MARKET RANGE.* \(--wide shows them\)$/m);
    // At 200 everything fits.
    const wide = expectOk(await cli.run(['--local', 'overview', subject], { isTTY: true, columns: 200 }));
    expect(wide.stdout).toMatch(/│ PLAN .*│ BD │ +BA │ SQFT │.*│ MARKET RANGE +│ COMPS │ CONCESSIONS │/);
    expect(wide.stderr).not.toMatch(/Not shown/);
  });
  it('portfolio: names whole, ids out; --wide and --fields bring ids back; piped keeps them', async () => {
    const r = expectOk(await cli.run(['--local', 'portfolio'], { isTTY: true, columns: 80 }));
    expect(r.stdout).toContain('│ NAME');
    expect(r.stdout).not.toMatch(UUID);
    expect(r.stdout).not.toMatch(/…/);
    expect(r.stderr).toMatch(/^Not shown: ID, ADDRESS \(--wide shows them\)$/m);
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
  it('pricing history --latest at 80: the whole date, no floor plan id', async () => {
    const r = expectOk(await cli.run(['--local', 'pricing', 'history', subject, '--latest'], { isTTY: true, columns: 80 }));
    expect(r.stdout).toMatch(/│ \d{4}-\d\d-\d\d │/);
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
