import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { ROOT } from '../../../../test/helpers/common.js';
import { expectOk, it } from '../../../../test/helpers/run-cli.js';
import { EXIT_CODE_HELP, ExitCode } from '../../errors.js';

/** The rows of README.md's exit-code table, as [code, meaning]. */
function readmeExitCodes(): [number, string][] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Exit codes\n')) ?? '';
  return [...section.matchAll(/^\| (\d+) \| (.+) \|$/gm)].map((row) => [Number(row[1]), row[2]!]);
}

describe('help', () => {
  it('help <command path> prints that command’s usage and flags; --help adds the examples', async ({ cli }) => {
    const r = expectOk(await cli.run(['help', 'pricing', 'export']));
    expect(r.stdout).toMatch(/^Usage: rentsurvey pricing export/);
    expect(r.stdout).toContain('--since-last');
    const flag = expectOk(await cli.run(['pricing', 'export', '--help']));
    expect(flag.stdout.startsWith(r.stdout.trimEnd())).toBe(true);
    expect(flag.stdout).toContain('Examples:');
    expect(expectOk(await cli.run(['help'])).stdout).toContain('Usage: rentsurvey');
  });

  it('help environment names every variable of the design', async ({ cli }) => {
    const r = expectOk(await cli.run(['help', 'environment']));
    for (const name of ['RENTSURVEY_API_KEY', 'RENTSURVEY_BASE_URL', 'RENTSURVEY_PROFILE', 'RENTSURVEY_DATA_DIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'NO_COLOR', 'FORCE_COLOR', 'RENTSURVEY_PAGER', 'PAGER', 'RENTSURVEY_SMTP_URL', 'RENTSURVEY_WEBHOOK_URL'])
      expect(r.stdout).toContain(name);
  });

  it('help exit-codes lists every status: 0 to 5, and those of a signal (129, 130, 143)', async ({ cli }) => {
    const r = expectOk(await cli.run(['help', 'exit-codes']));
    for (const code of new Set([...Object.values(ExitCode), 129, 130, 143])) expect(r.stdout).toMatch(new RegExp(`^\\s+${code}\\s+\\S`, 'm'));
    expect(r.stdout).toMatch(/^\s+143\s+terminated \(SIGTERM/m);
    expect(r.stdout).toMatch(/^\s+3\s+.*401.*403/m);
    expect(r.stdout).toMatch(/^\s+4\s+.*404/m);
    expect(r.stdout).toMatch(/^\s+5\s+.*409/m);
  });

  it("README's exit-code table says what help exit-codes prints, code for code", () => {
    expect(readmeExitCodes()).toEqual(EXIT_CODE_HELP);
  });

  it('an unknown topic is a usage error', async ({ cli }) => {
    const r = await cli.run(['help', 'no-such-topic']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toBe('error: unknown help topic or command: no-such-topic\n');
  });
});
