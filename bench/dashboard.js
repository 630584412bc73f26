// `rentsurvey dashboard` (issue 34) in a real pseudo-terminal (@lydell/node-pty, read through
// @xterm/headless as a terminal would draw it): the portfolio's first community on screen, as a
// ratio to `--local overview --all --json` on the same demo store (goal: about 1 s, first rows
// before the rest); a key press redrawn at 1,000 communities (goal ≤ 50 ms; only the rows on
// screen are drawn); and that no other command loads the dashboard's libraries (Ink, React,
// yoga-layout: the chunk that holds them), which this section asserts — it throws if one does.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from '@lydell/node-pty';
import xterm from '@xterm/headless';
import { bound, CLI, cli, env, median, ms, percentile, ratio, root, row, timeCommands } from './lib.js';
import { scaleStore } from './scale.js';

const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 5);
const KEYS = Number(process.env.BENCH_DASHBOARD_KEYS ?? 30);
const WAIT_MS = 600_000;

/** The dashboard in a pseudo-terminal of `columns` × `rows`; the screen as xterm draws it. */
function openDashboard(dataDir, columns = 80, rows = 24) {
  const term = new xterm.Terminal({ cols: columns, rows, allowProposedApi: true });
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, '--local', '--data-dir', dataDir, 'dashboard'], {
    cols: columns,
    rows,
    env: { ...env, TERM: 'xterm-256color', CI: '', RENTSURVEY_NO_INPUT: '' },
  });
  const waiters = new Set();
  const screen = () => {
    const buffer = term.buffer.active;
    return Array.from({ length: rows }, (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '').join('\n');
  };
  const check = () => {
    for (const waiter of waiters)
      if (waiter.test(screen())) {
        waiters.delete(waiter);
        waiter.resolve(performance.now());
      }
  };
  child.onData((data) => term.write(data, check));
  const exited = new Promise((resolve) => child.onExit(({ exitCode }) => resolve(exitCode)));
  return {
    started,
    screen,
    /** Resolves to the time the screen first passed `test`. */
    until(test, what) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${WAIT_MS / 1000} s:\n${screen()}`)), WAIT_MS);
        const waiter = { test, resolve: (at) => (clearTimeout(timer), resolve(at)) };
        waiters.add(waiter);
        check();
      });
    },
    press: (keys) => child.write(keys),
    async quit() {
      child.write('q');
      return exited;
    },
  };
}

const loaded = (screen) => screen.includes('Gap to market') && !screen.includes('Reading');

/** The chunks that hold Ink, React and yoga-layout: what no command but the dashboard may load. */
function dashboardChunks() {
  const dir = new URL('../dist/chunks/', import.meta.url).pathname;
  return readdirSync(dir)
    .filter((file) => file.endsWith('.cjs') && /ink-root|react-reconciler|yoga/.test(readFileSync(join(dir, file), 'utf8')))
    .map((file) => join(dir, file));
}

/** The files a command required (a preload that lists require.cache as the process ends). */
function requiredBy(args, extraEnv = {}) {
  const out = join(root, `required-${process.hrtime.bigint()}.txt`);
  const preload = join(root, 'list-required.cjs');
  writeFileSync(preload, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(out)}, Object.keys(require.cache).join('\\n')));\n`);
  cli(args, { NODE_OPTIONS: `--require ${preload}`, ...extraEnv });
  return readFileSync(out, 'utf8').split('\n');
}

export async function dashboardBench({ demoDir }) {
  console.log(`\nrentsurvey dashboard (a pseudo-terminal, 80×24; median of ${RUNS} runs)`);
  const firstName = JSON.parse(cli(['--local', '--data-dir', demoDir, 'overview', '--all', '--json'])).communities[0].community.name;
  const [overview] = timeCommands([{ args: [CLI, '--local', '--data-dir', demoDir, 'overview', '--all', '--json'] }], RUNS);
  const firstRow = [];
  const whole = [];
  for (let run = 0; run < RUNS; run++) {
    const dashboard = openDashboard(demoDir);
    firstRow.push((await dashboard.until((s) => s.includes(`› ${firstName}`) || /^› /m.test(s), 'a first community row')) - dashboard.started);
    whole.push((await dashboard.until(loaded, 'the whole portfolio')) - dashboard.started);
    const status = await dashboard.quit();
    if (status !== 0) throw new Error(`dashboard exited ${status} after q`);
  }
  row('--local overview --all --json (25 subjects)', ms(overview), '1.00×');
  row('dashboard: first community row on screen', ms(median(firstRow)), ratio(median(firstRow), overview), 'goal ≈ 1 s');
  row('dashboard: the whole portfolio on screen', ms(median(whole)), ratio(median(whole), overview));

  // ---------------------------------------------------------------- a key press at 1,000 communities
  const subjects = Number(process.env.BENCH_DASHBOARD_SUBJECTS ?? 1000);
  const { dataDir } = await scaleStore(subjects);
  const dashboard = openDashboard(dataDir);
  const opened = await dashboard.until(loaded, `the portfolio of ${subjects}`);
  const delays = [];
  let selected = /^› (.*)$/m.exec(dashboard.screen())?.[1];
  for (let i = 0; i < KEYS; i++) {
    const before = selected;
    const pressed = performance.now();
    // Down, and every tenth press a page: the page redraws every row on screen.
    dashboard.press(i % 10 === 9 ? '\u001B[6~' : 'j');
    const at = await dashboard.until((s) => /^› (.*)$/m.exec(s)?.[1] !== before, 'the selection moved');
    selected = /^› (.*)$/m.exec(dashboard.screen())?.[1];
    delays.push(at - pressed);
  }
  const filtered = performance.now();
  dashboard.press('/zz');
  const filterAt = await dashboard.until((s) => s.includes('/zz'), 'the filter typed');
  // While a filter is typed, q is a letter of it (the last run here stalled on that: the dashboard
  // waiting for more keys, the bench for its exit). Esc drops the filter; then q quits.
  dashboard.press('\u001B');
  await dashboard.until((s) => !s.includes('/zz'), 'the filter dropped');
  const status = await dashboard.quit();
  if (status !== 0) throw new Error(`dashboard exited ${status} after Esc, q`);
  row(`dashboard: ${subjects} communities read`, ms(opened - dashboard.started), '');
  row(`  key press → redrawn (median of ${KEYS})`, ms(median(delays)), '', `p95 ${ms(percentile(delays, 95))}; ${bound(median(delays), '≤', 50, '50 ms')}`);
  row('  / and two letters → the list filtered', ms(filterAt - filtered), '');

  // ---------------------------------------------------------------- no other command loads the TUI
  const chunks = dashboardChunks();
  if (chunks.length === 0) throw new Error('bench: no chunk holds Ink (has the build changed?)');
  const commands = [
    ['--version'],
    ['--help'],
    ['__complete', 'overview', 'Bar'],
    ['--local', '--data-dir', demoDir, 'portfolio', '--json'],
    ['--local', '--data-dir', demoDir, 'overview', '--all', '--json'],
    ['--local', '--data-dir', demoDir, 'dashboard', '--help'],
  ];
  for (const args of commands) {
    const loadedChunks = requiredBy(args).filter((file) => chunks.includes(file));
    if (loadedChunks.length > 0) throw new Error(`rentsurvey ${args.join(' ')} loaded the dashboard's libraries: ${loadedChunks.join(', ')}`);
  }
  row(`other commands load no Ink/React (${commands.length} checked)`, 'none', '', chunks.map((file) => file.split('/').pop()).join(', '));
}
