// Every example the project shows runs, as written, on the demo store — so that none can rot:
// the `examples` of every command definition (what --help prints) and every line that runs
// `rentsurvey` in the shell blocks of README.md and docs/*.md. test/helpers/examples.ts finds
// them and runs them in bash, the CLI answering each `rentsurvey` in this process.
//
// How: as a new user would try them, in a fresh home (no folder made beforehand: an example that
// writes into ~/.zfunc makes it) with the demo store in its data folder. A definition's examples
// run in order in one shell (one may build on the one before), and so do all the blocks of a
// document, in the order the page gives them. Everything runs with --local (RENTSURVEY_LOCAL=1);
// the examples of commands that only read share one copy of the store; every other definition,
// and every document, gets a home and a copy of its own. A value only the reader has is written
// in angle brackets (`rentsurvey local keys revoke <key-prefix>`): that line is not run, and its
// command and flags are checked instead. What an example talks to besides is real and started
// here, in place of the hosts it names: a service for the remote profile and `login`, an SMTP
// server, a webhook receiver. The tables below are all that the test adds to the examples.
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../test/helpers/common.js';
import {
  definitionExamples,
  documentExamples,
  exampleDocuments,
  placeholderProblem,
  runShell,
  type ExampleScript,
  type ShellCall,
} from '../../test/helpers/examples.js';
import { smtpServer, webhook } from '../../test/helpers/receivers.js';
import { cliSandbox, startServer, type CliResult, type CliSandbox, type TestServer } from '../../test/helpers/run-cli.js';
import { typedWords } from './program.js';

/** Commands that only read: their examples share one copy of the demo store (and one home). */
const READS = new Set([
  'portfolio',
  'communities list',
  'communities show',
  'communities batch',
  'comps list',
  'pricing history',
  'pricing floor-plans',
  'pricing target',
  'vacancy',
  'vacancy trend',
  'overview',
  'forecast',
  'users show',
  'auth status',
  'local keys list',
  'local jobs',
  'serve openapi',
  'doctor',
  'help',
]);

/**
 * Commands that mirror a remote profile into the local store: their examples run without
 * RENTSURVEY_LOCAL=1, into a local store that does not exist yet (the demo data there would be
 * the remote's own records, under another organization: refused).
 */
const MIRRORS = new Set(['sync']);

/**
 * Examples that ask a person on a terminal run with the answers given as the flags that take
 * them (what the example after each shows for scripts). `answers` returns the arguments to add
 * and standard input, or nothing when the call would not ask.
 */
const ASKS: readonly { command: string; answers: (args: readonly string[]) => { args: string[]; stdin?: string } | undefined }[] = [
  // For the base URL and the API key.
  {
    command: 'login',
    answers: (args) =>
      args.some((arg) => ['--local', '--with-token', '--base-url'].includes(arg)) ? undefined : { args: ['--base-url', server.baseUrl, '--with-token'], stdin: `${key}\n` },
  },
  // Before deleting the store; before revoking a key.
  { command: 'local reset', answers: (args) => (args.includes('--yes') ? undefined : { args: ['--yes'] }) },
  { command: 'local keys revoke', answers: (args) => (args.includes('--yes') ? undefined : { args: ['--yes'] }) },
];

/**
 * Commands that draw the whole terminal: this shell has none, so an example of theirs must get as
 * far as asking for one (its flags accepted; exit 2 saying so). test/e2e/dashboard.test.ts runs
 * them in a real terminal.
 */
const FULL_SCREEN = new Set(['dashboard']);
const NEEDS_A_TERMINAL = 'is a full-screen view for a terminal';

let server: TestServer;
let key: string;
let reads: CliSandbox;
/** The examples' working folder (a copy of the project's examples/): the shell's, and so the CLI's. */
let workdir: string;
let examplesEnv: Record<string, string>;
/** Hosts and URLs the examples name → what this test started. */
let standIns: [placeholder: string, value: string][];
const cleanup: (() => Promise<void>)[] = [];
const started = process.cwd();

