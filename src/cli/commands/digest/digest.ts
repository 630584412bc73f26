/**
 * `rentsurvey digest`: what changed for each subject and its comparables between
 * its survey on or before --since and its latest survey — summed up first (the
 * position then and now, vacancy, how the comparables moved), then the biggest
 * moves; printed, e-mailed and posted to a webhook for cron. Computed here from
 * the spec's endpoints (collect.ts); definitions in docs/metrics.md, "Digest".
 */
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { IsoDate } from '../../../api/primitives.js';
import { addDays, isIsoDate } from '../../../domain/dates.js';
import { isMoneyChange, leaveOutSmallMoves } from '../../../domain/digest.js';
import { summarizePortfolio, type PortfolioSummary, type SubjectSummary } from '../../../domain/digest-summary.js';
import { formatAmount } from '../../../domain/format.js';
import { spinner } from '../../../output/messages.js';
import type { Column } from '../../../output/columns.js';
import { dollarsFromCents } from '../../../output/money.js';
import { countOf } from '../../../output/text.js';
import { text, uuid } from '../../columns.js';
import { concurrencyOf, type Handler } from '../../command.js';
import { mapLimited } from '../../concurrency.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import { checkFlag } from '../../flag-terms.js';
import { periodOf } from '../../period.js';
import { xdgDir } from '../../globals.js';
import { printLines, printList } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { chooseSubjects } from '../../references.js';
import { assertStateName, readState, writeState } from '../../state-file.js';
import { latestDate } from '../../surveys.js';
import { collectSubject, type DigestChange, type SubjectDigest } from './collect.js';
import { deliveryOf, destinationsOf, type Delivery, type Destination, type DigestMessage } from './deliver.js';
import { digestDocument, type DigestDocument } from './document.js';
import { htmlDigest } from './html.js';
import type { digest } from './index.js';
import { markdownDigest } from './markdown.js';
import { KIND_LABEL, planOf, showMove, showValue } from './present.js';
import { slackDigest } from './slack.js';
import { printTableDigest } from './table.js';

/** Without --since (and on a profile's first --since-last run): a week back, for the weekly e-mail. */
export const DEFAULT_LOOKBACK_DAYS = 7;
/** Requests in flight at once to a service, and subjects read at once (1 with --local: concurrencyOf). */
export const REQUESTS_AT_ONCE = 8;
/** --top without a value: the portfolio's biggest moves, or each subject's under --detail. */
const TOP_PORTFOLIO = 10;
const TOP_PER_SUBJECT = 5;
/** --min-units without a value: a unit or two more or less available is noise in a weekly digest. */
export const DEFAULT_MIN_UNITS = 2;

/** What --since-last remembers per profile and selection: each subject's latest survey already digested. */
interface DigestState {
  profile: string;
  communities: string[] | 'portfolio';
  subjects: Record<string, string>;
  digested_at: string;
  /**
   * Channels whose delivery failed, each with the surveys its next digest starts from: stdout and
   * the channels that got the digest moved on, these get the changes they missed, once.
   */
  behind?: Partial<Record<Destination['channel'], Record<string, string>>>;
}

/** A digest read from the surveys: what is printed, and what is sent. */
export interface ReadDigest {
  digests: SubjectDigest[];
  compared: SubjectDigest[];
  from: string | null;
  to: string | null;
  changes: DigestChange[];
  portfolio: PortfolioSummary;
  /** Undefined when nothing changed: nothing is printed for people, nothing sent. */
  document: DigestDocument | undefined;
}

/** A value of the change; rents and NERs (cents) in dollars with --dollars, other kinds as they are. */
const amount = (get: (c: DigestChange) => unknown) => (c: DigestChange) => {
  const value = get(c);
  return isMoneyChange(c.kind) && typeof value === 'number' ? dollarsFromCents(value) : value;
};
const move = (c: DigestChange) => (typeof c.before === 'number' && typeof c.after === 'number' ? c.after - c.before : null);

