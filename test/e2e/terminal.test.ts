// The built CLI in a real terminal (a tmux pane), 80 and 200 columns wide: tables fit
// without a wrapped row, every column a table drops is named in "Not shown:", long output
// opens the pager (less, colors kept) and short output does not, --no-pager, and what
// scripts get when stdout is not the terminal is unchanged.
// Skipped, saying so, where tmux or less is missing.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, createSandbox, demoStore, parseJson, run, type Sandbox } from '../helpers/cli.js';
import { hasTmux, TmuxPane } from '../helpers/tmux.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';

const PROMPT = 'TERM>';
const hasLess = spawnSync('sh', ['-c', 'command -v less'], { stdio: 'ignore' }).status === 0;
const missing = !hasTmux() ? 'tmux' : !hasLess ? 'less' : undefined;

let sb: Sandbox;
let dataDir: string;
let subject: string;
let panes = 0;
const open: TmuxPane[] = [];

beforeAll(async () => {
  sb = await createSandbox();
  dataDir = await demoStore(join(sb.root, 'store'));
  const portfolio = await run(['--local', '--data-dir', dataDir, 'portfolio', '--json'], { env: sb.env });
  subject = parseJson<{ communities: Array<{ id: string }> }>(portfolio.stdout).communities[0]!.id;
  writeFileSync(join(sb.root, 'rc'), `PS1='${PROMPT} '\nrentsurvey() { '${process.execPath}' '${BIN}' --local "$@"; }\n`);
}, 60_000);
afterAll(async () => {
  for (const pane of open) pane.close();
  await sb?.cleanup();
});

/** bash in a pane of that size, `rentsurvey` being the built CLI on the demo store. */
async function terminal(width: number, height: number, options: { colors?: boolean } = {}): Promise<TmuxPane> {
  const env: Record<string, string> = {
    ...sandboxEnv(sb.root),
    PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    RENTSURVEY_DATA_DIR: dataDir,
    ...(options.colors ? {} : { NO_COLOR: '1' }),
  };
  const pane = TmuxPane.open(join(sb.root, `tmux-${++panes}`), ['bash', '--noprofile', '--rcfile', join(sb.root, 'rc'), '-i'], {
    width,
    height,
    env,
    cwd: sb.root,
  });
  open.push(pane);
  await pane.until((screen) => screen.endsWith(PROMPT), 'first prompt');
  return pane;
}

let typed = 0;

/**
 * Types a command line, then Enter; resolves to the pattern of its own status line
 * (`#3 status=0`, then the prompt). Numbered: until the shell has read the new line,
 * the screen still ends with the status of the command before.
 */
function typeCommand(pane: TmuxPane, line: string): RegExp {
  const mark = `#${++typed} status=`;
  pane.type(`clear; ${line}; echo "${mark}$?"`);
  pane.press('Enter');
  return new RegExp(`${mark}\\d+\\n\\S+$`);
}

/** Runs a command line in the pane and waits for the shell to say its status. */
async function command(pane: TmuxPane, line: string): Promise<string> {
  const done = typeCommand(pane, line);
  return pane.until((screen) => done.test(screen), `end of: ${line}`, { joined: true, history: true });
}

const tableLines = (screen: string) => screen.split('\n').filter((line) => /^[┌│├└]/.test(line));
/** The columns a table said once above itself, alike on every row ("SURVEY 2026-11-20, GAP $0 (every row)"), among `all`. */
const saidAbove = (screen: string, all: readonly string[]) =>
  screen
    .split('\n')
    .filter((line) => line.endsWith('(every row)'))
    .flatMap((line) => line.split(', '))
    .flatMap((part) => all.filter((column) => part.startsWith(`${column} `)));

