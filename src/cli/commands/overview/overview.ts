import type { ReadOf } from '../../../api/endpoints.js';
import { bandOf } from '../../../domain/bands.js';
import { formatCount, formatCri, formatMoney, formatMoneyExact, formatPercentValue, formatSignedPercent, MISSING, planLabel } from '../../../domain/format.js';
import type { Column } from '../../../output/columns.js';
import { dollarsFromCents } from '../../../output/money.js';
import { escapeMarkdown } from '../../../output/markdown.js';
import { createStyle, stdoutStyle, type Style } from '../../../output/style.js';
import { countOf, sanitize } from '../../../output/text.js';
import { askingRent, bathrooms, date, money, netEffectiveRent, number, signedPercent, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import type { CommandContext } from '../../context.js';
import { listSheet, printLines, printList, printWorkbook } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { communityArgument } from '../../references.js';
import type { overview } from './index.js';
import { assertPlanView, runPositioning, wantsPositioning } from './positioning.js';

export type Overview = ReadOf<'getOverview'>;
type Row = Overview['floor_plans'][number];


// On a narrow terminal the plan, rents and PSIs stay; the plan's label already says BD/BA.
export const columns: Column<Row>[] = [
  text('floor_plan', planLabel, 'PLAN', 'key'),
  number('bedrooms', (r) => r.bedrooms, 'BD', 'low'),
  bathrooms('bathrooms', (r) => r.bathrooms, 'BA', 'low'),
  number('square_feet', (r) => r.square_feet, 'SQFT', 'low'),
  askingRent('base_subject_rent', (r) => r.base_rent.subject_rent, 'ASKING', 'high'),
  askingRent('base_avg_comp_rent', (r) => r.base_rent.avg_comp_rent, 'COMP AVG', 'high'),
  signedPercent('base_psi', (r) => r.base_rent.psi, 'ASKING PSI', 'key'),
  // Both percentiles, each named for its rent: the NER one is the one overview --all, pricing target and the digest read.
  number('base_percentile_rank', (r) => r.base_rent.percentile_rank, 'ASKING PCTL'),
  netEffectiveRent('ner_subject_rent', (r) => r.ner.subject_rent, 'NER', 'high'),
  netEffectiveRent('ner_avg_comp_rent', (r) => r.ner.avg_comp_rent, 'COMP NER'),
  signedPercent('ner_psi', (r) => r.ner.psi, 'NER PSI', 'key'),
  number('ner_percentile_rank', (r) => r.ner.percentile_rank, 'NER PCTL'),
  {
    key: 'market_range',
    header: 'MARKET RANGE',
    importance: 'low',
    // Both ends or nothing: the spec does not show these amounts, another service may leave them out.
    value: (r) => (hasRange(r) ? `${r.base_rent.market_low}-${r.base_rent.market_high}` : null),
    // Asking rents, whole dollars as every asking rent on a screen.
    display: (r) => (hasRange(r) ? `${formatMoney(r.base_rent.market_low)}–${formatMoney(r.base_rent.market_high)}` : MISSING),
    dollars: (r) => (hasRange(r) ? `${dollarsFromCents(r.base_rent.market_low)}-${dollarsFromCents(r.base_rent.market_high)}` : null),
  },
  number('comps_with_data', (r) => r.base_rent.comps_with_data, 'COMPS', 'low'),
  {
    key: 'comps_offering_concessions',
    header: 'CONCESSIONS',
    value: (r) => r.ner.comps_offering_concessions,
    display: (r) => `${r.ner.comps_offering_concessions} (${formatPercentValue(r.ner.pct_comps_offering_concessions, 0)})`,
    align: 'right',
  },
];

const hasRange = (r: Row): r is Row & { base_rent: { market_low: number; market_high: number } } =>
  typeof r.base_rent.market_low === 'number' && typeof r.base_rent.market_high === 'number';

/** "— survey of 2026-11-02"; null is our service's "no survey yet"; absent, a service that does not say. */
function surveyNote(asOf: string | null | undefined): string {
  if (asOf === undefined) return '';
  return asOf === null ? ' — no completed survey yet' : ` — survey of ${asOf}`;
}

/** The overall metrics as one row: the second sheet of `overview --format xlsx`. */
const overallColumns: Column<Overview>[] = [
  text('community', (o) => o.community.name),
  text('address', (o) => o.community.address),
  date('as_of_date', (o) => o.as_of_date),
  signedPercent('overall_psi_base', (o) => o.overall_metrics.overall_psi_base),
  signedPercent('overall_psi_ner', (o) => o.overall_metrics.overall_psi_ner),
  number('cri_base', (o) => o.overall_metrics.cri_base),
  text('cri_base_band', (o) => bandOf(o.overall_metrics.cri_base)),
  number('cri_ner', (o) => o.overall_metrics.cri_ner),
  text('cri_ner_band', (o) => bandOf(o.overall_metrics.cri_ner)),
  { ...number('pct_comps_offering_concessions', (o) => o.overall_metrics.market_concession_pressure.pct_comps_offering), kind: 'percent' },
  money('avg_concession_value_cents', (o) => o.overall_metrics.market_concession_pressure.avg_concession_value),
  number('total_comps', (o) => o.overall_metrics.market_concession_pressure.total_comps),
  number('comps_with_concessions', (o) => o.overall_metrics.market_concession_pressure.comps_with_concessions),
];

export const run: Handler<typeof overview> = async (ctx, opts, [refs]) => {
  if (wantsPositioning(opts, refs)) return runPositioning(ctx, opts, refs);
  // One community (or none, to pick on a terminal): its floor plans, as always.
  const [ref] = refs;
  assertPlanView(opts, ref);
  const id = await communityArgument(ctx, ref);
  const api = await ctx.api();
  const { data, raw } = await api.call('getOverview', { params: { id } });
  if (ctx.globals.format === 'xlsx') {
    // A workbook has room for both tables: one sheet each.
    const plans = await listSheet(ctx, { rows: data.floor_plans, columns, sheet: 'Floor plans' });
    await printWorkbook(ctx, [plans, await listSheet(ctx, { rows: [data], columns: overallColumns, asGiven: true, sheet: 'Overall' }, { fields: false })]);
    return;
  }
  // A table and Markdown (for an e-mail) say which community and survey, and the overall metrics.
  const md = ctx.globals.format === 'md';
  const human = ctx.globals.format === 'table' || md;
  await printWhole(ctx, async (out) => {
    if (human) {
      const [name, address] = [data.community.name, data.community.address].map((text) => (md ? escapeMarkdown(text) : sanitize(text)));
      printLines(out, `${md ? `### ${name}` : stdoutStyle(out.io).bold(name!)} — ${address}${surveyNote(data.as_of_date)}\n\n`);
    }
    await printList(out, {
      rows: data.floor_plans,
      columns,
      json: raw,
      emptyMessage: `${data.community.name} has no floor plans yet.`,
    });
    if (human) printSummary(out, data);
  });
};

/** "1 of 10 comps (10.0%), average $75.00/month off asking" (amortized, as a NER: cents); no average where there is none to take ("$0" would be a value). */
function concessionPressure(pressure: Overview['overall_metrics']['market_concession_pressure']): string {
  const { comps_with_concessions: offering, total_comps: total } = pressure;
  if (total === 0) return 'no comparable data';
  if (offering === 0) return `none of ${countOf(total, 'comp')}`;
  return `${formatCount(offering)} of ${countOf(total, 'comp')} (${formatPercentValue(pressure.pct_comps_offering)}), average ${formatMoneyExact(pressure.avg_concession_value)}/month off asking`;
}

/** The overall metrics, a label and its items per line: under the table, and in `report`. */
export function overallSummary(data: Overview, style: Style = createStyle(false)): [label: string, items: string[]][] {
  const { overall_metrics: m } = data;
  const cri = (value: number | null) => (value === null ? MISSING : `${formatCri(value)} ${style.bold(`(${bandOf(value)})`)}`);
  const pressure = m.market_concession_pressure;
  return [
    ['Overall PSI', [`asking ${formatSignedPercent(m.overall_psi_base)}`, `NER ${formatSignedPercent(m.overall_psi_ner)}`]],
    ['CRI', [`asking ${cri(m.cri_base)}`, `NER ${cri(m.cri_ner)}`]],
    ['Concessions', [concessionPressure(pressure)]],
  ];
}

/** The overall metrics under the table (table and md: other formats carry them in JSON); in Markdown, a list. */
function printSummary(ctx: CommandContext, data: Overview) {
  const md = ctx.globals.format === 'md';
  const lines = overallSummary(data, md ? createStyle(false) : stdoutStyle(ctx.io));
  // Each line a label and its items: set apart by spaces on a terminal, a list item in Markdown.
  const text = lines.map(([label, items]) => (md ? `- ${label}: ${items.join(', ')}` : `${label.padEnd(14)}${items.join('   ')}`));
  printLines(ctx, ['', ...text].join('\n'));
}
