import { stripVTControlCharacters } from 'node:util';
import type { IOStreams } from './io.js';

/* eslint-disable no-control-regex -- matching terminal control characters is the point here */
const SGR = /^\x1b\[[0-9;]*m$/;
// Escape sequences (CSI, OSC, DCS/PM/APC, two-byte; CSI and OSC also in their one-byte C1 forms)
// or a lone control character.
const CONTROL =
  /\r\n|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[P^_][^\x1b]*(?:\x1b\\)?|\x1b[@-Z\\-_]?|[\x00-\x1f\x7f-\x9f]/g;
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
 */
export function printText(io: IOStreams, text: string, stream: 'stdout' | 'stderr' = 'stdout'): void {
  const keepColor = stream === 'stdout' ? io.colorEnabled : io.stderrColorEnabled;
  io[stream].write(sanitize(text, { keepColor, multiline: true }));
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

export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

export function padStart(text: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(text))) + text;
}
