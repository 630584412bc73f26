// `rentsurvey pricing target` on examples/market-changes.json, imported with `local import`
// and served over HTTP. Every expected number is worked out by hand below.
//
// Maple Court's latest survey is 2026-11-09. Its active comparables then: Oak Flats, Birch
// Commons, Cedar Row and Elm Terrace (Dogwood Place is deactivated and must not count: its
// $1,500 one-bedroom would pull every A1 figure down).
//
// A1 (1 bd / 1 ba, 120 units): asking $1,800, NER $1,700 ("$1,200 off"). Matched comp plans
// (the 1 / 1 of each; Cedar's 1 / 1.5 is left out by the bathroom tie-break):
//   asking  Oak 175,000  Birch 190,000  Cedar 180,000  Elm 180,000   avg 725,000 / 4 = 181,250
//   NER     Oak 175,000  Birch 168,077  Cedar 171,667  Elm 165,000   avg 679,744 / 4 = 169,936
//           (Elm's NER is recorded for its tiered "1 month free on 12 month lease, 2 months
//            free on 18 month lease": the 12-month tier, 180,000 · 11/12)
// B2 (2 bd / 2 ba, 80 units): asking = NER = $2,300. Oak has no 2-bath plan, so its two
// two-bedrooms count averaged: (217,000 + 225,000) / 2 = 221,000 (NER the same); Cedar has none.
//   asking  Oak 221,000  Birch 240,000  Elm 230,000   avg 691,000 / 3 = 230,333.33
//   NER     Oak 221,000  Birch 212,308  Elm 210,833   avg 644,141 / 3 = 214,713.67
// C3 (3 bd / 2 ba, 40 units): no comparable has three bedrooms: no target.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docExample, localMarket, MAPLE, servedMarket, type MarketCli } from '../../../../test/helpers/market-changes.js';
import { expectOk, it as demoIt } from '../../../../test/helpers/run-cli.js';

let local: MarketCli;

beforeAll(async () => {
  local = await localMarket();
});
afterAll(async () => {
  await local?.close();
});

interface Answer {
  community: { id: string; name: string };
  basis: string;
  per_sqft: boolean;
  target: Record<string, unknown>;
  floor_plans: Array<Record<string, unknown>>;
}

