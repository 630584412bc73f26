/**
 * rentsurvey(1), the man page, written from the same definitions as --help
 * (src/cli/commands/index.ts): every command with its arguments, flags,
 * examples and notes, the global flags, the environment (`help environment`),
 * the files and the exit codes (`help exit-codes`). scripts/build.js writes it
 * to dist/rentsurvey.1, which package.json's `man` installs with the package.
 */
import type { Argument, Command, Option } from '@commander-js/extra-typings';
import { createSystemIO } from '../output/io.js';
import { VERSION } from '../version.js';
import type { AnyDefinition } from './command.js';
import { ENVIRONMENT } from './commands/help/help.js';
import { EXIT_CODE_HELP } from './errors.js';
import { buildProgram, definitionAt } from './program.js';
import { outputFlagsOf } from './table-flags.js';

/** Where rentsurvey keeps what it keeps. */
const FILES: readonly (readonly [path: string, text: string])[] = [
  ['$XDG_CONFIG_HOME/rentsurvey/config.json', 'profiles: base URL and API key of each (mode 0600, in a 0700 folder); default ~/.config'],
  ['$XDG_DATA_HOME/rentsurvey/rentsurvey.db', 'the local store of --local and serve (SQLite); default ~/.local/share; another with --data-dir or RENTSURVEY_DATA_DIR'],
  ['$XDG_DATA_HOME/rentsurvey/outbox/', 'e-mails of the local service when no SMTP server is set, one .eml file each'],
  ['$XDG_STATE_HOME/rentsurvey/', 'what --since-last runs of digest and pricing export remember; default ~/.local/state'],
  ['$XDG_CACHE_HOME/rentsurvey/', 'the community names TAB completes for a remote profile; default ~/.cache'],
];

/** Text as roff reads it: backslashes escaped, a line never starting with a control character, anything past ASCII by its code. */
function roff(text: string): string {
  return text
    .replaceAll('\\', '\\e')
    .replaceAll('-', '\\-')
    .replace(/[^\x20-\x7e\n]/gu, (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
    .replace(/^([.'])/gm, '\\&$1');
}

const bold = (text: string) => `\\fB${roff(text)}\\fR`;

/** `--days <n>` as `\fB--days\fR \fIn\fR`. */
function term(flags: string): string {
  return flags
    .split(/(<[^>]+>|\[[^\]]+\])/)
    .filter((part) => part !== '')
    .map((part) => (/^[<[]/.test(part) ? `\\fI${roff(part)}\\fR` : bold(part)))
    .join('');
}

function optionItem(option: Option): string {
  const choices = option.argChoices ? ` (one of: ${option.argChoices.join(', ')})` : '';
  return `.TP\n${term(option.flags)}\n${roff(option.description + choices)}\n`;
}

function argumentText(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/** One command's section: its usage, description, arguments, flags, output flags, examples and notes; then its subcommands'. */
function commandSection(program: Command, command: Command, path: readonly string[]): string {
  const definition: AnyDefinition | undefined = definitionAt(program, path);
  const argumentsText = command.registeredArguments.map(argumentText);
  const usage = ['rentsurvey', ...path, ...(command.options.length > 0 ? ['[options]'] : []), ...argumentsText].join(' ');
  let section = `.SS "${roff(usage)}"\n${roff(command.description())}\n`;
  if (command.registeredArguments.length > 0)
    section += command.registeredArguments
      .map((argument) => `.TP\n\\fI${roff(argumentText(argument))}\\fR\n${roff(argument.description + (argument.argChoices ? ` (one of: ${argument.argChoices.join(', ')})` : ''))}\n`)
      .join('');
  section += command.options
    .filter((option) => !option.hidden)
    .map(optionItem)
    .join('');
  if (definition?.handler) {
    const output = outputFlagsOf(definition.output ?? { kind: 'fixed' }).map((flag) => flag.long);
    section += `.PP\nOutput flags: ${roff(output.join(', '))}.\n`;
  }
  if (definition?.examples?.length) section += `.PP\nExamples:\n.RS\n.nf\n${definition.examples.map((example) => roff(example)).join('\n')}\n.fi\n.RE\n`;
  for (const note of definition?.notes ?? []) section += `.PP\n${roff(note)}\n`;
  for (const sub of command.commands as Command[]) section += commandSection(program, sub, [...path, sub.name()]);
  return section;
}

const items = (list: readonly (readonly [string, string])[], style: (term: string) => string) =>
  list.map(([name, text]) => `.TP\n${style(name)}\n${roff(text)}\n`).join('');

/** The page, in roff (man(7)). */
export async function manPage(): Promise<string> {
  const program = (await buildProgram({ io: createSystemIO({ env: {} }), env: {} })) as unknown as Command;
  const commands = program.commands as Command[];
  return [
    // No hyphenation, ragged right: flags and variables stay whole.
    `.TH RENTSURVEY 1 "" "rentsurvey ${roff(VERSION)}" "User Commands"\n.nh\n.ad l\n`,
    `.SH NAME\nrentsurvey \\- rent surveys for apartment portfolios, from the terminal\n`,
    `.SH SYNOPSIS\n.B rentsurvey\n[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]\n`,
    `.SH DESCRIPTION\n${program
      .description()
      .split('\n')
      .map((line) => roff(line))
      .join('\n')}\n.PP\nCommands: ${roff(commands.map((command) => command.name()).join(', '))}.\n`,
    `.SH GLOBAL OPTIONS\nBefore or after the command.\n${program.options.filter((option) => !option.hidden).map(optionItem).join('')}`,
    `.SH COMMANDS\n${commands.map((command) => commandSection(program, command, [command.name()])).join('')}`,
    `.SH ENVIRONMENT\nA flag wins over the environment, which wins over the stored profile.\n${items(ENVIRONMENT, bold)}`,
    `.SH FILES\n${items(FILES, (path) => `\\fI${roff(path)}\\fR`)}`,
    `.SH EXIT STATUS\n${items(
      EXIT_CODE_HELP.map(([code, text]) => [String(code), text] as const),
      bold,
    )}`,
    `.SH SEE ALSO\n${bold('rentsurvey help')} \\fItopic\\fR, ${bold('rentsurvey')} \\fIcommand\\fR ${bold('--help')}, ${bold('rentsurvey doctor')}\n`,
  ].join('');
}
