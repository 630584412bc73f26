/**
 * The command lines the project shows its users, and a shell to run them in.
 *
 * Where they are: every definition's `examples` (what --help prints), and the shell
 * blocks of README.md and docs/*.md (```sh, ```bash, ```shell, ```console), plus the
 * `$ rentsurvey …` line of an output sample in any other block (except `cli-example=`
 * blocks, which test/helpers/market-changes.ts runs against their own dataset).
 *
 * How they run: in real bash, as written — quotes, $VARS, $(…), <(…), pipes to jq,
 * `> file`, `&&`, `\` continuations and `# comments` are bash's own — where `rentsurvey`
 * is a shell function that hands its arguments, environment and standard input to the
 * test process, which runs the CLI in-process and hands back what it printed and its
 * exit status (see runShell). Nothing is parsed by hand but the Markdown fences, and the lines
 * with a value only the reader has (`<key-prefix>`), which are not run: their command and flags
 * are checked against the definitions (placeholderProblem).
 *
 * A definition's examples are one script, and so are all the shell blocks of one document, in
 * the order the page gives them.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Duplex } from 'node:stream';
import { Command } from '@commander-js/extra-typings';
import type { AnyDefinition } from '../../src/cli/command.js';
import { loadCommands, rootCommand, typedWords } from '../../src/cli/program.js';
import { ROOT } from './common.js';
import type { CliResult } from './run-cli.js';


/** The top-level definitions, in help's order (each module loaded, as for help). */
export const TOP_LEVEL = await loadCommands();

/** The definition `path` (`['pricing', 'history']`) names, if any. */
const definitionIn = (path: readonly string[]) => commandTree().find((entry) => entry.path.join(' ') === path.join(' '))?.definition;

/** Every definition of the command tree, with the words that run it (`['pricing', 'history']`). */
export function commandTree(definitions: readonly AnyDefinition[] = TOP_LEVEL, parents: string[] = []): { path: string[]; definition: AnyDefinition }[] {
  return definitions.flatMap((definition) => {
    const path = [...parents, definition.name];
    return [{ path, definition }, ...commandTree(definition.subcommands ?? [], path)];
  });
}

/** One line of a document's shell block, or one example of a definition. */
export interface ExampleLine {
  /** As written (a `\` continuation joined into one line; a `$ ` prompt left out). */
  text: string;
  /** Where it is written: `README.md:57`, `src/cli/commands/pricing/index.ts:24`. */
  at: string;
  /**
   * example: runs `rentsurvey`, and must exit 0; setup: a variable or a folder the lines after
   * it use (run, and must succeed too); placeholder: runs `rentsurvey` with a value only the
   * reader has, written `<key-prefix>` (not run: its command and flags are checked instead);
   * skipped: not run (npm, curl, alias, a comment).
   */
  kind: 'example' | 'setup' | 'placeholder' | 'skipped';
}

/**
 * What runs in one shell, line after line, as a reader tries them: the examples of one
 * definition (an example may build on the one before it), or one block of a document.
 */
export interface ExampleScript {
  /** What the test is called: the command, or the file and line of the block. */
  name: string;
  /** The command whose definition holds them (`pricing history`); none for a document. */
  command?: string;
  lines: ExampleLine[];
}

