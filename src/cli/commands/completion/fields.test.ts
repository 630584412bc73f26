// The fields TAB offers after --fields and --sort are the columns a command's definition
// names; this checks them against what the commands print. Each command that prints rows
// or a record runs its own examples (from its definition, in a shell as examples.test.ts
// runs them) on a copy of the demo store, as csv: every header it prints is a field its
// definition names, in cents and with --dollars (as TAB names them then), and at least one
// example of each command runs.
// An example of another command (`users invite` before `local invitations accept`) prepares the next ones.
import { describe, expect } from 'vitest';
import { commandTree, definitionExamples, runShell } from '../../../../test/helpers/examples.js';
import { it, parseCsv } from '../../../../test/helpers/run-cli.js';
import { dollarKey } from '../../../output/money.js';

/** As csv: what the example prints as data (a chart or --json printed otherwise). */
function asCsv(args: readonly string[]): string[] {
  const kept = args.filter((arg, i) => !['--json', '--csv', '--chart', '--format'].includes(arg) && args[i - 1] !== '--format');
  return ['--local', ...kept.filter((arg) => arg !== '--local'), '--csv'];
}

/** Whether `args` run the command at `path` (`local invitations accept`), whatever global flags come before. */
function runs(args: readonly string[], path: string): boolean {
  const words = path.split(' ');
  const at = args.indexOf(words[0]!);
  return at >= 0 && words.every((word, i) => args[at + i] === word);
}

const PRINTING = commandTree().filter(({ definition }) => definition.output && 'columns' in definition.output);
const EXAMPLES = new Map(definitionExamples().map((script) => [script.command, script]));

describe('the fields TAB offers', () => {
  it.for(PRINTING.map(({ path, definition }) => [path.join(' '), definition] as const))('are those %s prints', async ([path, definition], { cli }) => {
    const output = definition.output!;
    const declared = 'columns' in output ? (await output.columns()).map((column) => column.key) : [];
    const script = EXAMPLES.get(path);
    expect(script, 'a command that prints has examples').toBeDefined();
    let ran = 0;
    // The shell runs each example as written; each `rentsurvey` in it is run here as csv instead.
    await runShell(script!, {
      cwd: cli.root,
      env: cli.env,
      calls: cli.root,
      cli: async (call) => {
        const args = asCsv(call.args);
        const r = await cli.run(args);
        if (r.exitCode !== 0 || !runs(args, path)) return r;
        ran += 1;
        // An example with --dollars of its own prints its money fields named in dollars.
        const named = args.includes('--dollars') ? declared.map(dollarKey) : declared;
        for (const field of parseCsv(r.stdout).header) expect(named, `${args.join(' ')}: ${field}`).toContain(field);
        // Writes are not run twice; reads print the same fields in dollars, named as TAB names them then.
        if (output.kind === 'rows') {
          const dollars = await cli.run([...args, '--dollars']);
          expect(dollars.exitCode, dollars.stderr).toBe(0);
          for (const field of parseCsv(dollars.stdout).header) expect(declared.map(dollarKey), `${args.join(' ')} --dollars: ${field}`).toContain(field);
        }
        return r;
      },
    });
    expect(ran, 'an example that runs on the demo store').toBeGreaterThan(0);
  });
});
