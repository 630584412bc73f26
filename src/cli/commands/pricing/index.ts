import { Option } from '@commander-js/extra-typings';
import { TARGET_BANDS } from '../../../domain/bands.js';
import { COMMUNITY_ARGUMENT, concurrencyOption, defineCommand, parseIntegerOption, stateNameOption, type HandlerImport } from '../../command.js';
import { daysOption, endOption, startOption } from '../../period.js';
import { suggest } from '../completion/values.js';
import { UsageError } from '../../errors.js';

/** Days of history read without --days or --start (the spec's default window). */
export const HISTORY_DAYS = 30;

export const history = defineCommand({
  name: 'history',
  description: 'Pricing history per floor plan (last 30 days unless a range is given)',
  flags: (c) =>
    c
      .argument('[community]', `${COMMUNITY_ARGUMENT}; also one of their comparables`)
      .addOption(daysOption(HISTORY_DAYS))
      .addOption(startOption())
      .addOption(endOption())
      .option('--floor-plan <plan>', 'only this floor plan: its name (A1, any case) or id')
      .option('--latest', 'only the most recent pricing of each floor plan')
      .option('--chart', 'draw the rent of each floor plan as a line chart')
      .option('--ner', 'chart net effective rent instead of asking rent'),
  output: { kind: 'rows', columns: async () => (await import('./columns.js')).pricingColumns },
  examples: [
    'rentsurvey pricing history "Barton Creek Terrace" --days 90 --chart',
    'rentsurvey pricing history DR-006 --floor-plan A1 --start 2026-01-01 --end 2026-03-31 --csv > q1.csv',
    'rentsurvey pricing history "Zilker Point" --latest --json   # a comparable, by name',
  ],
  handler: (): HandlerImport => import('./history.js'),
});

export const floorPlans = defineCommand({
  name: 'floor-plans',
  description: 'Floor plans of a community with their latest pricing',
  flags: (c) => c.argument('[community]', `${COMMUNITY_ARGUMENT}; also one of their comparables`),
  output: { kind: 'rows', columns: async () => (await import('../communities/show.js')).floorPlanColumns },
  examples: ['rentsurvey pricing floor-plans "Barton Creek Terrace"', 'rentsurvey pricing floor-plans "Zilker Point"   # a comparable'],
  handler: (): HandlerImport => import('./floor-plans.js'),
});

/** Histories requested at once from a service by default (--concurrency). */
export const EXPORT_CONCURRENCY = 8;

export const exportPricing = defineCommand({
  name: 'export',
  description: 'Write the pricing history of many communities to one CSV file (or workbook), atomically (for cron)',
  flags: (c) =>
    c
      .option('--communities <list>', 'comma-separated communities: names, external ids or ids (default: the whole portfolio)')
      .option('--include-comps', "each subject's rows followed by its active comparables', with subject_id, subject_name, role, distance_miles")
      .option('--include-inactive', 'with --include-comps: deactivated comparables too (their history is kept)')
      .addOption(daysOption(HISTORY_DAYS))
      .addOption(startOption())
      .addOption(endOption())
      .addOption(new Option('--since-last', 'only dates after the last successful export to the same file (state kept beside it)').conflicts(['start', 'days']))
      .addOption(stateNameOption())
      .addOption(concurrencyOption('requests in flight', EXPORT_CONCURRENCY)),
  output: { kind: 'file', formats: ['csv', 'xlsx'] },
  examples: [
    'rentsurvey pricing export --out pricing.csv',
    'rentsurvey pricing export --out ~/pricing.csv --since-last   # nightly cron: only what is new since the last run',
    'rentsurvey pricing export --communities DR-001,DR-006 --start 2026-01-01 --out q1.csv',
    'rentsurvey pricing export --include-comps --days 365 --out market.csv   # the whole market survey',
    'rentsurvey pricing export --include-comps --days 90 --format xlsx --out market.xlsx   # a workbook for Excel',
  ],
  notes: [
    '--out <file> (required) is the file, replaced atomically ("-" for stdout). --excel writes the CSV for Excel (byte-order ' +
      'mark, CRLF, dollars); --format xlsx a workbook (typed cells, header frozen and filtered).',
    'Rows are written as they arrive (by subject, then community, date and floor plan) to a temporary file that replaces --out only ' +
      'when the export is complete; a progress bar shows on a terminal. Exit status is non-zero when any community could not be ' +
      'exported, and on Ctrl-C or SIGTERM: the file is then left as it was.',
  ],
  handler: (): HandlerImport => import('./export.js'),
});