/** The fields of `digest --json`'s changes, in order: what csv and ndjson print (the move is for --fields). */
const dataColumns: Column<DigestChange>[] = [
  uuid('subject_id', (c) => c.subject_id),
  text('subject_name', (c) => c.subject_name, 'SUBJECT'),
  uuid('community_id', (c) => c.community_id),
  text('community_name', (c) => c.community_name, 'COMMUNITY', 'high'),
  text('role', (c) => c.role, 'ROLE', 'low'),
  { key: 'kind', header: 'CHANGE', importance: 'key', value: (c) => c.kind, display: (c) => KIND_LABEL[c.kind] },
  { key: 'floor_plan_name', header: 'PLAN', importance: 'high', value: (c) => c.floor_plan_name, display: planOf },
  { key: 'before', header: 'BEFORE', value: (c) => c.before, display: (c) => showValue(c.kind, c.before), dollars: amount((c) => c.before), align: 'left' },
  { key: 'after', header: 'AFTER', importance: 'high', value: (c) => c.after, display: (c) => showValue(c.kind, c.after), dollars: amount((c) => c.after), align: 'left' },
];
export const columns: Column<DigestChange>[] = [
  ...dataColumns,
  { key: 'move', header: 'MOVE', importance: 'high', value: move, display: (c) => showMove(c), dollars: amount(move), align: 'right' },
];
const DATA_FIELDS = dataColumns.map((c) => c.key);

/** Formats for people: a summary with its own layout, not columns. */
const SUMMARY_FORMATS = new Set(['table', 'md', 'html', 'slack']);

function parseMinChange(value: unknown): number {
  if (value === undefined) return 0;
  const raw = String(value).trim();
  if (!/^\$?\d+(\.\d{1,2})?$/.test(raw))
    throw new UsageError(`--min-change: "${String(value)}" is not an amount of dollars (like 25 or 12.50)`);
  return Math.round(Number(raw.replace('$', '')) * 100);
}

/** --since: a date, not after today (a digest compares surveys that happened). */
function parseSince(value: string | undefined, today: string): string | undefined {
  if (value === undefined) return undefined;
  const since = checkFlag('--since', IsoDate, value.trim());
  if (since > today) throw new UsageError(`--since: ${since} is in the future (today is ${today})`, 'give the date the digest starts from, e.g. a week ago');
  return since;
}

/** The table flags pick and order the changes' columns: data formats only. */
function assertOutputFlags(ctx: CommandContext): void {
  const { format, fields, sort, limit, dollars: inDollars } = ctx.globals;
  if (!SUMMARY_FORMATS.has(format)) return;
  const shown = format === 'table' ? 'the table' : `--format ${format}`;
  if (fields) throw new UsageError(`--fields picks columns; ${shown} is a summary without columns`, 'use --format csv, ndjson or json with --fields');
  if (sort || limit)
    throw new UsageError(`${shown} summarizes the changes; --sort and --limit are for --csv and --ndjson`, 'use --top for the number of moves listed');
  if (inDollars) throw new UsageError(`--dollars is for --format csv or ndjson: ${shown} already shows dollars`);
}

/**
 * Where --since-last keeps its state: per profile (a local store: per data directory), per selection of
 * subjects, and per --state-name (one per consumer); `profile` says whose it is in messages.
 */
