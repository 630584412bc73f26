import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dataset, type DatasetInput } from '../../src/api/dataset.js';
import { keyId } from '../../src/server/store/import.js';
import { openStore, StoreError, type Store } from '../../src/server/store/index.js';

const count = (store: Store, table: string) => store.db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)?.n ?? 0;
const tables = ['organizations', 'users', 'communities', 'comps', 'floor_plans', 'surveys', 'observations', 'availability'];
const counts = (store: Store) => Object.fromEntries(tables.map((t) => [t, count(store, t)]));

function small(): DatasetInput {
  return {
    organization: 'Import Co',
    users: [{ email: 'ana@import.example', full_name: 'Ana', role: 'admin' }],
    communities: [
      { key: 's1', managed: true, name: 'Subject', address: '1 Main St', zipcode: '78701', community_manager_email: 'ana@import.example' },
      { key: 'c1', managed: false, name: 'Comp', address: '2 Elm St', zipcode: '78702' },
    ],
    comps: [{ subject: 's1', comp: 'c1', distance_miles: 1.2 }],
    floor_plans: [
      { key: 's1-a1', community: 's1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 750, unit_count: 100 },
      { key: 'c1-a1', community: 'c1', floor_plan_name: 'A1', bedrooms: 1, bathrooms: 1, square_feet: 700, unit_count: 80 },
    ],
    surveys: [
      {
        subject: 's1',
        date: '2026-11-02',
        observations: [
          { floor_plan: 's1-a1', market_rent_cents: 200000, concessions: '1 month free' },
          { floor_plan: 'c1-a1', market_rent_cents: 190000, net_effective_rent_cents: 185000, units_available: 2 },
        ],
      },
    ],
  };
}

describe('dataset import', () => {
  let dir: string;
  let store: Store;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rentsurvey-import-'));
    store = openStore(dir);
  });
  afterEach(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('computes net effective rent from the concession text when it is omitted (DOMAIN.md: $2,000, 1 month free → $1,833.33)', () => {
    store.imports.importDataset(Dataset.parse(small()));
    const rows = store.db.all<{ floor_plan_id: string; net_effective_rent_cents: number }>(
      'SELECT floor_plan_id, net_effective_rent_cents FROM observations',
    );
    const ner = Object.fromEntries(rows.map((r) => [r.floor_plan_id, r.net_effective_rent_cents]));
    expect(ner[keyId('Import Co', 'floor_plan', 's1-a1')]).toBe(183333);
    expect(ner[keyId('Import Co', 'floor_plan', 'c1-a1')]).toBe(185000); // given: kept
  });

  it('units available without dates count as available on the survey date', () => {
    store.imports.importDataset(Dataset.parse(small()));
    expect(store.db.all('SELECT available_from, units FROM availability')).toEqual([{ available_from: '2026-11-02', units: 2 }]);
  });

  it('is all or nothing: a bad reference deep inside writes nothing', () => {
    const bad = small();
    bad.surveys![0]!.observations.push({ floor_plan: 'nope', market_rent_cents: 1 });
    const before = counts(store);
    expect(() => store.imports.importDataset(Dataset.parse(bad))).toThrow(StoreError);
    try {
      store.imports.importDataset(Dataset.parse(bad));
    } catch (error) {
      expect((error as StoreError).details[0]).toEqual({ path: 'surveys.0.observations.2.floor_plan', message: 'unknown floor plan key nope' });
    }
    expect(counts(store)).toEqual(before);
  });

  it('rolls back when the store refuses midway (an id of another organization)', () => {
    store.imports.importDataset(Dataset.parse({ organization: 'Other Co', communities: [{ key: 'x', id: '11111111-1111-4111-8111-111111111111', managed: true, name: 'X', address: 'X', zipcode: '12345' }] }));
    const before = counts(store);
    const clash = small();
    clash.communities![1]!.id = '11111111-1111-4111-8111-111111111111';
    expect(() => store.imports.importDataset(Dataset.parse(clash))).toThrow(/belongs to another organization/);
    expect(counts(store)).toEqual(before);
  });

  it('re-importing the same keys updates the same records, without duplicates', () => {
    store.imports.importDataset(Dataset.parse(small()));
    const first = counts(store);
    const changed = small();
    changed.communities![0]!.name = 'Subject Renamed';
    changed.surveys![0]!.observations[0]!.market_rent_cents = 210000;
    store.imports.importDataset(Dataset.parse(changed));
    expect(counts(store)).toEqual(first);
    const id = keyId('Import Co', 'community', 's1');
    expect(store.db.get<{ name: string }>('SELECT name FROM communities WHERE id = ?', id)?.name).toBe('Subject Renamed');
    expect(
      store.db.get<{ m: number }>('SELECT market_rent_cents AS m FROM observations WHERE floor_plan_id = ?', keyId('Import Co', 'floor_plan', 's1-a1'))?.m,
    ).toBe(210000);
  });

  it('keeps explicit ids', () => {
    const withIds = small();
    withIds.communities![0]!.id = 'ABCDEF00-0000-4000-8000-000000000001';
    store.imports.importDataset(Dataset.parse(withIds));
    expect(store.db.get('SELECT name FROM communities WHERE id = ?', 'abcdef00-0000-4000-8000-000000000001')).toEqual({ name: 'Subject' });
  });

  it('imports observation rows against the store, resolving keys by id, external id, earlier key and plan name', () => {
    const data = small();
    data.communities![0]!.external_community_id = 'EXT-1';
    store.imports.importDataset(Dataset.parse(data));
    const org = store.accounts.organizationByName('Import Co')!.id;
    const row = { market_rent_cents: 201000, units_available: 0, concessions: '' };
    const result = store.imports.importObservations(org, [
      { ...row, line: 2, subject_key: 'EXT-1', date: '2026-11-09', floor_plan_key: 'A1' },
      { ...row, line: 3, subject_key: 's1', date: '2026-11-09', floor_plan_key: 'c1-a1' },
      { ...row, line: 4, subject_key: keyId('Import Co', 'community', 's1'), date: '2026-11-16', floor_plan_key: 's1-a1' },
    ]);
    expect(result).toEqual({ surveys: 2, observations: 3 });
    expect(() =>
      store.imports.importObservations(org, [{ ...row, line: 2, subject_key: 'c1', date: '2026-11-09', floor_plan_key: 'A1' }]),
    ).toThrow(/line 2: subject_key/);
  });

  it('the examples of docs/import-format.md import cleanly, twice', async () => {
    const example = JSON.parse(await readFile(new URL('../../examples/dataset.json', import.meta.url), 'utf8')) as unknown;
    const summary = store.imports.importDataset(Dataset.parse(example));
    expect(summary).toMatchObject({ organization: 'Acme Residential', communities: 6, surveys: 5 });
    const once = counts(store);
    store.imports.importDataset(Dataset.parse(example));
    expect(counts(store)).toEqual(once);
  });
});
