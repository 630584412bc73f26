import { describe, expect } from 'vitest';
import { addDays } from '../../../domain/dates.js';
import { allFormats, demoSubjects, expectOk, it, MISSING_ID, parseJson } from '../../../../test/helpers/run-cli.js';

interface Pricing {
  community: { id: string; name: string };
  date_range: { start: string; end: string };
  pricing: Array<{ as_of_date: string; floor_plan_id: string; market_rent_cents: number }>;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('pricing history', () => {
  it('in every format: the last 30 days by default, raw cents and ISO dates in csv', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const { json, csv } = await allFormats(cli, ['--local', 'pricing', 'history', subject.id], (b) => (b as Pricing).pricing);
    const body = json as Pricing;
    expect(body.date_range).toEqual({ start: addDays(today(), -29), end: today() });
    expect(body.pricing.length).toBeGreaterThan(0);
    for (const row of csv.rows) {
      expect(row.as_of_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.market_rent_cents).toMatch(/^\d+$/);
    }
  });

  it('--days, --start/--end, --latest, --floor-plan', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const history = async (...flags: string[]) =>
      parseJson<Pricing>(expectOk(await cli.run(['--local', 'pricing', 'history', subject.id, ...flags, '--json'])).stdout);
    const days = await history('--days', '60');
    expect(days.date_range).toEqual({ start: addDays(today(), -59), end: today() });
    expect(days.pricing.length).toBeGreaterThan(0);
    expect(days.pricing.every((p) => p.as_of_date >= days.date_range.start && p.as_of_date <= today())).toBe(true);
    expect((await history('--days', '365')).pricing.length).toBeGreaterThan(days.pricing.length);

    const range = await history('--start', addDays(today(), -45), '--end', addDays(today(), -20));
    expect(range.date_range).toEqual({ start: addDays(today(), -45), end: addDays(today(), -20) });
    expect(range.pricing.length).toBeGreaterThan(0);
    expect(range.pricing.every((p) => p.as_of_date >= range.date_range.start && p.as_of_date <= range.date_range.end)).toBe(true);

    const plans = (await history('--latest')).pricing.map((p) => p.floor_plan_id);
    expect(plans.length).toBeGreaterThan(0);
    expect(new Set(plans).size).toBe(plans.length);
    const onePlan = await history('--floor-plan', plans[0]!, '--days', '90');
    expect(onePlan.pricing.length).toBeGreaterThan(1);
    expect(onePlan.pricing.every((p) => p.floor_plan_id === plans[0])).toBe(true);
  });

  it('--chart draws a chart in table mode (asking or --ner); with another format it is a usage error', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const chart = expectOk(await cli.run(['--local', 'pricing', 'history', subject.id, '--days', '120', '--chart']));
    expect(chart.stdout).toContain(`${subject.name}: asking rent per floor plan`);
    expect(chart.stdout).toMatch(/┤/);
    expect(chart.stdout).toMatch(/└─+/);
    const ner = expectOk(await cli.run(['--local', 'pricing', 'history', subject.id, '--days', '120', '--chart', '--ner']));
    expect(ner.stdout).toContain('net effective');
    for (const args of [['--json'], ['--csv'], ['--format', 'ndjson']]) {
      const bad = await cli.run(['--local', 'pricing', 'history', subject.id, '--chart', ...args]);
      expect(bad).toMatchObject({ exitCode: 2, stdout: '' });
      expect(bad.stderr).toMatch(/--chart/);
    }
  });

  it('invalid dates and unknown fields are rejected before sending; an unknown id → 4', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const date = await cli.run(['--local', '--debug', 'pricing', 'history', subject.id, '--start', '2026-13-45']);
    expect(date.exitCode).toBe(2);
    expect(date.stderr).not.toMatch(/GET local:/);
    const fields = await cli.run(['--local', 'pricing', 'history', subject.id, '--csv', '--fields', 'bogus']);
    expect(fields).toMatchObject({ exitCode: 2, stdout: '' });
    expect((await cli.run(['--local', 'pricing', 'history', MISSING_ID])).exitCode).toBe(4);
  });
});
