// The overview benchmark's dataset: one subject with 10 comparables, 8 floor
// plans each, 52 weekly surveys ending today. Deterministic.
export function overviewDataset(today = new Date().toISOString().slice(0, 10)) {
  const day = (offset) => new Date(Date.parse(today) + offset * 86_400_000).toISOString().slice(0, 10);
  const communities = [];
  const floorPlans = [];
  const comps = [];
  const plansOf = (key, base) =>
    Array.from({ length: 8 }, (_, i) => {
      const bedrooms = i % 4;
      const plan = {
        key: `${key}-p${i}`,
        community: key,
        floor_plan_name: `P${i}`,
        bedrooms,
        bathrooms: bedrooms === 0 ? 1 : bedrooms,
        square_feet: 500 + bedrooms * 300 + i * 10,
        unit_count: 20 + i * 5,
      };
      floorPlans.push(plan);
      return { ...plan, rent: base + bedrooms * 25_000 + i * 1_000 };
    });
  communities.push({ key: 's', managed: true, name: 'Bench Subject', address: '1 Main St, Austin, TX 78701', zipcode: '78701' });
  const subjectPlans = plansOf('s', 150_000);
  const compPlans = [];
  for (let c = 0; c < 10; c++) {
    const key = `c${c}`;
    communities.push({ key, managed: false, name: `Bench Comp ${c}`, address: `${c + 2} Elm St, Austin, TX 78702`, zipcode: '78702' });
    comps.push({ subject: 's', comp: key, distance_miles: 0.5 + c / 4 });
    compPlans.push(...plansOf(key, 145_000 + c * 1_500));
  }
  const concessions = ['', '6 weeks free', '', '$500 off first month', '', '1 month free'];
  const surveys = Array.from({ length: 52 }, (_, week) => ({
    subject: 's',
    date: day(-7 * (51 - week)),
    observations: [...subjectPlans, ...compPlans].map((plan, i) => ({
      floor_plan: plan.key,
      market_rent_cents: plan.rent + week * 500,
      units_available: 2,
      concessions: concessions[(i + week) % concessions.length],
      availability: [
        { available_from: day(-7 * (51 - week) + 5), units: 1 },
        { available_from: day(-7 * (51 - week) + 40), units: 1 },
      ],
    })),
  }));
  return {
    organization: 'Bench Residential',
    users: [{ email: 'bench@bench.example', full_name: 'Bench Admin', role: 'admin' }],
    communities,
    comps,
    floor_plans: floorPlans,
    surveys,
  };
}
