import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text as readText } from 'node:stream/consumers';
import { readerOf } from '../../../api/compiled.js';
import type { Handler } from '../../command.js';
import { capYoungGeneration } from '../../young-generation.js';
import type { CommandContext } from '../../context.js';
import { DATABASE_FILE } from '../../../server/store/database-file.js';
import { StoreError } from '../../../server/store/errors.js';
import type { ObservationCsvRow as CsvRow } from '../../../server/store/import.js';
import { CliError, ExitCode, UsageError } from '../../errors.js';
import type { importFile } from './index.js';
import { confirmSwitch, organizationSwitch, saySwitched } from './organizations.js';
import { isStoreConflict, withLocalStore } from './store.js';
import { countOf } from '../../../output/text.js';

/** "surveys.3.observations.0.market_rent_cents: expected number" — the first problem, with its JSON path. */
function firstIssue(issues: { path: PropertyKey[]; message: string }[]): string {
  const [issue] = issues;
  if (!issue) return 'invalid';
  const path = issue.path.map(String).join('.');
  return `${path || '(top level)'}: ${issue.message}`;
}

async function readInput(ctx: CommandContext, file: string): Promise<string> {
  if (file === '-') return readText(ctx.io.stdin);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw cannotRead(file, error);
  }
}

const cannotRead = (file: string, error: unknown) =>
  new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);

/** A file to read as a stream; a missing or unreadable one is a usage error before anything starts. */
async function openInput(file: string): Promise<NodeJS.ReadableStream> {
  try {
    const handle = await open(file, 'r');
    return handle.createReadStream();
  } catch (error) {
    throw cannotRead(file, error);
  }
}

export const run: Handler<typeof importFile> = async (ctx, opts, [path]) => {
  if (path.toLowerCase().endsWith('.csv')) return importCsv(ctx, await openInput(path), opts.org, path);
  const content = await readInput(ctx, path);
  let document: unknown;
  try {
    document = JSON.parse(content);
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const { Dataset } = await import('../../../api/dataset.js');
  const parsed = Dataset.safeParse(document);
  if (!parsed.success) throw new UsageError(`invalid dataset ${path}: ${firstIssue(parsed.error.issues)}`, 'format: docs/import-format.md');
  // A new data directory receives only what is imported, not the demo portfolio first.
  const organization = parsed.data.organization;
  const leaving = await withLocalStore(ctx, (store) => organizationSwitch(store, organization), { seed: 'empty' });
  if (leaving) await confirmSwitch(ctx, path === '-' ? 'the dataset on standard input' : path, leaving, organization, opts.yes === true);
  const summary = await withLocalStore(ctx, (store) =>
    storeImport(ctx, () => {
      const result = store.imports.importDataset(parsed.data);
      // What was just imported is what --local shows (as after sync).
      const organizationId = store.accounts.organizationByName(result.organization)?.id;
      if (organizationId) store.accounts.setDefaultOrganization(organizationId);
      return result;
    }),
    { seed: 'empty' },
  );
  ctx.log.success(
    `Imported ${path} into ${ctx.globals.dataDir}: ${summary.organization}, ${countOf(summary.users, 'user')}, ` +
      `${countOf(summary.communities, 'community', 'communities')}, ${countOf(summary.comps, 'comparable')}, ` +
      `${countOf(summary.floor_plans, 'floor plan')}, ${countOf(summary.surveys, 'survey')}, ${countOf(summary.observations, 'observation')}` +
      // After a switch, the warning below says it, with the way back.
      (leaving ? '' : `; --local now reads ${summary.organization}`),
  );
  if (leaving) saySwitched(ctx, leaving.name, summary.organization);
  reportUnvalued(ctx, summary.unvalued_concessions);
};

/** How many concession texts could not be valued, with the most frequent ones: kept as written, NER at asking. */
function reportUnvalued(ctx: CommandContext, unvalued: { observations: number; texts: { text: string; observations: number }[] }) {
  if (unvalued.observations === 0) return;
  const shown = unvalued.texts.slice(0, EXAMPLES);
  const more = unvalued.texts.length - shown.length;
  ctx.log.warn(
    `${countOf(unvalued.observations, 'observation')} ${unvalued.observations === 1 ? 'carries' : 'carry'} concession text that could not be valued ` +
      `(${countOf(unvalued.texts.length, 'distinct text')}); kept as written, with NER at asking ` +
      `unless the file records one:\n` +
      shown.map((t) => `  ${JSON.stringify(t.text)} × ${t.observations}`).join('\n') +
      (more > 0 ? `\n  … and ${more} more` : '') +
      '\nhint: give net_effective_rent_cents for these rows, or see docs/metrics.md for the texts that are understood',
  );
}

const EXAMPLES = 5;

/**
 * Store rejections (bad references, another organization's ids) become exit 2
 * or 5 with their first detail; a full disk or a store that fails, exit 1
 * naming the store's file. The import is one transaction: nothing is written.
 */
async function storeImport<T>(ctx: CommandContext, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    const file = join(ctx.globals.dataDir, DATABASE_FILE);
    if (error.code === 'storage_full')
      throw new CliError(`import rejected, nothing written: no space left on the device of ${file}`, ExitCode.failure, 'free some space and import again');
    if (error.code === 'store_unavailable') throw new CliError(`import failed, nothing written to ${file}: ${error.message}`, ExitCode.failure);
    throw new CliError(`import rejected, nothing written: ${error.message}`, isStoreConflict(error) ? ExitCode.conflict : ExitCode.usage);
  }
}

