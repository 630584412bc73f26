// The program as a whole: help and version, usage errors, and how anything thrown
// becomes one line on stderr and an exit code (main.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { expectOk, it } from '../../test/helpers/run-cli.js';
import { createLogger } from '../output/messages.js';
import { createTestIO } from '../output/io.js';
import { reportError } from './main.js';
import { CliError, ExitCode, UsageError } from './errors.js';

const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
const GROUPS = ['login', 'logout', 'auth', 'portfolio', 'communities', 'comps', 'pricing', 'vacancy', 'overview', 'users', 'serve', 'local', 'sync', 'completion', 'help'];

describe('version and help', () => {
  it('--version and -V print the package version alone', async ({ cli }) => {
    for (const flag of ['--version', '-V']) expect(await cli.run([flag])).toMatchObject({ exitCode: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it('--help lists every command group and the global flags on stdout; no arguments prints it too', async ({ cli }) => {
    const r = expectOk(await cli.run(['--help']));
    expect(r.stderr).toBe('');
    const commands = r.stdout.slice(r.stdout.indexOf('Commands:'));
    for (const group of GROUPS) expect(commands).toMatch(new RegExp(`^  ${group}\\b`, 'm'));
    for (const flag of ['--profile', '--local', '--data-dir', '--format', '--json', '--csv', '--ndjson', '--fields', '--no-color', '--quiet', '--debug'])
      expect(r.stdout).toContain(flag);
    expect(r.stdout).toContain('More help: rentsurvey help environment');
    expect(expectOk(await cli.run([])).stdout).toContain('Usage: rentsurvey');
  });

  it('a subcommand --help shows its flags and examples', async ({ cli }) => {
    const r = expectOk(await cli.run(['pricing', 'export', '--help']));
    expect(r.stdout).toContain('--since-last');
    expect(r.stdout).toContain('Examples:');
  });

  it('a group without its subcommand prints its help on stderr and exits 2', async ({ cli }) => {
    const r = await cli.run(['pricing']);
    expect(r).toMatchObject({ exitCode: 2, stdout: '' });
    expect(r.stderr).toMatch(/Usage: rentsurvey pricing/);
    expect(r.stderr).toMatch(/export/);
  });
});

describe('usage errors: exit 2, a message on stderr, nothing on stdout', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['unknown command', ['bogus'], /unknown command 'bogus'/],
    ['unknown subcommand', ['communities', 'bogus'], /unknown command 'bogus'/],
    ['unknown flag', ['portfolio', '--bogus'], /unknown option '--bogus'/],
    ['unknown global flag', ['--bogus', 'portfolio'], /unknown option '--bogus'/],
    ['bad --format', ['--format', 'xml', 'portfolio'], /xml/],
    ['bad timeout', ['--connect-timeout', 'soon', 'portfolio'], /^error: --connect-timeout: "soon" is not a positive number of seconds$/m],
    ['bad request timeout from the environment', ['portfolio'], /^error: RENTSURVEY_REQUEST_TIMEOUT: "-1" is not a positive number of seconds$/m],
  ];
  for (const [name, args, message] of cases)
    it(name, async ({ cli }) => {
      const r = await cli.run(args, { env: name.includes('environment') ? { RENTSURVEY_REQUEST_TIMEOUT: '-1' } : {} });
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/at .*\.[jt]s:\d+/);
    });

  it('colors where they are asked for (FORCE_COLOR on a pipe): main() loads them for the run', async ({ cli }) => {
    const r = await cli.run(['--connect-timeout', 'soon', 'portfolio'], { env: { FORCE_COLOR: '1' } });
    expect(r.exitCode).toBe(2);
    expect(r.stderr.startsWith('\u001b[31merror:\u001b[39m --connect-timeout: "soon" is not a positive number')).toBe(true);
  });

  it('what a user typed is echoed without its control characters', async ({ cli }) => {
    const r = await cli.run(['bogus\u001b]0;x\u0007']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'bogus/);
    expect(r.stderr).not.toContain('\u001b');
  });
});

describe('reportError: the one place an error becomes an exit code', () => {
  const report = (error: unknown, debug = false) => {
    const io = createTestIO();
    const code = reportError(createLogger(io, { debug }), error);
    return { code, stderr: io.err() };
  };

  it('a CliError prints its message and hint and exits with its code', () => {
    expect(report(new CliError('nope', ExitCode.notFound, 'try again'))).toEqual({ code: 4, stderr: 'error: nope\nhint: try again\n' });
    expect(report(new UsageError('bad flag'))).toEqual({ code: 2, stderr: 'error: bad flag\n' });
  });

  it('anything else is a bug (exit 1, a hint to use --debug); a system error is not', () => {
    expect(report(new TypeError('x is undefined'))).toEqual({
      code: 1,
      stderr: 'error: x is undefined\nhint: this is a bug in rentsurvey; run again with --debug for details\n',
    });
    const eaddr = Object.assign(new Error('port in use'), { code: 'EADDRINUSE' });
    expect(report(eaddr)).toEqual({ code: 1, stderr: 'error: port in use\n' });
  });

  it('--debug adds the stack of a bug and the cause of a CliError', () => {
    const bug = report(new TypeError('x is undefined'), true);
    expect(bug.stderr).toMatch(/^error: x is undefined\ndebug: TypeError: x is undefined\n\s+at /);
    const withCause = new CliError('could not reach', ExitCode.failure);
    withCause.cause = new Error('ECONNREFUSED');
    expect(report(withCause, true).stderr).toBe('error: could not reach\ndebug: Error: ECONNREFUSED\n');
  });
});
