// The fields TAB offers after --fields and --sort are the columns a command's definition
// names; this checks them against what the commands print. Each command that prints rows
// or a record runs its own examples (from its definition) on a copy of the demo store, as
// csv: every header it prints is a field its definition names, in cents and with --dollars
// (as TAB names them then), and at least one example of each command runs.
import { describe, expect } from 'vitest';
import { demoPeople } from '../../../../test/helpers/community.js';
import { it, parseCsv } from '../../../../test/helpers/run-cli.js';
import { dollarKey } from '../../../output/render.js';
import type { AnyDefinition } from '../../command.js';
import { COMMANDS } from '../index.js';

function tree(definitions: readonly AnyDefinition[] = COMMANDS, parents: string[] = []): { path: string; definition: AnyDefinition }[] {
  return definitions.flatMap((definition) => {
    const path = [...parents, definition.name];
    return [{ path: path.join(' '), definition }, ...tree(definition.subcommands ?? [], path)];
  });
}

/** An example's arguments as the shell would pass them: up to a pipe, redirection or comment, quotes removed. */
function exampleArgs(example: string): string[] {
  const words = example.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [];
  const end = words.findIndex((word) => /^[|<>#]/.test(word));
  return words.slice(1, end === -1 ? undefined : end).map((word) => word.replace(/["']/g, ''));
}

/** As csv: what the example prints as data (a chart or --json printed otherwise). */
function asCsv(args: string[]): string[] {
  const kept = args.filter((arg, i) => !['--json', '--csv', '--chart', '--format'].includes(arg) && args[i - 1] !== '--format');
  return ['--local', ...kept.filter((arg) => arg !== '--local'), '--csv'];
}

const PRINTING = tree().filter(({ definition }) => definition.output && 'columns' in definition.output);

describe('the fields TAB offers', () => {
  it.for(PRINTING.map(({ path, definition }) => [path, definition] as const))('are those %s prints', async ([, definition], { cli }) => {
    const output = definition.output!;
    const declared = 'columns' in output ? (await output.columns()).map((column) => column.key) : [];
    // Examples of user ids say 5b7e…: a user of the demo store here.
    const person = (await demoPeople(cli))[0]!;
    let ran = 0;
    for (const example of definition.examples ?? []) {
      const args = asCsv(exampleArgs(example).map((arg) => arg.replace('5b7e…', person.id)));
      const r = await cli.run(args);
      if (r.exitCode !== 0) continue;
      ran += 1;
      // An example with --dollars of its own prints its money fields named in dollars.
      const named = args.includes('--dollars') ? declared.map(dollarKey) : declared;
      for (const field of parseCsv(r.stdout).header) expect(named, `${example}: ${field}`).toContain(field);
      // Writes are not run twice; reads print the same fields in dollars, named as TAB names them then.
      if (output.kind === 'rows') {
        const dollars = await cli.run([...args, '--dollars']);
        expect(dollars.exitCode, dollars.stderr).toBe(0);
        for (const field of parseCsv(dollars.stdout).header) expect(declared.map(dollarKey), `${example} --dollars: ${field}`).toContain(field);
      }
    }
    expect(ran, 'an example that runs on the demo store').toBeGreaterThan(0);
  });
});
