/**
 * The dashboard on the terminal: Ink on the alternate screen, until q (exit 0), Ctrl-C or
 * SIGINT (130), SIGTERM (143) or a closed terminal (SIGHUP, 129) — each gives the screen, the
 * cursor and the keyboard back first. An error no view can show is reported once the screen is
 * back (main() prints it).
 */
import { render } from 'ink';
import { createStyle } from '../../../output/style.js';
import type { CommandContext } from '../../context.js';
import type { ExitCode } from '../../errors.js';
import { ENDING_SIGNALS, signalStatus } from '../../signals.js';
import type { Reading } from './data.js';
import { exportList } from './export.js';
import { Dashboard } from './views.js';

type Ending = { status: ExitCode } | { error: unknown };

/** Runs the view until it is left; `View` is the dashboard (a test hands in one that fails). */
export async function showDashboard(ctx: CommandContext, reading: Reading, View: typeof Dashboard = Dashboard): Promise<ExitCode> {
  // Built, yoga-layout's WebAssembly loads without top-level await (scripts/build-plugins.js): it must be ready before Ink lays out.
  const yoga = (await import('yoga-layout')) as unknown as { ready?: Promise<unknown> };
  await yoga.ready;
  const style = createStyle(ctx.io.colorEnabled);
  let settle!: (outcome: Ending) => void;
  const ended = new Promise<Ending>((resolve) => (settle = resolve));
  const onSignal = (signal: NodeJS.Signals) => settle({ status: signalStatus(signal) });
  for (const signal of ENDING_SIGNALS) process.on(signal, onSignal);
  const instance = render(
    <View
      reading={reading}
      style={style}
      onQuit={(interrupted) => settle({ status: (interrupted ? signalStatus('SIGINT') : 0) as ExitCode })}
      onError={(error) => settle({ error })}
      exportList={(list, rows, path) => exportList(ctx, list, rows, path)}
    />,
    {
      stdout: ctx.io.stdout as NodeJS.WriteStream,
      stderr: ctx.io.stderr as NodeJS.WriteStream,
      stdin: ctx.io.stdin as NodeJS.ReadStream,
      // Ctrl-C is a key here (raw mode): it ends the view with 130, as SIGINT does.
      exitOnCtrlC: false,
      patchConsole: false,
      alternateScreen: true,
      // Only the lines that changed are written, inside synchronized-output brackets: no flicker in tmux.
      incrementalRendering: true,
      maxFps: 60,
      interactive: true,
    },
  );
  // A component that threw: Ink unmounts, and the error is reported once the screen is back.
  instance.waitUntilExit().then(
    () => settle({ status: 0 as ExitCode }),
    (error: unknown) => settle({ error }),
  );
  let ending: Ending;
  try {
    ending = await ended;
  } finally {
    for (const signal of ENDING_SIGNALS) process.off(signal, onSignal);
    // Gives the screen back: the alternate screen left, the cursor shown, raw mode off.
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
  }
  if ('error' in ending) throw ending.error;
  return ending.status;
}
