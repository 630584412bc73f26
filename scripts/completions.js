// Regenerates completions/ from the command tree (run after changing commands).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const files = { bash: 'rentsurvey.bash', zsh: '_rentsurvey', fish: 'rentsurvey.fish' };
mkdirSync('completions', { recursive: true });
for (const [shell, file] of Object.entries(files)) {
  const result = spawnSync(process.execPath, ['bin/rentsurvey.js', 'completion', shell], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  writeFileSync(`completions/${file}`, result.stdout);
}
console.log(`wrote ${Object.values(files).map((f) => `completions/${f}`).join(', ')}`);