async function target(args: string[], cli: MarketCli = local, community = MAPLE): Promise<Answer> {
  const result = await cli.run(['pricing', 'target', community, ...args, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Answer;
}

const plan = (name: string, bedrooms: number, bathrooms: number, square_feet: number) => ({ floor_plan_name: name, bedrooms, bathrooms, square_feet });
const A1 = plan('A1', 1, 1, 750);
const B2 = plan('B2', 2, 2, 1050);
const C3_WITHOUT_COMPS = {
  ...plan('C3', 3, 2, 1300),
  comps_with_data: 0,
  current_rent_cents: 262_500,
  avg_comp_rent_cents: null,
  target_rent_cents: null,
  change_cents: null,
  psi_current: null,
  psi_target: null,
  percentile_current: null,
  percentile_target: null,
  current_asking_rent_cents: 262_500,
  target_asking_rent_cents: null,
  asking_change_cents: null,
  target_ner_cents: null,
  concessions: '',
  notes: ['no comparable data'],
};

// Positions now, on NER: A1 170,000 has 2 of 4 below → 50; psi 170,000 / 169,936 − 1 = 0.000377.
// B2 230,000 is above all 3 → 100; psi 230,000 / 214,713.67 − 1 = 0.071195.
const A1_NER_NOW = {
  comps_with_data: 4,
  current_rent_cents: 170_000,
  avg_comp_rent_cents: 169_936,
  psi_current: 0.0004,
  percentile_current: 50,
  current_asking_rent_cents: 180_000,
  concessions: '$1,200 off',
};
const B2_NER_NOW = {
  comps_with_data: 3,
  current_rent_cents: 230_000,
  avg_comp_rent_cents: 214_714,
  psi_current: 0.0712,
  percentile_current: 100,
  current_asking_rent_cents: 230_000,
  concessions: '',
};
/**
 * A target on NER and the asking rent that nets it: A1 keeps "$1,200 off" (a one-time $1,200 over a
 * 12-month lease, $100 a month: NER = asking − 10,000), B2 has no concession (NER = asking).
 */
const onNer = (ner: number, asking: number, currentNer: number, currentAsking: number, notes: string[] = []) => ({
  target_rent_cents: ner,
  change_cents: ner - currentNer,
  target_asking_rent_cents: asking,
  asking_change_cents: asking - currentAsking,
  target_ner_cents: ner,
  notes,
});

describe('pricing target --band, on NER (the default basis)', () => {
  // NER ranks on whole dollars (A1's NER moves with its asking rent dollar for dollar). A1 comps
  // 165,000 · 168,077 · 171,667 · 175,000: below $1,650 → 0, $1,650 → 12.5, $1,651 → 25, $1,681
  // (first dollar above 1,680.77) → 50, $1,717 → 75, $1,750 → 87.5, $1,751 → 100.
  // B2 comps 210,833 · 212,308 · 221,000: $2,108 → 0, $2,109 → 33.3, $2,124 → 66.7,
  // $2,210 → 100·(2 + 0.5)/3 = 83.3, $2,211 → 100.
  it('aggressive (0–29): the rank nearest 15 — A1 meets the lowest comp (12.5), B2 can only be below all (0)', async () => {
    const answer = await target(['--band', 'aggressive']);
    expect(answer).toEqual({
      community: { id: MAPLE, name: 'Maple Court' },
      basis: 'ner',
      target: { band: 'aggressive' },
      per_sqft: false,
      floor_plans: [
        // NER 165,000 = Elm's: 100·0.5/4 = 12.5; listed at 175,000; psi 165,000 / 169,936 − 1 = −0.029046
        { ...A1, ...A1_NER_NOW, ...onNer(165_000, 175_000, 170_000, 180_000), psi_target: -0.029, percentile_target: 13 },
        // 33.3 is market: the highest dollar below every comp, 210,800; psi 210,800 / 214,713.67 − 1 = −0.018228
        { ...B2, ...B2_NER_NOW, ...onNer(210_800, 210_800, 230_000, 230_000), psi_target: -0.0182, percentile_target: 0 },
        C3_WITHOUT_COMPS,
      ],
    });
  });

  it('market (30–59): B2 goes to 33, never to 67 (premium); A1, at 50 already, keeps its rent', async () => {
    const answer = await target(['--band', 'market']);
    expect(answer.target).toEqual({ band: 'market' });
    expect(answer.floor_plans).toEqual([
      // 50 is A1's only rank in the band, and its own: no move, not down to the band's lowest rent ($1,681).
      {
        ...A1,
        ...A1_NER_NOW,
        ...onNer(170_000, 180_000, 170_000, 180_000, ["already at percentile 50, the nearest the market band's middle it can be: keeps its rent"]),
        psi_target: 0.0004,
        percentile_target: 50,
      },
      // 210,900 ranks 33.3; psi 210,900 / 214,713.67 − 1 = −0.017762
      { ...B2, ...B2_NER_NOW, ...onNer(210_900, 210_900, 230_000, 230_000), psi_target: -0.0178, percentile_target: 33 },
      C3_WITHOUT_COMPS,
    ]);
  });

  it('premium (60–89): A1 meets 75 exactly; B2, between 66.7 and 83.3 equally far from 75, takes the one nearer its own 100', async () => {
    const answer = await target(['--band', 'premium']);
    expect(answer.floor_plans).toEqual([
      // 171,700: 3 of 4 below = 75, listed at 181,700; psi 171,700 / 169,936 − 1 = 0.010380
      { ...A1, ...A1_NER_NOW, ...onNer(171_700, 181_700, 170_000, 180_000), psi_target: 0.0104, percentile_target: 75 },
      // 221,000 ties Oak: 100·(2 + 0.5)/3 = 83.3; psi 221,000 / 214,713.67 − 1 = 0.029278
      { ...B2, ...B2_NER_NOW, ...onNer(221_000, 221_000, 230_000, 230_000), psi_target: 0.0293, percentile_target: 83 },
      C3_WITHOUT_COMPS,
    ]);
  });

  it('the table: NER now and at target with cents, the asking rent to list and its change, revenue on NER, the notes and the concession', async () => {
    const result = await local.run(['pricing', 'target', MAPLE, '--band', 'market']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Maple Court: target market band (percentile 30–59, nearest 45) on net effective rent');
    expect(result.stdout).toContain('Survey of 2026-11-09 against 4 active comparables; PSI and percentile (PCTL) now → at target.');
    const cells = (name: string) => result.stdout.split('\n').find((line) => line.startsWith(name))?.split(/\s{2,}/);
    expect(cells('PLAN')).toEqual(['PLAN', 'NOW', 'TARGET', 'CHANGE', 'LIST AT', 'VS ASKING', 'PSI', 'PCTL', 'COMP AVG', 'COMPS', 'UNITS']);
    expect(cells('A1 1 BR/1 BA')).toEqual(['A1 1 BR/1 BA', '$1,700.00', '$1,700.00', '$0.00', '$1,800', '$0', '0.0% → 0.0%', '50 → 50', '$1,699.36', '4', '120']);
    expect(cells('B2 2 BR/2 BA')).toEqual(['B2 2 BR/2 BA', '$2,300.00', '$2,109.00', '-$191.00', '$2,109', '-$191', '+7.1% → -1.8%', '100 → 33', '$2,147.14', '3', '80']);
    // 120 · 0 + 80 · −19,100 = −1,528,000 cents
    expect(result.stdout).toContain('Revenue: -$15,280 a month in net effective rent if every plan moves to its target (units × NER change over 2 plans).');
    expect(result.stdout).toContain('Not moved: C3 3 BR/2 BA (no comparable data).');
    expect(result.stdout).toContain("A1 1 BR/1 BA: already at percentile 50, the nearest the market band's middle it can be: keeps its rent.");
    expect(result.stdout).toContain(
      'On NER, each target keeps the plan\'s current concession, and LIST AT is the asking rent that nets the target under it: A1 "$1,200 off"; B2, C3 none.',
    );
  });

  it('prints what the worked example of docs/metrics.md shows', async () => {
    const { args, output } = await docExample('target-market');
    expect((await local.run(args)).stdout).toBe(output);
  });

  it('prints what the README\'s walkthrough shows: the asking rent to list', async () => {
    const { args, output } = await docExample('readme-target', 'README.md');
    expect((await local.run(args)).stdout).toBe(output);
  });

  it('colors the change and PSI as the overview colors PSI: up or above the market red, down or below green', async () => {
    const result = await local.run(['pricing', 'target', MAPLE, '--band', 'premium'], { stdoutTTY: true, color: true });
    expect(result.stdout).toContain('\u001b[31m+$17.00\u001b[39m');
    expect(result.stdout).toContain('\u001b[32m-$90.00\u001b[39m');
    expect(result.stdout).toContain('\u001b[31m+7.1%\u001b[39m → \u001b[31m+2.9%\u001b[39m');
    const overview = await local.run(['overview', MAPLE], { stdoutTTY: true, color: true });
    // B2 at +7.1 % above its comps' NER: the same red in the overview.
    expect(overview.stdout).toContain('\u001b[31m+7.1%\u001b[39m');
  });
});

describe('pricing target --psi and --percentile, on asking rent', () => {
  it('--psi 0.02: the whole dollar nearest the comp average × 1.02, and the NER it leaves', async () => {
    const answer = await target(['--psi', '0.02', '--basis', 'asking']);
    expect(answer.basis).toBe('asking');
    expect(answer.target).toEqual({ psi: 0.02 });
    expect(answer.floor_plans).toEqual([
      // 181,250 · 1.02 = 184,875 → $1,849: 3 of 4 below → 75; psi 184,900 / 181,250 − 1 = 0.020138. Now: 180,000
      // ties Cedar and Elm, 1 below → 50; psi 180,000 / 181,250 − 1 = −0.006897. Under "$1,200 off" it nets 174,900.
      {
        ...A1, comps_with_data: 4, current_rent_cents: 180_000, avg_comp_rent_cents: 181_250, target_rent_cents: 184_900,
        change_cents: 4_900, psi_current: -0.0069, psi_target: 0.0201, percentile_current: 50, percentile_target: 75,
        current_asking_rent_cents: 180_000, target_asking_rent_cents: 184_900, asking_change_cents: 4_900, target_ner_cents: 174_900,
        concessions: '$1,200 off', notes: [],
      },
      // 230,333.33 · 1.02 = 234,940 → $2,349: 2 of 3 below → 66.7; psi 234,900 / 230,333.33 − 1 = 0.019826.
      // Now: 230,000 ties Elm, Oak below → 100·1.5/3 = 50; psi 230,000 / 230,333.33 − 1 = −0.001447
      {
        ...B2, comps_with_data: 3, current_rent_cents: 230_000, avg_comp_rent_cents: 230_333, target_rent_cents: 234_900,
        change_cents: 4_900, psi_current: -0.0014, psi_target: 0.0198, percentile_current: 50, percentile_target: 67,
        current_asking_rent_cents: 230_000, target_asking_rent_cents: 234_900, asking_change_cents: 4_900, target_ner_cents: 234_900,
        concessions: '', notes: [],
      },
      { ...C3_WITHOUT_COMPS, notes: ['no comparable data'] },
    ]);
    // 120 · 4,900 + 80 · 4,900 = 980,000 cents
    const table = await local.run(['pricing', 'target', MAPLE, '--psi', '2%', '--basis', 'asking']);
    expect(table.stdout).toContain('target PSI +2.00% on asking rent');
    expect(table.stdout).toContain('Revenue: +$9,800 a month in asking rent if every plan moves to its target (units × asking change over 2 plans).');
    const cells = (name: string) => table.stdout.split('\n').find((line) => line.startsWith(name))?.split(/\s{2,}/);
    expect(cells('PLAN')).toEqual(['PLAN', 'NOW', 'TARGET', 'CHANGE', 'TARGET NER', 'PSI', 'PCTL', 'COMP AVG', 'COMPS', 'UNITS']);
    // Asking rents whole dollars (the comp average too); the NER the target leaves keeps its cents.
    expect(cells('A1 1 BR/1 BA')).toEqual(['A1 1 BR/1 BA', '$1,800', '$1,849', '+$49', '$1,749.00', '-0.7% → +2.0%', '50 → 75', '$1,813', '4', '120']);
    expect(table.stdout).toContain('TARGET NER is what each target nets under the plan\'s current concession: A1 "$1,200 off"; B2, C3 none.');
  });

  it('--psi and --percentile targets are whole dollars alike, and so is the revenue line', async () => {
    for (const flags of [['--psi', '0.05'], ['--psi', '-0.031'], ['--percentile', '60']]) {
      const answer = await target([...flags, '--basis', 'asking']);
      for (const p of answer.floor_plans) if (p.target_rent_cents !== null) expect(Number(p.target_rent_cents) % 100, JSON.stringify(flags)).toBe(0);
      const table = await local.run(['pricing', 'target', MAPLE, ...flags, '--basis', 'asking']);
      expect(table.stdout).toMatch(/Revenue: [+-]\$[\d,]+ a month in asking rent/);
    }
  });

  it('csv: the JSON fields as columns; --fields picks among them and the table\'s', async () => {
    const csv = await local.run(['pricing', 'target', MAPLE, '--band', 'market', '--csv']);
    expect(csv.stdout.split('\n')[0]).toBe(
      'floor_plan_name,bedrooms,bathrooms,square_feet,comps_with_data,current_rent_cents,avg_comp_rent_cents,target_rent_cents,' +
        'change_cents,psi_current,psi_target,percentile_current,percentile_target,current_asking_rent_cents,target_asking_rent_cents,' +
        'asking_change_cents,target_ner_cents,concessions,notes',
    );
    const picked = await local.run(['pricing', 'target', MAPLE, '--band', 'market', '--csv', '--fields', 'floor_plan_name,target_rent_cents,target_asking_rent_cents,unit_count']);
    expect(picked.stdout).toBe('floor_plan_name,target_rent_cents,target_asking_rent_cents,unit_count\nA1,170000,180000,120\nB2,210900,210900,80\nC3,,,40\n');
    const unknown = await local.run(['pricing', 'target', MAPLE, '--band', 'market', '--csv', '--fields', 'rent']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown field "rent"; available fields: plan, current, target/);
  });

  it('--psi takes a negative fraction', async () => {
    // 181,250 · 0.97 = 175,812.50 → $1,758 (175,800 is 12.50 away, 175,900 is 87.50); psi 175,800 / 181,250 − 1 = −0.030069
    const answer = await target(['--psi', '-0.03', '--basis', 'asking']);
    expect(answer.floor_plans[0]).toMatchObject({ target_rent_cents: 175_800, psi_target: -0.0301 });
  });

  it('--percentile 50 meets a tie: equal to the tied comps counts half each', async () => {
    // A1 comps 175,000 · 180,000 · 180,000 · 190,000: $1,751 ranks 25, $1,800 ranks 100·(1 + 0.5·2)/4 = 50.
    // B2 comps 221,000 · 230,000 · 240,000: $2,211 ranks 33.3, $2,300 ranks 100·(1 + 0.5)/3 = 50.
    const at50 = await target(['--percentile', '50', '--basis', 'asking']);
    expect(at50.target).toEqual({ percentile: 50 });
    expect(at50.floor_plans.map((p) => [p.target_rent_cents, p.change_cents, p.percentile_target, p.notes])).toEqual([
      [180_000, 0, 50, []],
      [230_000, 0, 50, []],
      [null, null, null, ['no comparable data']],
    ]);
    // Just above 50: one dollar over the ties, which clears them (3 of 4 below → 75; 2 of 3 → 66.7), said as not met exactly.
    const above = await target(['--percentile', '50.5', '--basis', 'asking']);
    expect(above.floor_plans.map((p) => [p.target_rent_cents, p.percentile_target])).toEqual([
      [180_100, 75],
      [230_100, 67],
      [null, null],
    ]);
    expect(above.floor_plans[1]!.notes).toEqual([
      'percentile 50.5 cannot be met exactly with 3 comparables (its percentile can be 0, 17, 33, 50, 67, 83 or 100): the lowest rent that reaches it ranks 67',
    ]);
    const table = await local.run(['pricing', 'target', MAPLE, '--percentile', '50.5', '--basis', 'asking']);
    expect(table.stdout).toContain('B2 2 BR/2 BA: percentile 50.5 cannot be met exactly with 3 comparables');
    // 100: above every comp.
    const top = await target(['--percentile', '100', '--basis', 'asking']);
    expect(top.floor_plans.map((p) => p.target_rent_cents)).toEqual([190_100, 240_100, null]);
  });
});

describe('pricing target uses the comparables the overview uses', () => {
  it('its current positions are the overview\'s, on both bases', async () => {
    const overview = await local.run(['overview', MAPLE, '--json']);
    const plans = (JSON.parse(overview.stdout) as { floor_plans: Array<Record<string, Record<string, unknown>>> }).floor_plans;
    for (const [basis, key] of [['ner', 'ner'], ['asking', 'base_rent']] as const) {
      const answer = await target(['--band', 'market', '--basis', basis]);
      expect(answer.floor_plans.map((p) => [p.current_rent_cents, p.avg_comp_rent_cents, p.psi_current, p.percentile_current, p.comps_with_data])).toEqual(
        plans.map((p) => [p[key]!.subject_rent, p[key]!.avg_comp_rent, p[key]!.psi, p[key]!.percentile_rank, p[key]!.comps_with_data]),
      );
    }
  });

  it('answers the same over HTTP against `serve`', async () => {
    const served = await servedMarket();
    try {
      for (const args of [['--band', 'premium'], ['--psi', '0.02', '--basis', 'asking'], ['--percentile', '60']])
        expect(await target(args, served)).toEqual(await target(args));
    } finally {
      await served.close();
    }
  });
});

describe('pricing target --format md', () => {
  it('prints a Markdown heading, table and notes, without colors', async () => {
    const result = await local.run(['pricing', 'target', MAPLE, '--band', 'market', '--format', 'md'], { stdoutTTY: true, color: true });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b[');
    expect(result.stdout).toMatch(/^### Maple Court: target market band \(percentile 30–59, nearest 45\) on net effective rent\n/);
    expect(result.stdout).toContain('| PLAN         |       NOW |    TARGET |   CHANGE | LIST AT | VS ASKING |');
    expect(result.stdout).toContain('| B2 2 BR/2 BA | $2,300.00 | $2,109.00 | -$191.00 |  $2,109 |     -$191 | +7.1% → -1.8% | 100 → 33 | $2,147.14 |     3 |    80 |');
    expect(result.stdout).toContain('Revenue: -$15,280 a month in net effective rent if every plan moves to its target (units × NER change over 2 plans).');
  });
});

describe('pricing target refuses what it cannot answer, before sending (exit 2)', () => {
  const refused = async (args: string[], message: RegExp) => {
    const result = await local.run(['pricing', 'target', ...args]);
    expect(result.code, result.stdout + result.stderr).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  };

  it('names the target flags when none or several are given', async () => {
    await refused([MAPLE], /give a target: --psi <fraction>, --percentile <0-100> or --band aggressive\|market\|premium/);
    await refused([MAPLE, '--psi', '0.02', '--band', 'market'], /give one target, not --psi and --band/);
    await refused([MAPLE, '--psi', '0.02', '--percentile', '50', '--band', 'market'], /not --psi and --percentile and --band/);
  });

  it('says what an outlier band would mean, and rejects values out of range', async () => {
    await refused([MAPLE, '--band', 'outlier'], /--band outlier is not a target: the outlier band \(CRI 90–100\)[^\n]*\nhint: [^\n]*--percentile 95/);
    await refused([MAPLE, '--band', 'cheap'], /--band: "cheap" is not one of aggressive, market, premium/);
    await refused([MAPLE, '--percentile', '0'], /--percentile: "0" is not above 0 and at most 100\nhint: every rent ranks at least 0/);
    await refused([MAPLE, '--percentile', '101'], /--percentile: "101" is not above 0 and at most 100/);
    await refused([MAPLE, '--percentile', 'high'], /--percentile: "high" is not a number/);
    await refused([MAPLE, '--psi', '5'], /--psi: "5" is not a fraction above -1 and below 1/);
    await refused([MAPLE, '--band', 'market', '--basis', 'gross'], /argument 'gross' is invalid/);
  });

  it('a community that does not exist is not found (exit 4)', async () => {
    const result = await local.run(['pricing', 'target', '00000000-0000-4000-8000-000000000000', '--band', 'market']);
    expect(result.code).toBe(4);
  });
});

// examples/positioning.json: Harbor View's two two-bedrooms, B1 (1,000 sf, NER 195,000) and B2 (1,200 sf,
// NER 235,000), against Gull Point's G-B1 (950 sf, 190,000) and Tern Flats' T-B1 (1,100 sf, 200,000).
// Without --per-sqft both plans see the same two rents: percentile 45 is $1,901 for both (190,000 ranks 25,
// 190,100 ranks 50). Per square foot, Gull charges 190,000 / 950 = 200 cents and Tern 200,000 / 1,100 =
// 181.818… cents:
//   B1 × 1,000: Gull 200,000, Tern 181,818.18 → avg 190,909.09; percentile 45: 181,900 (clears Tern: 50)
//   B2 × 1,200: Gull 240,000, Tern 218,181.82 → avg 229,090.91; percentile 45: 218,200
// With two comps a plan ranks 0, 50, 75 (meeting a comp in whole dollars) or 100: 45 is not met exactly.
describe('pricing target --floor-plan, --bedrooms, --per-sqft', () => {
  let bayside: MarketCli;
  beforeAll(async () => {
    bayside = await localMarket(fileURLToPath(new URL('../../../../examples/positioning.json', import.meta.url)));
  });
  afterAll(async () => {
    await bayside?.close();
  });
  const HARBOR = 'Harbor View';

  it('--bedrooms: only those plans; the same-bedroom plans get one target without --per-sqft', async () => {
    const answer = await target(['--percentile', '45', '--bedrooms', '2'], bayside, HARBOR);
    expect(answer.per_sqft).toBe(false);
    expect(answer.floor_plans.map((p) => [p.floor_plan_name, p.square_feet, p.target_rent_cents])).toEqual([
      ['B1', 1000, 190_100],
      ['B2', 1200, 190_100],
    ]);
    // The market band: B1, at 50 already (Gull below, Tern above), keeps its rent; B2 (100) comes down to 50.
    const band = await target(['--band', 'market', '--bedrooms', '2'], bayside, HARBOR);
    expect(band.floor_plans.map((p) => [p.floor_plan_name, p.target_rent_cents, p.change_cents, p.percentile_target])).toEqual([
      ['B1', 195_000, 0, 50],
      ['B2', 190_100, -44_900, 50],
    ]);
  });

  it('--per-sqft: each comparable\'s rent per square foot × the plan\'s size, so two sizes get two targets', async () => {
    const answer = await target(['--percentile', '45', '--bedrooms', '2', '--per-sqft'], bayside, HARBOR);
    expect(answer.per_sqft).toBe(true);
    const notMet = 'percentile 45 cannot be met exactly with 2 comparables (its percentile can be 0, 50, 75 or 100): the lowest rent that reaches it ranks 50';
    expect(answer.floor_plans).toMatchObject([
      {
        ...plan('B1', 2, 2, 1000),
        comps_with_data: 2,
        current_rent_cents: 195_000,
        avg_comp_rent_cents: 190_909,
        // 190,909.09 / 1,000 = 190.9 cents a sq ft
        comp_rent_per_sqft_cents: 191,
        target_rent_cents: 181_900,
        change_cents: -13_100,
        // 195,000 / 190,909.09 − 1 = 0.021429; 181,900 / 190,909.09 − 1 = −0.047190
        psi_current: 0.0214,
        psi_target: -0.0472,
        // 195,000: Tern below, Gull above → 50
        percentile_current: 50,
        percentile_target: 50,
        target_asking_rent_cents: 181_900,
        notes: [notMet],
      },
      {
        ...plan('B2', 2, 2, 1200),
        comps_with_data: 2,
        current_rent_cents: 235_000,
        avg_comp_rent_cents: 229_091,
        comp_rent_per_sqft_cents: 191,
        target_rent_cents: 218_200,
        change_cents: -16_800,
        // 235,000 / 229,090.91 − 1 = 0.025794; 218,200 / 229,090.91 − 1 = −0.047540
        psi_current: 0.0258,
        psi_target: -0.0475,
        // 235,000 is below Gull's 240,000 at this size
        percentile_current: 50,
        percentile_target: 50,
        target_asking_rent_cents: 218_200,
        notes: [notMet],
      },
    ]);
    // --psi 0: the whole dollar nearest the average, per plan.
    const atAverage = await target(['--psi', '0', '--bedrooms', '2', '--per-sqft'], bayside, HARBOR);
    expect(atAverage.floor_plans.map((p) => p.target_rent_cents)).toEqual([190_900, 229_100]);
    const table = await bayside.run(['pricing', 'target', HARBOR, '--percentile', '45', '--bedrooms', '2', '--per-sqft']);
    expect(table.stdout).toContain('Harbor View: target percentile 45 on net effective rent per square foot, plans with 2 bedrooms');
    const b2 = table.stdout.split('\n').find((line) => line.startsWith('B2 2 BR/2 BA'));
    expect(b2?.split(/\s{2,}/)).toEqual([
      'B2 2 BR/2 BA', '$2,350.00', '$2,182.00', '-$168.00', '$2,182', '-$168', '+2.6% → -4.8%', '50 → 50', '$2,290.91', '$1.91/sf', '2', '40',
    ]);
  });

  it('--floor-plan: one plan, by name in any case; an unknown one is not found', async () => {
    const answer = await target(['--band', 'market', '--floor-plan', 'b2'], bayside, HARBOR);
    expect(answer.floor_plans.map((p) => p.floor_plan_name)).toEqual(['B2']);
    const missing = await bayside.run(['pricing', 'target', HARBOR, '--band', 'market', '--floor-plan', 'C9']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('--floor-plan: Harbor View has no floor plan "C9" (its plans: A1, B1, B2)');
  });

  it('--bedrooms that no plan has: nothing to print, said on stderr', async () => {
    const none = await bayside.run(['pricing', 'target', HARBOR, '--band', 'market', '--bedrooms', '3']);
    expect(none).toMatchObject({ code: 0, stdout: '' });
    expect(none.stderr).toBe('Harbor View has no floor plan with 3 bedrooms.\n');
  });
});

demoIt('pricing target on the demo store: one money format per column; per square foot, B2 and B3 part', async ({ cli }) => {
  const run = async (...args: string[]) => expectOk(await cli.run(['--local', 'pricing', 'target', 'Barton Creek Terrace', '--percentile', '45', ...args])).stdout;
  const rows = (stdout: string) =>
    stdout
      .split('\n')
      .filter((line) => /^[A-Z]\d /.test(line))
      .map((line) => line.split(/\s{2,}/))
      // Not the notes under the table, which also start with a plan's name.
      .filter((cells) => cells.length > 5);
  const table = rows(await run());
  // On NER, NOW, TARGET, CHANGE and COMP AVG keep their cents on every row; LIST AT and VS ASKING are whole dollars.
  for (const column of [1, 2, 3, 8]) for (const cells of table) expect(cells[column]).toMatch(/^([+-]?\$[\d,]+\.\d\d|—)$/);
  for (const column of [4, 5]) for (const cells of table) expect(cells[column]).toMatch(/^([+-]?\$[\d,]+|—)$/);
  const target = (lines: string[][], name: string) => lines.find((cells) => cells[0]!.startsWith(`${name} `))![2];
  const same = rows(await run('--bedrooms', '2'));
  expect(target(same, 'B2')).toBe(target(same, 'B3'));
  const bySize = rows(await run('--bedrooms', '2', '--per-sqft'));
  // B3 (1,145 sf) is larger than B2 (1,060 sf): per square foot it is worth more.
  const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
  expect(dollars(target(bySize, 'B3')!)).toBeGreaterThan(dollars(target(bySize, 'B2')!));
});
