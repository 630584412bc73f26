import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { addDays, isIsoDate } from '../../../domain/dates.js';
import { spinner } from '../../../output/messages.js';
import { progressBar, type Progress } from '../../../output/progress.js';
import type { Column } from '../../../output/columns.js';
import { dollarColumns } from '../../../output/money.js';
import { concurrencyOf, type Handler, type OptionsOf } from '../../command.js';
import { fanOut, fanOutAll, fanOutFailure, isFailed, type Failed } from '../../concurrency.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { periodOf } from '../../period.js';
import type { ReadOf } from '../../../api/endpoints.js';
import type { ApiClient } from '../../http/client.js';
import { chooseSubjects } from '../../references.js';
import { assertStateName, createAtomicFile, FileWriteError, readState, writeState } from '../../state-file.js';
import { pricingColumns, type PricingRecord } from './columns.js';
import { csvExport, xlsxExport, type ExportFile } from './export-file.js';
import { capYoungGeneration } from '../../young-generation.js';
import { EXPORT_CONCURRENCY, HISTORY_DAYS, type exportPricing } from './index.js';
import { countOf } from '../../../output/text.js';

type Flags = OptionsOf<typeof exportPricing>;

/** One community to export (by name when known, for messages); with --include-comps, under the subject whose market it belongs to. */
interface Unit {
  id: string;
  name?: string;
  subject?: { id: string; name: string };
  role?: 'subject' | 'comp';
  distance_miles?: number | null;
}

/** What each row of one community begins with: its market (with --include-comps) and identity. */
interface Shared {
  unit: Unit;
  community: { id: string; name: string };
}

const communityColumns: Column<Shared>[] = [
  { key: 'community_id', value: (r) => r.community.id },
  { key: 'community_name', value: (r) => r.community.name },
];

/** --include-comps: which subject's market a row belongs to, and how far from it. */
const marketColumns: Column<Shared>[] = [
  { key: 'subject_id', value: (r) => r.unit.subject?.id },
  { key: 'subject_name', value: (r) => r.unit.subject?.name },
  { key: 'role', value: (r) => r.unit.role },
  { key: 'distance_miles', value: (r) => r.unit.distance_miles },
  ...communityColumns,
];

/**
 * Remembers, beside the output file, the latest pricing date a successful
 * export wrote (a watermark): the next --since-last run starts the day after,
 * so pricing dated today that arrives after tonight's run is not skipped.
 */
interface ExportState {
  last_exported_date: string;
  exported_at: string;
}

/** Beside the output file; one per --state-name (a consumer of its own), else the file's one state. */
const stateFile = (out: string, name: string | undefined) => join(dirname(out), `.${basename(out)}${name === undefined ? '' : `.${name}`}.rentsurvey-state.json`);

/** The watermark of the last --since-last run; a file edited by hand that holds no date counts as none, said on stderr. */
async function readExportState(ctx: CommandContext, path: string): Promise<ExportState | undefined> {
  const state = await readState<Partial<ExportState> | null>(ctx, path);
  if (state === undefined) return undefined;
  const date = state?.last_exported_date;
  if (typeof date === 'string' && isIsoDate(date)) return { ...state, last_exported_date: date } as ExportState;
  ctx.log.warn(`${path} holds no last exported date (YYYY-MM-DD): exporting as on a first --since-last run`);
  return undefined;
}

async function dateRange(ctx: CommandContext, opts: Flags, state: ExportState | undefined) {
  // --since-last with --start or --days is refused by the definition (conflicts). The period is pricing history's.
  const period = periodOf(opts, ctx.today(), HISTORY_DAYS);
  const { end } = period;
  // With --since-last, the day after the last export; a second run on the same day simply finds nothing new.
  const start = opts.sinceLast && state ? addDays(state.last_exported_date, 1) : (period.start as string);
  return { start, end, nothingNew: start > end };
}

const FIX_AND_RUN_AGAIN = 'fix the errors above and run the export again';

