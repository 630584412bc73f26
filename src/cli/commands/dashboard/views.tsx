/**
 * The dashboard as an Ink component: the view state (state.ts) moved by the keys, the data of
 * the view on screen read when it is first needed (data.ts; `r` reads it again), and the lines
 * screens.ts lays out handed to Ink, one <Text> each. Only the lines that changed are redrawn
 * (Ink's incremental rendering, inside synchronized-output brackets).
 */
import { Box, Text, useInput, useWindowSize } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Style } from '../../../output/style.js';
import { CliError } from '../../errors.js';
import { readComparable, readComparables, readPlans, readPortfolio, readTarget, readTrends, readWeek, type Reading } from './data.js';
import { Memo, screen, type Load, type Part, type Screen } from './screens.js';
import { initialState, press, type DashboardState, type Effect, type Key, type ViewRef } from './state.js';
import type { AnyList } from './lists.js';

export interface DashboardProps {
  reading: Reading;
  style: Style;
  /** The user left: q (false) or Ctrl-C (true). */
  onQuit(interrupted: boolean): void;
  /** Something went wrong that no view can show (a bug): the screen is given back and it is reported. */
  onError(error: unknown): void;
  /** Writes the list on screen to `path`; resolves to what to say about it. */
  exportList(list: AnyList, rows: readonly unknown[], path: string): Promise<string>;
  /** The terminal's size, when not the one Ink reads (tests). */
  size?: { columns: number; rows: number };
}

/** What a loader throws, for the view: our errors' message and hint; anything else its message. */
function reason(error: unknown): string {
  if (error instanceof CliError) return error.hint ? `${error.message} (${error.hint})` : error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Ink's key as state.ts reads it; undefined for keys the dashboard has no use for. */
export function keyOf(input: string, key: import('ink').Key): Key[] {
  if (key.upArrow) return [{ name: 'up' }];
  if (key.downArrow) return [{ name: 'down' }];
  if (key.pageUp) return [{ name: 'pageUp' }];
  if (key.pageDown) return [{ name: 'pageDown' }];
  if (key.home) return [{ name: 'home' }];
  if (key.end) return [{ name: 'end' }];
  if (key.return) return [{ name: 'enter' }];
  if (key.escape) return [{ name: 'escape' }];
  if (key.tab) return [{ name: key.shift ? 'backTab' : 'tab' }];
  if (key.backspace || key.delete) return [{ name: 'backspace' }];
  if (key.leftArrow) return [{ name: 'char', text: 'h' }];
  if (key.rightArrow) return [{ name: 'char', text: 'l' }];
  if (key.ctrl) return input ? [{ name: 'char', text: input.toLowerCase(), ctrl: true }] : [];
  // Keys typed fast (or pasted) arrive at once: one key per character, Enter, Tab and Backspace among them.
  return [...input].map((text): Key => {
    if (text === '\r' || text === '\n') return { name: 'enter' };
    if (text === '\t') return { name: 'tab' };
    if (text === '\u007F' || text === '\b') return { name: 'backspace' };
    // Another control character is Ctrl and a letter (Ctrl-U is \u0015): never text.
    const code = text.codePointAt(0) ?? 0;
    return code < 0x20 ? { name: 'char', text: String.fromCodePoint(code + 0x60), ctrl: true } : { name: 'char', text };
  });
}

function loader(reading: Reading, view: ViewRef, part: Part, progress: (data: unknown) => void): Promise<unknown> {
  switch (part) {
    case 'portfolio':
      return readPortfolio(reading, progress);
    case 'week':
      return readWeek(reading);
    case 'comparable':
      return readComparable(reading, (view as Extract<ViewRef, { kind: 'comparable' }>).id);
    default: {
      const community = view as Extract<ViewRef, { kind: 'community' }>;
      if (part === 'plans') return readPlans(reading, community);
      if (part === 'comparables') return readComparables(reading, community.id);
      if (part === 'trends') return readTrends(reading, community.id);
      return readTarget(reading, community.id);
    }
  }
}

export function Dashboard(props: DashboardProps) {
  const { reading, style, onQuit, onError, exportList } = props;
  const window = useWindowSize();
  const size = props.size ?? window;
  const [state, setState] = useState<DashboardState>(initialState);
  const [loads, setLoads] = useState<ReadonlyMap<string, Load<unknown>>>(() => new Map());
  const generations = useRef(new Map<string, number>());
  const memo = useRef(new Memo()).current;

  const setLoad = useCallback((key: string, change: (before: Load<unknown> | undefined) => Load<unknown>) => {
    setLoads((before) => new Map(before).set(key, change(before.get(key))));
  }, []);

  const read = useCallback(
    (key: string, view: ViewRef, part: Part) => {
      const generation = (generations.current.get(key) ?? 0) + 1;
      generations.current.set(key, generation);
      const current = () => generations.current.get(key) === generation;
      setLoad(key, (before) => ({ status: 'loading', data: before?.data }));
      loader(reading, view, part, (data) => {
        if (current()) setLoad(key, () => ({ status: 'loading', data }));
      }).then(
        (data) => {
          if (current()) setLoad(key, () => ({ status: 'ready', data }));
        },
        (error: unknown) => {
          if (current()) setLoad(key, (before) => ({ status: 'failed', error: reason(error), data: before?.data }));
        },
      );
    },
    [reading, setLoad],
  );

  const screenOf = useCallback(
    (of: DashboardState) => screen({ state: of, loads, columns: size.columns, rows: size.rows, style, basis: reading.basis, threshold: reading.threshold, ctx: reading.ctx, memo }),
    [loads, size.columns, size.rows, style, reading, memo],
  );
  const shown = useMemo(() => screenOf(state), [screenOf, state]);

  // The view on screen reads what it needs the first time it is shown.
  useEffect(() => {
    for (const need of shown.needs) if (!generations.current.has(need.key)) read(need.key, need.view, need.part);
  }, [shown.needs, read]);

  const effect = useCallback(
    (done: Effect, on: Screen) => {
      if (done.kind === 'quit') return onQuit(done.interrupted);
      if (done.kind === 'reload') {
        for (const need of on.needs) read(need.key, need.view, need.part);
        return;
      }
      const list = on.shown;
      if (!list) {
        setState((s) => ({ ...s, message: { text: 'No list on screen to export.', error: true } }));
        return;
      }
      setState((s) => ({ ...s, message: { text: `Writing ${done.path}…`, error: false } }));
      exportList(list.spec, list.rows, done.path).then(
        (said) => setState((s) => ({ ...s, message: { text: said, error: false } })),
        (error: unknown) => setState((s) => ({ ...s, message: { text: `Not exported: ${reason(error)}`, error: true } })),
      );
    },
    [onQuit, read, exportList],
  );

  // Keys that arrive before the next render (a paste, a fast typist) each see the state the one before left.
  const latest = useRef(state);
  latest.current = state;
  useInput((input, key) => {
    try {
      for (const pressed of keyOf(input, key)) {
        // Keys that come before the screen is drawn again (Enter, then 3) act on the view the ones before opened.
        const current = latest.current === state ? shown : screenOf(latest.current);
        const result = press(latest.current, pressed, current.list);
        latest.current = result.state;
        if (result.effect) effect(result.effect, current);
      }
      setState(latest.current);
    } catch (error) {
      onError(error);
    }
  });

  return (
    <Box flexDirection="column" width={size.columns} height={size.rows}>
      {shown.lines.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line === '' ? ' ' : line}
        </Text>
      ))}
    </Box>
  );
}