/** "13w" or "13": whole weeks from 1 to 52. */
function parseWeeksAhead(value: string): number {
  const match = /^\s*(\d+)\s*w?\s*$/i.exec(value);
  const weeks = match ? Number(match[1]) : Number.NaN;
  if (!(weeks >= 1 && weeks <= 52)) throw new UsageError(`--at: "${value}" is not a number of weeks from 1 to 52 (13w, or 13)`);
  return weeks;
}

export const target = defineCommand({
  name: 'target',
  description: 'Rent per floor plan that reaches a position against the comparables (PSI, percentile or CRI band)',
  flags: (c) =>
    c
      .argument('[community]', COMMUNITY_ARGUMENT)
      .option('--psi <fraction>', "PSI to reach: 0.02 = 2% above the comparables' average (2% also works)")
      .option('--percentile <q>', 'percentile rank to reach, above 0 and at most 100')
      .addOption(
        suggest(
          new Option('--band <band>', 'CRI band to be in, as near its middle as the comparables allow: aggressive (0–29, 15), market (30–59, 45) or premium (60–89, 75)'),
          TARGET_BANDS,
        ),
      )
      .addOption(new Option('--basis <basis>', 'rent to compare').choices(['ner', 'asking'] as const).default('ner'))
      .option('--floor-plan <plan>', 'only this floor plan: its name (B2, any case) or id')
      .option('--bedrooms <n>', 'only the plans with this many bedrooms (0 for studios)', parseIntegerOption('--bedrooms', 0, 20))
      .option('--per-sqft', "compare by size: each comparable's rent per square foot (same bedrooms) × the plan's square feet")
      .option('--at <weeks>', "aim at the market that many weeks after the latest survey, as rentsurvey forecast sees it (13w, or 13)", parseWeeksAhead),
  output: { kind: 'rows', columns: async () => (await import('./target.js')).columns },
  examples: [
    'rentsurvey pricing target "Barton Creek Terrace" --band market',
    'rentsurvey pricing target DR-006 --psi 0.02 --basis asking',
    'rentsurvey pricing target DR-006 --percentile 45 --bedrooms 2 --per-sqft   # B2 and B3: same bedrooms, different sizes',
    'rentsurvey pricing target DR-006 --percentile 60 --floor-plan A1 --json | jq .floor_plans',
    "rentsurvey pricing target DR-006 --band market --at 13w   # the market as forecast a quarter ahead",
  ],
  notes: [
    'Give exactly one of --psi, --percentile, --band. The comparables are those the overview uses (active ones, priced on or before ' +
      'the latest survey). Every target is a whole-dollar asking rent to list. On NER (the default) the target is the NER that rent ' +
      "nets under the plan's current concession, amortized as every NER is; LIST AT is that asking rent and VS ASKING its change. " +
      'A percentile target is the lowest rent whose percentile rank reaches it (ties count half); a band target a rent whose ' +
      "percentile is in the band, nearest its middle, or none where no rent can be (too few comparables). --per-sqft ranks and " +
      "averages what each comparable charges per square foot for the plan's bedroom count (its plans weighted by units), scaled to " +
      "the plan's size. With --at, each comparable's rent moves as its bedroom count's market average is forecast to move by then " +
      '(rentsurvey forecast). See docs/metrics.md.',
  ],
  handler: (): HandlerImport => import('./target.js'),
});

export const pricing = defineCommand({
  name: 'pricing',
  description: 'Pricing history, floor plans and CSV exports',
  subcommands: [history, floorPlans, exportPricing, target],
});
