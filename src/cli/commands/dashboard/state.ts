/**
 * The dashboard's view state, as pure functions: which views are open (a stack, shown as the
 * breadcrumb), each list's selection, scroll, filter and sort, the portfolio's band and signal
 * filters, what is being typed (a filter, an export path), and what a key press does to all of
 * it. The screen (views.tsx) and the data (data.ts) are elsewhere: a key press is given what
 * it needs to know of the list on screen (ListInfo).
 */
import { BANDS, type Band } from '../../../domain/bands.js';
import { SIGNALS, type Signal } from '../../../domain/positioning.js';
import type { SortOrder } from '../../../output/columns.js';

/** A view, with what it needs to load its data and name itself in the breadcrumb. */
export type ViewRef =
  | { kind: 'portfolio' }
  | { kind: 'week' }
  | { kind: 'community'; id: string; name: string; external_community_id: string | null }
  | { kind: 'comparable'; id: string; name: string; subject: { id: string; name: string } };

/** The community view's sections, in the order of their number keys and Tab. */
export const COMMUNITY_SECTIONS = ['plans', 'comparables', 'trends', 'target'] as const;

/** Where a list is: its selected row (of the rows its filter keeps), the first row on screen, its filter and sort. */
export interface ListPosition {
  selected: number;
  top: number;
  filter: string;
  sort?: SortOrder | undefined;
}

/** An open view: what it shows, its section (the community's), and where each of its lists is. */
export interface Frame {
  view: ViewRef;
  section: number;
  lists: Readonly<Record<string, ListPosition>>;
}

/** What the keys do now: move through lists; type a filter or a file name; read the keys. */
export type Mode = { kind: 'browse' } | { kind: 'filter' } | { kind: 'export'; path: string } | { kind: 'help' };

export interface DashboardState {
  /** The open views, the portfolio first: never empty. */
  stack: readonly Frame[];
  mode: Mode;
  /** The portfolio's filters (b, a): only rows of this band, this signal. */
  band: Band | undefined;
  signal: Signal | undefined;
  /** A line for the status bar: what an export wrote, why a key did nothing. */
  message: { text: string; error: boolean } | undefined;
}

/** A key as the reducer reads it (views.tsx translates Ink's). */
export interface Key {
  name: 'char' | 'up' | 'down' | 'pageUp' | 'pageDown' | 'home' | 'end' | 'enter' | 'escape' | 'tab' | 'backTab' | 'backspace';
  /** The character typed, for `char`. */
  text?: string;
  ctrl?: boolean;
}

/** What a key press needs to know of the list on screen. */
export interface ListInfo {
  /** Which list of the frame this is (its section's name, or the view's one list). */
  key: string;
  /** Rows its filters keep. */
  count: number;
  /** Rows the screen has room for. */
  pageSize: number;
  /** Its columns, in order: what `s` steps through. */
  sortKeys: readonly string[];
  /** The order it has without a sort (the portfolio's: most above market first), which `S` inverts. */
  defaultSort?: SortOrder | undefined;
  /** Sections of the view (the community's four; 1 elsewhere). */
  sections: number;
  /** Whether the band and signal filters apply (the portfolio). */
  positioning?: boolean;
  /** Where Enter on the row at `index` leads, if anywhere. */
  target(index: number): ViewRef | undefined;
  /** The file `e` suggests. */
  exportName: string;
}

/** What the screen must do after a key: leave (q: 0, Ctrl-C: 130), read the view again, write a file. */
export type Effect = { kind: 'quit'; interrupted: boolean } | { kind: 'reload' } | { kind: 'export'; path: string };

export interface Pressed {
  state: DashboardState;
  effect?: Effect;
}

const START: ListPosition = { selected: 0, top: 0, filter: '' };

export function initialState(): DashboardState {
  return { stack: [{ view: { kind: 'portfolio' }, section: 0, lists: {} }], mode: { kind: 'browse' }, band: undefined, signal: undefined, message: undefined };
}

export const currentFrame = (state: DashboardState): Frame => state.stack[state.stack.length - 1]!;

/** Where the list `key` of the current view is (its start when untouched). */
export function positionOf(state: DashboardState, key: string): ListPosition {
  return currentFrame(state).lists[key] ?? START;
}

/** The selection and scroll kept within a list of `count` rows and a page of `pageSize`: what every move ends with. */
export function clampPosition(position: ListPosition, count: number, pageSize: number): ListPosition {
  const page = Math.max(1, pageSize);
  const selected = count === 0 ? 0 : Math.min(Math.max(0, position.selected), count - 1);
  let top = Math.min(Math.max(0, position.top), Math.max(0, count - page));
  if (selected < top) top = selected;
  if (selected >= top + page) top = selected - page + 1;
  return { ...position, selected, top };
}

