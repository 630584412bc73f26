import { Option } from '@commander-js/extra-typings';
import { defineCommand, parseIntegerOption, stateNameOption, type HandlerImport } from '../../command.js';
import { daysOption, endOption, startOption } from '../../period.js';

export const digest = defineCommand({
  name: 'digest',
  description: "What your markets did between two surveys: each subject's position then and now, its comparables' moves, then the biggest moves",
  flags: (c) =>
    c
      .option('--since <date>', 'compare from the survey on or before this date, YYYY-MM-DD (default: 7 days ago)')
      .addOption(new Option('--since-last', 'compare from where the last --since-last digest of this profile stopped (for cron)').conflicts('since'))
      // The period flags of every command that reads one: --start is --since; --end compares up to the survey on or before it.
      .addOption(daysOption().conflicts(['since', 'sinceLast']))
      .addOption(startOption().conflicts(['since', 'sinceLast']))
      .addOption(endOption().conflicts('sinceLast'))
      .addOption(stateNameOption())
      .option('--communities <list>', 'comma-separated communities: names, external ids or ids (default: the whole portfolio)')
      .option('--detail', 'a block per subject: its facts, concessions started and biggest moves (the default for one subject)')
      .option('--top <n>', 'list the n biggest moves (default 10 for the portfolio, 5 per subject with --detail; 0: none)', parseIntegerOption('--top', 0))
      .option('--all-changes', 'list every change instead of the biggest moves')
      .option('--min-change <dollars>', 'leave out rent and NER moves smaller than this many dollars (default 0: list all)')
      .option('--min-units <n>', 'leave out units-available moves smaller than this many units (default 2)', parseIntegerOption('--min-units', 1))
      .option('--mail-to <addresses>', 'e-mail the digest (HTML with a plain-text part) to these comma-separated addresses')
      .option('--mail-from <address>', 'sender of --mail-to (default: the SMTP user when it is an address, else rentsurvey@<this host>)')
      .option('--smtp-url <url>', 'SMTP server for --mail-to: smtp[s]://user:password@host:port (env RENTSURVEY_SMTP_URL)')
      .option('--webhook-url <url>', 'post the digest as Slack mrkdwn, {"text": …}, to this URL (env RENTSURVEY_WEBHOOK_URL)')
      .option('--verbose', 'name the communities without a survey to compare (default: their count)'),
  output: { kind: 'rows', columns: async () => (await import('./digest.js')).columns, formats: ['html', 'slack'] },
  examples: [
    'rentsurvey digest --since 2026-11-02',
    'rentsurvey digest --days 28   # the last four weeks',
    'rentsurvey digest --communities "Barton Creek Terrace"   # one subject: its block, in detail',
    'rentsurvey digest --since-last --format md > digest.md   # weekly cron: empty when nothing changed',
    'rentsurvey digest --since-last --state-name team --mail-to team@example.com --smtp-url smtp://digest:app-password@mail.example.com:587   # cron: this job\'s own state',
    'rentsurvey digest --since-last --state-name slack --webhook-url https://hooks.slack.com/services/T000/B000/XXXX   # another job, another state',
    'rentsurvey digest --communities DR-001,DR-002 --min-change 25 --json',
  ],
  notes: [
    'Each subject is compared from its survey on or before --since (or --start, or --days back) to its latest survey, or to its survey on or before --end, with its comparables.',
    '--format md, html or slack: an e-mail or chat body. --json, --csv and --ndjson keep every change.',
    'Exit 0 when nothing changed (said on stderr; nothing on stdout but --json/--csv framing, nothing sent). ' +
      'A failed delivery exits 1 and leaves --since-last where it was, so the next run sends the same changes.',
    '--since-last keeps its state per profile and selection in $XDG_STATE_HOME/rentsurvey (default ~/.local/state/rentsurvey); ' +
      'two cron jobs of one digest (one mails it, one posts it) each give a --state-name of their own, so neither advances the other. ' +
      'See docs/metrics.md, "Digest".',
  ],
  handler: (): HandlerImport => import('./digest.js'),
});
