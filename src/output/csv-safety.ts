/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a spreadsheet opening a
 * CSV, or a workbook cell typed as text, runs a cell that begins with `=`, `+`,
 * `-` or `@` as a formula — `=HYPERLINK("http://x.example","click")` as a
 * community name becomes a link. Tab and carriage return at the start are on
 * OWASP's list too: some spreadsheets drop them and read what follows.
 * Such text gets a leading `'`, which spreadsheets show as text and never run.
 * Only text: numbers are written as numbers (a negative PSI stays -0.031).
 */
import { sanitize } from './text.js';

const FORMULA_START = /^[=+\-@\t\r]/;

/** `text` as a spreadsheet must show it: with a leading `'` when it would start a formula. */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * Server text as a CSV cell or a workbook's text cell gets it: terminal controls dropped (line
 * breaks kept), and no formula either before that (a tab before "=") or after (a control before "=").
 */
export function spreadsheetText(text: string): string {
  return neutralizeFormula(sanitize(neutralizeFormula(text), { multiline: true }));
}
