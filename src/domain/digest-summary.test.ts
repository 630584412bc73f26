// The week of examples/digest-week.json (Aspen Yard, 2026-11-06 → 11-13) as plain data, with the
// answers computed by hand; src/cli/commands/digest/summary.test.ts checks the CLI gives the same.
import { describe, expect, it } from 'vitest';
import { planChanges, type PlanObservation } from './digest.js';
import { askingRentMove, summarizePortfolio, summarizeSubject, type CompPeriod, type SubjectPeriod } from './digest-summary.js';
import type { CompInput, SubjectFloorPlanInput } from './overview.js';

const observed = (id: string, rent: number, ner: number, concessions = ''): PlanObservation => ({
  floor_plan_id: id,
  floor_plan_name: id,
  market_rent_cents: rent,
  net_effective_rent_cents: ner,
  units_available: 0,
  concessions,
});
const comp = (name: string, earlier: PlanObservation[], later: PlanObservation[], compared = true): CompPeriod => ({
  community_id: name.toLowerCase(),
  community_name: name,
  compared,
  earlier,
  later,
  changes: compared ? planChanges(earlier, later) : [],
});
const subjectPlan = (rent: number): SubjectFloorPlanInput => ({
  id: 'a1',
  bedrooms: 1,
  bathrooms: 1,
  square_feet: 700,
  unit_count: 100,
  marketRentCents: rent,
  nerCents: rent,
});
const pricedAt = (id: string, ner: number): CompInput => ({
  id,
  floorPlans: [{ bedrooms: 1, bathrooms: 1, square_feet: 700, marketRentCents: ner, nerCents: ner, concessions: '' }],
});

const bluff = comp('Bluff Flats', [observed('BF-1', 150_000, 147_500, '$300 off')], [observed('BF-1', 145_000, 145_000)]);
const crest = comp('Crest Place', [observed('CP-1', 160_000, 160_000)], [observed('CP-1', 162_000, 148_500, '1 month free')]);
const delta = comp('Delta Commons', [observed('DC-1', 170_000, 165_000, '$600 off')], [observed('DC-1', 169_000, 159_000, '$1,200 off')]);
const grove = comp('Grove Lofts', [observed('GL-1', 158_000, 158_000)], [observed('GL-1', 158_000, 158_000)]);
const eagle: CompPeriod = { ...comp('Eagle Row', [observed('ER-1', 140_000, 140_000)], [], false), changes: [{ kind: 'comp_deactivated', floor_plan_name: null, before: 'active', after: 'inactive' }] };
const fern: CompPeriod = { ...comp('Fern Court', [], [observed('FC-1', 155_000, 155_000)], false), changes: [{ kind: 'comp_added', floor_plan_name: null, before: null, after: 'active' }] };

const aspen: SubjectPeriod = {
  subject_id: 'aspen',
  subject_name: 'Aspen Yard',
  from: '2026-11-06',
  to: '2026-11-13',
  position: {
    // Then: the comparables of that survey, Eagle Row (deactivated since) included; Fern Court not yet priced.
    from: {
      subjectFloorPlans: [subjectPlan(155_000)],
      comps: [pricedAt('bluff', 147_500), pricedAt('crest', 160_000), pricedAt('delta', 165_000), pricedAt('eagle', 140_000), pricedAt('grove', 158_000)],
    },
    to: {
      subjectFloorPlans: [subjectPlan(158_000)],
      comps: [pricedAt('bluff', 145_000), pricedAt('crest', 148_500), pricedAt('delta', 159_000), pricedAt('fern', 155_000), pricedAt('grove', 158_000)],
    },
  },
  vacancy: { from: { subject_vacancy: 3, avg_comp_vacancy: 4 }, to: { subject_vacancy: 6, avg_comp_vacancy: 5 } },
  comps: [bluff, crest, delta, eagle, fern, grove],
};

describe('summarizeSubject', () => {
  const summary = summarizeSubject(aspen);

  it('position then and now on NER: PSI, CRI and band, by the overview\'s own formulas', () => {
    // Then: comps 1,475 1,600 1,650 1,400 1,580, mean 1,541; subject 1,550 → PSI 0.0058, 2 of 5 below → CRI 40.
    // Now: comps 1,450 1,485 1,590 1,550 1,580, mean 1,531; subject 1,580 → PSI 0.0320, 3 below and 1 equal → 70.
    expect(summary.position).toEqual({
      from: { psi_ner: 0.0058, cri_ner: 40, band: 'market' },
      to: { psi_ner: 0.032, cri_ner: 70, band: 'premium' },
    });
  });

  it('comparables that raised, cut or held asking rent, and the median change', () => {
    // Bluff -$50 (-3.33 %), Crest +$20 (+1.25 %), Delta -$10 (-0.59 %), Grove $0: median of -50, -10, 0, 20 is -$5;
    // of the percents, (-0.588 + 0) / 2 = -0.29 → -0.3. Eagle Row (deactivated) and Fern Court (added) are not compared.
    expect(summary.asking_rent).toMatchObject({ comps_compared: 4, raised: 1, cut: 2, held: 1, median_change_cents: -500, median_change_pct: -0.3 });
    expect(summary.asking_rent.comps.find((c) => c.community_name === 'Bluff Flats')).toEqual({
      community_id: 'bluff flats',
      community_name: 'Bluff Flats',
      before_cents: 150_000,
      after_cents: 145_000,
      change_cents: -5_000,
      change_pct: -3.3,
    });
  });

  it('concessions started, ended and changed among the comparables, and the comparables added and deactivated', () => {
    expect(summary.concessions).toEqual({ started: 1, ended: 1, changed: 1 });
    // Worth 1,620 − 1,485 = $135.00 a month at the later survey.
    expect(summary.concessions_started).toEqual([
      { community_id: 'crest place', community_name: 'Crest Place', floor_plan_name: 'CP-1', text: '1 month free', monthly_value_cents: 13_500 },
    ]);
    expect(summary.comps_added).toEqual([{ community_id: 'fern court', community_name: 'Fern Court' }]);
    expect(summary.comps_deactivated).toEqual([{ community_id: 'eagle row', community_name: 'Eagle Row' }]);
    expect(summary.vacancy).toEqual({ from: { subject_pct: 3, comps_avg_pct: 4 }, to: { subject_pct: 6, comps_avg_pct: 5 } });
  });

  it('without comparables to compare: nulls, not zeros', () => {
    const alone = summarizeSubject({ ...aspen, comps: [], position: { from: { subjectFloorPlans: [subjectPlan(1)], comps: [] }, to: { subjectFloorPlans: [subjectPlan(1)], comps: [] } }, vacancy: { from: null, to: null } });
    expect(alone.position.to).toEqual({ psi_ner: null, cri_ner: null, band: null });
    expect(alone.asking_rent).toMatchObject({ comps_compared: 0, median_change_cents: null, median_change_pct: null });
    expect(alone.vacancy.to).toEqual({ subject_pct: null, comps_avg_pct: null });
  });
});

