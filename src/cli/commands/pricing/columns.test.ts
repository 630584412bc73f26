// How pricing tables show a concession the service could not value: "?" beside it,
// in the GAP and CONCESSIONS columns; CSV keeps the raw value (empty for null).
import { describe, expect, it } from 'vitest';
import { createTestIO } from '../../../output/io.js';
import { formatCsv } from '../../../output/csv.js';
import { renderList } from '../../../output/render.js';
import { pricingColumns, type PricingRecord } from './columns.js';

function record(overrides: Partial<PricingRecord>): PricingRecord {
  return {
    floor_plan_id: '00000000-0000-4000-8000-000000000001',
    floor_plan: { bedrooms: 1, bathrooms: 1, floor_plan_name: 'A1', square_feet: 700 },
    as_of_date: '2026-11-02',
    market_rent_cents: 200_000,
    net_effective_rent_cents: 200_000,
    market_rent_per_sqft_cents: 286,
    net_effective_rent_per_sqft_cents: 286,
    units_available: 0,
    concessions: '',
    ...overrides,
  };
}

const rows = [
  record({ concessions: 'Call for specials', concession_value_cents: null }),
  record({ concessions: '1 month free', net_effective_rent_cents: 183_333, concession_value_cents: 16_667 }),
  record({ concessions: 'waived application fee', concession_value_cents: 0 }),
  // A service without the extension field: the gap is asking − NER.
  record({ concessions: '$500 off', net_effective_rent_cents: 195_833 }),
];

describe('pricing columns', () => {
  it('mark a concession that could not be valued with "?" in a table', async () => {
    const io = createTestIO({ columns: 200 });
    await renderList(io, { format: 'table', rows, columns: pricingColumns, fields: ['concession_value_cents', 'concessions'] });
    const lines = io.out().trimEnd().split('\n').map((line) => line.trimEnd());
    expect(lines[0]).toMatch(/^\s*GAP\s+CONCESSIONS$/);
    expect(lines.slice(1).map((line) => line.trim().split(/\s{2,}/))).toEqual([
      ['?', '? Call for specials'],
      // One money format for the column: cents, since some gaps have them; a concession worth nothing is $0, known.
      ['-$166.67', '1 month free'],
      ['$0.00', 'waived application fee'],
      ['-$41.67', '$500 off'],
    ]);
  });

  it('keep the raw value in CSV: empty when not understood, 0 when none, asking − NER without the extension', async () => {
    const csv = await formatCsv(rows, pricingColumns.filter((c) => ['concession_value_cents', 'concessions'].includes(c.key)));
    expect(csv.trimEnd().split('\n')).toEqual([
      'concession_value_cents,concessions',
      ',Call for specials',
      '16667,1 month free',
      '0,waived application fee',
      '4167,$500 off',
    ]);
  });
});
