/**
 * Vitest global setup of the in-process tests: seeds one demo store (with the
 * key --local uses) for the whole run; each test copies it (copyDemoStore in
 * run-cli.ts), which takes milliseconds where seeding takes seconds.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { inProcessCaller } from '../../src/server/data-dir.js';
import { openHttpService } from '../../src/server/serve.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding a seeded demo store; copy it, never write to it. */
    demoStoreTemplate: string;
    /** Where sandboxes are made; removed with everything in it when the run ends. */
    sandboxRoot: string;
  }
}

export default async function setup(project: TestProject) {
  const root = await mkdtemp(join(tmpdir(), 'rentsurvey-demo-template-'));
  const template = join(root, 'rentsurvey');
  const service = await openHttpService({ dataDir: template, seed: 'demo' });
  inProcessCaller(service.store);
  await service.close();
  project.provide('demoStoreTemplate', template);
  const sandboxes = join(root, 'sandboxes');
  await mkdir(sandboxes);
  project.provide('sandboxRoot', sandboxes);
  return () => rm(root, { recursive: true, force: true });
}
