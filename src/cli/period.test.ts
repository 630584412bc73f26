// --days, --start, --end: one period wherever a command reads one (period.ts), checked in the
// flags' terms before anything is sent, ending today where the user is.
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTree } from '../../test/helpers/examples.js';
import { localMarket, MAPLE, type MarketCli } from '../../test/helpers/market-changes.js';
import { localDate } from '../domain/dates.js';
import { createTestIO } from '../output/io.js';
import { ApiError } from './errors.js';
import { inFlagTerms } from './flag-terms.js';
import { daysOption, endOption, periodOf, startOption } from './period.js';
import { buildProgram } from './program.js';

const program = (await buildProgram({ io: createTestIO(), env: {} })) as unknown as Command;
const commandAt = (path: readonly string[]) => path.reduce<Command | undefined>((at, name) => at?.commands.find((c) => c.name() === name), program);

describe('one set of period flags', () => {
  // Every command that reads a period: the history, its export, the vacancy trend, the report's charts, sync's copy.
  const READERS = ['pricing history', 'pricing export', 'vacancy trend', 'report', 'sync'];

  it('every command with one of --days, --start, --end has all three, described alike', () => {
    const withPeriod = commandTree()
      .map(({ path }) => ({ path: path.join(' '), options: commandAt(path)?.options ?? [] }))
      .filter(({ options }) => options.some((option) => ['--days', '--start', '--end'].includes(option.long ?? '')));
    expect(withPeriod.map(({ path }) => path).sort()).toEqual(expect.arrayContaining([...READERS].sort()));
    const without = (text: string) => text.replace(/; default \d+$/, '');
    for (const { path, options } of withPeriod) {
      const described = (long: string) => options.find((option) => option.long === long)?.description;
      expect(without(described('--days') ?? ''), path).toBe(without(daysOption().description));
      expect(described('--start'), path).toBe(startOption().description);
      expect(described('--end'), path).toBe(endOption().description);
    }
  });

  it('periodOf: the n days ending --end (or today), a start after the end refused naming both', () => {
    expect(periodOf({}, '2026-11-28', 30)).toEqual({ start: '2026-10-30', end: '2026-11-28' });
    expect(periodOf({ days: 7, end: '2026-11-10' }, '2026-11-28')).toEqual({ start: '2026-11-04', end: '2026-11-10' });
    expect(periodOf({ start: '2026-01-01' }, '2026-11-28', 30)).toEqual({ start: '2026-01-01', end: '2026-11-28' });
    expect(periodOf({}, '2026-11-28')).toEqual({ start: undefined, end: '2026-11-28' });
    expect(() => periodOf({ start: '2027-01-01' }, '2026-11-28')).toThrow('--start 2027-01-01 is after today (2026-11-28), where the period ends without --end');
    expect(() => periodOf({ start: '2026-11-02', end: '2026-11-01' }, '2026-11-28')).toThrow('--start 2026-11-02 is after --end 2026-11-01');
    expect(() => periodOf({ end: '2026-02-30' }, '2026-11-28')).toThrow('--end: "2026-02-30" is not a date (YYYY-MM-DD)');
  });

  it("a service's refusal of a request built from flags names the flags, not the API's fields", async () => {
    const refusal = new ApiError(400, 'validation_error', 'start_date 2027-01-01 is after the end of the range (2026-11-28)', [{ path: 'start_date', message: 'after 2026-11-28' }]);
    const said = await inFlagTerms(Promise.reject(refusal), { start_date: '--start', end_date: '--end' }).catch((error: unknown) => error as ApiError);
    expect(said).toBeInstanceOf(ApiError);
    expect(said.message).toBe('--start 2027-01-01 is after the end of the range (2026-11-28)');
    expect(said.details).toEqual([{ path: '--start', message: 'after 2026-11-28' }]);
    expect(said.status).toBe(400);
  });
});

