/**
 * `rentsurvey digest [--since <date> | --since-last] [--communities …] [--min-change <dollars>]`:
 * what changed for each subject and its active comparables between its survey
 * on or before --since and its latest survey. Computed here from the spec's
 * endpoints (see collect.ts); definitions in docs/metrics.md, "Digest".
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { addDays, isIsoDate } from '../../../domain/dates.js';
import { spinner } from '../../../output/messages.js';
import { dollarsFromCents, type Column } from '../../../output/render.js';
import { stdoutStyle } from '../../../output/style.js';
import { countOf } from '../../../output/text.js';
import { uuid, text } from '../../columns.js';
import type { Handler } from '../../command.js';
import type { digest } from './index.js';
import { mapLimited } from '../../concurrency.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { checkFlag } from '../../flag-terms.js';
import { IsoDate } from '../../../api/primitives.js';
import { assertFields, orderRows, printLines, printList } from '../../print.js';
import { printWhole } from '../../print-whole.js';
import { portfolioCommunities, resolveCommunityList } from '../../references.js';
import { latestDate } from '../../surveys.js';
import { readState, writeState } from '../../state-file.js';
import { collectSubject, type DigestChange, type SubjectDigest } from './collect.js';
import { markdownDigest } from './markdown.js';
import { dollars, isMoney, KIND_LABEL, planOf, showMove, showValue } from './present.js';

/** Without --since (and on a profile's first --since-last run): a week back, for the weekly e-mail. */
const DEFAULT_LOOKBACK_DAYS = 7;
/** Subjects read at once; each reads its comparables CONCURRENCY at a time. */
const SUBJECTS_AT_ONCE = 2;

/** What --since-last remembers per profile and selection: each subject's latest survey already digested. */
interface DigestState {
  profile: string;
  communities: string[] | 'portfolio';
  subjects: Record<string, string>;
  digested_at: string;
}

/** The fields of `digest --json`'s changes, in order: what csv and ndjson print. */
/** A value of the change; rents and NERs (cents) in dollars with --dollars, other kinds as they are. */
const amount = (get: (c: DigestChange) => unknown) => (c: DigestChange) => {
  const value = get(c);
  return isMoney(c.kind) && typeof value === 'number' ? dollarsFromCents(value) : value;
};
const move = (c: DigestChange) => (typeof c.before === 'number' && typeof c.after === 'number' ? c.after - c.before : null);

const dataColumns: Column<DigestChange>[] = [
  uuid('subject_id', (c) => c.subject_id),
  text('subject_name', (c) => c.subject_name, 'SUBJECT'),
  uuid('community_id', (c) => c.community_id),
  // On a narrow terminal what changed and how stay; a long comparable name may be cut with the new value.
  text('community_name', (c) => c.community_name, 'COMMUNITY', 'high'),
  text('role', (c) => c.role, 'ROLE', 'low'),
  { key: 'kind', header: 'CHANGE', importance: 'key', value: (c) => c.kind, display: (c) => KIND_LABEL[c.kind] },
  { key: 'floor_plan_name', header: 'PLAN', importance: 'high', value: (c) => c.floor_plan_name, display: planOf },
  // Amounts and texts share these columns: left-aligned, and long concession texts may be cut to fit.
  { key: 'before', header: 'BEFORE', value: (c) => c.before, display: (c) => showValue(c.kind, c.before), dollars: amount((c) => c.before), align: 'left' },
  { key: 'after', header: 'AFTER', importance: 'high', value: (c) => c.after, display: (c) => showValue(c.kind, c.after), dollars: amount((c) => c.after), align: 'left' },
];
const moveColumn: Column<DigestChange> = {
  key: 'move',
  header: 'MOVE',
  importance: 'high',
  value: move,
  display: (c, style) => showMove(c, style),
  dollars: amount(move),
  align: 'right',
};
export const columns = [...dataColumns, moveColumn];
// The subject's name heads its group, so ROLE is left to --fields.
const TABLE_FIELDS = ['community_name', 'floor_plan_name', 'kind', 'before', 'after', 'move'];
const DATA_FIELDS = dataColumns.map((c) => c.key);

function parseMinChange(value: unknown): number {
  if (value === undefined) return 0;
  const raw = String(value).trim();
  if (!/^\$?\d+(\.\d{1,2})?$/.test(raw))
    throw new UsageError(`--min-change: "${String(value)}" is not an amount of dollars (like 25 or 12.50)`);
  return Math.round(Number(raw.replace('$', '')) * 100);
}

