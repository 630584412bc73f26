// `rentsurvey overview --all` (and several communities, --communities) on examples/positioning.json,
// imported with `local import` and served over HTTP. Every expected figure is worked out by hand:
//
// Harbor View (PT-001), survey of 2026-11-02, comparables Gull Point and Tern Flats:
//   A1 1/1 100 units  NER 170,000 vs Gull 150,000 · Tern 148,000 ("$1,440 off" 160,000) → avg 149,000, psi 0.140940, rank 100
//                     asking 170,000 vs 150,000 · 160,000 → avg 155,000, psi 0.096774, rank 100
//   B1 2/2  60 units  195,000 vs Gull 190,000 · Tern 200,000 → avg 195,000, psi 0, rank 50 (both bases)
//   B2 2/2  40 units  235,000 vs the same → psi 0.205128, rank 100
//   PSI NER (100·0.140940 + 40·0.205128) / 200 = 0.1115; asking (100·0.096774 + 40·0.205128) / 200 = 0.0894
//   CRI (100·100 + 60·50 + 40·100) / 200 = 85.0 on both → premium
//   gap NER 21,000·100 + 0 + 40,000·40 = 3,700,000; asking 15,000·100 + 0 + 1,600,000 = 3,100,000
//   vacancy 11-02: (10 + 4 + 2) / 200 = 8.0 %; comps Gull 2/140 = 1.43 %, Tern 3/150 = 2.0 % → 1.7 %
//   (the earlier survey of 10-26, 1.0 % with no comp observed, is not the latest point)
//   concessions: Tern of 2 → 50 %;  signal: 0.1115 ≥ 0.03 and 8.0 > 1.7 → lower
// Lakeside Commons (PT-002), survey of 2026-11-03, comparables Tern Flats and Reed Court:
//   A1 1/1  80 units  NER 150,000 vs Tern 148,000 · Reed 165,000 ("$600 off" 170,000) → avg 156,500, psi −0.041534, rank 50
//                     asking 150,000 vs 160,000 · 170,000 → avg 165,000, psi −0.090909, rank 0
//   B1 2/2 120 units  200,000 vs Tern 200,000 · Reed 215,000 → avg 207,500, psi −0.036145, rank 25 (both bases)
//   PSI NER (80·−0.041534 + 120·−0.036145) / 200 = −0.0383; asking (80·−0.090909 + 120·−0.036145) / 200 = −0.0581
//   CRI NER (80·50 + 120·25) / 200 = 35.0 → market; asking (0 + 120·25) / 200 = 15.0 → aggressive
//   gap NER −6,500·80 − 7,500·120 = −520,000 − 900,000 = −1,420,000; asking −15,000·80 − 900,000 = −2,100,000
//   vacancy (1 + 1) / 200 = 1.0 %; comps Tern 2.0 %, Reed 8/160 = 5.0 % → 3.5 %
//   concessions: both → 100 %;  signal: −0.0383 ≤ −0.03 and 1.0 ≤ 3.5 → raise
// Quarry Lofts (PT-003), survey of 2026-11-04: its studio has no comparable studio (Stone Yard has only
//   two-bedrooms): no PSI, CRI, band or gap; vacancy 1/50 = 2.0 % against Stone Yard's 5/100 = 5.0 %;
//   no concession → 0 %;  signal: no data.
// Totals on NER: premium 1, market 1, no data 1; lower 1, raise 1, no data 1; gap 3,700,000 − 1,420,000 = 2,280,000.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docExample, localMarket, servedMarket, type MarketCli } from '../../../../test/helpers/market-changes.js';
import { forwardingProxy } from '../../../../test/helpers/net.js';
import {
  HARBOR,
  HARBOR_ROW,
  LAKESIDE,
  LAKESIDE_ROW,
  POSITIONING_DATASET as DATASET,
  QUARRY,
  QUARRY_ROW,
} from '../../../../test/helpers/positioning.js';

interface Answer {
  basis: string;
  threshold: number;
  communities: Array<Record<string, unknown> & { community: { id: string; name: string } }>;
  totals: Record<string, unknown>;
}

let local: MarketCli;
beforeAll(async () => {
  local = await localMarket(DATASET);
});
afterAll(async () => {
  await local?.close();
});

