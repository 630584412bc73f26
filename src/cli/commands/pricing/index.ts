import { Option } from '@commander-js/extra-typings';
import { TARGET_BANDS } from '../../../domain/target.js';
import { COMMUNITY_ARGUMENT, concurrencyOption, defineCommand, parseIntegerOption, type HandlerImport } from '../../command.js';
import { suggest } from '../completion/values.js';

export const history = defineCommand({
  name: 'history',
  description: 'Pricing history per floor plan (last 30 days unless a range is given)',
  flags: (c) =>
    c
      .argument('[community]', `${COMMUNITY_ARGUMENT}; also one of their comparables`)
      .option('--start <date>', 'first date, YYYY-MM-DD')
      .option('--end <date>', 'last date, YYYY-MM-DD (default today)')
      .addOption(
        new Option('--days <n>', 'last N days (ending --end when given, else today)').argParser(parseIntegerOption('--days', 1, 3660)).conflicts('start'),
      )
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
      .addOption(new Option('--days <n>', 'last N days (default 30), ending --end when given').argParser(parseIntegerOption('--days', 1, 3660)).conflicts('start'))
      .option('--start <date>', 'first date, YYYY-MM-DD')
      .option('--end <date>', 'last date, YYYY-MM-DD')
      .addOption(new Option('--since-last', 'only dates after the last successful export to the same file (state kept beside it)').conflicts(['start', 'days']))
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

export const target = defineCommand({
  name: 'target',
  description: 'Rent per floor plan that reaches a position against the comparables (PSI, percentile or CRI band)',
  flags: (c) =>
    c
      .argument('[community]', COMMUNITY_ARGUMENT)
      .option('--psi <fraction>', "PSI to reach: 0.02 = 2% above the comparables' average (2% also works)")
      .option('--percentile <q>', 'percentile rank to reach, above 0 and at most 100')
      .addOption(
        suggest(new Option('--band <band>', 'CRI band to sit in the middle of: aggressive (15), market (45) or premium (75)'), TARGET_BANDS),
      )
      .addOption(new Option('--basis <basis>', 'rent to compare').choices(['ner', 'asking'] as const).default('ner'))
      .option('--floor-plan <plan>', 'only this floor plan: its name (B2, any case) or id')
      .option('--bedrooms <n>', 'only the plans with this many bedrooms (0 for studios)', parseIntegerOption('--bedrooms', 0, 20))
      .option('--per-sqft', "compare by size: each comparable's rent per square foot (same bedrooms) × the plan's square feet"),
  output: { kind: 'rows', columns: async () => (await import('./target.js')).columns },
  examples: [
    'rentsurvey pricing target "Barton Creek Terrace" --band market',
    'rentsurvey pricing target DR-006 --psi 0.02 --basis asking',
    'rentsurvey pricing target DR-006 --band market --bedrooms 2 --per-sqft   # B2 and B3: same bedrooms, different sizes',
    'rentsurvey pricing target DR-006 --percentile 60 --floor-plan A1 --json | jq .floor_plans',
  ],
  notes: [
    'Give exactly one of --psi, --percentile, --band. The comparables are those the overview uses (active ones, priced on or before ' +
      'the latest survey). A percentile target is the lowest whole-dollar rent whose percentile rank reaches it (ties count half). ' +
      "--per-sqft ranks and averages what each comparable charges per square foot for the plan's bedroom count (its plans weighted " +
      "by units), scaled to the plan's size. On NER, targets assume each plan keeps its current concession. See docs/metrics.md.",
  ],
  handler: (): HandlerImport => import('./target.js'),
});

export const pricing = defineCommand({
  name: 'pricing',
  description: 'Pricing history, floor plans and CSV exports',
  subcommands: [history, floorPlans, exportPricing, target],
});
