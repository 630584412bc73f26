import { describe, expect } from 'vitest';
import { allFormats, demoSubjects, it, MISSING_ID } from '../../../../test/helpers/run-cli.js';

describe('pricing floor-plans', () => {
  it('in every format', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const { json, csv } = await allFormats(cli, ['--local', 'pricing', 'floor-plans', subject.id], (b) => (b as { floor_plans: unknown[] }).floor_plans);
    expect((json as { floor_plans: unknown[] }).floor_plans.length).toBeGreaterThan(0);
    expect(csv.header).toEqual(expect.arrayContaining(['floor_plan_name', 'market_rent_cents', 'id']));
  });

  it('an unknown id → 4', async ({ cli }) => {
    expect((await cli.run(['--local', 'pricing', 'floor-plans', MISSING_ID])).exitCode).toBe(4);
  });
});
