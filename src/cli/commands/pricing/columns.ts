import type { ReadOf } from '../../../api/endpoints.js';
import { formatMoney, formatMoneyExact, formatSignedMoney, MISSING, shownDifference } from '../../../domain/format.js';
import type { Column } from '../../../output/columns.js';
import { dollarsFromCents } from '../../../output/money.js';
import { askingRent, bathrooms, date, netEffectiveRent, number, perSqft, text, uuid } from '../../columns.js';
import type { CommandContext } from '../../context.js';

export type PricingRecord = ReadOf<'getPricingHistory'>['pricing'][number];
/** What the concession columns read; loose, as in a detail's floor plans, whose shape the spec does not show. */
interface PricingValues {
  market_rent_cents?: number | null;
  net_effective_rent_cents?: number | null;
  concessions?: string | null;
  concession_value_cents?: number | null;
}

/** Shown beside a concession whose text the service could not value. */
const NOT_UNDERSTOOD = '?';

/**
 * Monthly value of the concession: the service's extension field when it sends
 * one (null: not understood), else asking − NER, which any service's figures give
 * (undefined when it sent neither).
 */
function concessionValue(p: PricingValues): number | null | undefined {
  if (p.concession_value_cents !== undefined) return p.concession_value_cents;
  const { market_rent_cents: asking, net_effective_rent_cents: ner } = p;
  return typeof asking === 'number' && typeof ner === 'number' ? asking - ner : undefined;
}

const notUnderstood = (p: PricingValues | null | undefined) => p != null && concessionValue(p) === null;

/** The concession text; "?" before it when it could not be valued. */
export function concessionTextColumn<Row>(get: (row: Row) => PricingValues | null | undefined): Column<Row> {
  return {
    ...text<Row>('concessions', (row) => get(row)?.concessions, 'CONCESSIONS'),
    display: (row, style) => {
      const values = get(row);
      if (!values || typeof values.concessions !== 'string') return MISSING;
      // The spec's empty string is "none": known, not missing.
      if (values.concessions === '') return style.muted('none');
      return notUnderstood(values) ? `${style.warn(NOT_UNDERSTOOD)} ${values.concessions}` : values.concessions;
    },
  };
}

/** After a table: what "?" means, once, when a row carries it (stderr, so pipes stay data). */
export function explainNotUnderstood<Row>(ctx: CommandContext, rows: readonly Row[], get: (row: Row) => PricingValues | null | undefined) {
  if (ctx.globals.format === 'table' && rows.some((row) => notUnderstood(get(row))))
    ctx.log.info(`${NOT_UNDERSTOOD} concession text not understood: its value is unknown, and NER is shown at asking unless one was recorded.`);
}

/**
 * One pricing record per row; the same columns serve `pricing history` and `pricing export`.
 * On a narrow terminal (docs/tables.md): the date, the plan with BD/BA/SQFT, asking and NER
 * stay; then the gap, availability and the concession text that explains the gap; per
 * square foot last.
 */
export const pricingColumns: Column<PricingRecord>[] = [
  date('as_of_date', (r) => r.as_of_date, 'SURVEY', 'key'),
  text('floor_plan_name', (r) => r.floor_plan.floor_plan_name, 'PLAN', 'key'),
  number('bedrooms', (r) => r.floor_plan.bedrooms, 'BD', 'key'),
  bathrooms('bathrooms', (r) => r.floor_plan.bathrooms, 'BA', 'key'),
  number('square_feet', (r) => r.floor_plan.square_feet, 'SQFT', 'key'),
  askingRent('market_rent_cents', (r) => r.market_rent_cents, 'ASKING', 'key'),
  netEffectiveRent('net_effective_rent_cents', (r) => r.net_effective_rent_cents, 'NER', 'key'),
  {
    key: 'concession_value_cents',
    header: 'GAP',
    importance: 'high',
    value: concessionValue,
    dollars: (r) => dollarsFromCents(concessionValue(r)),
    // What the concession takes off asking, a monthly amount amortized like the NER (cents), and the
    // difference of the two rents as they read beside it (ASKING whole dollars, NER in cents):
    // "-$161.31"; no concession is $0.00, known.
    display: (r, style) => {
      const gap = concessionValue(r);
      if (gap === null) return style.warn(NOT_UNDERSTOOD);
      if (gap === undefined) return MISSING;
      const shown = shownDifference(r.net_effective_rent_cents, r.market_rent_cents, formatMoneyExact, formatMoney) ?? gap;
      return formatSignedMoney(-shown, formatMoneyExact);
    },
    align: 'right',
  },
  perSqft('market_rent_per_sqft_cents', (r) => r.market_rent_per_sqft_cents, 'ASK/SF', 'low'),
  perSqft('net_effective_rent_per_sqft_cents', (r) => r.net_effective_rent_per_sqft_cents, 'NER/SF', 'low'),
  number('units_available', (r) => r.units_available, 'AVAIL', 'high'),
  concessionTextColumn<PricingRecord>((r) => r),
  uuid('floor_plan_id', (r) => r.floor_plan_id, 'FLOOR PLAN ID'),
];
