// Problems with flags said in the flags' terms, before anything is sent; contradictory flags refused.
import { describe, expect, it as plain } from 'vitest';
import { IsoDate } from '../api/primitives.js';
import { expectOk, it, MISSING_ID, type CliSandbox } from '../../test/helpers/run-cli.js';
import { UsageError } from './errors.js';
import { checkBody, checkFlag, checkQuery } from './flag-terms.js';

const message = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  return undefined;
};

describe('checkQuery, checkBody, checkFlag', () => {
  plain('name the flag and quote the value typed', async () => {
    const flags = { start_date: '--start', end_date: '--end', days: '--days' };
    expect(await message(() => checkQuery('getPricingHistory', { start_date: '2026-13-01' }, flags))).toBe('--start: "2026-13-01" is not a date (YYYY-MM-DD)');
    expect(await message(() => checkQuery('getPricingHistory', { end_date: '0000-01-01' }, flags))).toBe(
      '--end: "0000-01-01" is not a date from 0001-01-01 to 9999-12-31',
    );
    expect(await message(() => checkQuery('getPricingHistory', { start_date: '2026-01-01', end_date: '2026-02-01', days: 9 }, flags))).toBeUndefined();
  });

  plain('a rule between two fields is said with both flags and their values', async () => {
    const flags = { start_date: '--start', end_date: '--end' };
    expect(await message(() => checkQuery('getVacancyTrend', { start_date: '2026-05-01', end_date: '2026-04-01' }, flags))).toBe(
      '--start must not be after --end (--start "2026-05-01", --end "2026-04-01")',
    );
  });

  plain('bodies: formats, lengths, enumerations, list elements; how many more problems there are', async () => {
    const flags = { name: '--name', address: '--address', zipcode: '--zipcode', email: '--email', other_team_members_emails: '--other-team-members' };
    const body = { name: 'X', address: 'Y', zipcode: '78701' };
    expect(await message(() => checkBody('createCommunity', { ...body, zipcode: '787' }, flags))).toBe(
      '--zipcode: "787" is not a US zip code: 12345 or 12345-6789',
    );
    expect(await message(() => checkBody('createCommunity', { ...body, name: 'n'.repeat(201) }, flags))).toMatch(/^--name: "n+" is longer than 200 characters$/);
    expect(await message(() => checkBody('createCommunity', { ...body, other_team_members_emails: ['a@b.example', 'nope'] }, flags))).toBe(
      '--other-team-members: "nope" is not an e-mail address',
    );
    expect(await message(() => checkBody('createCommunity', { ...body, zipcode: '1', email: 'x' }, flags))).toBe(
      '--zipcode: "1" is not a US zip code: 12345 or 12345-6789 (and 1 more problem)',
    );
    expect(await message(() => checkBody('inviteUser', { email: 'a@b.example', name: ' ', role: 'member' }, { name: '--name' }))).toBe('--name: " " is empty');
  });

  plain('a flag that fills no field, checked with a primitive of the contract', async () => {
    expect(checkFlag('--since', IsoDate, '2026-02-28')).toBe('2026-02-28');
    expect(await message(() => checkFlag('--since', IsoDate, '2026-02-30'))).toBe('--since: "2026-02-30" is not a date (YYYY-MM-DD)');
  });
});