/** With --include-comps, each subject followed by its comparables in the service's order (nearest first). */
async function markets(ctx: CommandContext, api: ApiClient, list: { id: string; name?: string }[], opts: Flags, concurrency: number, nothing: string): Promise<Unit[]> {
  const listing = (await spinner(ctx.io, `Listing the comparables of ${list.length} subjects…`, { quiet: ctx.globals.quiet })).start();
  let outcomes;
  try {
    const query = { include_inactive: opts.includeInactive === true };
    outcomes = await fanOutAll(list, concurrency, async ({ id }) => (await api.call('listComps', { params: { id }, query })).data);
  } finally {
    listing.stop();
  }
  const failed = outcomes.filter(isFailed);
  if (failed.length > 0)
    throw fanOutFailure(ctx, failed, { total: list.length, what: "subjects' comparables could not be listed", outcome: nothing, hint: FIX_AND_RUN_AGAIN });
  return outcomes.flatMap((outcome) => {
    if (!('value' in outcome)) return [];
    const { subject_community: subject, comps } = outcome.value;
    return [
      { id: subject.id, name: subject.name, subject, role: 'subject' as const, distance_miles: null },
      ...comps.map((comp) => ({ id: comp.id, name: comp.name, subject, role: 'comp' as const, distance_miles: comp.distance_miles ?? null })),
    ];
  });
}

type History = ReadOf<'getPricingHistory'>;

/**
 * Fetches each community's history through a window of `concurrency` requests
 * and appends its rows to `file` in the order of `units`, as they arrive: at
 * most `concurrency` answers are held, however many rows there are. After a
 * failure nothing more is written (the file will be dropped); the others are
 * still tried while the service answers, so that every community to fix is
 * named, and once it stops answering they are counted, not requested (stopsAll).
 */
async function writeRows(
  api: ApiClient,
  units: Unit[],
  range: { start: string; end: string },
  concurrency: number,
  file: ExportFile<Shared, PricingRecord>,
  progress: Progress,
) {
  const failed: Failed<Unit>[] = [];
  let written = 0;
  let done = 0;
  let latest: string | undefined;
  // A comparable of several subjects (--include-comps) is asked for once: its answer is held
  // from its first place in the file to its last, and only while another is to come.
  const left = new Map<string, number>();
  for (const { id } of units) left.set(id, (left.get(id) ?? 0) + 1);
  const held = new Map<string, Promise<History>>();
  const history = (unit: Unit): Promise<History> => {
    const answer =
      held.get(unit.id) ??
      api.call('getPricingHistory', { params: { id: unit.id }, query: { start_date: range.start, end_date: range.end } }).then(({ data }) => data);
    const uses = left.get(unit.id)! - 1;
    left.set(unit.id, uses);
    if (uses > 0) held.set(unit.id, answer);
    else held.delete(unit.id);
    return answer;
  };
  // The file takes one community's rows while the next ones are fetched and formatted.
  // However long the export, 32 MB of young generation serve it (young-generation.ts).
  const youngGeneration = capYoungGeneration(32);
  try {
    for await (const outcome of fanOut(units, concurrency, history)) {
      youngGeneration.check();
      done += 1;
      if (!('value' in outcome)) failed.push(outcome);
      else if (failed.length === 0) {
        const { community, pricing: records } = outcome.value;
        if (records.length > 0) await file.add({ unit: outcome.item, community }, records);
        written += records.length;
        for (const record of records) if (latest === undefined || record.as_of_date > latest) latest = record.as_of_date;
      }
      progress.update(done, written);
    }
    await file.end();
  } finally {
    // Never left mid-write: the caller may remove the file next.
    await file.settle();
    youngGeneration.release();
    progress.stop();
  }
  return { failed, written, latest };
}

