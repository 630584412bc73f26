/**
 * Excel workbooks (--format xlsx) from the same column definitions as every
 * other format, written with exceljs' streaming WorkbookWriter: rows go out as
 * they are added, so a 286,000-row export holds a few megabytes, not the sheet.
 * Loaded with import() only when a workbook is written.
 *
 * Cells are typed from the columns (src/output/render.ts): money (a column with
 * `dollars`) is a number in dollars formatted as currency, a `date` column holds
 * dates, `fraction` (0.031) and `percent` (3.1) columns are percentages, other
 * numbers and booleans stay what they are, and text is sanitized as in a CSV
 * (control characters dropped, a formula neutralized: csv-safety.ts). Each sheet
 * has its header row frozen and filtered, and columns as wide as their content.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { spreadsheetText } from './csv-safety.js';
import type { Column } from './columns.js';
import { DollarAmount, dollarKey } from './money.js';

type Excel = typeof import('exceljs');
type WorkbookWriter = InstanceType<Excel['stream']['xlsx']['WorkbookWriter']>;
type Worksheet = import('exceljs').Worksheet;

/** A sheet being written: rows in order, then commit. */
export interface XlsxSheet<Row> {
  /** Appends rows; resolves once the workbook has taken them in (memory stays bounded however many rows come). */
  addRows(rows: readonly Row[]): Promise<void>;
  /** Ends the sheet: no more rows. */
  commit(): void;
}

export interface XlsxWorkbook {
  /**
   * A new sheet of these columns. Column widths are decided now, from the header
   * and `sample` (the first rows, when known); later rows do not change them.
   */
  addSheet<Row>(name: string, columns: readonly Column<Row>[], sample?: readonly Row[]): XlsxSheet<Row>;
  /** Commits every sheet and writes the end of the file; the output stream is ended. */
  finish(): Promise<void>;
}

/** What a cell holds, and how Excel shows it. */
type Shown = 'text' | 'number' | 'boolean' | 'currency' | 'percent' | 'date' | 'dateTime';
interface Cell {
  value: string | number | boolean | null;
  shown: Shown;
}

/** The number formats (Excel's own codes) of the cells that have one. */
const NUMBER_FORMATS: Partial<Record<Shown, string>> = {
  currency: '"$"#,##0.00',
  percent: '0.0%',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm:ss',
};

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Rows looked at for a column's width. */
const WIDTH_SAMPLE = 200;
/** exceljs' zlib: level 1 makes the bench export's file ~1.3× the default's, in ~0.6× the time. */
const ZIP_LEVEL = 1;
/** Rows written at once, between two turns of the event loop (in which the zip takes them). */
const ROWS_AT_ONCE = 100;
/** Bytes of sheet the zip may hold before rows wait for it: enough to keep zlib busy, little beside 250 MB. */
const ZIP_BACKLOG = 4 << 20;

/** The most rows a sheet can have that Excel opens whole (Excel's specifications and limits). */
const EXCEL_MAX_ROWS = 1_048_576;

const EMPTY: Cell = { value: null, shown: 'text' };
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
const MS_PER_DAY = 86_400_000;
/** Excel's day number of 1970-01-01 (its 1900 date system). */
const EXCEL_EPOCH_DAYS = 25_569;

/** A date as Excel's day number (UTC: a YYYY-MM-DD is that day itself), or undefined when it is none. */
function dateCell(value: unknown): Cell | undefined {
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : { value: EXCEL_EPOCH_DAYS + time / MS_PER_DAY, shown: 'dateTime' };
  }
  if (typeof value !== 'string') return undefined;
  const day = ISO_DAY.exec(value);
  if (day) return { value: EXCEL_EPOCH_DAYS + Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) / MS_PER_DAY, shown: 'date' };
  const time = ISO_TIME.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isFinite(time) ? { value: EXCEL_EPOCH_DAYS + time / MS_PER_DAY, shown: 'dateTime' } : undefined;
}

/** How one value of `column` goes into a cell. */
function cellOf<Row>(column: Column<Row>, row: Row): Cell {
  return cellOfValue(column, rawValue(column, row));
}

/** What a column holds for a row: its amount in dollars for money, else its raw value. */
function rawValue<Row>(column: Column<Row>, row: Row): unknown {
  return column.dollars ? column.dollars(row) : column.value(row);
}

function cellOfValue<Row>(column: Column<Row>, value: unknown): Cell {
  if (value === null || value === undefined) return EMPTY;
  if (value instanceof DollarAmount) return { value: Number(value.text), shown: 'currency' };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return EMPTY;
    if (column.kind === 'fraction') return { value, shown: 'percent' };
    if (column.kind === 'percent') return { value: value / 100, shown: 'percent' };
    return { value, shown: 'number' };
  }
  if (typeof value === 'bigint') return { value: Number(value), shown: 'number' };
  if (typeof value === 'boolean') return { value, shown: 'boolean' };
  if (column.kind === 'date' || value instanceof Date) {
    const date = dateCell(value);
    if (date) return date;
  }
  return { value: spreadsheetText(typeof value === 'string' ? value : JSON.stringify(value)), shown: 'text' };
}

