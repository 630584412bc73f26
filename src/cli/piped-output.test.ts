// What scripts see: the piped output (stdout not a terminal) of the main commands, pinned byte
// for byte in __snapshots__/piped/. Tables that fit, --sort, --limit, the pager and --dollars
// change what a terminal shows; without their flags, none of this may move. A fixed dataset
// (examples/market-changes.json) and a fixed clock keep it the same from day to day.
import { describe, expect, it } from 'vitest';
import { MAPLE, marketForTests, PINE } from '../../test/helpers/market-changes.js';

const market = marketForTests();

const NOW = '2026-11-12T15:00:00.000Z';

// Timestamps the store writes when the dataset is imported (created_at, updated_at) differ per run,
// and so do the ids of surveys (random v4 UUIDs, or time-ordered v7 ones from an import; the dataset's own ids and key-derived ones do not).
const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
const RANDOM_ID = /\b(?!5a1e0c1e-)[0-9a-f]{8}-[0-9a-f]{4}-[47][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/g;

function stable(text: string): string {
  const ids = new Map<string, string>();
  return text
    .replace(TIMESTAMP, '<timestamp>')
    .replace(RANDOM_ID, (id) => ids.get(id) ?? (ids.set(id, `<random-id-${ids.size + 1}>`), ids.get(id) as string));
}

const CASES: Record<string, string[]> = {
  'portfolio': ['portfolio'],
  'portfolio-pricing': ['portfolio', '--include-pricing'],
  'portfolio-pricing.csv': ['portfolio', '--include-pricing', '--csv'],
  'portfolio.ndjson': ['portfolio', '--ndjson'],
  'portfolio.json': ['portfolio', '--json'],
  'portfolio-fields': ['portfolio', '--fields', 'name,id,comp_count'],
  'communities-list': ['communities', 'list'],
  'communities-list.csv': ['communities', 'list', '--csv'],
  'communities-show': ['communities', 'show', MAPLE],
  'communities-show.csv': ['communities', 'show', MAPLE, '--csv'],
  'communities-batch': ['communities', 'batch', MAPLE, PINE, '--include-comps'],
  'comps-list': ['comps', 'list', MAPLE, '--include-pricing', '--include-inactive'],
  'comps-list.ndjson': ['comps', 'list', MAPLE, '--include-pricing', '--ndjson'],
  'pricing-history': ['pricing', 'history', MAPLE, '--start', '2026-10-20', '--end', '2026-11-12'],
  'pricing-history.csv': ['pricing', 'history', MAPLE, '--start', '2026-10-20', '--end', '2026-11-12', '--csv'],
  'pricing-history.ndjson': ['pricing', 'history', MAPLE, '--days', '30', '--ndjson'],
  'pricing-history-latest': ['pricing', 'history', MAPLE, '--latest'],
  'pricing-history-latest.md': ['pricing', 'history', MAPLE, '--latest', '--format', 'md'],
  'pricing-floor-plans': ['pricing', 'floor-plans', MAPLE],
  'pricing-floor-plans.csv': ['pricing', 'floor-plans', MAPLE, '--csv'],
  'pricing-target': ['pricing', 'target', MAPLE, '--band', 'market'],
  'pricing-target.csv': ['pricing', 'target', MAPLE, '--band', 'market', '--csv'],
  'pricing-export.csv': ['pricing', 'export', '--out', '-', '--start', '2026-10-20', '--end', '2026-11-12'],
  'overview': ['overview', MAPLE],
  'overview.csv': ['overview', MAPLE, '--csv'],
  'overview.ndjson': ['overview', MAPLE, '--ndjson'],
  'overview.md': ['overview', MAPLE, '--format', 'md'],
  'vacancy': ['vacancy', MAPLE],
  'vacancy-trend': ['vacancy', 'trend', MAPLE],
  'vacancy-trend.csv': ['vacancy', 'trend', MAPLE, '--csv'],
  'vacancy-trend-chart': ['vacancy', 'trend', MAPLE, '--chart'],
  'pricing-history-chart': ['pricing', 'history', MAPLE, '--days', '30', '--chart'],
  'digest': ['digest', '--since', '2026-11-02'],
  'digest.csv': ['digest', '--since', '2026-11-02', '--csv'],
  'digest.md': ['digest', '--since', '2026-11-02', '--format', 'md'],
};

describe('piped output is pinned', () => {
  for (const [name, args] of Object.entries(CASES))
    it(name, async () => {
      const r = await market().run(args, { now: NOW });
      const text = stable([`$ rentsurvey --local ${args.join(' ')}`, `exit ${r.code}`, '--- stdout', r.stdout, '--- stderr', r.stderr].join('\n'));
      await expect(text).toMatchFileSnapshot(`__snapshots__/piped/${name}.txt`);
    });
});

describe('piped output does not depend on the terminal width', () => {
  it.each([['overview', MAPLE], ['portfolio', '--include-pricing'], ['pricing', 'history', MAPLE, '--latest'], ['communities', 'list']])(
    '%s',
    async (...args) => {
      const narrow = await market().run(args, { now: NOW, env: { COLUMNS: '40' } });
      const wide = await market().run(args, { now: NOW, env: { COLUMNS: '250' } });
      expect(narrow.code).toBe(0);
      expect(narrow.stdout).toBe(wide.stdout);
      expect(narrow.stderr).toBe(wide.stderr);
    },
  );
});