export const run: Handler<typeof exportPricing> = async (ctx, opts) => {
  const { out } = ctx.globals;
  if (out === undefined) throw new UsageError('pricing export writes a file: give --out <file> ("-" for stdout)', 'e.g. --out pricing.csv');
  const toStdout = out === '-';
  const includeComps = opts.includeComps === true;
  if (opts.includeInactive && !includeComps) throw new UsageError('--include-inactive goes with --include-comps');
  assertStateName(opts);
  if (opts.sinceLast && toStdout) throw new UsageError('--since-last keeps its state beside the output file; give --out <file>');
  const target = toStdout ? '-' : resolve(out);
  const unchanged = toStdout ? 'nothing written' : `${out} left unchanged`;
  const state = opts.sinceLast ? await readExportState(ctx, stateFile(target, opts.stateName)) : undefined;
  const range = await dateRange(ctx, opts, state);
  const concurrency = concurrencyOf(ctx, opts.concurrency, EXPORT_CONCURRENCY);
  const api = (await ctx.api()).inFlight(concurrency);

  let units: Unit[] = [];
  if (!range.nothingNew) {
    // Those of --communities, in their order, else the portfolio's; by name for messages.
    const list = await chooseSubjects(ctx, { all: opts.communities === undefined, communities: opts.communities }, 'export');
    units = includeComps ? await markets(ctx, api, list, opts, concurrency, `export incomplete: ${unchanged}`) : list;
  }
  const shared = includeComps ? marketColumns : communityColumns;
  // --dollars (and Excel's CSV): one transform of the columns; every row written goes through them.
  const { csvDialect } = ctx.globals;
  const records = ctx.globals.dollars || csvDialect === 'excel' ? dollarColumns(pricingColumns) : pricingColumns;

  // Rows go to a temporary file as they arrive, and it replaces the output only
  // once everything arrived. Stdout gets the finished temporary file: a failed
  // export prints nothing rather than half a CSV.
  const progress = progressBar(ctx.io, { total: units.length, unit: 'communities', itemUnit: 'rows', quiet: ctx.globals.quiet });
  const file = await createAtomicFile(toStdout ? join(tmpdir(), 'rentsurvey-export.csv') : target, {
    createFolder: false,
    onSignal: (signal) => {
      progress.stop();
      ctx.log.error(`interrupted (${signal}): ${unchanged}`);
    },
    // What a killed export to the same file left (stdout's temporary file is its own, in the temporary folder).
    log: toStdout ? undefined : ctx.log,
  }).catch((error: unknown) => {
    throw fileFailure(error, unchanged);
  });
  let result: Awaited<ReturnType<typeof writeRows>>;
  try {
    const columns = { shared, records };
    const rows = ctx.globals.format === 'xlsx' ? await xlsxExport(file, columns) : await csvExport(file, columns, csvDialect);
    result = await writeRows(api, units, range, concurrency, rows, progress);
  } catch (error) {
    await file.abort();
    throw fileFailure(error, unchanged);
  }
  const { failed, written, latest } = result;

  if (failed.length > 0) {
    await file.abort();
    throw fanOutFailure(ctx, failed, { total: units.length, what: 'communities could not be exported', outcome: `export incomplete: ${unchanged}`, hint: FIX_AND_RUN_AGAIN });
  }

  if (opts.sinceLast && state && written === 0) {
    // Nothing new: the previous delta stays for whoever has not loaded it yet.
    await file.abort();
    ctx.log.success(`Nothing new since ${state.last_exported_date}; ${unchanged}`);
    return;
  }
  try {
    if (toStdout) await copyToStdout(ctx, file.temp);
    else await file.commit();
  } catch (error) {
    throw fileFailure(error, unchanged);
  } finally {
    // Gone either way: renamed into place, copied out, or given up.
    await file.abort();
  }
  if (opts.sinceLast && latest)
    await writeState(stateFile(target, opts.stateName), { last_exported_date: latest, exported_at: ctx.now().toISOString() } satisfies ExportState).catch((error: unknown) => {
      throw fileFailure(error, `${out} is written, but the next --since-last run will export its rows again`);
    });
  const what = includeComps
    ? `${countOf(units.filter((u) => u.role === 'subject').length, 'subject')} and ${countOf(units.filter((u) => u.role === 'comp').length, 'comparable')}`
    : countOf(units.length, 'community', 'communities');
  // The progress bar shows only on a terminal; the summary is for cron logs too (like other commands' success lines).
  ctx.log.success(`Exported ${countOf(written, 'pricing record')} of ${what} (${range.start} to ${range.end})${toStdout ? '' : ` to ${out}`}`);
};

/** A file that could not be written (a full disk): named, with what became of the output. */
function fileFailure(error: unknown, outcome: string): unknown {
  return error instanceof FileWriteError ? new CliError(`${error.message}; ${outcome}`, ExitCode.failure, error.hint) : error;
}

/** Copies a finished file to stdout, waiting when the reader is slower than the disk. */
async function copyToStdout(ctx: CommandContext, path: string) {
  const stdout = ctx.io.stdout as NodeJS.WritableStream & { write(chunk: string): boolean };
  for await (const chunk of createReadStream(path, 'utf8')) if (stdout.write(chunk as string) === false && 'once' in stdout) await once(stdout, 'drain');
}
