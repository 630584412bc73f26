/**
 * Where `pricing export` puts its rows: a CSV (plain or for Excel), or with
 * --format xlsx a workbook streamed through exceljs. Either writes into the
 * export's atomic file, one community's rows at a time, the next ones being
 * fetched meanwhile.
 */
import type { CsvDialect } from '../../../output/csv-dialect.js';
import type { Column } from '../../../output/columns.js';
import { formatCsvHeader, formatCsvRecords } from '../../../output/csv.js';
import type { AtomicFile } from '../../state-file.js';

/** What one community's rows share (its market and identity), and its records. */
export interface ExportColumns<Shared, Record> {
  shared: Column<Shared>[];
  records: Column<Record>[];
}

export interface ExportFile<Shared, Record> {
  /** Appends one community's rows; may return before they are on disk (the next add or end waits). */
  add(shared: Shared, records: readonly Record[]): Promise<void>;
  /** Waits for everything added, and ends the document (a workbook's closing parts). */
  end(): Promise<void>;
  /** Waits for a write under way, whatever became of it: the file is not left mid-write. */
  settle(): Promise<void>;
}

/** A CSV: its header now, each community's rows formatted while the previous ones are written. */
export async function csvExport<Shared, Record>(
  file: AtomicFile,
  columns: ExportColumns<Shared, Record>,
  dialect: CsvDialect,
): Promise<ExportFile<Shared, Record>> {
  await file.write(await formatCsvHeader([...columns.shared, ...columns.records].map((c) => c.key), dialect));
  let writing = Promise.resolve();
  return {
    async add(shared, records) {
      const text = await formatCsvRecords(records, columns.records, columns.shared.map((c) => c.value(shared)), dialect);
      await writing;
      writing = file.write(text);
    },
    end: () => writing,
    settle: () => writing.catch(() => undefined),
  };
}

/** A column of the shared part or of a record, as a column of the joined row. */
function joined<Shared, Record, Part>(column: Column<Part>, part: (row: { shared: Shared; record: Record }) => Part): Column<{ shared: Shared; record: Record }> {
  const { dollars } = column;
  return {
    key: column.key,
    value: (row) => column.value(part(row)),
    ...(dollars ? { dollars: (row: { shared: Shared; record: Record }) => dollars(part(row)) } : {}),
    ...(column.kind ? { kind: column.kind } : {}),
  };
}

/** A workbook of one sheet, "Pricing", streamed: column widths from the first community's rows. */
export async function xlsxExport<Shared, Record>(file: AtomicFile, columns: ExportColumns<Shared, Record>): Promise<ExportFile<Shared, Record>> {
  const [{ openWorkbook }, { atomicStream }] = await Promise.all([import('../../../output/xlsx.js'), import('../../print-xlsx.js')]);
  const workbook = await openWorkbook(atomicStream(file));
  const sheetColumns = [
    ...columns.shared.map((c) => joined<Shared, Record, Shared>(c, (row) => row.shared)),
    ...columns.records.map((c) => joined<Shared, Record, Record>(c, (row) => row.record)),
  ];
  type Sheet = ReturnType<typeof workbook.addSheet<{ shared: Shared; record: Record }>>;
  let sheet: Sheet | undefined;
  let writing = Promise.resolve();
  return {
    async add(shared, records) {
      const rows = records.map((record) => ({ shared, record }));
      await writing;
      sheet ??= workbook.addSheet('Pricing', sheetColumns, rows);
      writing = sheet.addRows(rows);
    },
    async end() {
      await writing;
      sheet ??= workbook.addSheet('Pricing', sheetColumns);
      await workbook.finish();
    },
    settle: () => writing.catch(() => undefined),
  };
}
