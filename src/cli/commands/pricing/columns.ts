import type { ReadOf } from '../../../api/endpoints.js';
import { formatMoney } from '../../../domain/format.js';
import type { Column } from '../../../output/render.js';
import { money, number, perSqft, text } from '../../columns.js';

export type PricingRecord = ReadOf<'getPricingHistory'>['pricing'][number];

/** One pricing record per row; the same columns serve `pricing history` and `pricing export`. */
export const pricingColumns: Column<PricingRecord>[] = [
  text('as_of_date', (r) => r.as_of_date, 'DATE'),
  text('floor_plan_name', (r) => r.floor_plan.floor_plan_name, 'PLAN'),
  number('bedrooms', (r) => r.floor_plan.bedrooms, 'BD'),
  number('bathrooms', (r) => r.floor_plan.bathrooms, 'BA'),
  number('square_feet', (r) => r.floor_plan.square_feet, 'SQFT'),
  money('market_rent_cents', (r) => r.market_rent_cents, 'ASKING'),
  money('net_effective_rent_cents', (r) => r.net_effective_rent_cents, 'NER'),
  {
    key: 'concession_value_cents',
    header: 'GAP',
    value: (r) => r.market_rent_cents - r.net_effective_rent_cents,
    display: (r, style) => {
      const gap = r.market_rent_cents - r.net_effective_rent_cents;
      return gap === 0 ? style.muted('—') : `-${formatMoney(gap)}`;
    },
    align: 'right',
  },
  perSqft('market_rent_per_sqft_cents', (r) => r.market_rent_per_sqft_cents, 'ASK/SF'),
  perSqft('net_effective_rent_per_sqft_cents', (r) => r.net_effective_rent_per_sqft_cents, 'NER/SF'),
  number('units_available', (r) => r.units_available, 'AVAIL'),
  text('concessions', (r) => r.concessions, 'CONCESSIONS'),
  { ...text('floor_plan_id', (r) => r.floor_plan_id, 'FLOOR PLAN ID'), truncate: false },
];
