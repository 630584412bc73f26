/**
 * Vitest global setup of the e2e project. The e2e tests run the BUILT CLI, so
 * build it first, every run: an edit must never be tested against a stale dist/.
 * Also reserves a folder where the first test that needs it seeds one demo
 * store for all files to copy (see demoStore in cli.ts): seeding takes seconds.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from './common.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty folder for the shared demo store template; removed after the run. */
    e2eTemplateRoot: string;
  }
}

export default async function setup(project: TestProject) {
  execFileSync(process.execPath, ['scripts/build.js'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (!existsSync(join(ROOT, 'dist', 'cli.cjs'))) throw new Error('scripts/build.js did not produce dist/cli.cjs');
  const templateRoot = await mkdtemp(join(tmpdir(), 'rentsurvey-e2e-template-'));
  project.provide('e2eTemplateRoot', templateRoot);
  return async () => {
    await rm(templateRoot, { recursive: true, force: true });
  };
}