/** The examples of each definition of the tree, one script per definition. */
export function definitionExamples(): ExampleScript[] {
  const sources = readdirSync(join(ROOT, 'src/cli/commands'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `src/cli/commands/${entry.name}/index.ts`)
    .map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
  return commandTree()
    .filter(({ definition }) => (definition.examples ?? []).length > 0)
    .map(({ path, definition }) => ({
      name: `rentsurvey ${path.join(' ')}`,
      command: path.join(' '),
      lines: definition.examples!.map((text) => ({
        text,
        at: writtenAt(sources, text) ?? `the examples of \`rentsurvey ${path.join(' ')}\``,
        kind: hasPlaceholder(text) ? ('placeholder' as const) : ('example' as const),
      })),
    }));
}

/** `file:line` where `text` is written as a string literal, or nothing when it is built (a template). */
function writtenAt(sources: readonly { file: string; text: string }[], text: string): string | undefined {
  for (const source of sources)
    for (const form of [text, JSON.stringify(text).slice(1, -1)]) {
      const index = source.text.indexOf(form);
      if (index >= 0) return `${source.file}:${source.text.slice(0, index).split('\n').length}`;
    }
  return undefined;
}

const SHELL_BLOCKS = new Set(['sh', 'bash', 'shell', 'console', 'zsh']);
/** `rentsurvey` as a command: at the start, or after a pipe, `;`, `&&`, `$(` or `<(` — not inside a word or a path. */
const RUNS_RENTSURVEY = /(?:^|[|;&(]\s*|\$\(|<\()rentsurvey(?:\s|\)|$)/;
/** A crontab line: five schedule fields before the command. */
const CRON_SCHEDULE = /^(?:[\d*/,-]+\s+){5}(?=\S)/;
const ASSIGNMENT = /^(?:export\s+)?[A-Za-z_]\w*=/;

/**
 * A value only the reader has, in angle brackets: `rentsurvey local keys revoke <key-prefix>`,
 * `echo "<api-key>" | rentsurvey login …` (outside the line's comment; `<(…)` is not one).
 */
const PLACEHOLDER = /<[a-z][a-z0-9]*(?:-[a-z0-9]+)*>/;
export const hasPlaceholder = (line: string) => PLACEHOLDER.test(line.replace(/\s#.*$/, ''));

/**
 * What a line with a placeholder names that the CLI does not have: the command its words run, or
 * a flag that command (or the program) does not take. Undefined when both are there. The line
 * is not run (it cannot be: the value is the reader's), so this is what keeps it true.
 */
export function placeholderProblem(line: string): string | undefined {
  const code = line.replace(/\s#.*$/, '').replace(new RegExp(PLACEHOLDER.source, 'g'), 'placeholder');
  const tokens = [...code.matchAll(/"[^"]*"|'[^']*'|[^\s|;&<>]+|[|;&<>]+/g)].map((match) => match[0]);
  const args: string[] = [];
  for (const token of tokens.slice(tokens.indexOf('rentsurvey') + 1)) {
    if (/^[|;&<>]+$/.test(token)) break;
    args.push(token.replace(/^(["'])(.*)\1$/, '$2'));
  }
  const root = rootCommand();
  const words = typedWords(args, root);
  const path: string[] = [];
  for (const word of words) {
    if (!definitionIn([...path, word])) break;
    path.push(word);
  }
  const definitions = path.map((_, i) => definitionIn(path.slice(0, i + 1))!);
  const last = definitions.at(-1);
  if (!last || (last.subcommands ?? []).length > 0) return `\`rentsurvey ${words.join(' ')}\` is no command`;
  const flags = new Set(root.options.flatMap((option) => [option.long, option.short]));
  for (const definition of definitions) {
    const command = new Command(definition.name);
    definition.flags?.(command as never);
    for (const option of command.options) for (const name of [option.long, option.short, option.negate ? option.long : undefined]) flags.add(name);
  }
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '-' && !flags.has(arg.split('=')[0]!));
  return unknown.length === 0 ? undefined : `\`rentsurvey ${path.join(' ')}\` takes no ${unknown.join(', ')}`;
}

/**
 * The shell blocks of a Markdown document (path relative to the project root): one script, the
 * blocks' lines in the order the page gives them, as a reader tries them one after another in
 * one shell (a later block may use what an earlier one made).
 */
export function documentExamples(file: string): ExampleScript[] {
  const text = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: ExampleLine[][] = [];
  // A cli-example block is read to its end, and left alone.
  let block: { kind: 'shell' | 'sample' | 'cli-example'; lines: ExampleLine[] } | undefined;
  for (let i = 0; i < text.length; i++) {
    const fence = /^\s*```(\S*)(.*)$/.exec(text[i]!);
    if (fence) {
      if (block) {
        if (block.lines.some((line) => line.kind === 'example' || line.kind === 'placeholder')) blocks.push(block.lines);
        block = undefined;
      } else block = { kind: fence[2]!.includes('cli-example=') ? 'cli-example' : SHELL_BLOCKS.has(fence[1]!) ? 'shell' : 'sample', lines: [] };
      continue;
    }
    if (!block || block.kind === 'cli-example') continue;
    const at = `${file}:${i + 1}`;
    let command = text[i]!;
    // A line continued with `\` is one command.
    while (/\\$/.test(command) && i + 1 < text.length && !/^\s*```/.test(text[i + 1]!)) command = `${command.slice(0, -1)} ${text[++i]!.trim()}`;
    if (block.kind === 'sample') {
      // An output sample: only the command it shows.
      const prompt = /^\$ (rentsurvey\b.*)$/.exec(command);
      if (prompt) block.lines.push({ text: prompt[1]!, at, kind: hasPlaceholder(prompt[1]!) ? 'placeholder' : 'example' });
      continue;
    }
    command = command.replace(/^\$ /, '').replace(CRON_SCHEDULE, '').trim();
    block.lines.push({ text: command, at, kind: lineKind(command) });
  }
  return blocks.length === 0 ? [] : [{ name: file, lines: blocks.flat() }];
}

function lineKind(command: string): ExampleLine['kind'] {
  if (command === '' || command.startsWith('#') || command.startsWith('alias ')) return 'skipped';
  if (RUNS_RENTSURVEY.test(command)) return hasPlaceholder(command) ? 'placeholder' : 'example';
  if (ASSIGNMENT.test(command) || command.startsWith('mkdir ')) return 'setup';
  return 'skipped';
}

/** One `rentsurvey …` that the shell ran: its arguments (as bash expanded them), environment and input. */
export interface ShellCall {
  args: string[];
  env: Record<string, string>;
  stdin: string;
}

/**
 * Each line that ran (example and setup lines), by its index in the script: its exit status
 * (undefined when the shell never got there) and what it printed on stderr.
 */
export type ShellRun = ({ status: number | undefined; stderr: string } | undefined)[];

// Bash's side of the bridge. Each call gets a folder: args (NUL-separated), env (`env -0`) and
// stdin in; stdout, stderr out. Requests and exit statuses travel as lines on fd 3, a socket to
// the test process; one call at a time per shell (a pipe of two rentsurveys would wait for each other).
const BRIDGE = String.raw`
rentsurvey() {
  local call status
  call=$(mktemp -d "$RENTSURVEY_EXAMPLE_CALLS/call.XXXXXX") || return 125
  printf '%s\0' "$@" > "$call/args"
  env -0 > "$call/env"
  cat > "$call/stdin"
  printf 'call %s\n' "$call" >&3
  IFS= read -r status <&3 || return 125
  cat "$call/stdout"
  cat "$call/stderr" >&2
  return "$status"
}
__example_status() { printf 'status %s %s\n' "$1" "$2" >&3; }
set -o pipefail
`;

// The bridge's own variables are not the CLI's environment.
const BRIDGE_ENV = /^(?:RENTSURVEY_EXAMPLE_CALLS|_|SHLVL|OLDPWD)$/;

/**
 * Runs the script in bash (in `cwd`, with the environment `env` and this PATH), each line as it
 * is written but: assignments exported (a crontab's variables are its commands' environment;
 * `M=…` for the lines after it alike), each line's stderr kept apart, skipped lines left out.
 * Each `rentsurvey` call is answered by `cli`; what it prints goes on into the pipe or file
 * the line gives it. `calls` is a folder for the bridge's files. What `cli` throws (a failed
 * expect) is thrown when the shell is done; the shell sees exit 125.
 */
export async function runShell(
  script: ExampleScript,
  options: { cwd: string; env: Record<string, string>; calls: string; cli: (call: ShellCall) => Promise<CliResult> },
): Promise<ShellRun> {
  const calls = await mkdtemp(join(options.calls, 'shell-'));
  const stderrOf = (index: number) => join(calls, `line-${index}.stderr`);
  const body = script.lines
    .map((line, index) => {
      if (line.kind === 'skipped' || line.kind === 'placeholder') return '';
      const text = line.kind === 'setup' && ASSIGNMENT.test(line.text) && !line.text.startsWith('export ') ? `export ${line.text}` : line.text;
      // Braces, not a subshell: what the line assigns stays for the lines after it.
      return `{\n${text}\n} 2>'${stderrOf(index)}'\n__example_status ${index} $?`;
    })
    .join('\n');
  const child = spawn('bash', ['--noprofile', '--norc', '-c', `${BRIDGE}\n${body}\n`], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...options.env, RENTSURVEY_EXAMPLE_CALLS: calls },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let failed: unknown;
  const statuses: number[] = [];
  let stderr = '';
  const [, out, err, bridge] = child.stdio;
  if (!out || !err || !(bridge instanceof Duplex)) throw new Error('bash started without its pipes');
  // What the lines print on stdout where nothing in them takes it: not looked at.
  out.resume();
  err.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const answered: Promise<void>[] = [];
  const answer = async (folder: string) => {
    const call = await readCall(folder);
    let result: CliResult;
    try {
      result = await options.cli(call);
    } catch (error) {
      // The shell goes on (it waits for an answer); the error is the run's, thrown when the shell is done.
      failed ??= error;
      result = { exitCode: 125, stdout: '', stderr: `the test failed here: ${String(error)}\n` };
    }
    await writeFile(join(folder, 'stdout'), result.stdout);
    await writeFile(join(folder, 'stderr'), result.stderr);
    bridge.write(`${result.exitCode}\n`);
  };
  createInterface({ input: bridge }).on('line', (message) => {
    const [what, ...rest] = message.split(' ');
    if (what === 'status') statuses[Number(rest[0])] = Number(rest[1]);
    else if (what === 'call') answered.push(answer(rest.join(' ')));
  });
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => resolve());
  });
  await Promise.all(answered);
  if (failed !== undefined) throw failed;
  // A line that never ran (bash stopped at a syntax error) has no stderr of its own: the shell's says why.
  return Promise.all(
    script.lines.map(async (line, index) =>
      line.kind === 'skipped' || line.kind === 'placeholder' ? undefined : { status: statuses[index], stderr: await readFile(stderrOf(index), 'utf8').catch(() => stderr) },
    ),
  );
}

async function readCall(folder: string): Promise<ShellCall> {
  const [args, env, stdin] = await Promise.all(['args', 'env', 'stdin'].map((name) => readFile(join(folder, name), 'utf8')));
  return {
    args: args!.split('\0').slice(0, -1),
    env: Object.fromEntries(
      env!
        .split('\0')
        .filter((entry) => entry.includes('='))
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] as const)
        .filter(([name]) => !BRIDGE_ENV.test(name)),
    ),
    stdin: stdin!,
  };
}

/** The Markdown documents whose shell blocks are examples: README.md and docs/*.md. */
export function exampleDocuments(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  return ['README.md', ...docs.map((name) => `docs/${name}`)];
}