function stateFile(ctx: CommandContext, communities: string[] | undefined, stateName: string | undefined): { path: string; profile: string } {
  const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 12);
  const name = ctx.globals.profile ?? 'default';
  const named = stateName === undefined ? '' : ` (state ${stateName})`;
  const profile = `${ctx.globals.local ? `the local store ${resolve(ctx.globals.dataDir)}` : `profile ${name}`}${named}`;
  const profileKey = ctx.globals.local ? `local-${hash(resolve(ctx.globals.dataDir))}` : `profile-${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const selection = communities ? `communities-${hash([...communities].sort().join(','))}` : 'portfolio';
  const file = ['digest', profileKey, selection, ...(stateName === undefined ? [] : [stateName]), 'json'].join('.');
  return { path: join(xdgDir(ctx.env, 'state'), file), profile };
}

const summaries = (digests: readonly SubjectDigest[]) => digests.flatMap((d) => (d.summary ? [d.summary] : []));
const refOf = (d: SubjectDigest) => ({ subject_id: d.subject.id, subject_name: d.subject.name });

export const run: Handler<typeof digest> = async (ctx, opts) => {
  const today = ctx.today();
  // --start, --days and --end as every command that reads a period takes them (period.ts); --since is --start.
  const period = opts.start !== undefined || opts.days !== undefined || opts.end !== undefined ? periodOf(opts, today, DEFAULT_LOOKBACK_DAYS + 1) : undefined;
  const since = parseSince(opts.since, today) ?? period?.start;
  const until = opts.end === undefined ? undefined : period?.end;
  const minChangeCents = parseMinChange(opts.minChange);
  assertStateName(opts);
  assertOutputFlags(ctx);
  const delivery = deliveryOf(ctx, opts);
  assertShapingFlags(ctx, opts, delivery);
  const subjects = await chooseSubjects(ctx, { all: opts.communities === undefined, communities: opts.communities }, 'digest');
  // --since-last remembers where it stopped per selection: the portfolio, or these ids.
  const selection = opts.communities === undefined ? undefined : subjects.map((subject) => subject.id);
  const fallback = addDays(today, -DEFAULT_LOOKBACK_DAYS);
  const store = opts.sinceLast ? stateFile(ctx, selection, opts.stateName) : undefined;
  const state = store ? await readState<DigestState>(ctx, store.path) : undefined;
  const remembered = datesOf(state?.subjects);
  const sinceOf = (id: string) => since ?? remembered[id] ?? fallback;

  const concurrency = concurrencyOf(ctx, undefined, REQUESTS_AT_ONCE);
  // Subjects that share a comparable read its surveys once; so do channels behind from the same surveys (one reading each).
  const api = (await ctx.api()).inFlight(concurrency, { shareReads: true });
  const ids = subjects.map((subject) => subject.id);
  const shape = {
    detail: opts.detail === true || ids.length === 1,
    top: opts.top,
    allChanges: opts.allChanges === true,
    minChangeCents,
    minUnits: opts.minUnits ?? DEFAULT_MIN_UNITS,
  };
  const read = (startOf: (id: string) => string) => readDigest(ctx, api, ids, startOf, { ...shape, concurrency }, until);
  const main = await read(sinceOf);
  const { compared, from, to, changes, portfolio, document } = main;
  if (store && !state) {
    const period = from && to ? `compared ${from} → ${to}, each subject's survey on or before ${fallback} (a week back) to its latest` : `no survey on or before ${fallback} (a week back)`;
    ctx.log.info(`First --since-last digest for ${store.profile}: ${period}.`);
  }
  sayNotCompared(ctx, main.digests, sinceOf, opts.verbose === true);
  if (changes.length === 0) ctx.log.info(nothingChanged(compared, { from, to, sinceLast: store !== undefined, minChangeCents }));
  await printWhole(ctx, (out) => print(out, { from, to, changes, portfolio, subjects: summaries(main.digests), document }));

  // Each channel gets the digest from where it stopped: a channel that failed last time (--since-last)
  // gets what it missed, the others this run's. Channels behind from the same surveys share one reading.
  const starts = Object.fromEntries(ids.map((id) => [id, sinceOf(id)]));
  const behind = store ? behindOf(state) : {};
  const readings = new Map([[JSON.stringify(starts), main]]);
  const sends: { destination: Destination; starts: Record<string, string>; document: DigestDocument | undefined }[] = [];
  for (const destination of destinationsOf(delivery)) {
    const startsHere = { ...starts, ...behind[destination.channel] };
    const key = JSON.stringify(startsHere);
    let reading = readings.get(key);
    if (!reading) readings.set(key, (reading = await read((id) => startsHere[id] as string)));
    sends.push({ destination, starts: startsHere, document: reading.document });
  }
  const outcomes = await Promise.allSettled(sends.map(({ destination, document: sent }) => (sent ? destination.send(ctx, messageOf(sent)) : Promise.resolve())));
  const results = sends.map((send, i) => ({ ...send, outcome: outcomes[i]! }));
  const failed = results.filter((result) => result.outcome.status === 'rejected');

  // ---- The one place --since-last advances: once the digest was printed. A channel that failed ----
  // stays where it was and gets those changes on the next run, once; the others are not sent them
  // again (docs/metrics.md, "Formats and delivery"): no week lost, none sent twice.
  if (store) {
    const advanced = { ...remembered };
    for (const d of compared) advanced[d.subject.id] = d.to as string;
    const stillBehind: DigestState['behind'] = {};
    // A channel not asked for this run keeps what it missed for when it is asked again.
    for (const [channel, missed] of Object.entries(behind)) if (!sends.some((send) => send.destination.channel === channel)) stillBehind[channel as Destination['channel']] = missed;
    for (const { destination, starts: missed } of failed) stillBehind[destination.channel] = missed;
    await writeState(store.path, {
      profile: store.profile,
      communities: selection ?? 'portfolio',
      subjects: advanced,
      digested_at: ctx.now().toISOString(),
      ...(Object.keys(stillBehind).length > 0 ? { behind: stillBehind } : {}),
    } satisfies DigestState);
  }
  if (failed.length > 0) {
    const reasons = failed.map(({ outcome }) => {
      const error = (outcome as PromiseRejectedResult).reason as unknown;
      return error instanceof Error ? error.message : String(error);
    });
    const delivered = results.filter((result) => result.outcome.status === 'fulfilled' && result.document).map((result) => result.destination.shown);
    const hint = store
      ? `the next --since-last run sends ${failed.map((f) => f.destination.shown).join(' and ')} these changes again` +
        (delivered.length > 0 ? `, not ${delivered.join(' or ')}, which has them` : '')
      : undefined;
    throw new CliError(reasons.join('; '), ExitCode.failure, hint);
  }
};

