// The forecast bench (issue 33): `forecast --all --json` against `overview --all --json`
// on the demo store, in the same rounds; and the cost per subject at 25 and 100 subjects
// of a generated portfolio (two years of weekly surveys, comparables shared by
// neighbouring subjects), each imported into its own store.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bound, CLI, cli, measureMedian, ms, ratio, root, row, timeCommands } from './lib.js';
import { random } from './portfolio.js';

const WEEKS = 104;
const PLANS = 3;
const COMPS_PER_SUBJECT = 3;

/**
 * `subjects` subjects and as many comparables; subject i surveys comparables i, i+1, i+2
 * (each comparable is shared by three subjects, as in a real market). Rents follow a
 * trend and a yearly season with noise; 104 weekly surveys ending today.
 */
export function forecastDataset(subjects, today = new Date().toISOString().slice(0, 10)) {
  const next = random(subjects);
  const day = (offset) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
  const communities = [];
  const floorPlans = [];
  const comps = [];
  const plansOf = (key) =>
    Array.from({ length: PLANS }, (_, i) => {
      const plan = { key: `${key}-p${i}`, community: key, floor_plan_name: `P${i}`, bedrooms: i + 1, bathrooms: 1, square_feet: 700 + 300 * i, unit_count: 40 + 10 * i };
      floorPlans.push(plan);
      return { key: plan.key, rent: 140_000 + 30_000 * i + Math.round(next() * 20_000), growth: 0.02 + next() * 0.03 };
    });
  const subjectPlans = [];
  const compPlans = [];
  for (let s = 0; s < subjects; s++) {
    communities.push({ key: `s${s}`, managed: true, name: `Forecast Subject ${s}`, address: `${s + 1} Main St, Austin, TX 78701`, zipcode: '78701' });
    subjectPlans.push(plansOf(`s${s}`));
  }
  for (let c = 0; c < subjects; c++) {
    communities.push({ key: `c${c}`, managed: false, name: `Forecast Comp ${c}`, address: `${c + 1} Elm St, Austin, TX 78702`, zipcode: '78702' });
    compPlans.push(plansOf(`c${c}`));
  }
  for (let s = 0; s < subjects; s++)
    for (let k = 0; k < COMPS_PER_SUBJECT; k++) comps.push({ subject: `s${s}`, comp: `c${(s + k) % subjects}`, distance_miles: 0.5 + k });
  // One observation per plan and week, shared by every survey that includes the plan.
  const observed = new Map();
  const observation = (plan, week) => {
    const id = `${plan.key} ${week}`;
    if (!observed.has(id)) {
      const season = 1 + 0.02 * Math.cos((2 * Math.PI * week) / 52);
      const rent = Math.round((plan.rent * (1 + plan.growth) ** ((week - WEEKS) / 52) * season) / 100 + (next() - 0.5) * 20) * 100;
      const units = Math.floor(next() * 4);
      const date = day(-7 * (WEEKS - 1 - week));
      observed.set(id, {
        floor_plan: plan.key,
        market_rent_cents: rent,
        units_available: units,
        concessions: week % 13 < 3 ? '6 weeks free' : '',
        availability: units > 0 ? [{ available_from: day(-7 * (WEEKS - 1 - week) + 7), units }] : [],
        date,
      });
    }
    const { date: _date, ...kept } = observed.get(id);
    return kept;
  };
  const surveys = [];
  for (let s = 0; s < subjects; s++)
    for (let week = 0; week < WEEKS; week++)
      surveys.push({
        subject: `s${s}`,
        date: day(-7 * (WEEKS - 1 - week)),
        observations: [
          ...subjectPlans[s].map((plan) => observation(plan, week)),
          ...Array.from({ length: COMPS_PER_SUBJECT }, (_, k) => compPlans[(s + k) % subjects].map((plan) => observation(plan, week))).flat(),
        ],
      });
  return {
    organization: 'Forecast Residential',
    users: [{ email: 'bench@forecast.example', full_name: 'Forecast Admin', role: 'admin' }],
    communities,
    comps,
    floor_plans: floorPlans,
    surveys,
  };
}

export function forecastBench({ demoDir, runs = 5, sizes = [25, 100] }) {
  console.log(`\nForecast (issue 33): forecast --all --json against overview --all --json on the demo store (${runs} rounds, interleaved; medians)`);
  const local = ['--local', '--data-dir', demoDir];
  const [overviewMs, forecastMs] = timeCommands(
    [{ args: [CLI, ...local, 'overview', '--all', '--json'] }, { args: [CLI, ...local, 'forecast', '--all', '--json'] }],
    runs,
  );
  row('overview --all --json', ms(overviewMs), '1.00×');
  row('forecast --all --json', ms(forecastMs), ratio(forecastMs, overviewMs), bound(forecastMs / overviewMs, '≤', 10));

  console.log(`\nForecast cost per subject (CPU, user + system; ${PLANS} plans, ${COMPS_PER_SUBJECT} shared comparables, ${WEEKS} weeks each)`);
  const perSubject = sizes.map((subjects) => {
    const dataDir = join(root, `forecast-${subjects}`);
    const file = join(root, `forecast-${subjects}.json`);
    writeFileSync(file, JSON.stringify(forecastDataset(subjects)));
    cli(['local', 'reset', '--empty', '--yes', '--data-dir', dataDir]);
    cli(['local', 'import', file, '--yes', '--data-dir', dataDir]);
    const { cpu, wall } = measureMedian(process.execPath, [CLI, '--local', '--data-dir', dataDir, 'forecast', '--all', '--json'], Math.max(1, Math.min(runs, 3)));
    const cost = (Number.isNaN(cpu) ? wall : cpu) / subjects;
    return { subjects, cost, wall };
  });
  const [first] = perSubject;
  for (const { subjects, cost, wall } of perSubject)
    row(`forecast --all --json, ${subjects} subjects (wall ${ms(wall)})`, `${ms(cost)}/subject`, ratio(cost, first.cost), subjects === first.subjects ? '' : bound(cost / first.cost, '≤', 1.3));
}
