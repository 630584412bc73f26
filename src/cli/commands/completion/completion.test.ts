import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { ROOT } from '../../../../test/helpers/common.js';
import { expectOk, it } from '../../../../test/helpers/run-cli.js';

describe('completion', () => {
  it('bash registers a function that asks rentsurvey __complete', async ({ cli }) => {
    const r = expectOk(await cli.run(['completion', 'bash']));
    expect(r.stdout).toContain('complete -o default -F _rentsurvey rentsurvey');
    expect(r.stdout).toContain('__complete "${args[@]}"');
  });

  it('zsh starts with #compdef and works autoloaded or sourced; fish completes from __complete', async ({ cli }) => {
    const zsh = expectOk(await cli.run(['completion', 'zsh'])).stdout;
    expect(zsh.startsWith('#compdef rentsurvey\n')).toBe(true);
    expect(zsh).toContain('compdef _rentsurvey rentsurvey');
    expect(zsh).toContain('_describe');
    const fish = expectOk(await cli.run(['completion', 'fish'])).stdout;
    expect(fish).toContain("complete -c rentsurvey -f -n '__rentsurvey_offers candidates' -a '$__rentsurvey_candidates'");
    expect(fish).toContain('__fish_complete_path');
  });

  it('__complete answers candidates and a directive, and is not in --help', async ({ cli }) => {
    const r = await cli.run(['__complete', 'pricing', 'ex']);
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    // The description shortened at a word to fit beside the candidate (complete.ts, shortDescription).
    expect(r.stdout).toBe('export\tWrite the pricing history of many communities to one CSV…\n:4\n');
    expect(expectOk(await cli.run(['--help'])).stdout).not.toContain('__complete');
  });

  it('matches the committed scripts under completions/', async ({ cli }) => {
    for (const [shell, file] of Object.entries({ bash: 'rentsurvey.bash', zsh: '_rentsurvey', fish: 'rentsurvey.fish' })) {
      const committed = readFileSync(join(ROOT, 'completions', file), 'utf8');
      const r = expectOk(await cli.run(['completion', shell]));
      expect(r.stdout, `completions/${file} is stale: regenerate with npm run completions`).toBe(committed);
    }
  });

  it('--install writes the script where each shell loads it, making the folder on a fresh account', async ({ cli }) => {
    const home = cli.env.HOME!;
    const places = {
      bash: join(cli.env.XDG_DATA_HOME!, 'bash-completion', 'completions', 'rentsurvey'),
      zsh: join(home, '.zfunc', '_rentsurvey'),
      fish: join(cli.env.XDG_CONFIG_HOME!, 'fish', 'completions', 'rentsurvey.fish'),
    };
    for (const [shell, path] of Object.entries(places)) {
      expect(existsSync(path), path).toBe(false);
      const installed = expectOk(await cli.run(['completion', shell, '--install']));
      expect(installed.stdout).toBe('');
      expect(installed.stderr).toContain(`Wrote the ${shell} completion script to ${path}`);
      expect(readFileSync(path, 'utf8')).toBe(expectOk(await cli.run(['completion', shell])).stdout);
    }
    // Again: replaced, not refused.
    expectOk(await cli.run(['completion', 'zsh', '--install']));
    // bash-completion's own variable wins, as bash-completion reads it.
    const own = join(cli.root, 'bash-user');
    expectOk(await cli.run(['completion', 'bash', '--install'], { env: { BASH_COMPLETION_USER_DIR: own } }));
    expect(existsSync(join(own, 'completions', 'rentsurvey'))).toBe(true);
  });

  it('an unknown shell is a usage error', async ({ cli }) => {
    const r = await cli.run(['completion', 'ksh']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toMatch(/ksh/);
  });
});
