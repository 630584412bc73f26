import { describe, expect, it } from 'vitest';
import { readerOf } from './compiled.js';
import { clientSchema } from './reading.js';
import { PricingResponse } from './schemas/pricing.js';

const record = (i: number) => ({
  as_of_date: '2026-11-02',
  market_rent_cents: 165_000 + i,
  net_effective_rent_cents: 160_000,
  market_rent_per_sqft_cents: 226,
  net_effective_rent_per_sqft_cents: 219,
  units_available: 2,
  concessions: i % 2 ? '4 weeks free' : '',
  concession_value_cents: i % 2 ? 5_000 : 0,
  floor_plan_id: '74cf333b-4d7a-4c6b-a598-ac9a9868ddac',
  floor_plan: { bedrooms: 1, bathrooms: 1, floor_plan_name: 'A1', square_feet: 730 },
});
const page = (records: unknown[]) => ({
  community: { id: '811fe0f1-ea1e-4507-afd6-f0e0395ae8d3', name: 'Maple Court' },
  pricing: records,
  date_range: { start: '2026-10-01', end: '2026-11-02' },
  total_records: records.length,
});

describe('readerOf: zod as it is the first time, its compiled form from the second reading on', () => {
  for (const [name, schema] of [
    ['the strict contract (answers in process, serve checking its own)', PricingResponse],
    ['the tolerant reading of another service', clientSchema(PricingResponse)],
  ] as const) {
    it(`${name}: the same values, and the same issues for a broken answer`, async () => {
      expect(await readerOf(schema)).toBe(schema);
      const compiled = await readerOf(schema);
      expect(compiled).not.toBe(schema);
      expect(await readerOf(schema)).toBe(compiled);

      const good = page(Array.from({ length: 50 }, (_, i) => record(i)));
      // A field the spec does not show: the tolerant reading keeps it, the contract drops it; either way, both forms alike.
      const extra = page([{ ...record(0), source: 'feed' }]);
      const broken = page([record(0), { ...record(1), units_available: -1 }, { ...record(2), as_of_date: '2026-13-40' }]);
      for (const answer of [good, extra, broken, { ...good, total_records: '50' }, null, []]) {
        const [slow, fast] = [schema.safeParse(answer, { reportInput: true }), compiled.safeParse(answer, { reportInput: true })];
        expect(fast.success).toBe(slow.success);
        if (slow.success) expect(fast.data).toEqual(slow.data);
        else expect(fast.error?.issues).toEqual(slow.error.issues);
      }
    });
  }
});
