// Help is read from the command tree: every command declares what it prints, its examples
// and notes; group help shows one example per command in one list; every command's help names
// the global output flags that apply to it; everything is wrapped once, at the terminal's width.
import type { Command } from 'commander';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTree, TOP_LEVEL } from '../../test/helpers/examples.js';
import { runCli } from '../../test/helpers/run-cli.js';
import { createTestIO } from '../output/io.js';
import { displayWidth } from '../output/text.js';
import { formatsWritten, type Output } from './command.js';
import { UsageError } from './errors.js';
import { resolveGlobals, type GlobalFlags } from './globals.js';
import { exampleLines } from './help-footer.js';
import { assertOutputFlags, OUTPUT_FLAGS } from './table-flags.js';
import { buildProgram, completionArgv, typedCommand, typedWords } from './program.js';

const program = (await buildProgram({ io: createTestIO(), env: {} })) as unknown as Command;

const ALL = commandTree();
const RUNNABLE = ALL.filter(({ definition }) => definition.handler);
const GROUPS = ALL.filter(({ definition }) => definition.subcommands);

const help = async (path: readonly string[], options: { columns?: number; isTTY?: boolean } = {}) => {
  const r = await runCli([...path, '--help'], { env: { NO_COLOR: '1' }, ...options });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout;
};

/**
 * Lines that end a sentence early: the next line goes on with it (it starts at the
 * column where this line's text does) although its first word would have fit here —
 * what text wrapped twice looks like ("as if --loc" / "al were given").
 */
function brokenTwice(text: string, width: number): string[] {
  const lines = text.split('\n');
  const found: string[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    const [line, next] = [lines[i]!, lines[i + 1]!];
    // Examples break between words on purpose, with a " \" that needs the room.
    if (line.trim() === '' || next.trim() === '' || line.startsWith('  $ ') || line.endsWith('\\')) continue;
    // A sentence that ends may end a line (a description of two lines, one sentence each).
    if (line.endsWith('.')) continue;
    const comment = /^ {2}# /;
    const column = comment.test(line) ? 4 : (/^ {2}\S+(?: \S+)*? {2,}/.exec(line)?.[0].length ?? /^ */.exec(line)![0].length);
    const nextColumn = comment.test(next) ? 4 : /^ */.exec(next)![0].length;
    if (nextColumn !== column || comment.test(line) !== comment.test(next)) continue;
    const firstWord = next.slice(column).split(' ')[0]!;
    if (displayWidth(line) + 1 + displayWidth(firstWord) <= width) found.push(`${line}⏎${next}`);
  }
  return found;
}

describe('every command declares its facts', () => {
  it.each(ALL.map(({ path, definition }) => [path.join(' '), definition] as const))('%s', (_path, definition) => {
    expect(definition.description).not.toContain('\n');
    if (definition.handler) {
      expect(definition.output, 'a command that runs says what it prints').toBeDefined();
      expect(definition.examples?.length, 'a command that runs has examples').toBeGreaterThan(0);
    } else expect(definition.subcommands?.length, 'a definition that does not run is a group').toBeGreaterThan(0);
  });

  it.each(RUNNABLE.filter(({ definition }) => definition.output && 'columns' in definition.output).map(({ path, definition }) => [path.join(' '), definition] as const))(
    '%s names the columns it prints, each once',
    async (_path, definition) => {
      const output = definition.output!;
      const keys = 'columns' in output ? (await output.columns()).map((column) => column.key) : [];
      expect(keys.length).toBeGreaterThan(0);
      expect(new Set(keys).size).toBe(keys.length);
    },
  );

  it('the program has every top-level command of the tree, in order, and help', () => {
    expect(program.commands.map((c) => c.name())).toEqual(TOP_LEVEL.map((definition) => definition.name));
    expect(TOP_LEVEL.at(-1)?.name).toBe('help');
  });
});

