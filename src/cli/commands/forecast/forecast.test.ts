import { describe, expect } from 'vitest';
import { localMarket } from '../../../../test/helpers/market-changes.js';
import { POSITIONING_DATASET } from '../../../../test/helpers/positioning.js';
import { demoSubjects, expectOk, it, parseCsv, parseJson, remoteSandbox, startServer } from '../../../../test/helpers/run-cli.js';
import { displayWidth } from '../../../output/text.js';

interface Pair {
  actual: number;
  point: number;
  baseline_point: number;
  lower_80: number | null;
  upper_80: number | null;
  lower_95: number | null;
  upper_95: number | null;
}
interface ByHorizon {
  horizon_weeks: number;
  pairs: number;
  mae: number;
  mae_baseline: number;
  baseline: string;
  coverage_80: number | null;
  coverage_95: number | null;
  method: string;
  origins?: Pair[];
}
interface Series {
  kind: string;
  bedrooms: number | null;
  history_weeks: number;
  last_value: number;
  method: string;
  forecasts: Array<Record<'horizon_weeks' | 'point' | 'lower_80' | 'upper_80' | 'lower_95' | 'upper_95', number> & { date: string; method: string }>;
  backtest: { by_horizon: ByHorizon[] };
}
interface Answer {
  horizons: number[];
  communities: Array<{
    community: { id: string; name: string };
    series: Series[];
    holding_rents: Array<{ horizon_weeks: number; psi_ner: number | null; by_bedrooms: { bedrooms: number; psi_ner: number | null }[] }>;
  }>;
}