beforeAll(async () => {
  const serverStore = await cliSandbox();
  server = await startServer(serverStore.dataDir);
  const smtp = await smtpServer();
  const hook = await webhook(200);
  cleanup.push(
    () => server.close(),
    () => serverStore.cleanup(),
    () => smtp.close(),
    () => hook.close(),
  );
  key = server.key();
  workdir = await mkdtemp(join(inject('sandboxRoot'), 'examples-'));
  await cp(join(ROOT, 'examples'), join(workdir, 'examples'), { recursive: true });
  // The CLI runs in this process: a relative path it is given (--out pricing.csv,
  // examples/dataset.json) is relative to this process's folder, which must be the shell's.
  process.chdir(workdir);
  cleanup.push(() => rm(workdir, { recursive: true, force: true }));
  examplesEnv = {
    // --local for every example (`--no-local` and `--profile prod` reach the remote profile below).
    RENTSURVEY_LOCAL: '1',
    // The reader's account on a service, as `login` would have stored it: the service started here.
    RENTSURVEY_BASE_URL: server.baseUrl,
    RENTSURVEY_API_KEY: key,
    // The stand-ins (the service, the SMTP server, the webhook) answer in this process, beside the
    // examples running at once, whose work holds its event loop: on a busy machine an SMTP greeting
    // waited past the 10 s default. The timeouts themselves are tested on their own (http/remote.test.ts).
    RENTSURVEY_CONNECT_TIMEOUT: '300',
    RENTSURVEY_REQUEST_TIMEOUT: '300',
  };
  standIns = [
    ['https://api.example.com', server.baseUrl],
    ['https://staging.example.com', server.baseUrl],
    ['@mail.example.com:587', `@127.0.0.1:${smtp.port}`],
    ['https://hooks.slack.com/services/T000/B000/XXXX', hook.url],
  ];
  reads = await sandbox();
  cleanup.push(() => reads.cleanup());
});

afterAll(async () => {
  process.chdir(started);
  for (const close of cleanup.splice(0)) await close();
});

/** A fresh home with a copy of the demo store in its data folder (or no store yet), and nothing else. */
async function sandbox(store: 'demo' | 'none' = 'demo'): Promise<CliSandbox> {
  const made = await cliSandbox({ store });
  // A new user's home is there (`~/pricing.csv` names a file in it); only rentsurvey's own folders are not yet.
  await mkdir(join(made.root, 'home'), { recursive: true });
  await mkdir(join(made.root, 'tmp'));
  return made;
}

/**
 * `serve` runs until a signal. Here it runs alone (no other CLI run in this process meanwhile),
 * and the handler it installs for SIGTERM is called once installed — it listens then — so it
 * stops as after `kill`. Without --port it gets --port 0: 8787 may be in use on this machine.
 */
async function serveUntilListening(run: (args: string[]) => Promise<CliResult>, args: string[]): Promise<CliResult> {
  const stopWhenListening = (event: string | symbol, listener: (signal: NodeJS.Signals) => void) => {
    if (event !== 'SIGTERM') return;
    process.off('newListener', stopWhenListening);
    setImmediate(() => listener('SIGTERM'));
  };
  process.on('newListener', stopWhenListening);
  try {
    return await run(args.includes('--port') ? args : [...args, '--port', '0']);
  } finally {
    process.off('newListener', stopWhenListening);
  }
}

/** Runs of the CLI share this process: side by side, but `serve` alone. */
const gate = (() => {
  let running = 0;
  let alone: Promise<void> | undefined;
  let idle: (() => void) | undefined;
  return {
    async shared<T>(work: () => Promise<T>): Promise<T> {
      while (alone) await alone;
      running++;
      try {
        return await work();
      } finally {
        running--;
        if (running === 0) idle?.();
      }
    },
    async alone<T>(work: () => Promise<T>): Promise<T> {
      while (alone) await alone;
      let release!: () => void;
      alone = new Promise<void>((resolve) => (release = resolve));
      try {
        if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
        idle = undefined;
        return await work();
      } finally {
        alone = undefined;
        release();
      }
    },
  };
})();

/** An argument that is a path outside the example's folders: the example would write where the test must not. */
function outside(cli: CliSandbox, args: readonly string[]): string | undefined {
  return args
    .flatMap((arg) => arg.split('='))
    .find((arg) => isAbsolute(arg) && [cli.root, workdir].every((folder) => relative(folder, arg).startsWith('..')));
}

/** Answers one `rentsurvey …` of an example's shell, in this process. */
function answer(cli: CliSandbox) {
  return async (call: ShellCall): Promise<CliResult> => {
    const far = outside(cli, call.args);
    if (far) return { exitCode: 125, stdout: '', stderr: `not run: ${far} is outside the folders of the reader (~, the current folder); write ~/… or a relative path\n` };
    let args = call.args;
    let stdin = call.stdin;
    const words = `${typedWords(args).join(' ')} `;
    for (const asking of ASKS) {
      const answered = words.startsWith(`${asking.command} `) ? asking.answers(args) : undefined;
      if (answered) [args, stdin] = [[...args, ...answered.args], answered.stdin ?? stdin];
    }
    const run = (given: string[]) => cli.run(given, { env: call.env, stdin });
    const [first, second] = typedWords(args);
    if (first === 'serve' && second !== 'openapi') return gate.alone(() => serveUntilListening(run, args));
    const result = await gate.shared(() => run(args));
    if (first !== undefined && FULL_SCREEN.has(first) && result.exitCode === 2 && result.stderr.includes(NEEDS_A_TERMINAL)) return { ...result, exitCode: 0 };
    return result;
  };
}

