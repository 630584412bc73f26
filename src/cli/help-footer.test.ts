// Discoverable: group help shows one example per subcommand; every command's help names the
// global output flags that apply to it; `help environment` lists the variables of this round.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/helpers/run-cli.js';
import { createTestIO } from '../output/io.js';
import { commandPath, OUTPUT_OF } from './help-footer.js';
import { buildProgram, typedCommand, typedWords } from './program.js';

const program = buildProgram({ io: createTestIO(), env: {} }) as unknown as Command;

function all(command: Command): Command[] {
  return command.commands.flatMap((sub) => [sub as Command, ...all(sub as Command)]);
}

const help = async (...path: string[]) => {
  const r = await runCli([...path, '--help'], { env: { NO_COLOR: '1' } });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
};

describe('the output of every command is declared, in one table', () => {
  it('every command that runs is in OUTPUT_OF, and nothing else', () => {
    const commands = all(program);
    const leaves = commands.filter((c) => c.commands.length === 0).map(commandPath);
    for (const path of leaves) expect(OUTPUT_OF, path).toHaveProperty([path]);
    const paths = new Set(commands.map(commandPath));
    for (const path of Object.keys(OUTPUT_OF)) expect(paths.has(path), path).toBe(true);
  });
});

describe('--help', () => {
  it.each([60, 80])('fits a terminal %i columns wide, examples and notes included (words stay whole)', async (columns) => {
    for (const path of ['', 'overview', 'pricing history', 'comps', 'local import']) {
      const r = await runCli([...path.split(' ').filter(Boolean), '--help'], { env: { NO_COLOR: '1' }, isTTY: true, columns });
      expect(r.exitCode, r.stderr).toBe(0);
      for (const line of r.stdout.split('\n'))
        if (line.length > columns) expect(line.trim(), `${path}: ${line}`).not.toMatch(/\s/);
    }
  });
  it.each(Object.entries(OUTPUT_OF).filter(([path]) => path !== 'help'))('%s names the output flags that apply to it', async (path, kind) => {
    const text = await help(...path.split(' '));
    expect(text).toMatch(/^All global flags \(--profile, --local, --no-input, …\): rentsurvey --help$/m);
    if (kind === 'rows' || kind === 'record') {
      expect(text).toMatch(/^Output flags \(global, before or after the command\):$/m);
      for (const flag of ['--format <format>', '--json', '--csv', '--ndjson', '--fields <list>', '--no-color', '-q, --quiet'])
        expect(text).toMatch(new RegExp(`^ {2}${flag} +\\S`, 'm'));
      // The flags' own descriptions, as `rentsurvey --help` has them, wrapped at the help's width.
      expect(text).toMatch(/^ {2}--fields <list> +comma-separated fields to output, in that order$/m);
      const footer = text.slice(text.indexOf('Output flags'));
      for (const line of footer.split('\n')) expect(line.length, line).toBeLessThanOrEqual(80);
    } else if (kind === 'file') {
      expect(text).toMatch(/^Output flags \(global; the file is CSV\):$/m);
      expect(text).toMatch(/^ {2}-q, --quiet +no progress/m);
      expect(text).not.toContain('--fields <list>');
    } else expect(text).not.toMatch(/^Output flags/m);
    expect(text, 'blank lines come one at a time').not.toMatch(/\n\n\n/);
  });

  it.each([
    ['comps', ['list', 'add', 'activate', 'deactivate']],
    ['pricing', ['history', 'floor-plans', 'export', 'target']],
    ['communities', ['list', 'show', 'batch', 'create', 'update']],
    ['users', ['invite', 'show', 'update']],
    ['local', ['keys create', 'reset', 'import', 'jobs']],
    ['local keys', ['create', 'list', 'revoke']],
    ['vacancy', ['trend']],
    ['auth', ['status']],
    ['serve', ['openapi']],
  ])('%s lists its subcommands, with an example of each', async (group, subcommands) => {
    const text = await help(...group.split(' '));
    const examples = text.split('\nExamples, one per command:\n')[1]?.split('\n\n')[0]?.split('\n') ?? [];
    expect(examples).toHaveLength(subcommands.length);
    subcommands.forEach((sub, i) => expect(`${examples[i]} `).toMatch(`  $ rentsurvey ${group} ${sub} `));
    for (const sub of subcommands) expect(text).toMatch(new RegExp(`^ {2}${sub.split(' ')[0]} `, 'm'));
  });

  it('examples use names an analyst reads on the screen, not ids', async () => {
    for (const path of ['overview', 'vacancy', 'pricing history', 'comps deactivate', 'communities show']) {
      const text = await help(...path.split(' '));
      expect(text, path).toMatch(/\$ rentsurvey [a-z ]+ "Barton Creek Terrace"|\$ rentsurvey [a-z ]+ DR-006/);
      expect(text, path).not.toContain('3f1c…');
    }
    expect(await help('pricing', 'history')).toMatch(/--floor-plan <plan> +only this floor plan: its name \(A1, any case\) or id/);
  });

  it('`help <command>` prints what `<command> --help` prints', async () => {
    const r = await runCli(['help', 'comps', 'deactivate'], { env: { NO_COLOR: '1' } });
    expect(r.stdout).toBe(await help('comps', 'deactivate'));
  });
});

describe('help environment', () => {
  it('lists RENTSURVEY_LOCAL and RENTSURVEY_NO_INPUT with what they do', async () => {
    const r = await runCli(['help', 'environment']);
    expect(r.stdout).toMatch(/^ {2}RENTSURVEY_LOCAL +1: commands use the embedded service, as if --local were given/m);
    expect(r.stdout).toMatch(/--local\/--no-local, an explicit --profile/);
    expect(r.stdout).toMatch(/^ {2}RENTSURVEY_NO_INPUT +1: never prompt, as --no-input/m);
  });
});

describe('a run registers only the command it runs', () => {
  const find = (root: Command, path: string[]) => path.reduce((at, name) => at.commands.find((c) => c.name() === name)!, root);

  it('typedCommand skips global flags and their values, and knows nothing unusual', () => {
    expect(typedCommand(['portfolio', '--json'])).toBe('portfolio');
    expect(typedCommand(['--profile', 'portfolio', '--format', 'json', 'overview', 'x'])).toBe('overview');
    expect(typedCommand(['--profile=staging', '-q', '--local', 'serve', '--port', '0'])).toBe('serve');
    expect(typedCommand(['--data-dir', '/tmp/x', '--limit', '5', 'comps', 'list'])).toBe('comps');
    expect(typedWords(['--profile', 'x', 'pricing', '--json', 'export', '--days', '7', '--', 'y'])).toEqual(['pricing', 'export', '7']);
    for (const args of [[], ['--help'], ['help', 'portfolio'], ['__complete', 'ov'], ['portfoli'], ['--', 'portfolio'], ['--profile']])
      expect(typedCommand(args), args.join(' ')).toBeUndefined();
  });

  it('each command reads and helps exactly as in the whole tree', () => {
    for (const path of Object.keys(OUTPUT_OF).filter((p) => p !== 'help')) {
      const words = path.split(' ');
      const alone = buildProgram({ io: createTestIO(), env: {} }, ['node', 'rentsurvey', ...words]) as unknown as Command;
      expect(alone.commands.map((c) => c.name()), path).toEqual([words[0]]);
      expect(find(alone, words).helpInformation(), path).toBe(find(program, words).helpInformation());
    }
  });
});
