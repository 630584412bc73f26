import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectOk, it } from '../../../../test/helpers/run-cli.js';

const ROOT = join(import.meta.dirname, '../../../..');

describe('completion', () => {
  it('bash defines and registers the function', async ({ cli }) => {
    const r = expectOk(await cli.run(['completion', 'bash']));
    expect(r.stdout).toContain('complete -o default -F _rentsurvey rentsurvey');
    expect(r.stdout).toContain('"pricing export")');
    expect(r.stdout).toContain('--since-last');
  });

  it('zsh starts with #compdef; fish completes the command groups', async ({ cli }) => {
    expect(expectOk(await cli.run(['completion', 'zsh'])).stdout.startsWith('#compdef rentsurvey\n')).toBe(true);
    const fish = expectOk(await cli.run(['completion', 'fish'])).stdout;
    for (const group of ['portfolio', 'communities', 'pricing']) expect(fish).toContain(`-a ${group} `);
  });

  it('matches the committed scripts under completions/', async ({ cli }) => {
    for (const [shell, file] of Object.entries({ bash: 'rentsurvey.bash', zsh: '_rentsurvey', fish: 'rentsurvey.fish' })) {
      const committed = readFileSync(join(ROOT, 'completions', file), 'utf8');
      const r = expectOk(await cli.run(['completion', shell]));
      expect(r.stdout, `completions/${file} is stale: regenerate with npm run completions`).toBe(committed);
    }
  });

  it('an unknown shell is a usage error', async ({ cli }) => {
    const r = await cli.run(['completion', 'ksh']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toMatch(/ksh/);
  });
});
