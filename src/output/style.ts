import type { ChalkInstance } from 'chalk';
import type { IOStreams } from './io.js';

/** Semantic colors; every helper is the identity when color is off. */
export interface Style {
  readonly enabled: boolean;
  /** The colored stream's chalk, for anything the helpers lack; undefined when color is off. */
  readonly chalk: ChalkInstance | undefined;
  positive(text: string): string;
  negative(text: string): string;
  muted(text: string): string;
  bold(text: string): string;
  header(text: string): string;
  warn(text: string): string;
  accent(text: string): string;
  /** Color of the i-th chart series / legend entry. */
  series(index: number, text: string): string;
}

const identity = (text: string): string => text;
const SERIES_COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'red'] as const;

const PLAIN: Style = {
  enabled: false,
  chalk: undefined,
  positive: identity,
  negative: identity,
  muted: identity,
  bold: identity,
  header: identity,
  warn: identity,
  accent: identity,
  series: (_index, text) => text,
};

// chalk loads only in a run that colors something (a terminal, FORCE_COLOR): it is ≈ 3 ms of a
// start, and piped runs print no color. Our own instance rather than chalk's global one: its level
// follows our decision (io.ts), not chalk's detection.
let colors: ChalkInstance | undefined;

/** Loads chalk when `io` colors either stream; main() does, where the streams are decided. */
export async function loadColors(io: Pick<IOStreams, 'colorEnabled' | 'stderrColorEnabled'>): Promise<void> {
  if (colors || !(io.colorEnabled || io.stderrColorEnabled)) return;
  const { Chalk } = await import('chalk');
  colors = new Chalk({ level: 1 });
}

export function createStyle(enabled: boolean): Style {
  if (!enabled) return PLAIN;
  const chalk = colors;
  if (!chalk) throw new Error('colors were not loaded: await loadColors(io) where the streams are decided');
  return {
    enabled,
    chalk,
    positive: (t) => chalk.green(t),
    negative: (t) => chalk.red(t),
    muted: (t) => chalk.gray(t),
    bold: (t) => chalk.bold(t),
    header: (t) => chalk.bold(t),
    warn: (t) => chalk.yellow(t),
    accent: (t) => chalk.cyan(t),
    series: (index, t) => chalk[SERIES_COLORS[index % SERIES_COLORS.length] ?? 'cyan'](t),
  };
}

/** Style for stdout (tables, charts). */
export function stdoutStyle(io: IOStreams): Style {
  return createStyle(io.colorEnabled);
}

/** Style for stderr (messages, spinner). */
export function stderrStyle(io: IOStreams): Style {
  return createStyle(io.stderrColorEnabled);
}
