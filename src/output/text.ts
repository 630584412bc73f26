import { stripVTControlCharacters } from 'node:util';
import { formatCount } from '../domain/format.js';
import type { IOStreams } from './io.js';

/* eslint-disable no-control-regex -- matching terminal control characters is the point here */
// The SGR codes our Style writes (reset, bold, normal intensity, the 16 colors); others from data
// (blink, reverse, concealed text) go like every other control sequence.
const SGR = /^\x1b\[(?:0|1|22|3[0-9]|9[0-7])?m$/;
// Escape sequences (CSI, OSC, DCS/PM/APC, two-byte; CSI and OSC also in their one-byte C1 forms)
// or a lone control character.
const CONTROL =
  /\r\n|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[P^_][^\x1b]*(?:\x1b\\)?|\x1b[@-Z\\-_]?|[\x00-\x1f\x7f-\x9f]/g;
const ANY_CONTROL = /[\x00-\x1f\x7f-\x9f]/;
/* eslint-enable no-control-regex */

export interface SanitizeOptions {
  /** Keep SGR color sequences (our own styling); everything else that moves the cursor goes. */
  keepColor?: boolean;
  /** Keep newlines (multi-line messages); otherwise newlines and tabs become spaces. */
  multiline?: boolean;
}

/**
 * Makes text safe to print on a terminal: server data could carry escapes that retitle
 * the window, move the cursor or write the clipboard (OSC 52).
 */
export function sanitize(text: string, options: SanitizeOptions = {}): string {
  // Every sequence CONTROL matches begins with a control character: most text has none (a long CSV export's cells).
  if (!ANY_CONTROL.test(text)) return text;
  return text.replace(CONTROL, (match) => {
    if (match === '\n') return options.multiline ? '\n' : ' ';
    if (match === '\r\n') return options.multiline ? '\n' : ' ';
    if (match === '\t') return ' ';
    if (match === '\r') return options.multiline ? '' : ' ';
    if (options.keepColor && SGR.test(match)) return match;
    return '';
  });
}

/**
 * Text for people (help, headings, charts, notes under a table): our own colors
 * survive when the stream allows them, any other control sequence is dropped.
 * Data formats (json, csv, ndjson) go out through the renderers instead.
 * With `wrap`, lines wider than that many columns wrap at word boundaries (wrapLines).
 */
export function printText(io: IOStreams, text: string, stream: 'stdout' | 'stderr' = 'stdout', options: { wrap?: number } = {}): void {
  const keepColor = stream === 'stdout' ? io.colorEnabled : io.stderrColorEnabled;
  const clean = sanitize(text, { keepColor, multiline: true });
  io[stream].write(options.wrap === undefined ? clean : wrapLines(clean, options.wrap));
}

/**
 * Lines wider than `width` broken at spaces into lines that fit, each continuation indented
 * like its line's text: under the first word after the line's own indent, or after a label
 * and its run of spaces ("Concessions   3 of 4 comps…" continues under "3"). Items set
 * apart by two or more spaces ("14d 5.0%  30d 6.9%") stay whole where they fit. A word
 * longer than a line stays whole (the terminal wraps it). Colors are measured, not counted.
 */
export function wrapLines(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => (displayWidth(line) <= width ? line : wrapLine(line, width)))
    .join('\n');
}

function wrapLine(line: string, width: number): string {
  const plain = stripVTControlCharacters(line);
  const lead = /^ */.exec(plain)?.[0].length ?? 0;
  // A label ("Concessions   …") only at the start of a line: indented lines (a chart's legend) hang at their indent.
  const label = lead === 0 ? (/^\S(?:\S| (?! ))*  +/.exec(plain)?.[0].length ?? 0) : 0;
  // A hanging indent that would leave too little room is dropped.
  const hang = label > 0 && label <= width / 3 ? label : lead <= width / 3 ? lead : 0;
  const start = indexAfterSpaces(line, lead);
  const out: string[] = [];
  let current = line.slice(0, start);
  let currentWidth = displayWidth(current);
  let empty = true;
  const add = (piece: string, gap: string) => {
    const pieceWidth = displayWidth(piece);
    if (!empty && currentWidth + gap.length + pieceWidth > width) {
      out.push(current);
      current = ' '.repeat(hang) + piece;
      currentWidth = hang + pieceWidth;
    } else {
      current += (empty ? '' : gap) + piece;
      currentWidth += (empty ? 0 : gap.length) + pieceWidth;
    }
    empty = false;
  };
  // Items first; one that does not fit on a line of its own goes word by word.
  const items = line.slice(start).split(/( {2,})/);
  for (let i = 0; i < items.length; i += 2) {
    const item = items[i] ?? '';
    const gap = i > 0 ? (items[i - 1] ?? '  ') : '';
    if (hang + displayWidth(item) <= width) add(item, gap);
    else item.split(/( +)/).forEach((word, j, words) => (j % 2 === 0 ? add(word, j === 0 ? gap : (words[j - 1] ?? ' ')) : undefined));
  }
  out.push(current);
  return out.map((l) => l.trimEnd()).join('\n');
}

/** Index in `line` (which may hold color codes) just after its first `count` spaces. */
function indexAfterSpaces(line: string, count: number): number {
  let seen = 0;
  let i = 0;
  while (seen < count && i < line.length) {
    if (line[i] === ' ') seen += 1;
    i += 1;
  }
  return i;
}

/** Columns a string takes on a terminal (ANSI ignored, wide CJK/emoji count 2). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of stripVTControlCharacters(text)) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    if (code < 0x300) {
      width += 1;
    } else if (isZeroWidth(code, char)) {
      continue;
    } else {
      width += isWide(code) ? 2 : 1;
    }
  }
  return width;
}

const COMBINING = /^[\p{Mn}\p{Me}]$/u;

function isZeroWidth(code: number, char: string): boolean {
  return (code >= 0x200b && code <= 0x200f) || code === 0x2060 || (code >= 0xfe00 && code <= 0xfe0f) || COMBINING.test(char);
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf && code !== 0x303f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

// Made on first use, like the collator in columns.ts: most runs cut nothing.
let graphemes: Intl.Segmenter | undefined;

/**
 * Text cut to at most `width` terminal columns, "…" included, at a whole character (a CJK
 * character or an emoji with its modifiers is never split); text that fits is returned as is.
 * A cut cell loses its colors: the codes are not counted and cannot be cut in half.
 */
export function cutToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const { segment } of (graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' })).segment(stripVTControlCharacters(text))) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out.trimEnd()}…`;
}

/**
 * Rows of cells padded into aligned columns, by the columns a terminal gives each (a CJK
 * name lines up): every column as wide as its widest cell and at least `minWidth`, padded
 * on the left where `aligns` says right. The caller joins the cells with its separator.
 */
export function alignRows(rows: readonly (readonly string[])[], options: { aligns?: readonly ('left' | 'right')[]; minWidth?: number } = {}): string[][] {
  const count = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: count }, (_, i) => Math.max(options.minWidth ?? 0, ...rows.map((row) => displayWidth(row[i] ?? ''))));
  return rows.map((row) => widths.map((width, i) => (options.aligns?.[i] === 'right' ? padStart(row[i] ?? '', width) : padEnd(row[i] ?? '', width))));
}

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}

/** "1 community", "3 communities", "13,320 records": a count for people and its noun, in the number the count needs. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