/** The header of a column: its key, named in dollars when its money is (market_rent_cents → market_rent_dollars). */
function xlsxHeader<Row>(column: Column<Row>): string {
  return column.dollars ? dollarKey(column.key) : column.key;
}

/** Characters of a cell as Excel shows it, roughly: what its column's width is measured in. */
function shownLength({ value, shown }: Cell): number {
  if (value === null) return 0;
  if (shown === 'date') return 10;
  if (shown === 'dateTime') return 19;
  if (shown === 'currency') return Math.round(Math.abs(value as number)).toLocaleString('en-US').length + 5;
  if (shown === 'percent') return 7;
  return String(value)
    .split('\n')
    .reduce((longest, line) => Math.max(longest, line.length), 0);
}

/** Excel's rules for a sheet name: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31) || 'Sheet';
  let unique = base;
  for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(unique.toLowerCase());
  return unique;
}

// ---------------------------------------------------------------- rows as SpreadsheetML
//
// exceljs builds each row as Row and Cell objects, then renders them node by node: on the
// bench's 286,000-row export that took 5× the CPU of the whole CSV export. The rows of a
// sheet are therefore written here, as the <row> elements of the sheet exceljs opened
// (ECMA-376 Part 1, 18.3.1.73 row and 18.3.1.4 c), and exceljs writes everything else:
// the workbook, the styles the cells refer to, the header row, the frozen pane, the
// filter. Measured: 3.5× faster than exceljs' addRow on the same rows; a text repeated
// (a name, a plan, a concession) is worked out once. Reading the workbook back with
// exceljs in the tests checks these elements.

/** Characters XML 1.0 cannot hold (sanitize() has dropped the controls already; lone surrogates and U+FFFE/F remain). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * A cell after its reference (`<c r="A2"` + this), `style` the workbook's style id of its
 * number format (none: General); empty for no value (the cell is left out). Text is written
 * in the cell (an inline string), not in the workbook's shared strings: a table of every
 * distinct name and id would grow with the export and be written whole at its end (at
 * 2.86 M rows, 80,000 strings and ≈ 50 MB at the end); the zip's deflate takes the
 * repetition of a community's name on its consecutive rows out again.
 */
