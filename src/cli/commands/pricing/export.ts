import { basename, dirname, join, resolve } from 'node:path';
import { addDays } from '../../../domain/dates.js';
import { formatCsv, printData, type Column } from '../../../output/render.js';
import { spinner } from '../../../output/messages.js';
import type { Handler, OptionsOf } from '../../command.js';
import { eachLimited } from '../../concurrency.js';
import type { CommandContext } from '../../context.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import { checkQuery } from '../../flag-terms.js';
import { resolveCommunityList } from '../../references.js';
import { readState, writeAtomically, writeState } from '../../state-file.js';
import { pricingColumns, type PricingRecord } from './columns.js';
import { HISTORY_FLAGS } from './query-flags.js';
import type { exportPricing } from './index.js';

type Flags = OptionsOf<typeof exportPricing>;

interface ExportRow {
  community: { id: string; name: string };
  record: PricingRecord;
}

const exportColumns: Column<ExportRow>[] = [
  { key: 'community_id', value: (r) => r.community.id },
  { key: 'community_name', value: (r) => r.community.name },
  ...pricingColumns.map((column) => ({ key: column.key, value: (r: ExportRow) => column.value(r.record) })),
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

const stateFile = (out: string) => join(dirname(out), `.${basename(out)}.rentsurvey-state.json`);

function dateRange(ctx: CommandContext, opts: Flags, state: ExportState | undefined) {
  const today = ctx.now().toISOString().slice(0, 10);
  // --since-last with --start or --days is refused by the definition (conflicts).
  checkQuery('getPricingHistory', { start_date: opts.start, end_date: opts.end, days: opts.days }, HISTORY_FLAGS);
  const end = opts.end ?? today;
  let start = opts.start;
  if (!start && opts.sinceLast && state) start = addDays(state.last_exported_date, 1);
  start ??= addDays(end, -(opts.days ?? 30) + 1);
  // With --since-last, a second run on the same day simply finds nothing new.
  if (start > end && !(opts.sinceLast && state)) throw new UsageError(`the start date ${start} is after the end date ${end}`);
  return { start, end, nothingNew: start > end };
}

export const run: Handler<typeof exportPricing> = async (ctx, opts) => {
  const { out } = opts;
  const toStdout = out === '-';
  if (opts.sinceLast && toStdout) throw new UsageError('--since-last keeps its state beside the output file; give --out <file>');
  const target = toStdout ? '-' : resolve(out);
  const state = opts.sinceLast ? await readState<ExportState>(stateFile(target)) : undefined;
  const range = dateRange(ctx, opts, state);
  const api = await ctx.api();

  let communities: { id: string; name: string }[];
  if (range.nothingNew) communities = [];
  else if (opts.communities) {
    const ids = await resolveCommunityList(ctx, opts.communities, '--communities');
    communities = ids.map((id) => ({ id, name: id }));
  } else {
    const { data } = await api.call('getPortfolio', { query: { include_comp_count: false } });
    communities = data.communities.map(({ id, name }) => ({ id, name }));
  }

  const progress = await spinner(ctx.io, `Exporting pricing of ${communities.length} communities…`, { quiet: ctx.globals.quiet });
  progress.start();
  const rows = new Map<string, ExportRow[]>();
  const failures: { id: string; error: CliError | Error }[] = [];
  let done = 0;
  await eachLimited(communities, opts.concurrency, async (community) => {
    try {
      const { data } = await api.call('getPricingHistory', {
        params: { id: community.id },
        query: { start_date: range.start, end_date: range.end },
      });
      rows.set(community.id, data.pricing.map((record) => ({ community: data.community, record })));
    } catch (error) {
      failures.push({ id: community.id, error: error as Error });
    }
    progress.text = `Exporting pricing… ${++done}/${communities.length}`;
  });

  if (failures.length > 0) {
    progress.fail(`${failures.length} of ${communities.length} communities could not be exported`);
    for (const { id, error } of failures) ctx.log.error(`${id}: ${error.message}`);
    const codes = failures.map(({ error }) => (error instanceof CliError ? error.exitCode : ExitCode.failure));
    const code = codes.every((c) => c === codes[0]) ? (codes[0] as ExitCode) : ExitCode.failure;
    // The failures' own hints (e.g. --debug for an answer that breaks the contract), once each.
    const hints = new Set(failures.flatMap(({ error }) => (error instanceof CliError && error.hint ? [error.hint] : [])));
    throw new CliError(
      toStdout ? 'export incomplete: nothing written' : `export incomplete: ${out} left unchanged`,
      code,
      [...hints, 'fix the errors above and run the export again'].join('; '),
    );
  }

  // Keep the order of the community list, whatever order the answers came in.
  const ordered = communities.flatMap((c) => rows.get(c.id) ?? []);
  progress.stop();
  if (opts.sinceLast && state && ordered.length === 0) {
    // Nothing new: the previous delta stays for whoever has not loaded it yet.
    ctx.log.success(`Nothing new since ${state.last_exported_date}; ${out} left unchanged`);
    return;
  }
  const csv = await formatCsv(ordered, exportColumns);
  if (toStdout) printData(ctx.io, csv);
  else {
    await writeAtomically(target, csv);
    const latest = ordered.reduce<string | undefined>((max, r) => (max && max > r.record.as_of_date ? max : r.record.as_of_date), undefined);
    if (opts.sinceLast && latest)
      await writeState(stateFile(target), { last_exported_date: latest, exported_at: ctx.now().toISOString() } satisfies ExportState);
  }
  // The spinner shows only on a terminal; the summary is for cron logs too (like other commands' success lines).
  ctx.log.success(
    `Exported ${ordered.length} pricing records of ${communities.length} communities (${range.start} to ${range.end})${toStdout ? '' : ` to ${out}`}`,
  );
};
