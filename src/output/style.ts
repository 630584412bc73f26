import { Chalk, type ChalkInstance } from 'chalk';
import type { IOStreams } from './io.js';

/** Semantic colors; every helper is the identity when color is off. */
export interface Style {
  readonly enabled: boolean;
  /** The stream's own chalk instance (level 0 when off), for anything the helpers lack. */
  readonly chalk: ChalkInstance;
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

export function createStyle(enabled: boolean): Style {
  // Our own instance rather than the global: its level follows our decision, not chalk's detection.
  const chalk = new Chalk({ level: enabled ? 1 : 0 });
  if (!enabled) {
    return {
      enabled,
      chalk,
      positive: identity,
      negative: identity,
      muted: identity,
      bold: identity,
      header: identity,
      warn: identity,
      accent: identity,
      series: (_index, text) => text,
    };
  }
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