describe('the period flags on the commands, against a store', () => {
  let market: MarketCli;
  beforeAll(async () => {
    market = await localMarket();
  });
  afterAll(async () => {
    await market?.close();
  });

  it('pricing history --start after today: our flags, never start_date, nothing sent', async () => {
    const r = await market.run(['pricing', 'history', MAPLE, '--start', '2099-01-01'], { now: '2026-11-12T15:00:00.000Z' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --start 2099-01-01 is after today \(2026-11-12\), where the period ends without --end$/m);
    expect(r.stderr).not.toContain('start_date');
  });

  it('vacancy trend --days, report --start/--end: taken as pricing history takes them', async () => {
    const trend = await market.run(['vacancy', 'trend', MAPLE, '--days', '10', '--json'], { now: '2026-11-12T15:00:00.000Z' });
    expect(trend.code, trend.stderr).toBe(0);
    // Surveys of 2026-10-26, 11-02 and 11-09: the last 10 days (from 11-03) hold one.
    expect((JSON.parse(trend.stdout) as { trends: Array<{ date: string }> }).trends.map((p) => p.date.slice(0, 10))).toEqual(['2026-11-09']);
    const out = `${market.root}/h.html`;
    const report = await market.run(['report', MAPLE, '--start', '2026-10-01', '--end', '2026-11-05', '--out', out], { now: '2026-11-12T15:00:00.000Z' });
    expect(report.code, report.stderr).toBe(0);
  });

  it('digest: --start (its --since), --days and --end; --end compares up to the survey on or before it', async () => {
    // Maple Court's surveys: 2026-10-26, 11-02, 11-09 (Pine Ridge's 11-03 and 11-10).
    const span = async (...args: string[]) => {
      const r = await market.run(['digest', '--communities', 'Maple Court', ...args, '--json'], { now: '2026-11-12T15:00:00.000Z' });
      expect(r.code, r.stderr).toBe(0);
      const { from, to } = JSON.parse(r.stdout) as { from: string; to: string };
      return [from, to];
    };
    expect(await span('--start', '2026-10-26', '--end', '2026-11-02')).toEqual(['2026-10-26', '2026-11-02']);
    expect(await span('--days', '8', '--end', '2026-11-09')).toEqual(['2026-11-02', '2026-11-09']);
    expect(await span('--start', '2026-11-02')).toEqual(['2026-11-02', '2026-11-09']);
    expect(await span('--since', '2026-11-02')).toEqual(['2026-11-02', '2026-11-09']);
    const both = await market.run(['digest', '--since', '2026-11-02', '--start', '2026-11-02']);
    expect(both.code).toBe(2);
  });

  it('"today" is the local date: in Los Angeles at 03:00 UTC on the 12th, it is still the 11th', async () => {
    const now = '2026-11-12T03:00:00.000Z';
    expect(localDate(new Date(now), 'America/Los_Angeles')).toBe('2026-11-11');
    expect(localDate(new Date(now), 'Asia/Tokyo')).toBe('2026-11-12');
    const range = async (TZ: string) => {
      const r = await market.run(['pricing', 'history', MAPLE, '--days', '1', '--json'], { now, env: { TZ } });
      expect(r.code, r.stderr).toBe(0);
      return (JSON.parse(r.stdout) as { date_range: { start: string; end: string } }).date_range;
    };
    expect(await range('America/Los_Angeles')).toEqual({ start: '2026-11-11', end: '2026-11-11' });
    expect(await range('Asia/Tokyo')).toEqual({ start: '2026-11-12', end: '2026-11-12' });
    // A bound too: --start on the 12th is after today in Los Angeles.
    const ahead = await market.run(['pricing', 'history', MAPLE, '--start', '2026-11-12'], { now, env: { TZ: 'America/Los_Angeles' } });
    expect(ahead.code).toBe(2);
    expect(ahead.stderr).toContain('is after today (2026-11-11)');
  });
});
