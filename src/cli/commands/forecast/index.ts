import { Option } from '@commander-js/extra-typings';
import { COMMUNITY_ARGUMENT, concurrencyOption, defineCommand, splitList, type HandlerImport } from '../../command.js';
import { UsageError } from '../../errors.js';

/** Communities read at once from a service by default (--concurrency), as overview --all. */
export const FORECAST_CONCURRENCY = 8;
const MAX_HORIZON = 52;

/** "4,13,26" → [4, 13, 26]: whole weeks from 1 to 52, each once, in order. */
function parseHorizons(value: string): number[] {
  const parts = splitList(value);
  const weeks = parts.map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
  const bad = parts.find((_, i) => !Number.isInteger(weeks[i]) || weeks[i]! < 1 || weeks[i]! > MAX_HORIZON);
  if (parts.length === 0 || bad !== undefined)
    throw new UsageError(`--horizons: "${bad ?? value}" is not a number of weeks from 1 to ${MAX_HORIZON} (a comma-separated list: 4,13,26)`);
  return [...new Set(weeks)].sort((a, b) => a - b);
}

export const forecast = defineCommand({
  name: 'forecast',
  description: "Where a community's market rents and its vacancy are heading, with 80 % and 95 % intervals and the forecasts' track record",
  flags: (c) =>
    c
      .argument('[communities...]', COMMUNITY_ARGUMENT)
      .option('--all', 'every community of the portfolio')
      .option('--communities <list>', 'comma-separated communities (names, external ids or ids)')
      .addOption(new Option('--horizons <weeks>', 'weeks ahead, comma-separated (default 4,13,26)').argParser(parseHorizons))
      .option('--backtest', 'the track record: per series and horizon, the backtest MAE against the best baseline and the coverage of the intervals')
      .option('--chart', 'draw each series: its history, the forecast and its 80 % band')
      .addOption(concurrencyOption('requests in flight', FORECAST_CONCURRENCY, 32)),
  output: { kind: 'rows', columns: async () => (await import('./columns.js')).allColumns },
  examples: [
    'rentsurvey forecast "Barton Creek Terrace"',
    'rentsurvey forecast DR-006 --chart',
    'rentsurvey forecast DR-006 --backtest   # how well each method did on this very data',
    "rentsurvey forecast --all --horizons 13 --json | jq '.communities[].holding_rents[0].psi_ner'",
    'rentsurvey forecast --communities DR-001,DR-006 --csv > forecast.csv',
  ],
  notes: [
    "Series: the comparables' average asking rent and NER per bedroom count of the subject (the comps and averages of overview), " +
      "and the subject's 14-day vacancy. Each horizon's method is a fitted model (ETS, ETS on the seasonally adjusted series, or their " +
      'average) only where it beat the best baseline (naive, drift, seasonal naive) by 10 % in a rolling-origin backtest on the same ' +
      "history; else that baseline. Intervals come from the backtest's own errors. HELD PSI is the subject's NER PSI at that date if its " +
      'rents stay where they are. See docs/metrics.md, "Forecasts".',
  ],
  handler: (): HandlerImport => import('./forecast.js'),
});