function cellXml(cell: Cell, style: number | undefined): string {
  const { value } = cell;
  if (value === null) return '';
  const s = style === undefined ? '' : ` s="${style}"`;
  if (typeof value === 'number') return `${s}><v>${value}</v></c>`;
  if (typeof value === 'boolean') return `${s} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = value.replace(NOT_XML, '').replace(/[&<>]/g, (c) => XML_ESCAPES[c]!);
  // Spaces at either end are kept only when said (XML would fold them).
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `${s} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** Distinct texts of a column remembered as XML: plans, dates, roles and concessions repeat from row to row (ids and names of thousands of communities do not). */
const REMEMBERED_PER_COLUMN = 1_000;

/** The parts of exceljs' sheet writer the rows go through (see above). */
interface SheetStream {
  write(xml: string): unknown;
  /** The zip's input, a readable-stream PassThrough: how much it holds, and 'drain'. */
  pipes?: (NodeJS.EventEmitter & { _writableState?: { length?: number }; writableLength?: number })[];
}

/**
 * Lets the zip take in what was written: one turn of the event loop (zlib compresses on a
 * thread of its own meanwhile, and hands back on this one), and while it holds more than
 * ZIP_BACKLOG, until it drained: exceljs hands the sheet to the zip without waiting.
 */
async function taken(stream: SheetStream): Promise<void> {
  const input = stream.pipes?.[0];
  if (input && (input._writableState?.length ?? input.writableLength ?? 0) > ZIP_BACKLOG) await once(input, 'drain');
  else await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A workbook written to `output` as sheets and rows are added. A sheet holds at most
 * `maxRowsPerSheet` rows, its header included (Excel's limit by default); its rows go on in
 * sheets of the same columns, "Pricing 2" after "Pricing".
 */
export async function openWorkbook(output: Writable, { maxRowsPerSheet = EXCEL_MAX_ROWS } = {}): Promise<XlsxWorkbook> {
  // The streaming writer by its path, not exceljs' index, which loads its reader, CSV and whole-workbook model too:
  // the build bundles only what is imported (docs/contributing.md, "Dependencies").
  const [{ default: Writer }, { default: enums }] = await Promise.all([
    import('exceljs/lib/stream/xlsx/workbook-writer.js'),
    import('exceljs/lib/doc/enums.js'),
  ]);
  const writer: WorkbookWriter = new Writer({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { level: ZIP_LEVEL, chunkSize: 256 * 1024 } },
  });
  writer.creator = 'rentsurvey';
  // The workbook's style of each number format, which cells name by id.
  const styles = (writer as unknown as { styles: { addStyleModel(style: object, type: number): number } }).styles;
  const styleIds = new Map<Shown, number>();
  for (const [shown, numFmt] of Object.entries(NUMBER_FORMATS)) styleIds.set(shown as Shown, styles.addStyleModel({ numFmt }, enums.ValueType.Number));

  const typed = (cell: Cell): [Cell, number | undefined] => [cell, styleIds.get(cell.shown)];
  const names = new Set<string>();
  let open: { commit(): void } | undefined;
  return {
    addSheet<Row>(name: string, columns: readonly Column<Row>[], sample: readonly Row[] = []): XlsxSheet<Row> {
      // The streaming writer writes one sheet after another.
      open?.commit();
      const headers = columns.map(xlsxHeader);
      const sampled = sample.slice(0, WIDTH_SAMPLE).map((row) => columns.map((column) => cellOf(column, row)));
      const widths = headers.map((header, i) =>
        Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, header.length + 3, ...sampled.map((cells) => shownLength(cells[i]!) + 2))),
      );
      /** A sheet of these columns, its header row written: the first, or the next once one is full. */
      const startSheet = () => {
        const sheet: Worksheet = writer.addWorksheet(sheetName(name, names), { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = headers.map((header, i) => ({ key: header, width: widths[i]! }));
        if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
        const header = sheet.addRow(headers);
        header.font = { bold: true };
        header.commit();
        return { sheet, stream: (sheet as unknown as { stream: SheetStream }).stream };
      };
      let part = startSheet();
      const letters = columns.map((_, i) => columnLetters(i));
      const remembered = columns.map(() => new Map<string, string>());
      // The text of each column's last row: a community's name and id repeat on each of its rows.
      const previous = columns.map(() => ({ value: undefined as unknown, xml: '' }));
      /** A cell's XML after its reference; a text (or a date as text) worked out once per column. */
      const cellAfterRef = (i: number, value: unknown): string => {
        if (typeof value !== 'string') return cellXml(...typed(cellOfValue(columns[i]!, value)));
        const last = previous[i]!;
        if (last.value === value) return last.xml;
        const known = remembered[i]!;
        let xml = known.get(value);
        if (xml === undefined) {
          xml = cellXml(...typed(cellOfValue(columns[i]!, value)));
          if (known.size < REMEMBERED_PER_COLUMN) known.set(value, xml);
        }
        last.value = value;
        last.xml = xml;
        return xml;
      };
      let next = 2;
      const sheetWriter: XlsxSheet<Row> = {
        async addRows(rows) {
          for (let start = 0; start < rows.length; ) {
            // Excel opens no more rows than its limit: the rest go on in a sheet of their own ("Pricing 2").
            if (next > maxRowsPerSheet) {
              part.sheet.commit();
              part = startSheet();
              next = 2;
            }
            const end = Math.min(rows.length, start + ROWS_AT_ONCE, start + maxRowsPerSheet - next + 1);
            let xml = '';
            for (const row of rows.slice(start, end)) {
              const number = next++;
              xml += `<row r="${number}">`;
              for (let i = 0; i < columns.length; i++) {
                const cell = cellAfterRef(i, rawValue(columns[i]!, row));
                if (cell !== '') xml += `<c r="${letters[i]}${number}"${cell}`;
              }
              xml += '</row>';
            }
            start = end;
            part.stream.write(xml);
            await taken(part.stream);
          }
        },
        commit() {
          if (open === sheetWriter) open = undefined;
          part.sheet.commit();
        },
      };
      open = sheetWriter;
      return sheetWriter;
    },
    async finish() {
      open?.commit();
      open = undefined;
      // The writer ends `output` itself; done when it has taken the last byte.
      const finished = once(output, 'finish');
      await writer.commit();
      await finished;
    },
  };
}

/** A sheet whose rows are known, ready to write into a workbook (its row type closed over). */
export interface SheetData {
  readonly name: string;
  write(workbook: XlsxWorkbook): Promise<void>;
}

export function sheetData<Row>(name: string, columns: readonly Column<Row>[], rows: readonly Row[]): SheetData {
  return {
    name,
    async write(workbook) {
      const sheet = workbook.addSheet(name, columns, rows);
      await sheet.addRows(rows);
      sheet.commit();
    },
  };
}

/** A workbook of these sheets, written to `output`. */
export async function writeWorkbook(output: Writable, sheets: readonly SheetData[]): Promise<void> {
  const workbook = await openWorkbook(output);
  for (const sheet of sheets) await sheet.write(workbook);
  await workbook.finish();
}