/** How a digest is laid out for people: --detail, --top, --all-changes, --min-change, --min-units. */
export interface DigestShape {
  detail: boolean;
  top: number | undefined;
  allChanges: boolean;
  minChangeCents: number;
  minUnits: number;
}

/** The surveys of each subject from `startOf(id)` to its latest (or its survey on or before `until`), compared, and laid out for people. */
async function readDigest(
  ctx: CommandContext,
  api: ApiClient,
  ids: string[],
  startOf: (id: string) => string,
  shape: DigestShape & { concurrency: number },
  until?: string,
): Promise<ReadDigest> {
  const progress = await spinner(ctx.io, `Comparing surveys of ${ids.length} communities…`, { quiet: ctx.globals.quiet });
  progress.start();
  let digests: SubjectDigest[];
  try {
    digests = await mapLimited(ids, shape.concurrency, (id) => collectSubject(api, id, startOf(id), until));
  } finally {
    progress.stop();
  }
  return readingOf(digests, startOf, shape);
}

/** What a digest of these subjects' surveys says: the changes, the summaries, and the document for people (the dashboard's This week too). */
export function readingOf(digests: SubjectDigest[], startOf: (id: string) => string, shape: DigestShape): ReadDigest {
  const compared = digests.filter((d) => d.from !== null && d.to !== null);
  const from = compared.reduce<string | null>((min, d) => (min === null || (d.from as string) < min ? d.from : min), null);
  const to = latestDate(compared.map((d) => d.to));
  const changes = leaveOutSmallMoves(
    digests.flatMap((d) => d.changes),
    shape.minChangeCents,
  );
  const portfolio = summarizePortfolio(summaries(digests), digests.filter((d) => d.from === null).map(refOf));
  const document =
    changes.length === 0
      ? undefined
      : digestDocument(digests, portfolio, {
          sinceOf: startOf,
          detail: shape.detail,
          top: shape.top ?? (shape.detail ? TOP_PER_SUBJECT : TOP_PORTFOLIO),
          allChanges: shape.allChanges,
          minChangeCents: shape.minChangeCents,
          minUnits: shape.minUnits,
        });
  return { digests, compared, from, to, changes, portfolio, document };
}

/** A state's dates by subject id: a state file edited by hand may hold anything, and only dates count. */
function datesOf(record: unknown): Record<string, string> {
  if (typeof record !== 'object' || record === null) return {};
  return Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && isIsoDate(entry[1])));
}