describe('--help is written for the terminal: wrapped once, at its width', () => {
  const pages: string[][] = [[], ...ALL.map(({ path }) => path)];
  it.each([
    ['a terminal 80 columns wide', { isTTY: true, columns: 80 }, 80],
    ['a terminal 200 columns wide', { isTTY: true, columns: 200 }, 200],
    ['piped', {}, 80],
  ] as const)('on %s, no line is wider and no sentence is broken twice', async (_, options, width) => {
    const texts = await Promise.all(pages.map((path) => help(path, options)));
    for (const topic of ['environment', 'exit-codes']) {
      const r = await runCli(['help', topic], { env: { NO_COLOR: '1' }, ...options });
      texts.push(r.stdout);
    }
    for (const text of texts) {
      for (const line of text.split('\n')) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      expect(brokenTwice(text, width)).toEqual([]);
      expect(text, 'blank lines come one at a time').not.toMatch(/\n\n\n/);
    }
  });

  it('a terminal narrower than a word keeps the word whole', async () => {
    for (const line of (await help(['communities', 'create'], { isTTY: true, columns: 60 })).split('\n'))
      if (line.length > 60) expect(line.trim(), line).not.toMatch(/\s/);
  });

  it('the check finds text wrapped twice', () => {
    const twice = 'This sentence was wrapped for a wide\nscreen and then\nagain for a narrow one.';
    expect(brokenTwice(twice, 40)).toEqual(['screen and then⏎again for a narrow one.']);
    expect(brokenTwice('  --flag  a description that goes\n          on here', 40)).toEqual(['  --flag  a description that goes⏎          on here']);
  });

  it('a long example is broken between words outside quotes, with its flags’ values, and still pastes as one command', () => {
    const lines = exampleLines('rentsurvey communities create --name "Maple Court" --address "100 Main St, Austin, TX 78701" --zipcode 78701   # a new subject', 60);
    expect(lines).toEqual([
      '  # a new subject',
      '  $ rentsurvey communities create --name "Maple Court" \\',
      '      --address "100 Main St, Austin, TX 78701" \\',
      '      --zipcode 78701',
    ]);
    expect(exampleLines('rentsurvey overview barton   # a part of a name', 80)).toEqual(['  $ rentsurvey overview barton   # a part of a name']);
  });
});

describe('--help footers', () => {
  it.each(RUNNABLE.filter(({ definition }) => definition.name !== 'help').map(({ path, definition }) => [path.join(' '), definition.output?.kind] as const))(
    '%s names the output flags that apply to it',
    async (path, kind) => {
      const text = await help(path.split(' '));
      expect(text).toMatch(/^All global flags \(--profile, --local, --no-input, …\): rentsurvey --help$/m);
      if (kind === 'rows' || kind === 'record') {
        expect(text).toMatch(/^Output flags \(global, before or after the command\):$/m);
        for (const flag of ['--format <format>', '--json', '--csv', '--ndjson', '--fields <list>', '--no-color', '-q, --quiet'])
          expect(text).toMatch(new RegExp(`^ {2}${flag} +\\S`, 'm'));
        expect(text.includes('  --sort <field>'), '--sort: lists only').toBe(kind === 'rows');
        // The flags' own descriptions, as `rentsurvey --help` has them.
        expect(text).toMatch(/^ {2}--fields <list> +comma-separated fields to output, in that order$/m);
      } else if (kind === 'file') {
        expect(text).toMatch(/^Output flags \(global; the file is (csv or xlsx|html)\):$/m);
        expect(text).toMatch(/^ {2}-q, --quiet +no progress/m);
        expect(text).not.toContain('--fields <list>');
      } else expect(text).not.toMatch(/^Output flags/m);
    },
  );

  /** The long flags of the "Output flags" list of a help text. */
  const listed = (text: string) =>
    (/^Output flags \(.*\):\n((?: {2}.*\n)+)/m.exec(text)?.[1] ?? '').split('\n').flatMap((line) => /^ {2}(?:-\w, )?(--[a-z-]+)/.exec(line)?.[1] ?? []);
  /** A value of each flag that a command taking it accepts (its first format for --format). */
  const typed = (output: Output, key: string): unknown =>
    ({ format: formatsWritten(output)[0] ?? 'json', out: 'x.xlsx', fields: 'a', sort: 'a', limit: '1', pager: false, color: false })[key] ?? true;

  it.each(RUNNABLE.map(({ path, definition }) => [path.join(' '), definition] as const))(
    '%s: help lists exactly the output flags a run takes; a run refuses the others (exit 2)',
    async (path, definition) => {
      const output = definition.output!;
      const env = { XDG_CONFIG_HOME: join(tmpdir(), 'rs-help-footer-no-config') };
      const accepted = OUTPUT_FLAGS.filter((flag) => {
        const flags = { [flag.key]: typed(output, flag.key) } as Partial<GlobalFlags>;
        try {
          assertOutputFlags(path, output, flags, resolveGlobals(flags, env));
          return true;
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          // --out of a list needs --format xlsx: it is taken, on that condition.
          return !(error as Error).message.startsWith(`${flag.long} is for `);
        }
      }).map((flag) => flag.long);
      const text = await help(path.split(' '));
      if (output.kind === 'fixed') {
        expect(listed(text)).toEqual([]);
        expect(accepted, 'a command that prints no list takes only the flags any command takes').toEqual(['--no-pager', '--no-color', '--quiet']);
      } else expect(listed(text)).toEqual(accepted);
    },
  );

  it.each(GROUPS.map(({ path, definition }) => [path.join(' '), definition] as const))(
    '%s lists its commands, with an example of each, in one list of examples',
    async (path, definition) => {
      const text = await help(path.split(' '));
      expect(text.match(/^Examples/gm)).toEqual(['Examples']);
      const examples = text.split('\nExamples:\n')[1]!.split('\n\n')[0]!;
      for (const sub of definition.subcommands!) {
        expect(text).toMatch(new RegExp(`^ {2}${sub.name} `, 'm'));
        expect(examples).toMatch(new RegExp(`^ {2}\\$ rentsurvey ${path} ${sub.name}\\b`, 'm'));
      }
    },
  );

  it('examples use names an analyst reads on the screen, not ids', async () => {
    for (const path of ['overview', 'vacancy', 'pricing history', 'comps deactivate', 'communities show']) {
      const text = await help(path.split(' '));
      expect(text, path).toMatch(/\$ rentsurvey [a-z ]+ "Barton Creek Terrace"|\$ rentsurvey [a-z ]+ DR-006/);
      expect(text, path).not.toContain('3f1c…');
    }
    expect(await help(['pricing', 'history'])).toMatch(/--floor-plan <plan> +only this floor plan: its name \(A1, any case\) or id/);
  });

  it('`help <command>` prints what `<command> --help` prints', async () => {
    const r = await runCli(['help', 'comps', 'deactivate'], { env: { NO_COLOR: '1' } });
    expect(r.stdout).toBe(await help(['comps', 'deactivate']));
  });
});

