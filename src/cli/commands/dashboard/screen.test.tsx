// How the view ends, on a stand-in terminal: the alternate screen left and the cursor shown
// again before the status is returned (q 0, Ctrl-C 130, SIGTERM 143) or an error no view can
// show is thrown for main() to report.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestIO, type TestIOStreams } from '../../../output/io.js';
import { createLogger } from '../../../output/messages.js';
import { createContext, type CommandContext } from '../../context.js';
import { resolveGlobals } from '../../globals.js';
import type { Reading } from './data.js';
import { showDashboard } from './screen.js';
import type { Dashboard, DashboardProps } from './views.js';

const LEAVE_ALTERNATE_SCREEN = '\u001B[?1049l';
const SHOW_CURSOR = '\u001B[?25h';

/** A terminal's stdin as Ink needs it: raw mode and all. */
function terminalInput(): PassThrough & { isTTY: boolean; setRawMode: () => void; ref: () => void; unref: () => void } {
  return Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined, ref: () => undefined, unref: () => undefined });
}

let io: TestIOStreams;
let ctx: CommandContext;
afterEach(async () => {
  await ctx?.close();
});

function reading(): Reading {
  const stdin = terminalInput();
  io = createTestIO({ stdoutTTY: true, stdinTTY: true, stdin, columns: 80, rows: 24 });
  ctx = createContext({ io, log: createLogger(io), globals: resolveGlobals({ local: true }, {}), env: {} });
  return { ctx, api: undefined as never, basis: 'ner', threshold: 0.03, window: { start: '2025-11-29', end: '2026-11-28' }, concurrency: 1 };
}

/** A view that calls back at once, as a key or a failure would. */
const viewThat = (act: (props: DashboardProps) => void) =>
  ((props: DashboardProps) => {
    act(props);
    return null;
  }) as unknown as typeof Dashboard;

/** The screen given back: after the last thing drawn, the alternate screen is left and the cursor shown. */
function givenBack(output: string) {
  const left = output.lastIndexOf(LEAVE_ALTERNATE_SCREEN);
  expect(left).toBeGreaterThan(-1);
  expect(output.lastIndexOf(SHOW_CURSOR)).toBeGreaterThan(-1);
  expect(output.indexOf('\u001B[?1049h')).toBeLessThan(left);
}

describe('how the dashboard ends', () => {
  it('q: status 0, Ctrl-C: 130, the screen given back', async () => {
    const read = reading();
    expect(await showDashboard(ctx, read, viewThat((props) => queueMicrotask(() => props.onQuit(false))))).toBe(0);
    givenBack(io.out());
    const again = reading();
    expect(await showDashboard(ctx, again, viewThat((props) => queueMicrotask(() => props.onQuit(true))))).toBe(130);
    givenBack(io.out());
  });

  it('SIGTERM: 143, the screen given back', async () => {
    const read = reading();
    // Only the dashboard's own handler is called: the worker runs other files' code too, whose
    // handlers (a file being written ends the process with the signal) are not this test's.
    const before = process.listeners('SIGTERM');
    const added = () => process.listeners('SIGTERM').filter((listener) => !before.includes(listener));
    const terminate = () => {
      for (const listener of added()) listener('SIGTERM');
    };
    const status = showDashboard(ctx, read, viewThat(() => queueMicrotask(terminate)));
    expect(await status).toBe(143);
    givenBack(io.out());
    // Its handler is gone with it: a later SIGTERM is not taken for the dashboard's.
    expect(added()).toEqual([]);
  });

  it('an error no view shows is thrown once the screen is back', async () => {
    const read = reading();
    const failing = viewThat(() => {
      throw new Error('a bug in a view');
    });
    await expect(showDashboard(ctx, read, failing)).rejects.toThrow('a bug in a view');
    givenBack(io.out());
  });
});
