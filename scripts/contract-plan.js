// Regenerates src/api/plan.generated.ts from the contract (run after changing src/api).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';

const dir = mkdtempSync(join(tmpdir(), 'rentsurvey-plan-'));
try {
  const outfile = join(dir, 'plan-compile.mjs');
  await build({ input: 'src/api/plan-compile.ts', platform: 'node', output: { format: 'esm', file: outfile } });
  const { contractPlan, planSource } = await import(pathToFileURL(outfile).href);
  writeFileSync('src/api/plan.generated.ts', planSource(contractPlan()));
  console.log('wrote src/api/plan.generated.ts');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
