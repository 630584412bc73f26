/**
 * The dashboard's keys, said once: its ? screen lists them, and so does `dashboard --help`
 * (this module is all the definition loads of the dashboard's).
 */
export const KEYS: readonly [string, string][] = [
  ['↑ ↓  j k', 'move'],
  ['PgUp PgDn  Ctrl-B Ctrl-F', 'a page up, down'],
  ['g G  Home End', 'first, last row'],
  ['Enter  l', 'open the row: a community, a comparable'],
  ['Esc  h  Backspace', 'back one view (a filtered list: clear the filter first)'],
  ['/', 'filter the list as you type (name or external id); Enter keeps it, Esc drops it'],
  ['s  S', 'sort by the next column; invert the order'],
  ['Tab  Shift-Tab  1-4', "a community's sections: plans, comparables, trends, target"],
  ['b  a', 'portfolio: only a CRI band, only a signal (each press the next, then all)'],
  ['w  p', 'This week (the digest); back to the portfolio'],
  ['r', 'read the view again from the service, keeping the selection'],
  ['e', 'export the list on screen: a file typed in the status line (.xlsx: a workbook, else CSV)'],
  ['?', 'these keys (Esc or ? closes)'],
  ['q  Ctrl-C', 'quit (exit 0; Ctrl-C 130)'],
];

