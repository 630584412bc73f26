// The interactive parts in a real pseudo-terminal (tmux), at 80 and 200 columns: the picker
// on an ambiguous name and on an omitted argument, Ctrl-C at a prompt (exit 130, nothing but a
// newline), `local reset` and `local keys revoke` asking and --yes; against a `serve` behind a
// proxy that holds chosen requests, the spinner of a lookup (it turns, then leaves no trace),
// Ctrl-C while it turns, and `login`'s questions (the key masked, Ctrl-C saves nothing); and the
// analyst's way from `portfolio` to overview, comps deactivate and pricing history --floor-plan
// typing only names read on the screen.
// Skipped, saying so, where tmux is missing.
import { existsSync } from 'node:fs';
import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSandbox, demoStore, parseJson, startServe, type Sandbox, type Served } from '../helpers/cli.js';
import { forwardingProxy } from '../helpers/net.js';
import { hasTmux, Terminal } from '../helpers/terminal.js';
import { sandboxEnv } from '../helpers/sandbox-env.js';

let sb: Sandbox;
let store: string;
let terminal: Terminal | undefined;
let count = 0;

beforeAll(async () => {
  sb = await createSandbox();
  store = join(sb.root, 'demo');
  // A copy of the run's demo store (seeding one takes seconds, more on a busy machine); each test works on a copy of it.
  await demoStore(store);
  const seeded = await sb.run(['--local', '--data-dir', store, 'portfolio', '--json']);
  expect(seeded.exitCode, seeded.stderr).toBe(0);
}, 120_000);
afterAll(() => sb?.cleanup());
afterEach(() => {
  terminal?.close();
  terminal = undefined;
});

/**
 * A terminal of `columns` whose rentsurvey uses a fresh copy of the demo store by default
 * (RENTSURVEY_LOCAL=1); `env` adds variables, or removes them with undefined.
 */
async function open(columns: number, rows = 40, env: Record<string, string | undefined> = {}): Promise<{ term: Terminal; dataDir: string; dir: string }> {
  const dir = join(sb.root, `pty-${++count}`);
  const dataDir = join(dir, 'data');
  await cp(store, dataDir, { recursive: true });
  const merged: Record<string, string | undefined> = {
    ...sandboxEnv(dir),
    RENTSURVEY_DATA_DIR: dataDir,
    RENTSURVEY_LOCAL: '1',
    NO_COLOR: '1',
    ...env,
  };
  terminal = await Terminal.open(dir, {
    columns,
    rows,
    env: Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  });
  return { term: terminal, dataDir, dir };
}

/** The local store's keys, as a script reads them. */
async function keysOf(dataDir: string): Promise<Array<{ id: string; prefix: string; revoked_at: string | null }>> {
  const listed = await sb.run(['--local', '--data-dir', dataDir, 'local', 'keys', 'list', '--json']);
  expect(listed.exitCode, listed.stderr).toBe(0);
  return parseJson<{ keys: Array<{ id: string; prefix: string; revoked_at: string | null }> }>(listed.stdout).keys;
}

/** No line of the screen is longer than the terminal: what was drawn fit, nothing wrapped into the next line unseen. */
const fits = (screen: string, columns: number) => screen.split('\n').every((line) => [...line].length <= columns);