describe.skipIf(missing)(`in a real terminal${missing ? ` (skipped: no ${missing})` : ''}`, () => {
  for (const width of [80, 200])
    it(`overview and portfolio fit ${width} columns, not a row wrapped`, async () => {
      const pane = await terminal(width, 60);
      for (const [line, rows] of [
        [`rentsurvey overview ${subject} --no-pager`, /PLAN/],
        ['rentsurvey portfolio --include-pricing --no-pager', /NAME/],
      ] as const) {
        // Joined: a row the terminal wrapped comes back as one line wider than the pane.
        const screen = await command(pane, line);
        expect(screen).toMatch(/status=0/);
        const table = tableLines(screen);
        expect(table.length).toBeGreaterThan(5);
        for (const row of table) expect([...row].length, row).toBeLessThanOrEqual(width);
        expect(table.find((row) => row.startsWith('│ '))).toMatch(rows);
        // The box is whole: every line of it is as wide as the top.
        expect(new Set(table.map((row) => [...row].length)).size).toBe(1);
      }
      const overview = await command(pane, `rentsurvey overview ${subject} --no-pager`);
      if (width === 80) {
        expect(tableLines(overview).join('\n')).not.toMatch(/MARKET RANGE/);
        expect(overview).toMatch(/Not shown: .*MARKET RANGE/);
      } else {
        expect(overview).toMatch(/│ MARKET RANGE/);
        expect(overview).not.toMatch(/Not shown/);
      }
    });

  for (const width of [80, 200])
    it(`more tables at ${width} columns: none wider than the pane, and every column dropped is named in "Not shown:"`, { timeout: 120_000 }, async () => {
      const pane = await terminal(width, 60);
      const name = 'Barton Creek Terrace';
      for (const [line, args] of [
        [`pricing history "${name}" --latest`, ['pricing', 'history', name, '--latest']],
        [`comps list "${name}" --include-pricing`, ['comps', 'list', name, '--include-pricing']],
        [`vacancy trend "${name}"`, ['vacancy', 'trend', name]],
        // Two subjects (not the portfolio's 25): every table stays within the pane's history.
        [`digest --communities "${name},Villas at Lowry"`, ['digest', '--communities', `${name},Villas at Lowry`]],
      ] as const) {
        const screen = await command(pane, `rentsurvey ${line} --no-pager`);
        expect(screen, line).toMatch(/status=0/);
        // Joined: a line the terminal wrapped comes back as one line wider than the pane.
        for (const row of screen.split('\n')) expect([...row].length, `${line}: ${row}`).toBeLessThanOrEqual(width);
        // What a script gets names every column; the terminal shows each one or says it left it out.
        const piped = await run(['--local', '--data-dir', dataDir, ...args], { env: sb.env });
        expect(piped.exitCode, piped.stderr).toBe(0);
        const all = piped.stdout.split('\n').find((row) => /^[A-Z][A-Z0-9 /]*$/.test(row))!.split(/ {2,}/);
        const notShown = /^Not shown: (.+) \(--wide shows (?:it|them)\)$/m.exec(screen)?.[1]?.split(', ') ?? [];
        const above = saidAbove(screen, all);
        const rows = screen.split('\n');
        const headers = rows
          .filter((row, i) => rows[i - 1]?.startsWith('┌') && rows[i + 1]?.startsWith('├'))
          .map((row) => row.split('│').map((cell) => cell.trim()).filter(Boolean));
        expect(headers.length, `${line}: no table drawn\n${screen}`).toBeGreaterThan(0);
        for (const shown of headers) {
          expect(all, line).toEqual(expect.arrayContaining(shown));
          expect(
            all.filter((column) => !shown.includes(column)).every((column) => notShown.includes(column) || above.includes(column)),
            `${line}: ${shown.join(', ')} / Not shown: ${notShown.join(', ')} / every row: ${above.join(', ')}`,
          ).toBe(true);
        }
        // Nothing is said left out that every table shows.
        for (const column of notShown) expect(headers.some((shown) => !shown.includes(column)), `${line}: ${column}`).toBe(true);
        // 80 columns cannot hold every price column of a floor plan: the fitting is exercised (a column said above or left out).
        if (width === 80 && args[0] === 'pricing') expect([...above, ...notShown.filter((column) => !column.endsWith('ID'))].length, line).toBeGreaterThan(0);
        // Ids are for --wide on a terminal, whatever the width.
        expect(headers.flat().some((column) => / ?ID$/.test(column)), line).toBe(false);
      }
    });

  it('long output opens the pager (colors kept); q quits it with status 0, then the note shows', async () => {
    const pane = await terminal(80, 20, { colors: true });
    const done = typeCommand(pane, 'rentsurvey portfolio');
    // less waits at its prompt (":") with the first screen of the table.
    const paging = await pane.until((screen) => screen.split('\n').at(-1) === ':', 'the pager');
    expect(paging).toContain('│ NAME');
    expect(pane.screen({ colors: true })).toContain('\u001b[1mNAME');
    pane.press('q');
    const after = await pane.until((screen) => done.test(screen), 'the shell after the pager');
    expect(after).toMatch(/status=0/);
    expect(after).toMatch(/Not shown: ID/);
  });

  it('short output, --no-pager, and a missing pager do not wait for anything', async () => {
    const pane = await terminal(80, 20);
    const short = await command(pane, 'rentsurvey portfolio --limit 3');
    expect(short).toMatch(/└─+┴/);
    expect(short).toMatch(/status=0/);
    const unpaged = await command(pane, 'rentsurvey portfolio --no-pager');
    expect(unpaged).toMatch(/status=0/);
    expect(tableLines(unpaged).length).toBeGreaterThan(25);
    const missingPager = await command(pane, 'RENTSURVEY_PAGER=no-such-pager rentsurvey portfolio');
    expect(missingPager).toMatch(/no-such-pager: (command )?not found/);
    expect(tableLines(missingPager).length).toBeGreaterThan(25);
    expect(missingPager).toMatch(/status=0/);
  });

  it('stdout to a file or a pipe from the terminal: exactly what a script gets, whatever the width', async () => {
    const pane = await terminal(80, 20);
    const script = await run(['--local', '--data-dir', dataDir, 'portfolio', '--include-pricing'], { env: sb.env });
    expect(script.exitCode).toBe(0);
    const file = join(sb.root, 'portfolio.txt');
    await command(pane, `rentsurvey portfolio --include-pricing > ${file}`);
    expect(readFileSync(file, 'utf8')).toBe(script.stdout);
    const piped = join(sb.root, 'piped.txt');
    await command(pane, `COLUMNS=40 rentsurvey portfolio --include-pricing | cat > ${piped}`);
    expect(readFileSync(piped, 'utf8')).toBe(script.stdout);
    expect(script.stdout.split('\n')[0]).toMatch(/^ID +NAME +ADDRESS +EXTERNAL ID +COMPS +LATEST SURVEY +PLANS +AVG ASKING +MIN +MAX$/);
  });
});
