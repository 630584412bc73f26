// Regenerates src/api/plan.generated.ts from the contract (run after changing src/api).
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'rentsurvey-plan-'));
try {
  const outfile = join(dir, 'plan-compile.mjs');
  await build({ entryPoints: ['src/api/plan-compile.ts'], outfile, bundle: true, format: 'esm', platform: 'node', logLevel: 'warning' });
  const { contractPlan, planSource } = await import(pathToFileURL(outfile).href);
  writeFileSync('src/api/plan.generated.ts', planSource(contractPlan()));
  console.log('wrote src/api/plan.generated.ts');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
