// `rentsurvey dashboard` where there is no terminal to draw on: refused before anything is read
// (exit 2), naming the command that prints the same rows without one; and the output flags of
// a command that prints no list.
import { describe, expect } from 'vitest';
import { it } from '../../../../test/helpers/run-cli.js';

describe('dashboard without a terminal', () => {
  it('piped: exit 2, naming rentsurvey overview --all', async ({ cli }) => {
    const r = await cli.run(['--local', 'dashboard']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/full-screen view for a terminal \(stdout is not a terminal\)/);
    expect(r.stderr).toContain('rentsurvey overview --all');
  });

  it('on a terminal with --no-input, RENTSURVEY_NO_INPUT=1 or CI: exit 2, saying which', async ({ cli }) => {
    for (const [args, env] of [
      [['--local', '--no-input', 'dashboard'], {}],
      [['--local', 'dashboard'], { RENTSURVEY_NO_INPUT: '1' }],
      [['--local', 'dashboard'], { CI: 'true' }],
    ] as const) {
      const r = await cli.run([...args], { isTTY: true, env });
      expect(r.exitCode, args.join(' ')).toBe(2);
      // On a terminal, messages wrap at its width.
      const said = r.stderr.replace(/\s+/g, ' ');
      expect(said).toContain('--no-input, RENTSURVEY_NO_INPUT or CI is set');
      expect(said).toContain('rentsurvey overview --all');
    }
  });

  it('--json and other list flags are refused: it prints no list', async ({ cli }) => {
    const r = await cli.run(['--local', 'dashboard', '--json'], { isTTY: true });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.replace(/\s+/g, ' ')).toContain('--json is for lists and records; `rentsurvey dashboard` prints no list or record');
  });
});