function stateFile(ctx: CommandContext, communities: string[] | undefined): { path: string; profile: string } {
  const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
  const name = ctx.globals.profile ?? 'default';
  const profile = ctx.globals.local ? `the local store ${resolve(ctx.globals.dataDir)}` : `profile ${name}`;
  const profileKey = ctx.globals.local ? `local-${hash(resolve(ctx.globals.dataDir))}` : `profile-${name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const selection = communities ? `communities-${hash([...communities].sort().join(','))}` : 'portfolio';
  const base = ctx.env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return { path: join(base, 'rentsurvey', `digest.${profileKey}.${selection}.json`), profile };
}

export const run: Handler<typeof digest> = async (ctx, opts) => {
  const since = opts.since === undefined ? undefined : String(opts.since).trim();
  if (since !== undefined) checkFlag('--since', IsoDate, since);
  const minChangeCents = parseMinChange(opts.minChange);
  assertFields(ctx, columns);
  if (ctx.globals.format === 'md' && ctx.globals.fields)
    throw new UsageError('--fields picks columns; --format md is a summary without columns', 'use --format csv, ndjson or json with --fields');
  if (ctx.globals.format === 'md' && (ctx.globals.sort || ctx.globals.limit))
    throw new UsageError('--format md summarizes every change; --sort and --limit are for the table, csv and ndjson');
  const selection = opts.communities === undefined ? undefined : await resolveCommunityList(ctx, String(opts.communities), '--communities');
  const fallback = addDays(ctx.now().toISOString().slice(0, 10), -DEFAULT_LOOKBACK_DAYS);
  const store = opts.sinceLast ? stateFile(ctx, selection) : undefined;
  const state = store ? await readState<DigestState>(store.path) : undefined;
  if (store && !state) ctx.log.info(`First --since-last digest for ${store.profile}: changes since ${fallback}.`);
  // A state file edited by hand may hold anything: only dates count.
  const remembered = (id: string) => {
    const date = state?.subjects?.[id];
    return typeof date === 'string' && isIsoDate(date) ? date : undefined;
  };
  const sinceFor = (id: string) => since ?? remembered(id) ?? fallback;

  const api = await ctx.api();
  const ids = selection ?? (await portfolioCommunities(ctx)).map((community) => community.id);
  const progress = await spinner(ctx.io, `Comparing surveys of ${ids.length} communities…`, { quiet: ctx.globals.quiet });
  progress.start();
  let digests: SubjectDigest[];
  try {
    digests = await mapLimited(ids, SUBJECTS_AT_ONCE, (id) => collectSubject(api, id, sinceFor(id), minChangeCents));
  } finally {
    progress.stop();
  }

  for (const [i, digest] of digests.entries())
    if (digest.from === null)
      ctx.log.info(`${digest.subject.name}: no survey on or before ${sinceFor(ids[i]!)}${digest.to ? '' : ' (no survey at all)'}; nothing to compare.`);
  const compared = digests.filter((d) => d.from !== null && d.to !== null);
  const from = compared.reduce<string | null>((min, d) => (min === null || (d.from as string) < min ? d.from : min), null);
  const to = latestDate(compared.map((d) => d.to));
  const changes = digests.flatMap((d) => d.changes);

  if (changes.length === 0) ctx.log.info(nothingChanged(compared, { from, to, sinceLast: store !== undefined, minChangeCents }));
  await printWhole(ctx, (out) => print(out, { from, to, digests, changes, minChangeCents }));

  if (store) {
    const subjects: Record<string, string> = {};
    for (const id of Object.keys(state?.subjects ?? {})) if (remembered(id)) subjects[id] = remembered(id) as string;
    for (const digest of compared) subjects[digest.subject.id] = digest.to as string;
    await writeState(store.path, {
      profile: store.profile,
      communities: selection ?? 'portfolio',
      subjects,
      digested_at: ctx.now().toISOString(),
    } satisfies DigestState);
  }
};

function nothingChanged(
  compared: SubjectDigest[],
  { from, to, sinceLast, minChangeCents }: { from: string | null; to: string | null; sinceLast: boolean; minChangeCents: number },
): string {
  if (compared.length === 0) return 'Nothing to compare: no community has a survey on or before the start date.';
  const communities = countOf(compared.length, 'community', 'communities');
  if (compared.every((d) => d.from === d.to))
    return `Nothing changed: no survey newer than ${sinceLast ? 'the last digest' : 'the start date'} in ${communities} (latest ${to}).`;
  const smaller = minChangeCents > 0 ? `; rent and NER moves under ${dollars(minChangeCents)} left out` : '';
  return `No changes from ${from} to ${to} in ${communities}${smaller}.`;
}

async function print(
  ctx: CommandContext,
  report: { from: string | null; to: string | null; digests: SubjectDigest[]; changes: DigestChange[]; minChangeCents: number },
) {
  const { format } = ctx.globals;
  if (format === 'md') {
    if (report.changes.length > 0) printLines(ctx, markdownDigest({ ...report, subjects: report.digests }));
    return;
  }
  if (format !== 'table') {
    await printList(ctx, {
      defaultFields: DATA_FIELDS,
      rows: report.changes,
      columns,
      json: { from: report.from, to: report.to, changes: report.changes },
    });
    return;
  }
  if (report.changes.length === 0) return;
  const style = stdoutStyle(ctx.io);
  // --sort and --limit are about all the changes; the table then groups them by subject.
  const ordered = orderRows(ctx, report.changes, columns);
  const counted = ordered.length === report.changes.length ? `${ordered.length}` : `${ordered.length} of ${report.changes.length}`;
  printLines(ctx, `Changes from ${report.from} to ${report.to}: ${counted}\n`);
  for (const digest of report.digests) {
    const changes = ordered.filter((change) => digest.changes.includes(change));
    if (changes.length === 0) continue;
    printLines(ctx, `\n${style.bold(digest.subject.name)} — survey of ${digest.from} → ${digest.to}\n`);
    await printList(ctx, { defaultFields: TABLE_FIELDS, rows: changes, columns, json: undefined, asGiven: true });
  }
  const names = (list: SubjectDigest[]) => list.map((d) => d.subject.name).join(', ');
  const quiet = report.digests.filter((d) => d.changes.length === 0 && d.from !== null);
  if (quiet.length > 0) printLines(ctx, `\nNo changes: ${names(quiet)}.\n`);
  const skipped = report.digests.filter((d) => d.from === null);
  if (skipped.length > 0) printLines(ctx, `Not compared (no survey on or before the start date): ${names(skipped)}.\n`);
}