describe.runIf(hasTmux()).each([80, 200])('in a terminal of %i columns', (columns) => {
  it('an ambiguous name opens a searchable picker of the candidates; typing narrows it, Enter picks', async () => {
    const { term } = await open(columns);
    await term.run('rentsurvey overview Vue');
    const picker = await term.waitFor(/"Vue" matches 3 communities; which one\?\n❯ The Vue at Desert Ridge +DR-016 +f85f555a/);
    expect(picker).toMatch(/^ {2}The Vue at Hidden Lake +DR-020 +eea24fa2$/m);
    expect(picker).toMatch(/^ {2}The Vue at Sage Hollow +DR-007 +d08ce28a$/m);
    expect(fits(picker, columns)).toBe(true);
    term.type('hidden');
    await term.until((screen) => screen.includes('❯ The Vue at Hidden Lake') && !screen.includes('Desert Ridge'), 'the list narrowed to Hidden Lake');
    term.press('Enter');
    const shown = await term.waitFor(/The Vue at Hidden Lake — 5100 Maple Trl/);
    expect(shown).toMatch(/Overall PSI/);
    expect(await term.status()).toBe(0);
  });

  it('an omitted community opens the picker over the portfolio', async () => {
    const { term } = await open(columns);
    await term.run('rentsurvey vacancy');
    const picker = await term.waitFor(/Which community\?\n❯ Barton Creek Terrace +DR-006 +8bf1db16/);
    expect(fits(picker, columns)).toBe(true);
    term.type('retreat sloan');
    await term.until((screen) => screen.includes('❯ The Retreat at Sloan Lake') && !screen.includes('Barton Creek Terrace'), 'the list narrowed');
    term.press('Enter');
    await term.waitFor(/^Community: +The Retreat at Sloan Lake$/m);
    expect(await term.status()).toBe(0);
  });

  it('Ctrl-C at a prompt: exit 130, nothing printed but a newline', async () => {
    const { term } = await open(columns);
    await term.run('rentsurvey comps deactivate "Barton Creek Terrace"');
    const before = await term.waitFor(/Which comparable of Barton Creek Terrace\?\n❯ \S/);
    term.press('C-c');
    expect(await term.status()).toBe(130);
    const after = term.screen();
    // The prompt as it was drawn, then the shell: no error, no "this is a bug", no stack.
    expect(after).not.toMatch(/error|bug|ExitPromptError|at .+:\d+:\d+/i);
    expect(after).toContain('Which comparable of Barton Creek Terrace?');
    expect(before.split('\n').length).toBeGreaterThan(3);
  });

  it('local reset asks on a terminal (y resets), and --yes does not ask', async () => {
    const { term } = await open(columns);
    await term.run('rentsurvey local reset --empty');
    await term.waitFor(/Delete the local store in .*\? \(y\/N\)/s);
    term.type('y');
    term.press('Enter');
    await term.waitFor('the store is empty');
    expect(await term.status()).toBe(0);
    await term.run('rentsurvey local reset --empty --yes');
    const screen = await term.waitFor('the store is empty');
    expect(screen).not.toMatch(/\(y\/N\)/);
    expect(await term.status()).toBe(0);
    await term.run('rentsurvey local reset --empty');
    await term.waitFor(/\(y\/N\)/);
    term.press('C-c');
    expect(await term.status()).toBe(130);
  });

  it('local keys revoke asks on a terminal: n keeps the key (exit 2), Ctrl-C keeps it (130), y revokes; --yes does not ask', { timeout: 60_000 }, async () => {
    const { term, dataDir } = await open(columns);
    await term.run('rentsurvey local keys create --all-scopes --label "tty test"');
    const created = await term.waitFor(/^rsk_([A-Za-z0-9]+)_\S+$/m);
    expect(await term.status()).toBe(0);
    const prefix = /^rsk_([A-Za-z0-9]+)_/m.exec(created)![1]!;
    const state = async () => (await keysOf(dataDir)).find((key) => key.prefix.includes(prefix));
    expect((await state())?.revoked_at).toBeNull();

    // One line, which the terminal may wrap at 80 columns.
    const question = new RegExp(`Revoke key \\S*${prefix}\\S* \\("tty test", [^)]*\\)\\?\\s+Whoever\\s+uses\\s+it\\s+is\\s+refused\\s+from\\s+now\\s+on\\s+\\(y/N\\)`);
    await term.run(`rentsurvey local keys revoke ${prefix}`);
    const asked = await term.waitFor(question);
    expect(fits(asked, columns)).toBe(true);
    term.type('n');
    term.press('Enter');
    await term.waitFor('revoke cancelled; the key still works');
    expect(await term.status()).toBe(2);
    expect((await state())?.revoked_at).toBeNull();

    await term.run(`rentsurvey local keys revoke ${prefix}`);
    await term.waitFor(question);
    term.press('C-c');
    expect(await term.status()).toBe(130);
    expect(term.screen()).not.toMatch(/error|bug|Revoked/i);
    expect((await state())?.revoked_at).toBeNull();

    await term.run(`rentsurvey local keys revoke ${prefix}`);
    await term.waitFor(question);
    term.type('y');
    term.press('Enter');
    await term.waitFor(`Revoked key ${prefix}`);
    expect(await term.status()).toBe(0);
    expect((await state())?.revoked_at).not.toBeNull();

    await term.run('rentsurvey local keys create --all-scopes --label "second"');
    const second = /^rsk_([A-Za-z0-9]+)_/m.exec(await term.waitFor(/^rsk_[A-Za-z0-9]+_\S+$/m))![1]!;
    expect(await term.status()).toBe(0);
    await term.run(`rentsurvey local keys revoke ${second} --yes`);
    const screen = await term.waitFor(`Revoked key ${second}`);
    expect(screen).not.toMatch(/\(y\/N\)/);
    expect(await term.status()).toBe(0);
    expect((await keysOf(dataDir)).find((key) => key.prefix.includes(second))?.revoked_at).not.toBeNull();
  });
});