describe('help environment', () => {
  it('lists RENTSURVEY_LOCAL and RENTSURVEY_NO_INPUT with what they do', async () => {
    const r = await runCli(['help', 'environment'], { isTTY: true, columns: 200 });
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
    expect(typedCommand(['help', 'portfolio'])).toBe('help');
    expect(typedWords(['--profile', 'x', 'pricing', '--json', 'export', '--days', '7', '--', 'y'])).toEqual(['pricing', 'export', '7']);
    for (const args of [[], ['--help'], ['__complete', 'ov'], ['portfoli'], ['--', 'portfolio'], ['--profile'], ['constructor'], ['toString']])
      expect(typedCommand(args), args.join(' ')).toBeUndefined();
  });

  it('TAB builds the command typed once a word follows its name; the whole tree for the first word and for help', async () => {
    const built = async (words: string[]) => (await buildProgram({ io: createTestIO(), env: {} }, completionArgv(words))).commands.map((c) => c.name());
    expect(await built(['overview', 'Bar'])).toEqual(['overview']);
    expect(await built(['--local', '--profile', 'x', 'pricing', 'history', ''])).toEqual(['pricing']);
    for (const words of [['ov'], ['overview'], [''], ['help', 'por'], ['--profile', 'x', 'ov'], ['portfoli', 'x']])
      expect(await built(words), words.join(' ')).toEqual(TOP_LEVEL.map((definition) => definition.name));
  });

  it.each(RUNNABLE.map(({ path }) => [path.join(' '), path] as const))('%s reads and helps exactly as in the whole tree', async (_, words) => {
    const alone = (await buildProgram({ io: createTestIO(), env: {} }, ['node', 'rentsurvey', ...words])) as unknown as Command;
    expect(alone.commands.map((c) => c.name())).toEqual([words[0]]);
    expect(find(alone, words).helpInformation()).toBe(find(program, words).helpInformation());
  });
});
