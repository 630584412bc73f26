import type { Command } from '@commander-js/extra-typings';
import { printText } from '../../../output/text.js';
import type { Handler } from '../../command.js';
import { EXIT_CODE_HELP, UsageError } from '../../errors.js';
import { itemList, paragraph } from '../../help-footer.js';
import type { help, HELP_TOPICS } from './index.js';

/** What `help environment` lists: each variable and what it does (wrapped to the terminal when shown). */
export const ENVIRONMENT: readonly (readonly [name: string, text: string])[] = [
  ['RENTSURVEY_API_KEY', 'API key to use instead of the stored one'],
  ['RENTSURVEY_BASE_URL', 'service base URL, e.g. https://api.example.com'],
  ['RENTSURVEY_PROFILE', 'profile name (--profile)'],
  ['RENTSURVEY_DATA_DIR', 'local data directory (--data-dir)'],
  [
    'RENTSURVEY_LOCAL',
    '1: commands use the embedded service, as if --local were given; 0: never by default. Decided in this order: --local/--no-local, ' +
      "an explicit --profile (that profile's kind: local when saved with `login --local`, else remote), RENTSURVEY_LOCAL, the profile " +
      'in use when saved with `login --local`, else remote. `auth status` says which and why.',
  ],
  [
    'RENTSURVEY_NO_INPUT',
    '1: never prompt, as --no-input; what would ask (a picker, a confirmation, login) fails with exit 2 naming the flag or argument to give instead',
  ],
  [
    'RENTSURVEY_CSV',
    'excel: every CSV for Excel, as --excel (byte-order mark, CRLF, money in dollars); plain: the default, also over a profile set with `config set csv excel`',
  ],
  ['RENTSURVEY_CONNECT_TIMEOUT', 'connect timeout in seconds (--connect-timeout, default 10)'],
  ['RENTSURVEY_REQUEST_TIMEOUT', 'request timeout in seconds (--request-timeout, default 30)'],
  ['RENTSURVEY_SMTP_URL', 'SMTP server for invitation e-mails of `serve` and `digest --mail-to` (--smtp-url); smtp://user:password@host:587, kept out of the process list'],
  ['RENTSURVEY_WEBHOOK_URL', '`digest` posts itself there as Slack mrkdwn, {"text": …} (--webhook-url)'],
  ['RENTSURVEY_RESPONSE_CACHE', '"off" makes `serve` compute every GET instead of reusing unchanged answers'],
  ['XDG_CONFIG_HOME', 'credentials live in $XDG_CONFIG_HOME/rentsurvey/config.json (0600)'],
  ['XDG_DATA_HOME', 'the local store lives in $XDG_DATA_HOME/rentsurvey'],
  ['XDG_STATE_HOME', '`digest --since-last` keeps its state in $XDG_STATE_HOME/rentsurvey (default ~/.local/state)'],
  ['XDG_CACHE_HOME', 'TAB completion reads the communities a profile last listed from $XDG_CACHE_HOME/rentsurvey'],
  ['NO_COLOR', 'any value turns colors off (--no-color)'],
  ['FORCE_COLOR', 'colors even when stdout is not a terminal (FORCE_COLOR=0 turns them off)'],
  ['RENTSURVEY_PAGER', 'pager for output longer than the terminal ("" or "cat": none; --no-pager)'],
  ['PAGER', 'the pager when RENTSURVEY_PAGER is not set (default: less -FRX)'],
  ['LESS', "less's flags; FRX when not set (colors, quit when the text fits)"],
  ['COLUMNS, LINES', 'the terminal’s size when it does not say (tables and help fit its width)'],
  ['CI', 'when set (and not 0/false), nothing ever prompts, as with --no-input'],
];

const TOPICS: Record<(typeof HELP_TOPICS)[number], (width: number) => string> = {
  environment: (width) =>
    `${paragraph('Environment variables (a flag wins over the environment, which wins over the stored profile):', width)}\n${itemList(ENVIRONMENT, width)}`,
  'exit-codes': (width) => `Exit codes:\n\n${itemList(EXIT_CODE_HELP.map(([code, text]) => [String(code), text] as const), width)}`,
};

export const run: Handler<typeof help> = async (ctx, _opts, [topic]) => {
  const [first] = topic;
  // Laid out for the terminal here, once: printed as it is.
  if (first !== undefined && Object.hasOwn(TOPICS, first)) return printText(ctx.io, TOPICS[first as keyof typeof TOPICS](ctx.io.terminalWidth));
  // The tree as the user sees it (definitions only; nothing else loads).
  const { buildProgram } = await import('../../program.js');
  let command: Command = (await buildProgram({ io: ctx.io, env: ctx.env })) as unknown as Command;
  for (const name of topic) {
    const next = command.commands.find((c) => c.name() === name || c.aliases().includes(name));
    if (!next) throw new UsageError(`unknown help topic or command: ${topic.join(' ')}`);
    command = next as Command;
  }
  // As `<command> --help` shows it: examples and the output flags included.
  command.outputHelp();
};
