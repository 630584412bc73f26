/**
 * What --help says after commander's part (usage, arguments, options, commands),
 * written from the command's definition when help is shown:
 * - "Examples:": the command's own, and for a group one of each of its commands,
 *   taken from their definitions, so the two never disagree;
 * - the notes;
 * - "Output flags": the global flags that change what the command prints (by
 *   what it prints: rows, one record, a file, nothing; table-flags.ts).
 * Everything is wrapped once, here, with commander's own Help at the width
 * commander lays out the rest (the terminal's, or 80 when piped); nothing
 * wraps it again on the way out.
 */
import { Help } from '@commander-js/extra-typings';
import type { AnyCommand, AnyDefinition, Output } from './command.js';
import { outputFlagsOf } from './table-flags.js';

const ALL_GLOBALS = 'All global flags (--profile, --local, --no-input, …): rentsurvey --help';

/**
 * Commander wraps a description only when its column is this wide (its default is 40): on a
 * narrow terminal beside long flags a narrow column still beats lines the terminal breaks.
 */
export const MIN_WIDTH_TO_WRAP = 20;

/** Commander's formatter at `width`: what lays out and wraps every part of help. */
function helpFormatter(width: number): Help {
  const help = Object.assign(new Help(), { minWidthToWrap: MIN_WIDTH_TO_WRAP });
  help.prepareContext({ helpWidth: width });
  return help;
}

/** `text` as a paragraph `width` wide. */
export function paragraph(text: string, width: number): string {
  return `${helpFormatter(width).boxWrap(text, width)}\n`;
}

/** `term  description` lines, laid out as commander lays out options: descriptions in one column, wrapped in it. */
export function itemList(items: readonly (readonly [term: string, description: string])[], width: number): string {
  const help = helpFormatter(width);
  const termWidth = Math.max(...items.map(([term]) => help.displayWidth(term)));
  return `${items.map(([term, description]) => help.formatItem(term, termWidth, description, help)).join('\n')}\n`;
}

/** After the program's own help. */
export function programHelp(width: number): string {
  return `\n${paragraph('More help: rentsurvey help environment, rentsurvey help exit-codes, rentsurvey <command> --help', width)}`;
}

/** After the help of the command `definition` defines; `program` holds the global flags. */
export function commandHelp(definition: AnyDefinition, program: AnyCommand, width: number): string {
  const examples = [...(definition.examples ?? [])];
  // A group shows one example of each of its commands, after its own, in one list.
  for (const sub of definition.subcommands ?? []) {
    const example = firstExample(sub);
    if (example && !examples.includes(example)) examples.push(example);
  }
  const blocks = [
    examples.length > 0 ? `Examples:\n${examples.flatMap((example) => exampleLines(example, width)).join('\n')}\n` : '',
    ...(definition.notes ?? []).map((note) => paragraph(note, width)),
    // What it prints, for a command that runs.
    definition.handler ? outputFooter(program, definition.output ?? { kind: 'fixed' }, width) : '',
  ].filter((block) => block !== '');
  return blocks.length === 0 ? '' : `\n${blocks.join('\n')}`;
}

/** The first example of a command, or of its first command that has one (a group within a group). */
function firstExample(definition: AnyDefinition): string | undefined {
  return definition.examples?.[0] ?? definition.subcommands?.map(firstExample).find((example) => example !== undefined);
}

/**
 * The footer of a command printing `output`: the output flags that apply to it (the table a
 * run enforces, table-flags.ts), with the program's own description of each.
 */
function outputFooter(program: AnyCommand, output: Output, width: number): string {
  const allGlobals = paragraph(ALL_GLOBALS, width);
  if (output.kind === 'fixed') return allGlobals;
  const help = helpFormatter(width);
  const flags = outputFlagsOf(output)
    .map((flag) => program.options.find((option) => option.long === flag.long))
    .filter((option) => option !== undefined)
    .map((option) => [help.optionTerm(option), help.optionDescription(option)] as const);
  const title =
    output.kind === 'file' ? `Output flags (global; the file is ${output.formats.join(' or ')}):` : 'Output flags (global, before or after the command):';
  return `${title}\n${itemList(flags, width)}${allGlobals}`;
}

/**
 * One example as help shows it: `  $ command   # comment` when that fits; else the comment
 * above (`  # …`) and the command broken between its words, outside quotes, each line
 * but the last ending in ` \`, so that it still pastes into a shell as one command.
 */
export function exampleLines(example: string, width: number): string[] {
  const { command, comment } = splitComment(example);
  const help = helpFormatter(width);
  const inline = `  $ ${command}${comment ? `   # ${comment}` : ''}`;
  if (help.displayWidth(inline) <= width) return [inline];
  const above = comment
    ? help
        .boxWrap(comment, width - 4)
        .split('\n')
        .map((line) => `  # ${line}`)
    : [];
  const lines: string[] = [];
  let line = '  $';
  let words = 0;
  // `--flag value` stays together where it fits on a line of its own.
  const pieces = keepFlagValues(shellWords(command)).flatMap((piece) =>
    help.displayWidth(`      ${piece.join(' ')} \\`) <= width ? [piece.join(' ')] : piece,
  );
  for (const piece of pieces) {
    // Room for the piece and, on every line but the last, for " \".
    if (words > 0 && help.displayWidth(`${line} ${piece} \\`) > width) {
      lines.push(`${line} \\`);
      line = '     ';
      words = 0;
    }
    line += ` ${piece}`;
    words += 1;
  }
  return [...above, ...lines, line];
}

/** "cmd --x 'a b'   # why" → the command and the comment (a `#` that starts a word, outside quotes). */
function splitComment(example: string): { command: string; comment?: string } {
  let quote: string | undefined;
  for (let i = 0; i < example.length; i++) {
    const c = example[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || example[i - 1] === ' '))
      return { command: example.slice(0, i).trimEnd(), comment: example.slice(i + 1).trim() };
  }
  return { command: example.trim() };
}

/** The words of a command line in pieces: `--flag value` one piece, every other word one of its own. */
function keepFlagValues(words: readonly string[]): string[][] {
  const pieces: string[][] = [];
  for (const word of words) {
    const last = pieces.at(-1);
    if (last?.length === 1 && last[0]!.startsWith('-') && !/^[-|<>&;]/.test(word)) last.push(word);
    else pieces.push([word]);
  }
  return pieces;
}

/** The words of a command line, split at spaces outside quotes (the quotes kept). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (!quote && c === ' ') {
      if (word !== '') words.push(word);
      word = '';
      continue;
    }
    word += c;
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') word += command[++i] ?? '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') word += command[++i] ?? '';
  }
  if (word !== '') words.push(word);
  return words;
}
