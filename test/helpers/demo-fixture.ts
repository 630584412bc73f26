import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { inProcessCaller, openDataDirStore } from '../../src/server/data-dir.js';
import type { Store } from '../../src/server/store/index.js';
import { copyDemoStore } from './run-cli.js';

export interface DemoFixture {
  dataDir: string;
  store: Store;
  /** The --local key: every scope of the demo organization. */
  key: string;
  /** The first subject of the demo portfolio. */
  subject: string;
}

/** A copy of the demo store, open for the tests of the calling describe block; removed after them. */
export function useDemoStore(prefix: string): DemoFixture {
  const fixture = {} as DemoFixture;
  beforeAll(async () => {
    fixture.dataDir = await copyDemoStore(join(await mkdtemp(join(tmpdir(), `rentsurvey-${prefix}-`)), 'store'));
    fixture.store = await openDataDirStore({ dataDir: fixture.dataDir, seed: 'empty' });
    fixture.key = inProcessCaller(fixture.store).key;
    fixture.subject = fixture.store.pricing.portfolioSubjects(fixture.store.accounts.defaultOrganizationId()!)[0]!.id;
  });
  afterAll(async () => {
    fixture.store.close();
    await rm(join(fixture.dataDir, '..'), { recursive: true, force: true });
  });
  return fixture;
}