/** Exit 2, the message on stderr, nothing on stdout, and no request made (the --debug trace shows none). */
async function refused(cli: CliSandbox, args: string[], expected: RegExp) {
  const r = await cli.run(['--local', '--debug', ...args]);
  expect(r.exitCode, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(expected);
  expect(r.stderr).not.toMatch(/^debug: (GET|POST|PATCH) /m);
}

describe('commands say problems in flag terms, before sending', () => {
  it('dates and numbers', async ({ cli }) => {
    await refused(cli, ['pricing', 'history', 'DR-006', '--start', '2026-13-01'], /^error: --start: "2026-13-01" is not a date \(YYYY-MM-DD\)$/m);
    await refused(cli, ['pricing', 'history', 'DR-006', '--end', '2026-02-30'], /^error: --end: "2026-02-30" is not a date \(YYYY-MM-DD\)$/m);
    await refused(cli, ['pricing', 'history', 'DR-006', '--days', '0'], /^error: --days: "0" is not a whole number from 1 to 3660$/m);
    await refused(cli, ['pricing', 'history', 'DR-006', '--start', '2026-03-01', '--end', '2026-02-01'], /^error: --start 2026-03-01 is after --end 2026-02-01$/m);
    await refused(cli, ['vacancy', 'trend', 'DR-006', '--end', '26-01-01'], /^error: --end: "26-01-01" is not a date \(YYYY-MM-DD\)$/m);
    await refused(cli, ['pricing', 'export', '--start', 'yesterday', '--out', '-'], /^error: --start: "yesterday" is not a date \(YYYY-MM-DD\)$/m);
    await refused(cli, ['digest', '--since', '2026-1-1'], /^error: --since: "2026-1-1" is not a date \(YYYY-MM-DD\)$/m);
    await refused(cli, ['communities', 'list', '--offset', '-1'], /^error: --offset: "-1" is not a whole number from 0 up$/m);
    await refused(cli, ['communities', 'list', '--search', 'x'.repeat(201)], /^error: --search: "x+" is longer than 200 characters$/m);
    const ids = Array.from({ length: 51 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    await refused(cli, ['communities', 'batch', ...ids], /^error: <communities>: at most 50 per request, got 51$/m);
    await refused(cli, ['pricing', 'target', 'DR-006', '--psi', 'lots'], /^error: --psi: "lots" is not a number$/m);
    await refused(cli, ['digest', '--min-change', '$-5'], /^error: --min-change: "\$-5" is not an amount of dollars \(like 25 or 12.50\)$/m);
  });

  it('record fields', async ({ cli }) => {
    const create = ['communities', 'create', '--name', 'Maple Court', '--address', '1 Main St, Austin, TX 78701'];
    await refused(cli, [...create, '--zipcode', 'ABCDE'], /^error: --zipcode: "ABCDE" is not a US zip code: 12345 or 12345-6789$/m);
    await refused(cli, [...create, '--zipcode', '78701', '--website-url', 'maple.example'], /^error: --website-url: "maple.example" is not a web address/m);
    await refused(cli, [...create, '--zipcode', '78701', '--community-manager', 'ana'], /^error: --community-manager: "ana" is not an e-mail address$/m);
    await refused(cli, ['communities', 'update', MISSING_ID, '--external-id', 'x'.repeat(101)], /^error: --external-id: "x+" is longer than 100 characters$/m);
    await refused(cli, ['comps', 'add', MISSING_ID, '--name', 'Oak', '--address', '9 Elm St', '--zipcode', '7870'], /^error: --zipcode: "7870" is not a US zip code/m);
    await refused(cli, ['users', 'invite', '--email', 'ana@', '--name', 'Ana', '--role', 'member'], /^error: --email: "ana@" is not an e-mail address$/m);
    await refused(cli, ['users', 'update', MISSING_ID, '--name', ' '], /^error: --name: " " is empty$/m);
    await refused(cli, ['users', 'show', '12345'], /^error: <user>: "12345" is neither a user id \(UUID\) nor an e-mail address$/m);
    await refused(cli, ['users', 'show', 'ana@'], /^error: <user>: "ana@" is not an e-mail address$/m);
  });
});

describe('flags that contradict each other are refused (exit 2), never silently ignored', () => {
  it.each([
    [['pricing', 'history', 'DR-006', '--days', '7', '--start', '2026-01-01', '--end', '2026-02-01'], /option '--days <n>' cannot be used with option '--start <date>'/],
    [['pricing', 'history', 'DR-006', '--start', '2026-01-01', '--days', '7'], /option '--days <n>' cannot be used with option '--start <date>'/],
    [['pricing', 'history', 'DR-006', '--ner'], /--ner changes what --chart draws; add --chart/],
    [['pricing', 'history', 'DR-006', '--chart', '--fields', 'as_of_date'], /--chart draws every point; --fields is for tables/],
    [['vacancy', 'trend', 'DR-006', '--chart', '--fields', 'date'], /--chart draws every point; --fields is for tables/],
    [['pricing', 'history', 'DR-006', '--chart', '--sort', 'as_of_date', '--limit', '3'], /--chart draws every point; --sort, --limit are for tables/],
    [['vacancy', 'trend', 'DR-006', '--chart', '--limit', '3'], /--chart draws every point; --limit is for tables/],
    [['vacancy', 'DR-006', '--sort', 'nope'], /--sort is for lists of rows; `rentsurvey vacancy` prints one record/],
    [['comps', 'deactivate', 'DR-006', 'x', '--limit', '1'], /--limit is for lists of rows; `rentsurvey comps deactivate` prints one record/],
    [['pricing', 'export', '--out', 'x.csv', '--sort', 'name', '--limit', '2'], /--sort and --limit are for lists of rows; `rentsurvey pricing export` writes a file \(csv or xlsx\)/],
    // An output flag a command does not take is refused, as --help does not list it (table-flags.ts).
    [['pricing', 'export', '--json', '--out', '-'], /^error: --json is for lists and records; `rentsurvey pricing export` writes a file \(csv or xlsx\)\nhint: `rentsurvey pricing export --help` lists/m],
    [['pricing', 'export', '--format', 'md', '--out', '-'], /^error: `rentsurvey pricing export` does not write --format md\nhint: use one of csv, xlsx$/m],
    [['pricing', 'export', '--fields', 'foo', '--out', 'x.csv'], /^error: --fields is for lists and records; `rentsurvey pricing export` writes a file/m],
    [['report', '--all', '--dollars', '--out', 'r.html'], /^error: --dollars is for csv and ndjson; `rentsurvey report` writes a file \(html\)/m],
    [['report', '--all', '--format', 'md', '--out', 'r.html'], /^error: `rentsurvey report` does not write --format md\nhint: use one of html$/m],
    [['vacancy', 'DR-006', '--wide'], /^error: --wide is for terminal tables of rows; `rentsurvey vacancy` prints one record/m],
    [['serve', 'openapi', '--wide'], /^error: --wide is for terminal tables of rows; `rentsurvey serve openapi` prints no list or record/m],
    [['serve', 'openapi', '--json'], /^error: --json is for lists and records; `rentsurvey serve openapi` prints no list or record/m],
    [['pricing', 'export', '--days', '7', '--start', '2026-01-01', '--out', '-'], /option '--days <n>' cannot be used with option '--start <date>'/],
    [['pricing', 'export', '--since-last', '--days', '7', '--out', 'x.csv'], /option '--since-last' cannot be used with option '--days <n>'/],
    [['pricing', 'export', '--since-last', '--start', '2026-01-01', '--out', 'x.csv'], /option '--since-last' cannot be used with option '--start <date>'/],
    [['digest', '--since', '2026-01-01', '--since-last'], /option '--since-last' cannot be used with option '--since <date>'/],
    [['local', 'reset', '--demo', '--empty', '--yes'], /option '--demo' cannot be used with option '--empty'/],
    [['pricing', 'target', 'DR-006', '--psi', '0.02', '--band', 'market'], /give one target, not --psi and --band/],
    [['login', '--local', '--base-url', 'https://x.example'], /--local saves a profile for the embedded service; it takes no --base-url or --with-token/],
    [['--json', '--csv', 'portfolio'], /use only one of --json, --csv and --ndjson/],
  ])('%j', async (args, expected) => {
    const { cliSandbox } = await import('../../test/helpers/run-cli.js');
    const cli = await cliSandbox({ store: 'none' });
    try {
      const r = await cli.run(args);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(expected);
    } finally {
      await cli.cleanup();
    }
  });

  it('what a command writes is taken: report --format html, pricing export --csv, communities show --wide', async ({ cli }) => {
    const out = `${cli.root}/r.html`;
    expectOk(await cli.run(['--local', 'report', 'DR-006', '--format', 'html', '--out', out]));
    const csv = expectOk(await cli.run(['--local', 'pricing', 'export', '--communities', 'DR-006', '--days', '7', '--csv', '--out', '-']));
    expect(csv.stdout).toMatch(/^community_id,community_name,/);
    const shown = expectOk(await cli.run(['--local', 'communities', 'show', 'DR-006', '--wide'], { isTTY: true, columns: 80 }));
    expect(shown.stdout).toMatch(/\bID\b/);
  });

  it('--days with --end alone is a window ending there (no contradiction)', async ({ cli }) => {
    const r = expectOk(await cli.run(['--local', 'pricing', 'history', 'DR-006', '--days', '7', '--end', '2026-11-09', '--json']));
    expect(JSON.parse(r.stdout).date_range).toEqual({ start: '2026-11-03', end: '2026-11-09' });
  });
});