describe('askingRentMove', () => {
  it('the mean asking rent over the plans priced in both surveys', () => {
    const before = [observed('a', 100_000, 0), observed('b', 200_000, 0), observed('gone', 999_999, 0)];
    const after = [observed('a', 101_000, 0), observed('b', 202_000, 0), observed('new', 1, 0)];
    expect(askingRentMove(before, after)).toEqual({ before: 150_000, after: 151_500 });
    expect(askingRentMove(before, [observed('new', 1, 0)])).toBeNull();
  });
});

describe('summarizePortfolio', () => {
  it('band changes, the largest position moves first, comparables counted once', () => {
    const birch = summarizeSubject({
      ...aspen,
      subject_id: 'birch',
      subject_name: 'Birch Hollow',
      position: {
        from: { subjectFloorPlans: [subjectPlan(140_000)], comps: [pricedAt('harbor', 150_000)] },
        to: { subjectFloorPlans: [subjectPlan(140_000)], comps: [pricedAt('harbor', 152_500)] },
      },
      // Grove Lofts is shared with Aspen Yard: one comparable that held.
      comps: [comp('Harbor View', [observed('HV-1', 150_000, 150_000)], [observed('HV-1', 152_500, 152_500)]), grove],
    });
    const portfolio = summarizePortfolio([summarizeSubject(aspen), birch], [{ subject_id: 'cedar', subject_name: 'Cedar Knoll' }]);
    expect(portfolio).toEqual({
      subjects_compared: 2,
      subjects_not_compared: [{ subject_id: 'cedar', subject_name: 'Cedar Knoll' }],
      band_changes: [{ subject_id: 'aspen', subject_name: 'Aspen Yard', from: 'market', to: 'premium' }],
      position_moves: [
        { subject_id: 'aspen', subject_name: 'Aspen Yard', psi_ner_from: 0.0058, psi_ner_to: 0.032, psi_ner_change: 0.0262 },
        // 140,000 / 150,000 − 1 = −0.0667; 140,000 / 152,500 − 1 = −0.0820.
        { subject_id: 'birch', subject_name: 'Birch Hollow', psi_ner_from: -0.0667, psi_ner_to: -0.082, psi_ner_change: -0.0153 },
      ],
      comps_asking: { compared: 5, raised: 2, cut: 2, held: 1 },
      concessions_started: [
        { subject_id: 'aspen', subject_name: 'Aspen Yard', community_id: 'crest place', community_name: 'Crest Place', floor_plan_name: 'CP-1', text: '1 month free', monthly_value_cents: 13_500 },
      ],
    });
  });

  it('concessions started across subjects: the largest monthly value first, a special on every plan by its largest, unknown last', () => {
    const wave = (name: string, earlier: PlanObservation[], later: PlanObservation[]) => comp(name, earlier, later);
    const everyPlan = wave(
      'Parkside',
      [observed('P-A1', 165_000, 165_000), observed('P-C1', 228_100, 228_100)],
      // "8 weeks free" on both plans: one change without a plan, worth up to 2,281.00 − 1,930.08 a month.
      [observed('P-A1', 165_000, 139_615, '8 weeks free'), observed('P-C1', 228_100, 193_008, '8 weeks free')],
    );
    const fee = wave('Vista', [observed('V1', 150_000, 150_000)], [observed('V1', 152_000, 152_000, 'Waived application fee')]);
    const month = wave('Xylo', [observed('X1', 180_000, 180_000)], [observed('X1', 180_000, 150_000, '2 months free')]);
    const other = summarizeSubject({ ...aspen, subject_id: 'willow', subject_name: 'Willow Bend', comps: [fee, month] });
    const started = summarizePortfolio([summarizeSubject({ ...aspen, comps: [everyPlan, crest] }), other], []).concessions_started;
    expect(started.map((c) => [c.subject_name, c.community_name, c.floor_plan_name, c.text, c.monthly_value_cents])).toEqual([
      ['Aspen Yard', 'Parkside', null, '8 weeks free', 35_092],
      ['Willow Bend', 'Xylo', 'X1', '2 months free', 30_000],
      ['Aspen Yard', 'Crest Place', 'CP-1', '1 month free', 13_500],
      // A special that is no rent is worth $0 a month: last.
      ['Willow Bend', 'Vista', 'V1', 'Waived application fee', 0],
    ]);
  });
});
