/**
 * examples/positioning.json: three subjects with hand-computed positioning rows
 * (one above market with high vacancy, one below with low vacancy, one without
 * comparable data). The arithmetic is written out in
 * src/cli/commands/overview/positioning.test.ts and docs/metrics.md.
 */
import { fileURLToPath } from 'node:url';

export const POSITIONING_DATASET = fileURLToPath(new URL('../../examples/positioning.json', import.meta.url));
export const HARBOR = { id: '7e5a0000-0000-4000-8000-000000000001', name: 'Harbor View', external_community_id: 'PT-001' };
export const LAKESIDE = { id: '7e5a0000-0000-4000-8000-000000000002', name: 'Lakeside Commons', external_community_id: 'PT-002' };
export const QUARRY = { id: '7e5a0000-0000-4000-8000-000000000003', name: 'Quarry Lofts', external_community_id: 'PT-003' };

/** The rows of `overview --all --json`, on NER with the default threshold. */
export const HARBOR_ROW = {
  community: HARBOR,
  as_of_date: '2026-11-02',
  floor_plans_with_data: 3,
  comps_with_data: 2,
  psi_asking: 0.0894,
  psi_ner: 0.1115,
  cri_asking: 85,
  cri_ner: 85,
  band: 'premium',
  gap_to_market_cents: 3_700_000,
  vacancy_14d_pct: 8,
  comp_vacancy_pct: 1.7,
  concession_pressure_pct: 50,
  signal: 'lower',
  basis: 'ner',
  // Two surveys: too little history to forecast.
  forecast_psi_ner_13w: null,
};
export const LAKESIDE_ROW = {
  community: LAKESIDE,
  as_of_date: '2026-11-03',
  floor_plans_with_data: 2,
  comps_with_data: 2,
  psi_asking: -0.0581,
  psi_ner: -0.0383,
  cri_asking: 15,
  cri_ner: 35,
  band: 'market',
  gap_to_market_cents: -1_420_000,
  vacancy_14d_pct: 1,
  comp_vacancy_pct: 3.5,
  concession_pressure_pct: 100,
  signal: 'raise',
  basis: 'ner',
  // Two surveys: too little history to forecast.
  forecast_psi_ner_13w: null,
};
export const QUARRY_ROW = {
  community: QUARRY,
  as_of_date: '2026-11-04',
  floor_plans_with_data: 0,
  comps_with_data: 0,
  psi_asking: null,
  psi_ner: null,
  cri_asking: null,
  cri_ner: null,
  band: null,
  gap_to_market_cents: null,
  vacancy_14d_pct: 2,
  comp_vacancy_pct: 5,
  concession_pressure_pct: 0,
  signal: 'no data',
  basis: 'ner',
  // Two surveys: too little history to forecast.
  forecast_psi_ner_13w: null,
};