/** Rows handed to the store at once: the steps between the parser and the store are taken once a batch, not once a row. */
const BATCH = 1024;

/**
 * The observations CSV, read as a stream: each record is checked as it is
 * parsed and goes to the store in batches, all in one transaction, so memory
 * stays flat however long the file is. The first bad row stops the import
 * with its line number; nothing is written.
 */
async function importCsv(ctx: CommandContext, input: NodeJS.ReadableStream, org: string | undefined, path: string) {
  const [{ parse }, { OBSERVATION_CSV_COLUMNS, ObservationCsvRow }] = await Promise.all([import('csv-parse'), import('../../../api/dataset.js')]);
  type Column = (typeof OBSERVATION_CSV_COLUMNS)[number];
  const optional: string[] = ['net_effective_rent_cents', 'units_available', 'concessions'];
  // Records as arrays, made into objects here (csv-parse's own, property by property, cost 40% of its parsing);
  // `info` gives each record's physical line, so messages point into the file even after blank lines.
  const parser = parse({ skip_empty_lines: true, trim: true, bom: true, info: true });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  async function* rows(): AsyncGenerator<CsvRow[]> {
    let at: Record<Column, number> | undefined;
    // The first row is read by the schema as it is, the others by its compiled form: ≈ 6× faster a row (readerOf).
    let check = await readerOf(ObservationCsvRow);
    // However many rows, 32 MB of young generation serve the import (young-generation.ts).
    const youngGeneration = capYoungGeneration(32);
    let batch: CsvRow[] = [];
    let read = 0;
    let failure: unknown;
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        if (!at) {
          const missing = OBSERVATION_CSV_COLUMNS.filter((c) => !optional.includes(c) && !record.includes(c));
          if (missing.length > 0)
            throw new UsageError(`${path} lacks column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, `columns: ${OBSERVATION_CSV_COLUMNS.join(',')}`);
          at = Object.fromEntries(OBSERVATION_CSV_COLUMNS.map((c) => [c, record.indexOf(c)])) as Record<Column, number>;
          continue;
        }
        const field = (column: Column) => (at![column] < 0 ? undefined : record[at![column]]);
        const parsed = check.safeParse({
          subject_key: field('subject_key'),
          date: field('date'),
          floor_plan_key: field('floor_plan_key'),
          market_rent_cents: field('market_rent_cents'),
          net_effective_rent_cents: field('net_effective_rent_cents'),
          units_available: field('units_available'),
          concessions: field('concessions'),
        });
        if (!parsed.success) throw new UsageError(`${path} line ${info.lines}: ${firstIssue(parsed.error.issues)}`);
        batch.push(Object.assign(parsed.data, { line: info.lines }));
        if (++read === 1) check = await readerOf(ObservationCsvRow);
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
          youngGeneration.check();
        }
      }
    } catch (error) {
      failure = error instanceof CliError ? error : new UsageError(`${path} is not valid CSV: ${(error as Error).message}`);
    } finally {
      youngGeneration.release();
    }
    input.unpipe(parser);
    // The rows before a bad one go to the store first: a row there that does not resolve is the first problem.
    if (batch.length > 0) yield batch;
    if (failure) throw failure;
    if (read === 0) throw new UsageError(`${path} has no rows`);
  }
  // The header and the first rows are read before the store is opened: a file
  // that is not what it should be says so before anything about the store.
  const reader = rows();
  const first = await reader.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* reader;
  }
  const summary = await withLocalStore(ctx, async (store) => {
    const organizationId = org ? store.accounts.organizationByName(org)?.id : store.accounts.defaultOrganizationId();
    if (!organizationId) throw new CliError(org ? `no organization named ${org}` : 'the store has no organization yet', ExitCode.notFound);
    return storeImport(ctx, () => store.imports.importObservationStream(organizationId, all()));
  });
  ctx.log.success(`Imported ${countOf(summary.observations, 'observation')} in ${countOf(summary.surveys, 'survey')} from ${path}`);
  reportUnvalued(ctx, summary.unvalued_concessions);
}
