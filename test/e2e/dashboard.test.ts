// `rentsurvey dashboard` in a real terminal (a tmux pane of its own), on the demo store and
// against `serve`: the first frame, a filter, a community and a comparable and back, a resize,
// an export read back, and how it ends — q (0), Ctrl-C (130), SIGTERM (143) — with the screen
// and cursor given back each time. Without a terminal: exit 2 naming `overview --all`.
// Every wait polls the screen for what it must show; none waits for a time. Skipped without tmux.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createKey, createSandbox, demoStore, parseJson, run, startServe, type Sandbox, type Served } from '../helpers/cli.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';
import { hasTmux, TmuxPane } from '../helpers/tmux.js';

const PROMPT = 'DASH>';
let sb: Sandbox;
let dataDir: string;
let names: { name: string; external_community_id: string }[];
let panes = 0;
const open: TmuxPane[] = [];

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
  const positioning = await run(['--local', '--data-dir', dataDir, 'overview', '--all', '--json'], { env: sb.env });
  names = parseJson<{ communities: { community: { name: string; external_community_id: string } }[] }>(positioning.stdout).communities.map((row) => row.community);
}, 120_000);
afterAll(async () => {
  for (const pane of open) pane.close();
  await sb?.cleanup();
});

/** bash in a pane of that size, `rentsurvey` the built CLI, the environment `env` adds to the sandbox's. */
async function terminal(width: number, height: number, env: Record<string, string>): Promise<TmuxPane> {
  const rc = join(sb.root, 'rc');
  writeFileSync(rc, `PS1='${PROMPT} '\nrentsurvey() { '${process.execPath}' '${BIN}' "$@"; }\n`);
  const pane = TmuxPane.open(join(sb.root, `tmux-${++panes}`), ['bash', '--noprofile', '--rcfile', rc, '-i'], {
    width,
    height,
    env: { ...sandboxEnv(sb.root), PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`, TERM: 'xterm-256color', LANG: 'C.UTF-8', ...env },
    cwd: sb.root,
  });
  open.push(pane);
  await pane.until((screen) => screen.endsWith(PROMPT), 'the first prompt');
  return pane;
}

let typed = 0;
/** Runs a command line; resolves to the pattern its status line will match once it ended. */
function start(pane: TmuxPane, line: string): RegExp {
  const mark = `#${++typed} status=`;
  pane.type(`clear; ${line}; echo "${mark}$?"`);
  pane.press('Enter');
  return new RegExp(`${mark}(\\d+)`);
}

async function ended(pane: TmuxPane, done: RegExp): Promise<number> {
  const screen = await pane.until((s) => done.test(s), 'the shell back');
  return Number(done.exec(screen)![1]);
}

const firstLine = (screen: string) => screen.split('\n')[0] ?? '';
const portfolioShown = (screen: string) => screen.includes('Gap to market') && !screen.includes('Reading') && firstLine(screen).startsWith('Portfolio');

describe.skipIf(!hasTmux())('rentsurvey dashboard in a terminal', () => {
  it('on the demo store: first frame, filter, a community and a comparable, back, resize, export, q', async () => {
    const pane = await terminal(80, 24, { RENTSURVEY_LOCAL: '1', RENTSURVEY_DATA_DIR: dataDir, NO_COLOR: '1' });
    const done = start(pane, 'rentsurvey dashboard');
    let screen = await pane.until(portfolioShown, 'the portfolio');
    expect(screen.split('\n')[2]).toContain(names[0]!.name);
    expect(pane.cursorShown()).toBe(false);

    const wanted = names.at(-1)!;
    pane.type(`/${wanted.external_community_id}`);
    pane.press('Enter');
    await pane.until((s) => s.includes(wanted.name) && !s.includes(names[0]!.name), 'the filtered portfolio');
    pane.press('Enter');
    await pane.until((s) => firstLine(s).startsWith(`Portfolio › ${wanted.name}`) && s.includes('PLAN'), 'the community');
    pane.type('2');
    screen = await pane.until((s) => s.includes('MILES'), 'its comparables');
    const comparable = /^› (\S.*?)\s{2,}/m.exec(screen)![1]!;
    pane.press('Enter');
    await pane.until((s) => firstLine(s).includes(`› ${comparable}`) && s.includes('SQFT'), 'the comparable');
    pane.press('Escape');
    await pane.until((s) => s.includes('MILES') && !firstLine(s).includes(comparable), 'back to the comparables');

    // Wider and taller: redrawn at once, nothing left of the narrow frame.
    pane.resize(160, 48);
    screen = await pane.until((s) => s.split('\n').some((line) => line.length > 100) && s.includes('MILES'), 'the comparables at 160 columns');
    expect(screen.split('\n').filter((line) => line.includes('Portfolio ›'))).toHaveLength(1);

    pane.type('e');
    pane.press('C-u');
    for (let i = 0; i < 40; i++) pane.press('BSpace');
    pane.type('comparables.csv');
    pane.press('Enter');
    await pane.until((s) => s.includes('Wrote comparables.csv'), 'the export said');
    const csv = readFileSync(join(sb.root, 'comparables.csv'), 'utf8');
    expect(csv.split('\n')[0]).toContain('avg_ner_cents');
    expect(csv).toContain(comparable);

    pane.type('q');
    expect(await ended(pane, done)).toBe(0);
    expect(pane.cursorShown()).toBe(true);
    // The alternate screen is gone: the shell's screen shows nothing of the dashboard.
    expect(pane.screen()).not.toContain('Gap to market');
  });

  it('Ctrl-C ends it with 130 and SIGTERM with 143, the screen given back', async () => {
    const pane = await terminal(80, 24, { RENTSURVEY_LOCAL: '1', RENTSURVEY_DATA_DIR: dataDir });
    let done = start(pane, 'rentsurvey dashboard');
    await pane.until(portfolioShown, 'the portfolio');
    pane.press('C-c');
    expect(await ended(pane, done)).toBe(130);
    expect(pane.cursorShown()).toBe(true);

    // Its process id written as it starts (exec keeps it): SIGTERM from elsewhere, as a kill or a timeout sends it.
    const pidFile = join(sb.root, 'dashboard.pid');
    done = start(pane, `sh -c 'echo $$ > ${pidFile}; exec "$@"' sh '${process.execPath}' '${BIN}' dashboard`);
    await pane.until(portfolioShown, 'the portfolio');
    process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGTERM');
    expect(await ended(pane, done)).toBe(143);
    expect(pane.cursorShown()).toBe(true);
    expect(pane.screen()).not.toContain('Gap to market');
  });

  it('against serve: the same portfolio, read over HTTP', async () => {
    const served: Served = await startServe(await demoStore(join(sb.root, 'served')));
    try {
      const key = await createKey(served.dataDir);
      const pane = await terminal(120, 30, { RENTSURVEY_BASE_URL: served.baseUrl, RENTSURVEY_API_KEY: key, NO_COLOR: '1' });
      const done = start(pane, 'rentsurvey dashboard');
      const screen = await pane.until(portfolioShown, 'the portfolio from serve');
      expect(screen.split('\n')[2]).toContain(names[0]!.name);
      pane.press('Enter');
      await pane.until((s) => firstLine(s).startsWith(`Portfolio › ${names[0]!.name}`) && s.includes('PLAN'), 'a community from serve');
      pane.type('q');
      expect(await ended(pane, done)).toBe(0);
    } finally {
      await served.stop();
    }
  });

  it('without a terminal: exit 2, naming overview --all', async () => {
    const piped = await run(['--local', '--data-dir', dataDir, 'dashboard'], { env: sb.env });
    expect(piped.exitCode).toBe(2);
    expect(piped.stderr).toContain('rentsurvey overview --all');
    expect(piped.stdout).toBe('');
  });
});