function withFrame(state: DashboardState, change: (frame: Frame) => Frame): DashboardState {
  return { ...state, stack: [...state.stack.slice(0, -1), change(currentFrame(state))] };
}

function withList(state: DashboardState, list: ListInfo, change: (position: ListPosition) => ListPosition): DashboardState {
  return withFrame(state, (frame) => {
    const moved = clampPosition(change(frame.lists[list.key] ?? START), list.count, list.pageSize);
    return { ...frame, lists: { ...frame.lists, [list.key]: moved } };
  });
}

/** The next value of a filter that cycles through `values` and back to none. */
function cycle<T>(values: readonly T[], current: T | undefined): T | undefined {
  const at = current === undefined ? -1 : values.indexOf(current);
  return at + 1 < values.length ? values[at + 1] : undefined;
}

/** `s`: by the next column (ascending), after the last one back to the list's own order. */
function nextSort(list: ListInfo, sort: SortOrder | undefined): SortOrder | undefined {
  const at = sort === undefined ? -1 : list.sortKeys.indexOf(sort.key);
  const key = list.sortKeys[at + 1];
  return key === undefined ? undefined : { key, descending: false };
}

/** `S`: the order inverted, the list's own order included. */
function invertSort(list: ListInfo, sort: SortOrder | undefined): SortOrder | undefined {
  const current = sort ?? list.defaultSort;
  if (current) return { key: current.key, descending: !current.descending };
  const [first] = list.sortKeys;
  return first === undefined ? undefined : { key: first, descending: true };
}

function say(state: DashboardState, text: string, error = false): DashboardState {
  return { ...state, message: { text, error } };
}

/** What a key does in the current mode; `list` is the list on screen. */
export function press(before: DashboardState, key: Key, list: ListInfo): Pressed {
  // A message is read once: the next key clears it.
  const state: DashboardState = before.message ? { ...before, message: undefined } : before;
  if (key.ctrl && key.text === 'c') return { state, effect: { kind: 'quit', interrupted: true } };
  switch (state.mode.kind) {
    case 'help':
      if (key.name === 'escape' || key.text === '?') return { state: { ...state, mode: { kind: 'browse' } } };
      if (key.text === 'q') return { state, effect: { kind: 'quit', interrupted: false } };
      return { state };
    case 'filter':
      return { state: typeFilter(state, key, list) };
    case 'export':
      return typePath(state, state.mode.path, key);
    case 'browse':
      return browse(state, key, list);
  }
}

/** Typing a filter: the list narrows as it is typed; Enter keeps it, Esc drops it. */
function typeFilter(state: DashboardState, key: Key, list: ListInfo): DashboardState {
  const filter = positionOf(state, list.key).filter;
  const browsing: DashboardState = { ...state, mode: { kind: 'browse' } };
  const setFilter = (to: DashboardState, text: string) => withList(to, { ...list, count: Number.MAX_SAFE_INTEGER }, (p) => ({ ...p, filter: text, selected: 0, top: 0 }));
  if (key.name === 'enter') return browsing;
  if (key.name === 'escape') return setFilter(browsing, '');
  if (key.name === 'backspace') return setFilter(state, [...filter].slice(0, -1).join(''));
  // Ctrl-U empties the line, as in a shell.
  if (key.ctrl && key.text === 'u') return setFilter(state, '');
  if (key.name === 'char' && key.text && !key.ctrl) return setFilter(state, filter + key.text);
  return state;
}

/** Typing the file an export writes, in the status line: Enter writes it, Esc gives up. */
function typePath(state: DashboardState, path: string, key: Key): Pressed {
  const browsing: DashboardState = { ...state, mode: { kind: 'browse' } };
  if (key.name === 'enter') {
    const file = path.trim();
    return file === '' ? { state: say(browsing, 'No file given: nothing exported.', true) } : { state: browsing, effect: { kind: 'export', path: file } };
  }
  if (key.name === 'escape') return { state: say(browsing, 'Export cancelled.') };
  if (key.name === 'backspace') return { state: { ...state, mode: { kind: 'export', path: [...path].slice(0, -1).join('') } } };
  if (key.ctrl && key.text === 'u') return { state: { ...state, mode: { kind: 'export', path: '' } } };
  if (key.name === 'char' && key.text && !key.ctrl) return { state: { ...state, mode: { kind: 'export', path: path + key.text } } };
  return { state };
}

