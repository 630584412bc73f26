// Commands that need no service: version, help, completion, openapi, usage errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, parseJson, ROOT, type Sandbox } from '../helpers/cli.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
const GROUPS = ['login', 'logout', 'auth', 'portfolio', 'communities', 'comps', 'pricing', 'vacancy', 'overview', 'users', 'serve', 'local', 'completion', 'help'];

let sb: Sandbox;
beforeAll(async () => {
  sb = await createSandbox();
});
afterAll(() => sb.cleanup());

describe.concurrent('version and help', () => {
  it('--version and -V print the package version alone', async () => {
    for (const flag of ['--version', '-V']) {
      const r = await sb.run([flag]);
      expect(r).toMatchObject({ exitCode: 0, stdout: `${pkg.version}\n`, stderr: '' });
    }
  });

  it('--help lists every command group and the global flags on stdout', async () => {
    const r = await sb.run(['--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const commands = r.stdout.slice(r.stdout.indexOf('Commands:'));
    for (const group of GROUPS) expect(commands).toMatch(new RegExp(`^  ${group}\\b`, 'm'));
    for (const flag of ['--profile', '--local', '--data-dir', '--format', '--json', '--csv', '--fields', '--no-color', '--quiet', '--debug'])
      expect(r.stdout).toContain(flag);
  });

  it('no arguments prints the help and succeeds', async () => {
    const r = await sb.run([]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('Usage: rentsurvey');
  });

  it('a subcommand --help shows its flags and examples', async () => {
    const r = await sb.run(['pricing', 'export', '--help']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('--since-last');
    expect(r.stdout).toContain('Examples:');
    const viaHelp = await sb.run(['help', 'pricing', 'export']);
    expect(viaHelp.exitCode).toBe(0);
    expect(viaHelp.stdout).toContain('--since-last');
  });

  it('help environment names every variable of the design', async () => {
    const r = await sb.run(['help', 'environment']);
    expect(r.exitCode).toBe(0);
    for (const name of ['RENTSURVEY_API_KEY', 'RENTSURVEY_BASE_URL', 'RENTSURVEY_PROFILE', 'RENTSURVEY_DATA_DIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'NO_COLOR', 'FORCE_COLOR'])
      expect(r.stdout).toContain(name);
  });

  it('help exit-codes lists 0, 1, 2, 3, 4, 5 and 130', async () => {
    const r = await sb.run(['help', 'exit-codes']);
    expect(r.exitCode).toBe(0);
    for (const code of [0, 1, 2, 3, 4, 5, 130]) expect(r.stdout).toMatch(new RegExp(`^\\s+${code}\\s+\\S`, 'm'));
    expect(r.stdout).toMatch(/^\s+3\s+.*401.*403/m);
    expect(r.stdout).toMatch(/^\s+4\s+.*404/m);
    expect(r.stdout).toMatch(/^\s+5\s+.*409/m);
  });

  it('help on an unknown topic is a usage error', async () => {
    const r = await sb.run(['help', 'no-such-topic']);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no-such-topic');
  });
});

describe.concurrent('usage errors: exit 2, a message on stderr, nothing on stdout', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['unknown command', ['bogus'], /unknown command 'bogus'/],
    ['unknown subcommand', ['communities', 'bogus'], /unknown command 'bogus'/],
    ['unknown flag', ['portfolio', '--bogus'], /unknown option '--bogus'/],
    ['unknown global flag', ['--bogus', 'portfolio'], /unknown option '--bogus'/],
    ['bad --format', ['--format', 'xml', 'portfolio'], /xml/],
    ['--json with --csv', ['--json', '--csv', 'portfolio'], /--json/],
    ['missing argument', ['comps', 'list'], /missing required argument 'community'/],
    ['bad --limit', ['communities', 'list', '--limit', '500'], /--limit/],
    ['bad completion shell', ['completion', 'ksh'], /ksh/],
    ['bad choice', ['users', 'invite', '--email', 'a@b.example', '--name', 'A', '--role', 'boss'], /boss/],
    ['missing mandatory option', ['communities', 'create', '--name', 'X'], /--address|--zipcode/],
    ['empty --fields', ['--fields', ',', 'portfolio'], /--fields/],
    ['bad timeout', ['--connect-timeout', 'soon', 'portfolio'], /connect timeout/],
  ];
  for (const [name, args, message] of cases)
    it(name, async () => {
      const r = await sb.run(args);
      expect(r.exitCode, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // never a stack
    });
});

describe.concurrent('serve openapi', () => {
  it('prints one OpenAPI 3.1 JSON document with 17 operations', async () => {
    const r = await sb.run(['serve', 'openapi']);
    expect(r.exitCode).toBe(0);
    const doc = parseJson<{ openapi: string; paths: Record<string, Record<string, unknown>> }>(r.stdout);
    expect(doc.openapi).toMatch(/^3\.1/);
    const operations = Object.values(doc.paths).flatMap((item) =>
      Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)),
    );
    expect(operations).toHaveLength(17);
    expect(doc.paths).toHaveProperty(['/rentsurvey/portfolio']);
  });
});

describe.concurrent('completion', () => {
  it('bash registers a function that asks rentsurvey __complete', async () => {
    const r = await sb.run(['completion', 'bash']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('complete -o default -F _rentsurvey rentsurvey');
    expect(r.stdout).toContain('__complete "${args[@]}"');
  });

  it('zsh starts with #compdef and works autoloaded or sourced', async () => {
    const r = await sb.run(['completion', 'zsh']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.startsWith('#compdef rentsurvey\n')).toBe(true);
    expect(r.stdout).toContain('compdef _rentsurvey rentsurvey');
    expect(r.stdout).toContain('_describe');
  });

  it('fish completes from rentsurvey __complete, files only where asked', async () => {
    const r = await sb.run(['completion', 'fish']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain("complete -c rentsurvey -f -n '__rentsurvey_offers candidates' -a '$__rentsurvey_candidates'");
    expect(r.stdout).toContain('__fish_complete_path');
  });

  it('__complete answers candidates and a directive, and is not in --help', async () => {
    const r = await sb.run(['__complete', 'pricing', 'ex']);
    expect(r).toMatchObject({ exitCode: 0, stderr: '' });
    expect(r.stdout).toBe('export\tWrite the pricing history of many communities to one CSV file, atomically (for cron)\n:4\n');
    expect((await sb.run(['--help'])).stdout).not.toContain('__complete');
  });

  it('matches the committed scripts under completions/', async () => {
    const committed: Record<string, string> = { bash: 'rentsurvey.bash', zsh: '_rentsurvey', fish: 'rentsurvey.fish' };
    for (const [shell, file] of Object.entries(committed)) {
      const text = readFileSync(join(ROOT, 'completions', file), 'utf8');
      const r = await sb.run(['completion', shell]);
      expect(r.stdout, `completions/${file} is stale: regenerate with npm run completions`).toBe(text);
    }
  });
});