/** The script with the hosts it names replaced by what this test started. */
function withStandIns(script: ExampleScript): ExampleScript {
  const replace = (text: string) => standIns.reduce((done, [placeholder, value]) => done.replaceAll(placeholder, value), text);
  return { ...script, lines: script.lines.map((line) => ({ ...line, text: replace(line.text) })) };
}

/** A path from the root (`/data/x`, not `~/x` or `/dev/null`) outside the line's comment. */
const ABSOLUTE_PATH = /(?:^|[\s=<>"'])\/(?!dev\/)[\w.-]/;

/** Runs the script; what failed, said so that whoever wrote the example knows what to fix. */
async function failures(script: ExampleScript, cli: CliSandbox, env: Record<string, string | undefined> = {}): Promise<string> {
  // Not run at all: it would write outside the test's folders (and outside a reader's own).
  const absolute = script.lines.find((line) => line.kind !== 'skipped' && ABSOLUTE_PATH.test(line.text.replace(/\s#.*$/, '')));
  if (absolute) return `${absolute.at}: \`${absolute.text}\` names a path from the root: write ~/… or a relative path, so that it runs anywhere.`;
  const run = await runShell(withStandIns(script), {
    cwd: workdir,
    env: Object.fromEntries(Object.entries({ ...cli.env, ...examplesEnv, TMPDIR: join(cli.root, 'tmp'), ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined)),
    calls: cli.root,
    cli: answer(cli),
  });
  return script.lines
    .flatMap((line, index) => {
      if (line.kind === 'placeholder') {
        const problem = placeholderProblem(line.text);
        return problem ? [`${line.at}: \`${line.text}\` (not run: it names a value of the reader's): ${problem}`] : [];
      }
      const ran = run[index];
      if (!ran || ran.status === 0) return [];
      const status = ran.status === undefined ? 'did not finish' : `exited ${ran.status}`;
      return [`${line.at}: \`${line.text}\` ${status}:\n${ran.stderr.trim() || '(nothing on stderr)'}`];
    })
    .join('\n\n');
}

const HOW =
  'every example in --help, README.md and docs/ runs as written in a fresh home on the demo store (src/cli/examples.test.ts says how: ' +
  '--local, a copy of the demo store, what the example hosts stand for, <placeholders>); fix the example below (or the command)';

// A definition's examples run one after the other, beside the others', on a machine that may be busy.
const SLOW = { timeout: 120_000 };

describe('every example in --help runs on the demo store', SLOW, () => {
  it.concurrent.for(definitionExamples())('$name', async (script) => {
    const command = script.command!;
    const mirror = MIRRORS.has(command);
    const cli = READS.has(command) ? reads : await sandbox(mirror ? 'none' : 'demo');
    try {
      expect(await failures(script, cli, mirror ? { RENTSURVEY_LOCAL: undefined } : {}), HOW).toBe('');
    } finally {
      if (cli !== reads) await cli.cleanup();
    }
  });
});

describe('every rentsurvey line of README.md and docs/ runs on the demo store', SLOW, () => {
  it.concurrent.for(exampleDocuments().flatMap(documentExamples))('$name', async (script) => {
    const cli = await sandbox();
    try {
      expect(await failures(script, cli), HOW).toBe('');
    } finally {
      await cli.cleanup();
    }
  });
});

describe('the examples test', () => {
  it('finds examples in the definitions, README.md and docs/, a document as one script', () => {
    const documents = exampleDocuments().flatMap(documentExamples);
    expect(definitionExamples().flatMap((script) => script.lines).length).toBeGreaterThan(60);
    const readme = documents.filter((script) => script.name === 'README.md');
    expect(readme).toHaveLength(1);
    expect(readme[0]!.lines.filter((line) => line.kind === 'example').length).toBeGreaterThan(30);
    expect(documents.some((script) => script.name.startsWith('docs/'))).toBe(true);
  });

  it('knows a placeholder, and checks the command and flags of its line', () => {
    const lines = definitionExamples().flatMap((script) => script.lines);
    expect(lines.find((line) => line.text.includes('<key-prefix>'))?.kind).toBe('placeholder');
    expect(placeholderProblem('rentsurvey local keys revoke <key-prefix> --yes   # in a script')).toBeUndefined();
    expect(placeholderProblem('echo "<api-key>" | rentsurvey --profile staging login --base-url https://staging.example.com --with-token')).toBeUndefined();
    expect(placeholderProblem('rentsurvey local keys revoke <key-prefix> --force')).toBe('`rentsurvey local keys revoke` takes no --force');
    expect(placeholderProblem('rentsurvey local keys rovoke <key-prefix>')).toBe('`rentsurvey local keys rovoke placeholder` is no command');
    // Process substitution and a comment's brackets are no placeholders.
    expect(lines.find((line) => line.text.startsWith('source <(rentsurvey completion bash)'))?.kind).toBe('example');
  });
});
