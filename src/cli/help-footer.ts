/**
 * What every --help says besides a command's own text, generated in one place:
 * - an "Output flags:" footer naming the global flags that change what the
 *   command prints (by what it prints: rows, one record, a file, nothing);
 * - for a group (`rentsurvey comps --help`), one example per subcommand, taken
 *   from the subcommand's own examples, so the two never disagree.
 * Computed when help is shown: building the command tree stays cheap.
 */
import type { Command } from '@commander-js/extra-typings';

/** What a command prints on stdout, which decides the output flags that apply to it. */
export type OutputKind = 'rows' | 'record' | 'file' | 'fixed';

/**
 * Every command that runs, by its path. `fixed`: a document of its own (a
 * script, the OpenAPI JSON, a key) or nothing on stdout. A test checks that
 * every command of the tree is here, so a new one cannot be forgotten.
 */
export const OUTPUT_OF: Readonly<Record<string, OutputKind>> = {
  login: 'fixed',
  logout: 'fixed',
  'auth status': 'record',
  portfolio: 'rows',
  'communities list': 'rows',
  'communities show': 'record',
  'communities batch': 'rows',
  'communities create': 'record',
  'communities update': 'record',
  'comps list': 'rows',
  'comps add': 'record',
  'comps activate': 'record',
  'comps deactivate': 'record',
  'pricing history': 'rows',
  'pricing floor-plans': 'rows',
  'pricing export': 'file',
  'pricing target': 'rows',
  vacancy: 'record',
  'vacancy trend': 'rows',
  overview: 'rows',
  digest: 'rows',
  report: 'file',
  'users invite': 'record',
  'users show': 'record',
  'users update': 'record',
  serve: 'fixed',
  'serve openapi': 'fixed',
  'local keys create': 'fixed',
  'local keys list': 'rows',
  'local keys revoke': 'fixed',
  'local reset': 'fixed',
  'local import': 'fixed',
  'local jobs': 'rows',
  sync: 'fixed',
  'config set': 'fixed',
  'config get': 'fixed',
  completion: 'fixed',
  help: 'fixed',
};

/**
 * The global flags that change what a command prints, and the outputs they apply
 * to. Their text is the program's own description of each (one source); a flag
 * the program does not define is left out.
 */
const OUTPUT_FLAGS: readonly { long: string; applies: readonly OutputKind[] }[] = [
  { long: '--format', applies: ['rows', 'record'] },
  { long: '--json', applies: ['rows', 'record'] },
  { long: '--csv', applies: ['rows', 'record'] },
  { long: '--ndjson', applies: ['rows', 'record'] },
  { long: '--excel', applies: ['rows', 'record', 'file'] },
  { long: '--out', applies: ['rows', 'record', 'file'] },
  { long: '--fields', applies: ['rows', 'record'] },
  { long: '--sort', applies: ['rows'] },
  { long: '--limit', applies: ['rows'] },
  { long: '--wide', applies: ['rows', 'record'] },
  { long: '--dollars', applies: ['rows', 'record', 'file'] },
  { long: '--no-pager', applies: ['rows', 'record'] },
  { long: '--no-color', applies: ['rows', 'record'] },
  { long: '--quiet', applies: ['rows', 'record', 'file'] },
];

/** The words after `rentsurvey` that run `command`. */
export function commandPath(command: { name(): string; readonly parent: unknown }): string {
  const names: string[] = [];
  for (let at = command; at.parent; at = at.parent as typeof command) names.unshift(at.name());
  return names.join(' ');
}

const ALL_GLOBALS = 'All global flags (--profile, --local, --no-input, …): rentsurvey --help';

/** The footer of a command printing `kind`, from the flags `program` defines. */
export function outputFooter(program: Command, kind: OutputKind | undefined): string {
  if (kind === undefined) return '';
  if (kind === 'fixed') return `${ALL_GLOBALS}\n`;
  const help = program.createHelp();
  // At the width commander gives the command's own options (the terminal's, else 80).
  help.prepareContext({ helpWidth: program.configureOutput().getOutHelpWidth?.() });
  const flags = OUTPUT_FLAGS.filter((flag) => flag.applies.includes(kind))
    .map((flag) => program.options.find((option) => option.long === flag.long))
    .filter((option) => option !== undefined)
    .map((option) => ({ term: help.optionTerm(option), text: help.optionDescription(option) }));
  const width = Math.max(...flags.map((flag) => flag.term.length));
  const title = kind === 'file' ? 'Output flags (global; the file is CSV):' : 'Output flags (global, before or after the command):';
  // Laid out and wrapped as commander lays out the command's own options.
  const lines = flags.map((flag) => help.formatItem(flag.term, width, flag.text, help));
  return `${title}\n${lines.join('\n')}\n${ALL_GLOBALS}\n`;
}

/** The lines a command's help prints after its own text ("Examples:" and notes), without running it. */
function afterHelpText(command: Command): string {
  let text = '';
  // addHelpText's listeners (commander emits this event when it prints help).
  (command as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command, write: (chunk: string) => (text += chunk) });
  return text;
}

/** The first example of a command, or of its first subcommand that has one (a group within a group). */
function firstExample(command: Command): string | undefined {
  const own = /^ {2}\$ (.+)$/m.exec(afterHelpText(command))?.[1];
  if (own) return own;
  for (const sub of command.commands) {
    const found = firstExample(sub as Command);
    if (found) return found;
  }
  return undefined;
}

/** "Examples, one per command:" for a command with subcommands. */
export function groupExamples(group: Command): string {
  const help = group.createHelp();
  const lines = help
    .visibleCommands(group)
    .filter((sub) => sub.name() !== 'help')
    .map((sub) => firstExample(sub as Command))
    .filter((line): line is string => line !== undefined);
  return lines.length === 0 ? '' : `Examples, one per command:\n${lines.map((line) => `  $ ${line}`).join('\n')}\n`;
}

/**
 * Adds the footers to every command of the tree under `program`. Blocks end
 * with a blank line, as the commands' own "Examples:" do; the first block starts
 * with one when the command has no text of its own after the help.
 */
export function addHelpFooters(program: Command): void {
  const visit = (command: Command) => {
    if (command !== program) {
      const blocks: (() => string)[] = [];
      if (command.commands.length > 0) blocks.push(() => groupExamples(command));
      const kind = OUTPUT_OF[commandPath(command)];
      if (kind !== undefined) blocks.push(() => outputFooter(program, kind));
      const hasOwn = (command as unknown as NodeJS.EventEmitter).listenerCount('afterHelp') > 0;
      if (blocks.length > 0)
        command.addHelpText('after', () => {
          const text = blocks.map((block) => block()).filter(Boolean).join('\n');
          return text && (hasOwn ? text : `\n${text}`);
        });
    }
    for (const sub of command.commands) visit(sub as Command);
  };
  visit(program);
}