/**
 * An HTTP proxy to `target` that holds every request whose path matches the pattern given
 * to `hold` until `release`: a lookup then lasts exactly as long as the test needs to look
 * at the terminal, with no delay in time anywhere.
 */
async function gate(target: string) {
  let pattern: RegExp | undefined;
  let held: Array<() => void> = [];
  const onHeld: Array<() => void> = [];
  const proxy = await forwardingProxy(target, ({ request, forward }) => {
    if (!pattern?.test(request.url!)) return forward();
    held.push(forward);
    for (const notify of onHeld.splice(0)) notify();
  });
  return {
    url: proxy.url,
    hold(requests: RegExp) {
      pattern = requests;
    },
    /** How many requests wait. */
    waiting: () => held.length,
    /** Resolves once a request is held (at once if one is): the CLI has sent it and waits for the answer. */
    whenHeld: () => new Promise<void>((resolve) => (held.length > 0 ? resolve() : onHeld.push(resolve))),
    release() {
      pattern = undefined;
      const now = held;
      held = [];
      for (const forward of now) forward();
    },
    close: proxy.close,
  };
}

/** A line of ora's default spinner ("dots"): a braille frame, a space, the text, as a terminal of `columns` wraps it. */
function spinnerLine(text: string, columns: number): RegExp {
  const line = [...`X ${text}`];
  const rows: string[] = [];
  for (let i = 0; i < line.length; i += columns) rows.push(line.slice(i, i + columns).join(''));
  const escaped = rows.map((row) => row.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\n');
  return new RegExp(`^([⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏])${escaped.slice(1)}$`, 'm');
}
const spinnerFrame = /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /m;

describe.runIf(hasTmux())('against a service (rentsurvey serve) in a terminal', () => {
  let served: Served;
  let key: string;
  let proxy: Awaited<ReturnType<typeof gate>>;

  beforeAll(async () => {
    const dataDir = join(sb.root, 'served');
    await cp(store, dataDir, { recursive: true });
    served = await startServe(dataDir);
    key = await createKey(dataDir);
    proxy = await gate(served.baseUrl);
  }, 60_000);
  afterAll(async () => {
    proxy?.release();
    await proxy?.close();
    await served?.stop();
  });
  afterEach(() => proxy?.release());

  /** A terminal whose rentsurvey reaches the service through the gate, with a key. */
  const remote = (columns: number) => open(columns, 60, { RENTSURVEY_LOCAL: undefined, RENTSURVEY_BASE_URL: proxy.url, RENTSURVEY_API_KEY: key });

  for (const columns of [80, 200]) {
    // What each resolution waits for: the search of a name, the floor plans of --floor-plan.
    // A name longer than 80 columns: the spinner's line wraps there, and both of its lines must go.
    const long = 'The Residences at Barton Creek Terrace on the Hill above the Lake, Phase Two';
    for (const [command, held, text, answer, exit] of [
      ['overview "Barton Creek Terrace" --no-pager', /^\/v1\/communities\?/, 'Looking up "Barton Creek Terrace"…', /^Barton Creek Terrace — /, 0],
      ['pricing history 8bf1db16 --floor-plan a1 --latest --no-pager', /\/floor-plans/, 'Reading the floor plans…', /^┌─/, 0],
      [`vacancy "${long}"`, /^\/v1\/communities\?/, `Looking up "${long}"…`, /^error: /, 4],
    ] as const)
      it(`at ${columns} columns: ${text} turns as a spinner while the answer is held, and is gone without a trace after`, async () => {
        const { term } = await remote(columns);
        proxy.hold(held);
        await term.run(`rentsurvey ${command}`);
        // The spinner starts before the request leaves; on a busy machine the request may reach the
        // proxy frames later. From here on it is held: every frame below is drawn while it waits.
        await proxy.whenHeld();
        const line = spinnerLine(text, columns);
        const first = line.exec(await term.waitFor(line))![1];
        // It turns: another frame of the same line, while the answer is still held.
        await term.until((screen) => line.exec(screen)?.[1] !== undefined && line.exec(screen)![1] !== first, 'the spinner turning');
        expect(proxy.waiting()).toBeGreaterThan(0);
        expect(term.cursorShown()).toBe(false);
        proxy.release();
        const shown = await term.waitFor(new RegExp(answer.source, 'm'));
        expect(await term.status()).toBe(exit);
        const after = term.screen();
        expect(after).not.toContain(text.slice(0, 20));
        expect(after).not.toMatch(spinnerFrame);
        // Right under the command line, where the spinner turned: nothing left between them.
        const typed = `PTY> rentsurvey ${command}`;
        const lines = shown.split('\n');
        const commandLines = Math.ceil([...typed].length / columns);
        expect(lines.slice(0, commandLines).join('')).toBe(typed);
        expect(lines[commandLines]).toMatch(answer);
        expect(term.cursorShown()).toBe(true);
      });

    it(`at ${columns} columns: a spinner while the picker's portfolio loads, cleared before the picker draws`, { timeout: 60_000 }, async () => {
      const { term } = await remote(columns);
      proxy.hold(/^\/v1\/rentsurvey\/portfolio/);
      await term.run('rentsurvey vacancy');
      await term.waitFor(spinnerLine('Reading the portfolio…', columns));
      proxy.release();
      const picker = await term.waitFor(/Which community\?\n❯ Barton Creek Terrace +DR-006 +8bf1db16/);
      expect(picker).not.toContain('Reading the portfolio');
      expect(picker.split('\n').slice(0, 2)).toEqual(['PTY> rentsurvey vacancy', '? Which community?']);
      expect(picker).not.toMatch(spinnerFrame);
      expect(fits(picker, columns)).toBe(true);
      term.press('C-c');
      expect(await term.status()).toBe(130);
      expect(term.cursorShown()).toBe(true);
    });

    it(`at ${columns} columns: Ctrl-C while the spinner turns exits 130, gives the cursor back, says nothing of a bug`, async () => {
      const { term } = await remote(columns);
      proxy.hold(/^\/v1\/communities\?/);
      await term.run('rentsurvey overview "Barton Creek Terrace" --no-pager');
      await term.waitFor(spinnerLine('Looking up "Barton Creek Terrace"…', columns));
      term.press('C-c');
      expect(await term.status()).toBe(130);
      // The spinner's line cleared, then nothing but a newline: no error, no "this is a bug", no stack.
      expect(term.screen().split('\n').slice(0, 3)).toEqual(['PTY> rentsurvey overview "Barton Creek Terrace" --no-pager', '', 'PTY> echo "[exit $?]"']);
      expect(term.cursorShown()).toBe(true);
    });

    it(`at ${columns} columns: login asks for the base URL and the key (never echoed), checks them and saves them`, { timeout: 60_000 }, async () => {
      const { term, dir } = await remote(columns);
      // Nothing given: no URL nor key in the environment.
      await term.run('unset RENTSURVEY_BASE_URL RENTSURVEY_API_KEY; rentsurvey login');
      await term.waitFor(/\? Base URL of the rentsurvey service/);
      term.type(served.baseUrl);
      term.press('Enter');
      await term.waitFor(/\? API key/);
      term.type(key);
      const typed = await term.waitFor(/\? API key \*{8,}/);
      expect(typed).not.toContain(key);
      expect(typed).not.toContain(key.slice(0, 12));
      term.press('Enter');
      await term.waitFor(`Logged in to ${served.baseUrl} (profile default)`);
      expect(await term.status()).toBe(0);
      const screen = term.screen();
      expect(screen).not.toContain(key.slice(4, 16));
      expect(fits(screen, columns)).toBe(true);
      const config = await readFile(join(dir, 'config', 'rentsurvey', 'config.json'), 'utf8');
      expect(config).toContain(served.baseUrl);
      expect(config).toContain(key);
      // The saved profile works with nothing in the environment.
      await term.run('rentsurvey auth status');
      await term.waitFor(served.baseUrl);
      expect(await term.status()).toBe(0);
    });

    it(`at ${columns} columns: Ctrl-C at login's questions exits 130 and saves nothing`, { timeout: 60_000 }, async () => {
      const { term, dir } = await remote(columns);
      await term.run('unset RENTSURVEY_BASE_URL RENTSURVEY_API_KEY; rentsurvey login');
      await term.waitFor(/\? Base URL of the rentsurvey service/);
      term.press('C-c');
      expect(await term.status()).toBe(130);
      await term.run('rentsurvey login');
      await term.waitFor(/\? Base URL of the rentsurvey service/);
      term.type(served.baseUrl);
      term.press('Enter');
      await term.waitFor(/\? API key/);
      term.type('rsk_half');
      term.press('C-c');
      expect(await term.status()).toBe(130);
      const screen = term.screen();
      expect(screen).not.toMatch(/error|bug|rsk_half/i);
      expect(existsSync(join(dir, 'config', 'rentsurvey', 'config.json'))).toBe(false);
    });
  }
});

/**
 * What of `name` the screen shows: the whole name, or the part before a "…" where
 * a table cut it to fit. That part is what an analyst can type.
 */
function readOnScreen(screen: string, name: string): string {
  if (screen.includes(name)) return name;
  for (let length = name.length - 1; length >= 4; length--) if (screen.includes(`${name.slice(0, length)}…`)) return name.slice(0, length).trimEnd();
  throw new Error(`the screen does not show ${name}:\n${screen}`);
}

describe.runIf(hasTmux())('the analyst’s way at 80 columns, typing only names read on the screen', () => {
  /** Runs `command`; when what was typed names several, picks the highlighted one, as the analyst would. */
  async function runNamed(term: Terminal, command: string, answer: RegExp): Promise<string> {
    await term.run(command);
    const screen = await term.waitFor(new RegExp(`which one\\?\\n❯ |${answer.source}`, 'm'));
    if (/which one\?\n❯ /.test(screen)) term.press('Enter');
    const done = await term.waitFor(answer);
    expect(await term.status(), done).toBe(0);
    return done;
  }

  it('portfolio → overview → comps deactivate → pricing history --floor-plan', { timeout: 120_000 }, async () => {
    const { term } = await open(80, 60);
    await term.run('rentsurvey portfolio');
    expect(await term.status()).toBe(0);
    const subject = readOnScreen(term.screen(), 'Barton Creek Terrace');

    await runNamed(term, `rentsurvey overview "${subject}"`, /^Barton Creek Terrace — /m);

    const comps = await runNamed(term, `rentsurvey comps list "${subject}"`, /Zilker P/);
    const comp = readOnScreen(comps, 'Zilker Point');
    await runNamed(term, `rentsurvey comps deactivate "${subject}" "${comp}"`, /Zilker Point: comparable excluded from future surveys/);

    const plans = await runNamed(term, `rentsurvey pricing floor-plans "${subject}"`, /\WA1\W/);
    expect(readOnScreen(plans, 'A1')).toBe('A1');
    // Only A1's row, however the table is drawn (a box cut to fit, or plain columns).
    const row = (plan: string) => new RegExp(`^(│ [^\\n]*│ ${plan} +│|\\d{4}-\\d{2}-\\d{2} +${plan} )`, 'm');
    const history = await runNamed(term, `rentsurvey pricing history "${subject}" --floor-plan A1 --latest`, row('A1'));
    expect(history).not.toMatch(row('A2'));
  });
});

describe.skipIf(hasTmux())('without tmux', () => {
  it.skip('the terminal tests need tmux (apt-get install tmux)', () => undefined);
});