/** The channels a --since-last state says are behind, with the dates their next digest starts from. */
function behindOf(state: DigestState | undefined): NonNullable<DigestState['behind']> {
  const behind: NonNullable<DigestState['behind']> = {};
  for (const channel of ['mail', 'webhook'] as const) {
    const missed = datesOf(state?.behind?.[channel]);
    if (Object.keys(missed).length > 0) behind[channel] = missed;
  }
  return behind;
}

const messageOf = (document: DigestDocument): DigestMessage => ({
  subject: document.title,
  text: markdownDigest(document),
  html: htmlDigest(document),
  slack: slackDigest(document),
});

/** --detail, --top, --all-changes and --min-units shape what people read: refused where nothing is (data on stdout, nothing sent). */
function assertShapingFlags(ctx: CommandContext, opts: { detail?: true; top?: number; allChanges?: true; minUnits?: number }, delivery: Delivery): void {
  const given = [opts.detail && '--detail', opts.top !== undefined && '--top', opts.allChanges && '--all-changes', opts.minUnits !== undefined && '--min-units'].filter(
    (flag): flag is string => typeof flag === 'string',
  );
  if (given.length === 0 || SUMMARY_FORMATS.has(ctx.globals.format) || delivery.mail || delivery.webhook) return;
  const verb = given.length === 1 ? 'shapes' : 'shape';
  throw new UsageError(`${given.join(', ')} ${verb} the summary for people; --format ${ctx.globals.format} has every change`);
}

/** Communities without a survey to compare: one line with their count (--verbose names them). */
function sayNotCompared(ctx: CommandContext, digests: readonly SubjectDigest[], sinceOf: (id: string) => string, verbose: boolean): void {
  const missing = digests.filter((d) => d.from === null);
  if (missing.length === 0) return;
  const dates = [...new Set(missing.map((d) => sinceOf(d.subject.id)))];
  const names = verbose ? `: ${missing.map((d) => d.subject.name).join(', ')}` : ' (--verbose names them)';
  ctx.log.info(
    `Not compared: ${countOf(missing.length, 'community', 'communities')} without a survey on or before ${dates.length === 1 ? dates[0] : 'its start date'}${names}.`,
  );
}

function nothingChanged(
  compared: SubjectDigest[],
  { from, to, sinceLast, minChangeCents }: { from: string | null; to: string | null; sinceLast: boolean; minChangeCents: number },
): string {
  if (compared.length === 0) return 'Nothing to compare: no community has a survey on or before the start date.';
  const communities = countOf(compared.length, 'community', 'communities');
  if (compared.every((d) => d.from === d.to))
    return `Nothing changed: no survey newer than ${sinceLast ? 'the last digest' : 'the start date'} in ${communities} (latest ${to}).`;
  const smaller = minChangeCents > 0 ? `; rent and NER moves under ${formatAmount(minChangeCents)} left out` : '';
  return `No changes from ${from} to ${to} in ${communities}${smaller}.`;
}

interface Printed {
  from: string | null;
  to: string | null;
  changes: DigestChange[];
  portfolio: PortfolioSummary;
  subjects: SubjectSummary[];
  /** Undefined when nothing changed: people's formats then print nothing (a cron job sends nothing). */
  document: DigestDocument | undefined;
}

async function print(ctx: CommandContext, { from, to, changes, portfolio, subjects, document }: Printed): Promise<void> {
  const { format } = ctx.globals;
  if (format === 'json' || format === 'csv' || format === 'ndjson' || format === 'xlsx') {
    // JSON keeps every change (as before the summary) and adds the summary objects; a workbook has every change.
    await printList(ctx, { defaultFields: DATA_FIELDS, rows: changes, columns, json: { from, to, changes, portfolio, subjects }, jsonRowsKey: 'changes' });
    return;
  }
  if (!document) return;
  if (format === 'table') await printTableDigest(ctx, document);
  else printLines(ctx, format === 'html' ? htmlDigest(document) : format === 'slack' ? slackDigest(document) : markdownDigest(document));
}