describe('forecast', () => {
  it('--json: the issue’s fields, rents in cents and vacancy in percent, per series and horizon', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const answer = parseJson<Answer>(expectOk(await cli.run(['--local', 'forecast', subject.id, '--json'])).stdout);
    expect(answer.horizons).toEqual([4, 13, 26]);
    const [community] = answer.communities;
    expect(community!.community.id).toBe(subject.id);
    const kinds = community!.series.map((s) => s.kind);
    expect(new Set(kinds)).toEqual(new Set(['market_asking', 'market_ner', 'vacancy']));
    expect(kinds.at(-1)).toBe('vacancy');
    for (const series of community!.series) {
      expect(Object.keys(series)).toEqual(expect.arrayContaining(['kind', 'bedrooms', 'history_weeks', 'last_value', 'method', 'forecasts', 'backtest']));
      expect(series.bedrooms === null).toBe(series.kind === 'vacancy');
      expect(series.history_weeks).toBeGreaterThanOrEqual(104);
      expect(series.forecasts.map((f) => f.horizon_weeks)).toEqual([4, 13, 26]);
      for (const f of series.forecasts) {
        expect(Object.keys(f).sort()).toEqual(['date', 'horizon_weeks', 'lower_80', 'lower_95', 'method', 'point', 'upper_80', 'upper_95']);
        expect(f.lower_95 <= f.lower_80 && f.lower_80 <= f.point && f.point <= f.upper_80 && f.upper_80 <= f.upper_95).toBe(true);
        if (series.kind === 'vacancy') {
          expect(f.lower_95).toBeGreaterThanOrEqual(0);
          expect(f.upper_95).toBeLessThanOrEqual(100);
        } else for (const v of [f.point, f.lower_80, f.upper_95]) expect(Number.isInteger(v)).toBe(true);
      }
      for (const b of series.backtest.by_horizon) {
        expect(Object.keys(b)).toEqual(expect.arrayContaining(['horizon_weeks', 'pairs', 'mae', 'mae_baseline', 'baseline', 'coverage_80', 'coverage_95']));
        expect(['naive', 'drift', 'seasonal_naive']).toContain(b.baseline);
        // A fitted model only where it beat the best baseline by the margin; else that baseline.
        if (!['naive', 'drift', 'seasonal_naive'].includes(b.method)) expect(b.mae).toBeLessThanOrEqual(0.9 * b.mae_baseline);
        else expect(b.method).toBe(b.baseline);
        expect(b.origins).toBeUndefined();
      }
    }
    // The rent series are the subject's bedroom counts; holding rents has a figure for each horizon.
    expect(community!.holding_rents.map((h) => h.horizon_weeks)).toEqual([4, 13, 26]);
  });

  it('--backtest --json: each horizon’s figures recompute from its own pairs', async ({ cli }) => {
    const [subject] = await demoSubjects(cli);
    const answer = parseJson<Answer>(expectOk(await cli.run(['--local', 'forecast', subject.id, '--backtest', '--horizons', '13', '--json'])).stdout);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const inside = (v: number, lo: number | null, hi: number | null) => lo !== null && hi !== null && v >= lo && v <= hi;
    for (const series of answer.communities[0]!.series) {
      const round = series.kind === 'vacancy' ? (v: number) => Math.round(v * 100) / 100 : Math.round;
      const [b] = series.backtest.by_horizon;
      expect(b!.horizon_weeks).toBe(13);
      const pairs = b!.origins!;
      expect(pairs).toHaveLength(b!.pairs);
      expect(b!.mae).toBe(round(mean(pairs.map((p) => Math.abs(p.actual - p.point)))));
      expect(b!.mae_baseline).toBe(round(mean(pairs.map((p) => Math.abs(p.actual - p.baseline_point)))));
      const banded = pairs.filter((p) => p.lower_80 !== null);
      expect(b!.coverage_80).toBe(Math.round((1000 * banded.filter((p) => inside(p.actual, p.lower_80, p.upper_80)).length) / banded.length) / 10);
      expect(b!.coverage_95).toBe(Math.round((1000 * banded.filter((p) => inside(p.actual, p.lower_95, p.upper_95)).length) / banded.length) / 10);
    }
  });

  it('a table at 80 columns, a row per series and horizon; --backtest its track record; --chart draws each series', async ({ cli }) => {
    const table = expectOk(await cli.run(['--local', 'forecast', 'DR-006'], { isTTY: true, columns: 80 }));
    for (const line of table.stdout.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(80);
    expect(table.stdout).toMatch(/SERIES/);
    expect(table.stdout).toMatch(/FORECAST/);
    // A row per series and horizon: each series three times (4, 13 and 26 weeks).
    expect(table.stdout.match(/│ NER 2 BR /g)).toHaveLength(3);
    expect(table.stdout.match(/│ vacancy /g)).toHaveLength(3);
    expect(table.stdout).toMatch(/NER PSI if rents are held: 4 weeks [+-]\d/);
    const backtest = expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--backtest'], { isTTY: true, columns: 100 }));
    expect(backtest.stdout).toMatch(/BASELINE MAE/);
    expect(backtest.stdout).toMatch(/COVER 80/);
    const chart = expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--horizons', '13', '--chart'], { isTTY: true, columns: 80 }));
    expect(chart.stdout).toMatch(/— vacancy: 13w \d+\.\d%/);
    expect(chart.stdout).toMatch(/80% low .* 80% high/);
  });

  it('--csv: one row per series and horizon with the forecast and its track record; --fields takes them', async ({ cli }) => {
    const csv = parseCsv(expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--csv'])).stdout);
    expect(csv.header).toEqual(expect.arrayContaining(['community', 'kind', 'bedrooms', 'horizon_weeks', 'point', 'lower_80', 'upper_95', 'method', 'held_psi_ner']));
    const json = parseJson<Answer>(expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--json'])).stdout);
    expect(csv.rows).toHaveLength(json.communities[0]!.series.reduce((n, s) => n + s.forecasts.length, 0));
    // --dollars: rents in dollars, vacancy still in percent.
    const dollars = parseCsv(expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--csv', '--dollars'])).stdout);
    dollars.rows.forEach((row, i) => {
      const cents = Number(csv.rows[i]!.point);
      expect(Number(row.point)).toBeCloseTo(row.kind === 'vacancy' ? cents : cents / 100, 2);
    });
    const fields = expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--csv', '--fields', 'kind,horizon_weeks,mae,coverage_80', '--backtest']));
    expect(fields.stdout.split('\n')[0]).toBe('kind,horizon_weeks,mae,coverage_80');
  });

  it('refuses bad flags before reading anything (exit 2, the flag named)', async ({ cli }) => {
    for (const [args, message] of [
      [['--horizons', '0'], /--horizons: "0"/],
      [['--horizons', '4,x'], /--horizons: "x"/],
      [['--chart', '--json'], /--chart/],
      [['--chart', '--backtest'], /--chart/],
    ] as const) {
      const result = await cli.run(['--local', 'forecast', 'DR-006', ...args]);
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect((await cli.run(['--local', 'forecast'])).exitCode).toBe(2);
  });

  it('overview --all: forecast_psi_ner_13w is the overall NER PSI in 13 weeks with rents held, as forecast says it', async ({ cli }) => {
    const overview = parseJson<{ communities: Array<{ community: { id: string }; forecast_psi_ner_13w: number | null }> }>(
      expectOk(await cli.run(['--local', 'overview', '--communities', 'DR-001,DR-006', '--json'])).stdout,
    );
    const forecast = parseJson<Answer>(expectOk(await cli.run(['--local', 'forecast', '--communities', 'DR-001,DR-006', '--horizons', '13', '--json'])).stdout);
    const held = new Map(forecast.communities.map((c) => [c.community.id, c.holding_rents[0]!.psi_ner]));
    expect(overview.communities).toHaveLength(2);
    for (const row of overview.communities) {
      expect(typeof row.forecast_psi_ner_13w).toBe('number');
      expect(row.forecast_psi_ner_13w).toBe(held.get(row.community.id));
    }
  });

  it('pricing target --at 13w: each comparable moved as its bedroom count’s market is forecast to move', async ({ cli }) => {
    type Target = {
      at: { horizon_weeks: number; date: string; market: { bedrooms: number; change: number; method: string }[] };
      floor_plans: { bedrooms: number; avg_comp_rent_cents: number | null }[];
    };
    const now = parseJson<Target>(expectOk(await cli.run(['--local', 'pricing', 'target', 'DR-006', '--band', 'market', '--json'])).stdout);
    const ahead = parseJson<Target>(expectOk(await cli.run(['--local', 'pricing', 'target', 'DR-006', '--band', 'market', '--at', '13w', '--json'])).stdout);
    const forecast = parseJson<Answer>(expectOk(await cli.run(['--local', 'forecast', 'DR-006', '--horizons', '13', '--json'])).stdout);
    expect(ahead.at.horizon_weeks).toBe(13);
    for (const series of forecast.communities[0]!.series.filter((s) => s.kind === 'market_ner')) {
      const [f] = series.forecasts;
      const market = ahead.at.market.find((m) => m.bedrooms === series.bedrooms)!;
      expect(market.change).toBe(Math.round((f!.point / series.last_value - 1) * 10_000) / 10_000);
      expect(market.method).toBe(f!.method);
      expect(ahead.at.date).toBe(f!.date);
    }
    ahead.floor_plans.forEach((plan, i) => {
      const change = ahead.at.market.find((m) => m.bedrooms === plan.bedrooms)!.change;
      expect(Math.abs(plan.avg_comp_rent_cents! - now.floor_plans[i]!.avg_comp_rent_cents! * (1 + change))).toBeLessThan(now.floor_plans[i]!.avg_comp_rent_cents! * 0.0001 + 1);
    });
    const bad = await cli.run(['--local', 'pricing', 'target', 'DR-006', '--band', 'market', '--at', '60w']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/--at: "60w"/);
  });

  it('against serve: the same answer as --local', async ({ cli }) => {
    const server = await startServer(cli.dataDir);
    try {
      const { sandbox } = await remoteSandbox(server);
      const args = ['forecast', '--communities', 'DR-001,DR-006', '--horizons', '4,13', '--json'];
      const remote = parseJson<Answer>(expectOk(await sandbox.run(args)).stdout);
      const local = parseJson<Answer>(expectOk(await cli.run(['--local', ...args])).stdout);
      expect(remote.communities.map((c) => c.series)).toEqual(local.communities.map((c) => c.series));
      expect(remote.communities).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe('forecast with too little history', () => {
  it('names each community and says why (exit 1)', async () => {
    const market = await localMarket(POSITIONING_DATASET);
    try {
      const result = await market.run(['forecast', '--all']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/3 of 3 communities could not be forecast/);
      expect(result.stderr).toMatch(/too little history: \d+ weeks? of surveys; a forecast 4 weeks ahead needs 39 weeks/);
    } finally {
      await market.close();
    }
  });
});