async function ok(args: string[], cli: MarketCli = local) {
  const result = await cli.run(args);
  expect(result.code, result.stderr).toBe(0);
  return result;
}
const json = async (args: string[], cli: MarketCli = local) => JSON.parse((await ok([...args, '--json'], cli)).stdout) as Answer;
const names = (answer: Answer) => answer.communities.map((row) => row.community.name);

describe('overview --all: one row per community', () => {
  it('--json: every field hand-computed, most above market first, and the totals', async () => {
    expect(await json(['overview', '--all'])).toEqual({
      basis: 'ner',
      threshold: 0.03,
      communities: [HARBOR_ROW, LAKESIDE_ROW, QUARRY_ROW],
      totals: {
        communities: 3,
        bands: { aggressive: 0, market: 1, premium: 1, outlier: 0, 'no data': 1 },
        signals: { raise: 1, lower: 1, hold: 0, 'no data': 1 },
        gap_to_market_cents: 2_280_000,
      },
    });
  });

  it('--basis asking: band, gap and signal on asking rent', async () => {
    const answer = await json(['overview', '--all', '--basis', 'asking']);
    expect(answer.basis).toBe('asking');
    expect(answer.communities).toEqual([
      { ...HARBOR_ROW, gap_to_market_cents: 3_100_000, basis: 'asking' },
      // CRI 15.0 on asking rent: aggressive; −0.0581 ≤ −0.03 and 1.0 ≤ 3.5 → raise
      { ...LAKESIDE_ROW, band: 'aggressive', gap_to_market_cents: -2_100_000, basis: 'asking' },
      { ...QUARRY_ROW, basis: 'asking' },
    ]);
  });

  it('agrees with what `overview <community> --json` says of each', async () => {
    const rows = (await json(['overview', '--all'])).communities;
    for (const row of rows) {
      const one = JSON.parse((await ok(['overview', row.community.id, '--json'])).stdout) as {
        as_of_date: string;
        floor_plans: Array<{ unit_count: number; ner: { rent_variation: number | null; psi: number | null; comps_with_data: number } }>;
        overall_metrics: Record<string, number | null> & { market_concession_pressure: { pct_comps_offering: number } };
      };
      const m = one.overall_metrics;
      expect(row).toMatchObject({
        as_of_date: one.as_of_date,
        psi_asking: m.overall_psi_base,
        psi_ner: m.overall_psi_ner,
        cri_asking: m.cri_base,
        cri_ner: m.cri_ner,
        concession_pressure_pct: m.market_concession_pressure.pct_comps_offering,
        floor_plans_with_data: one.floor_plans.filter((p) => p.ner.psi !== null).length,
        comps_with_data: Math.max(...one.floor_plans.map((p) => p.ner.comps_with_data)),
      });
      const priced = one.floor_plans.filter((p) => p.ner.rent_variation !== null);
      expect(row.gap_to_market_cents).toBe(priced.length === 0 ? null : priced.reduce((sum, p) => sum + p.ner.rent_variation! * p.unit_count, 0));
    }
  });

  it('the table: the figures that answer the question, and a footer of bands, signals and the gap', async () => {
    const { stdout } = await ok(['overview', '--all']);
    const lines = stdout.split('\n');
    expect(lines[0]!.split(/\s{2,}/)).toEqual([
      'COMMUNITY', 'NER PSI', 'GAP/MONTH', 'VAC (COMPS)', 'SIGNAL', 'NER PSI 13W', 'NER CRI', 'BAND', 'CONCESSIONS', 'ASKING PSI', 'PLANS', 'COMPS', 'SURVEY', 'EXTERNAL ID',
    ]);
    expect(lines[1]!.split(/\s{2,}/)).toEqual(['Harbor View', '+11.2%', '+$37,000', '8.0% (1.7%)', 'lower', '—', '85.0', 'premium', '50.0%', '+8.9%', '3', '2', '2026-11-02', 'PT-001']);
    expect(lines[2]!.split(/\s{2,}/)).toEqual(['Lakeside Commons', '-3.8%', '-$14,200', '1.0% (3.5%)', 'raise', '—', '35.0', 'market', '100.0%', '-5.8%', '2', '2', '2026-11-03', 'PT-002']);
    expect(lines[3]!.split(/\s{2,}/)).toEqual(['Quarry Lofts', '—', '—', '2.0% (5.0%)', 'no data', '—', '—', '—', '0.0%', '—', '0', '0', '2026-11-04', 'PT-003']);
    expect(lines.slice(4)).toEqual([
      '',
      '3 communities on net effective rent; CRI bands: market 1, premium 1, no data 1.',
      'Signals (PSI threshold ±3.0%): raise 1, lower 1, no data 1.',
      'Gap to market: +$22,800 a month (Σ over plans with comp data of (rent − comp average) × units).',
      '',
    ]);
  });

  it('prints what the worked example of docs/metrics.md shows', async () => {
    const { args, output } = await docExample('positioning');
    expect((await ok(args)).stdout).toBe(output);
  });

  it('colors as the overview does: above market red, below green; lower red, raise green', async () => {
    const { stdout } = await local.run(['overview', '--all'], { stdoutTTY: true, color: true });
    const harbor = stdout.split('\n').find((line) => line.includes('Harbor View'))!;
    expect(harbor).toContain('\u001b[31m+11.2%\u001b[39m');
    expect(harbor).toContain('\u001b[31m+$37,000\u001b[39m');
    expect(harbor).toContain('\u001b[31mlower\u001b[39m');
    const lakeside = stdout.split('\n').find((line) => line.includes('Lakeside Commons'))!;
    expect(lakeside).toContain('\u001b[32m-3.8%\u001b[39m');
    expect(lakeside).toContain('\u001b[32mraise\u001b[39m');
  });

  it('csv flattens the community; ndjson keeps the rows of --json; md is the table with its footer', async () => {
    const csv = (await ok(['overview', '--all', '--csv'])).stdout.split('\n');
    expect(csv[0]).toBe(
      'community_id,community_name,external_community_id,as_of_date,floor_plans_with_data,comps_with_data,psi_asking,psi_ner,' +
        'cri_asking,cri_ner,band,gap_to_market_cents,vacancy_14d_pct,comp_vacancy_pct,concession_pressure_pct,signal,basis,forecast_psi_ner_13w',
    );
    // Two surveys are too little history to forecast: no 13-week PSI.
    expect(csv[1]).toBe(`${HARBOR.id},Harbor View,PT-001,2026-11-02,3,2,0.0894,0.1115,85,85,premium,3700000,8,1.7,50,lower,ner,`);
    expect(csv[3]).toBe(`${QUARRY.id},Quarry Lofts,PT-003,2026-11-04,0,0,,,,,,,2,5,0,no data,ner,`);
    const dollars = (await ok(['overview', '--all', '--csv', '--dollars', '--fields', 'community_name,gap_to_market_dollars'])).stdout;
    expect(dollars).toBe('community_name,gap_to_market_dollars\nHarbor View,37000.00\nLakeside Commons,-14200.00\nQuarry Lofts,\n');
    const ndjson = (await ok(['overview', '--all', '--ndjson'])).stdout.trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(ndjson).toEqual([HARBOR_ROW, LAKESIDE_ROW, QUARRY_ROW]);
    const md = (await ok(['overview', '--all', '--format', 'md'])).stdout;
    expect(md).toContain('| Harbor View      |  +11.2% |  +$37,000 | 8.0% (1.7%) | lower   |           — |    85.0 | premium |');
    expect(md).toContain('\n\nGap to market: +$22,800 a month');
  });

  it('--sort, --limit and --fields; --json takes --limit and --fields (--sort is for the other formats)', async () => {
    const ndjson = async (args: string[]) =>
      (await ok(['overview', '--all', '--ndjson', ...args])).stdout.trim().split('\n').map((line) => (JSON.parse(line) as { community: { name: string } }).community.name);
    expect(await ndjson(['--sort', 'community_name'])).toEqual(['Harbor View', 'Lakeside Commons', 'Quarry Lofts']);
    expect(await ndjson(['--sort', 'vacancy_14d_pct'])).toEqual(['Lakeside Commons', 'Quarry Lofts', 'Harbor View']);
    expect(await ndjson(['--sort', '-comp_vacancy_pct', '--limit', '1'])).toEqual(['Quarry Lofts']);
    // The table's VAC (COMPS) sorts by points above the comps': 8.0 − 1.7 = 6.3, 1.0 − 3.5 = −2.5, 2.0 − 5.0 = −3.0.
    expect(await ndjson(['--sort', '-vacancy_vs_comps_pts'])).toEqual(['Harbor View', 'Lakeside Commons', 'Quarry Lofts']);
    expect((await ok(['overview', '--all', '--csv', '--fields', 'vacancy_vs_comps_pts'])).stdout).toBe('vacancy_vs_comps_pts\n6.3\n-2.5\n-3\n');
    const cut = await json(['overview', '--all', '--limit', '1']);
    expect(names(cut)).toEqual(['Harbor View']);
    // The totals are of every community selected, not only the first shown.
    expect(cut.totals).toMatchObject({ communities: 3 });
    const picked = await json(['overview', '--all', '--fields', 'community,signal']);
    expect(picked.communities).toEqual([
      { community: HARBOR, signal: 'lower' },
      { community: LAKESIDE, signal: 'raise' },
      { community: QUARRY, signal: 'no data' },
    ]);
    const csv = await ok(['overview', '--all', '--csv', '--sort', 'gap_to_market_cents', '--fields', 'community_name,gap_to_market_cents']);
    // No gap sorts last whichever the direction.
    expect(csv.stdout).toBe('community_name,gap_to_market_cents\nLakeside Commons,-1420000\nHarbor View,3700000\nQuarry Lofts,\n');
    const table = await local.run(['overview', '--all', '--limit', '2']);
    expect(table.stdout.split('\n').filter((line) => / PT-00\d$/.test(line))).toHaveLength(2);
    expect(table.stderr).toContain('The first 2 of 3 rows (--limit)');
  });

  it('--band and --signal filter (several values comma-separated); the footer counts what is listed', async () => {
    expect(names(await json(['overview', '--all', '--band', 'premium']))).toEqual(['Harbor View']);
    expect(names(await json(['overview', '--all', '--band', 'market-aligned,premium']))).toEqual(['Harbor View', 'Lakeside Commons']);
    expect(names(await json(['overview', '--all', '--basis', 'asking', '--band', 'aggressive']))).toEqual(['Lakeside Commons']);
    expect(names(await json(['overview', '--all', '--signal', 'raise']))).toEqual(['Lakeside Commons']);
    expect(names(await json(['overview', '--all', '--signal', 'no-data']))).toEqual(['Quarry Lofts']);
    const both = await json(['overview', '--all', '--signal', 'lower,raise', '--band', 'premium']);
    expect(names(both)).toEqual(['Harbor View']);
    expect(both.totals).toEqual({
      communities: 1,
      bands: { aggressive: 0, market: 0, premium: 1, outlier: 0, 'no data': 0 },
      signals: { raise: 0, lower: 1, hold: 0, 'no data': 0 },
      gap_to_market_cents: 3_700_000,
    });
    const table = await ok(['overview', '--all', '--signal', 'raise']);
    expect(table.stdout).toContain('1 community on net effective rent; CRI bands: market 1.');
    expect(table.stdout).toContain('Gap to market: -$14,200 a month');
    const none = await ok(['overview', '--all', '--band', 'outlier']);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('None of the 3 communities matches --band outlier.\n');
  });

  it('--threshold moves the line between hold and the others', async () => {
    // Lakeside's −0.0383 is not ≤ −0.04; Harbor's 0.1115 is still ≥ 0.04.
    expect((await json(['overview', '--all', '--threshold', '0.04'])).communities.map((r) => r.signal)).toEqual(['lower', 'hold', 'no data']);
    const percent = await json(['overview', '--all', '--threshold', '12%']);
    expect(percent.threshold).toBe(0.12);
    expect(percent.communities.map((r) => r.signal)).toEqual(['hold', 'hold', 'no data']);
  });

  it('several communities as arguments, or --communities, by name, external id or id', async () => {
    expect(names(await json(['overview', 'quarry', 'PT-002']))).toEqual(['Lakeside Commons', 'Quarry Lofts']);
    expect(names(await json(['overview', '--communities', `Harbor View,${QUARRY.id}`]))).toEqual(['Harbor View', 'Quarry Lofts']);
    // One community with --communities is its positioning row; arguments and --communities add up.
    expect((await json(['overview', '--communities', 'PT-001'])).communities).toEqual([HARBOR_ROW]);
    expect(names(await json(['overview', 'harbor', '--communities', 'PT-001,lakeside']))).toEqual(['Harbor View', 'Lakeside Commons']);
  });

  it('a progress line on a terminal\'s stderr, cleared at the end; none when piped', async () => {
    const tty = await local.run(['overview', '--all', '--json'], { isTTY: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toContain('3/3 communities · 0 failed · done');
    expect(tty.stderr.endsWith('\r\u001b[2K')).toBe(true);
    expect((await ok(['overview', '--all', '--json'])).stderr).toBe('');
  });

  it('one community without --all keeps its per-floor-plan view', async () => {
    const { stdout } = await ok(['overview', 'Harbor View']);
    expect(stdout).toMatch(/^Harbor View — 200 Harbor Dr, Austin, TX 78701 — survey of 2026-11-02\n/);
    expect(stdout).toMatch(/^Overall PSI {3}asking \+8\.9% {3}NER \+11\.2%$/m);
  });
});

describe('overview --all refuses what it cannot answer, before any request (exit 2)', () => {
  const refused = async (args: string[], message: RegExp) => {
    const result = await local.run(args);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  };

  it('names the allowed bands and signals', async () => {
    await refused(['overview', '--all', '--band', 'cheap'], /--band: "cheap" is not one of aggressive, market, premium, outlier/);
    await refused(['overview', '--all', '--signal', 'buy'], /--signal: "buy" is not one of raise, lower, hold, no-data/);
    await refused(['overview', '--all', '--threshold', '1.5'], /--threshold: "1.5" is not a fraction from 0 to below 1/);
    await refused(['overview', '--all', '--basis', 'gross'], /argument 'gross' is invalid/);
    await refused(['overview', '--all', '--fields', 'rent'], /unknown field "rent"; available fields: community, community_id/);
    await refused(['overview', '--all', '--sort', 'rent'], /--sort: no column "rent"/);
  });

  it('--all with names, and positioning flags with one community\'s plans', async () => {
    await refused(['overview', '--all', 'PT-001'], /--all takes every community of the portfolio: name none, or leave out --all/);
    await refused(['overview', 'PT-001', '--signal', 'lower'], /--signal is for positioning rows[^\n]*\nhint: for its positioning row: rentsurvey overview --communities "PT-001"/);
  });
});

describe('overview --all against `serve`', () => {
  let served: Awaited<ReturnType<typeof servedMarket>>;
  beforeAll(async () => {
    served = await servedMarket(DATASET);
  });
  afterAll(async () => {
    await served?.close();
  });

  it('answers as the local store does', async () => {
    expect(await json(['overview', '--all'], served)).toEqual(await json(['overview', '--all']));
    expect(await json(['overview', '--all', '--basis', 'asking', '--concurrency', '1'], served)).toEqual(await json(['overview', '--all', '--basis', 'asking']));
  });

  it('a community whose overview fails is named with the reason; the others are printed; exit non-zero', async () => {
    const proxy = await failingProxy(served.service.origin, `/rentsurvey/communities/${LAKESIDE.id}/overview`);
    try {
      const result = await served.run(['overview', '--all', '--json'], { env: { RENTSURVEY_BASE_URL: proxy.url } });
      expect(result.code).toBe(1);
      expect(names(JSON.parse(result.stdout) as Answer)).toEqual(['Harbor View', 'Quarry Lofts']);
      // The one reporter of fan-outs (src/cli/concurrency.ts): the exact count, then each reason and the communities it took.
      expect(result.stderr).toMatch(/^error: 1 of 3 communities could not be read:\n {2}.*the database is down: Lakeside Commons$/m);
      expect(result.stderr).toMatch(/^error: the other communities are printed$/m);
      const table = await served.run(['overview', '--all'], { env: { RENTSURVEY_BASE_URL: proxy.url } });
      expect(table.code).toBe(1);
      expect(table.stdout).toContain('2 communities on net effective rent');
    } finally {
      await proxy.close();
    }
  });

  it('a community that does not exist: 404, named by its id, exit 4', async () => {
    const missing = '7e5a0000-0000-4000-8000-00000000dead';
    const result = await served.run(['overview', '--communities', `${missing},PT-001`, '--csv', '--fields', 'community_name,signal']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('community_name,signal\nHarbor View,lower\n');
    expect(result.stderr).toContain(`error: 1 of 2 communities could not be read:\n  community ${missing} not found: ${missing}\n`);
  });
});

/** A proxy in front of `origin` that answers `failPath` (under /v1) with a 500 of the service's error shape. */
function failingProxy(origin: string, failPath: string) {
  return forwardingProxy(origin, ({ request, response, forward }) => {
    if (request.url?.split('?')[0] !== `/v1${failPath}`) return forward();
    response.writeHead(500, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'internal_error', message: 'the database is down' } }));
  });
}
