import type { IOStreams } from './io.js';
import { stderrStyle } from './style.js';

export interface Progress {
  /** `done` of the total units finished, `items` produced so far (e.g. rows written). */
  update(done: number, items: number): void;
  /** Clears the bar (the caller prints its own outcome line). */
  stop(): void;
}

export interface ProgressOptions {
  total: number;
  /** What the units are: "communities". */
  unit: string;
  /** What the items are: "rows". */
  itemUnit: string;
  quiet?: boolean;
  /** Injectable for tests. */
  now?: () => number;
}

const REDRAW_MS = 100;
const BAR_WIDTH = 24;

const plural = (n: number) => n.toLocaleString('en-US');

/** "12 s", "3 min 05 s", "1 h 02 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The bar's line: "[█████░░░░░] 120/1,100 communities · 31,200 rows · ETA 41 s". */
export function progressLine(done: number, total: number, items: number, elapsedMs: number, options: { unit: string; itemUnit: string }) {
  const fraction = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(fraction * BAR_WIDTH);
  // The rate of what is done so far; no estimate before the first unit is.
  const eta = done > 0 && done < total ? `ETA ${formatDuration((elapsedMs / done) * (total - done))}` : done >= total ? 'done' : 'ETA …';
  return `[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${plural(done)}/${plural(total)} ${options.unit} · ${plural(items)} ${options.itemUnit} · ${eta}`;
}

/**
 * A one-line progress bar on stderr, redrawn in place at most ten times a
 * second. Only on a terminal and without --quiet: a pipe or a cron log gets
 * nothing (the command's outcome line says what happened).
 */
export function progressBar(io: IOStreams, options: ProgressOptions): Progress {
  if (!io.stderrAnimates || options.quiet) return { update: () => {}, stop: () => {} };
  const now = options.now ?? (() => performance.now());
  const style = stderrStyle(io);
  const started = now();
  let lastDraw = -Infinity;
  let shown = false;
  const draw = (done: number, items: number) => {
    const line = progressLine(done, options.total, items, now() - started, options);
    // Cut to the terminal's width: a wrapped line could not be redrawn in place.
    const width = Math.max(10, (io.stderr.columns ?? io.terminalWidth) - 1);
    io.stderr.write(`\r\x1b[2K${style.muted(line.length > width ? `${line.slice(0, width - 1)}…` : line)}`);
    shown = true;
  };
  return {
    update(done, items) {
      const at = now();
      if (at - lastDraw < REDRAW_MS && done < options.total) return;
      lastDraw = at;
      draw(done, items);
    },
    stop() {
      if (shown) io.stderr.write('\r\x1b[2K');
      shown = false;
    },
  };
}
