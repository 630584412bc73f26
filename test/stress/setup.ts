/**
 * Global setup of `npm run test:stress`: a folder where each file records its
 * figures, summed and printed when every file has run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { sumFigures } from './lib/figures.js';

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'rentsurvey-stress-figures-'));
  project.provide('stressFiguresDir', dir);
  const started = performance.now();
  return async () => {
    const f = sumFigures(dir);
    const n = (value: number) => value.toLocaleString('en-US').padStart(7);
    process.stdout.write(
      [
        '',
        `rentsurvey stress figures (${Math.round((performance.now() - started) / 1000)} s)`,
        `  requests tried  ${n(f.requestsTried)}  (contract fuzzing over every operation; ${f.rawFrames} raw frames)`,
        `  faults survived ${n(f.faultsSurvived)}  (built CLI through the fault proxy)`,
        `  writes verified ${n(f.writesVerified)}  (acknowledged before ${f.kills} SIGKILLs of serve under load, all found again)`,
        `  seeds survived  ${n(f.seedKills)}  (serve SIGKILLed while creating the demo store; the next start had it whole)`,
        `  races decided   ${n(f.racesDecided)}  (20 concurrent requests each, one winner)`,
        '',
      ].join('\n'),
    );
    await rm(dir, { recursive: true, force: true });
  };
}