function browse(state: DashboardState, key: Key, list: ListInfo): Pressed {
  const position = positionOf(state, list.key);
  const move = (change: (p: ListPosition) => ListPosition): Pressed => ({ state: withList(state, list, change) });
  const page = Math.max(1, list.pageSize);
  switch (key.name) {
    case 'up':
      return move((p) => ({ ...p, selected: p.selected - 1 }));
    case 'down':
      return move((p) => ({ ...p, selected: p.selected + 1 }));
    case 'pageUp':
      return move((p) => ({ ...p, selected: p.selected - page, top: p.top - page }));
    case 'pageDown':
      return move((p) => ({ ...p, selected: p.selected + page, top: p.top + page }));
    case 'home':
      return move((p) => ({ ...p, selected: 0 }));
    case 'end':
      return move((p) => ({ ...p, selected: list.count - 1 }));
    case 'enter': {
      const target = list.count > 0 ? list.target(position.selected) : undefined;
      if (!target) return { state };
      return { state: { ...state, stack: [...state.stack, { view: target, section: 0, lists: {} }] } };
    }
    case 'escape':
    case 'backspace':
      return { state: back(state, list) };
    case 'tab':
    case 'backTab': {
      if (list.sections < 2) return { state };
      const step = key.name === 'tab' ? 1 : -1;
      return { state: withFrame(state, (frame) => ({ ...frame, section: (frame.section + step + list.sections) % list.sections })) };
    }
    case 'char':
      return browseChar(state, key, list, position, move);
  }
}

function browseChar(state: DashboardState, key: Key, list: ListInfo, position: ListPosition, move: (change: (p: ListPosition) => ListPosition) => Pressed): Pressed {
  const text = key.text ?? '';
  if (key.ctrl) {
    // Ctrl-F/B and Ctrl-D/U page, as in less and vi.
    if (text === 'f' || text === 'd') return browse(state, { name: 'pageDown' }, list);
    if (text === 'b' || text === 'u') return browse(state, { name: 'pageUp' }, list);
    return { state };
  }
  const digit = Number.parseInt(text, 10);
  if (/^[1-9]$/.test(text) && list.sections > 1) {
    if (digit > list.sections) return { state };
    return { state: withFrame(state, (frame) => ({ ...frame, section: digit - 1 })) };
  }
  switch (text) {
    case 'q':
      return { state, effect: { kind: 'quit', interrupted: false } };
    case '?':
      return { state: { ...state, mode: { kind: 'help' } } };
    case 'j':
      return browse(state, { name: 'down' }, list);
    case 'k':
      return browse(state, { name: 'up' }, list);
    case 'g':
      return browse(state, { name: 'home' }, list);
    case 'G':
      return browse(state, { name: 'end' }, list);
    case 'l':
      return browse(state, { name: 'enter' }, list);
    case 'h':
      return { state: back(state, list) };
    case '/':
      return { state: { ...state, mode: { kind: 'filter' } } };
    case 's':
      return move((p) => ({ ...p, sort: nextSort(list, p.sort), selected: 0, top: 0 }));
    case 'S':
      return move((p) => ({ ...p, sort: invertSort(list, p.sort), selected: 0, top: 0 }));
    case 'b':
    case 'a': {
      if (!list.positioning) return { state: say(state, 'Band and signal filters are for the portfolio.') };
      const filtered = text === 'b' ? { ...state, band: cycle(BANDS, state.band) } : { ...state, signal: cycle(SIGNALS, state.signal) };
      return { state: withList(filtered, { ...list, count: Number.MAX_SAFE_INTEGER }, (p) => ({ ...p, selected: 0, top: 0 })) };
    }
    case 'r':
      return { state, effect: { kind: 'reload' } };
    case 'e':
      return { state: { ...state, mode: { kind: 'export', path: list.exportName } } };
    case 'w':
      if (currentFrame(state).view.kind === 'week') return { state };
      return { state: { ...state, stack: [...state.stack, { view: { kind: 'week' }, section: 0, lists: {} }] } };
    case 'p':
      return { state: { ...state, stack: state.stack.slice(0, 1) } };
    default:
      return { state };
  }
}

/** Esc: a filter goes first, then the view (back to the one before); the portfolio stays. */
function back(state: DashboardState, list: ListInfo): DashboardState {
  if (positionOf(state, list.key).filter !== '') return withList(state, { ...list, count: Number.MAX_SAFE_INTEGER }, (p) => ({ ...p, filter: '', selected: 0, top: 0 }));
  if (state.stack.length > 1) return { ...state, stack: state.stack.slice(0, -1) };
  return say(state, 'This is the first view: q quits.');
}

/** The breadcrumb's words: "Portfolio › Barton Creek Terrace › Zilker Landing". */
export function breadcrumb(state: DashboardState): string[] {
  return state.stack.map(({ view }) => (view.kind === 'portfolio' ? 'Portfolio' : view.kind === 'week' ? 'This week' : view.name));
}
