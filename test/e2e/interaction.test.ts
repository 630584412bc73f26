// The interactive parts in a real pseudo-terminal (tmux), at 80 and 200 columns: the picker
// on an ambiguous name and on an omitted argument, Ctrl-C at a prompt (exit 130, nothing but a
// newline), `local reset` asking and --yes; and the analyst's way from `portfolio` to overview,
// comps deactivate and pricing history --floor-plan typing only names read on the screen.
// Skipped, saying so, where tmux is missing.
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, parseJson, type Sandbox } from '../helpers/cli.js';
import { hasTmux, Terminal } from '../helpers/terminal.js';

let sb: Sandbox;
let store: string;
let terminal: Terminal | undefined;
let count = 0;

beforeAll(async () => {
  sb = await createSandbox();
  store = join(sb.root, 'demo');
  // Seeds the demo portfolio once (seconds); each test works on a copy.
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
    HOME: dir,
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    XDG_STATE_HOME: join(dir, 'state'),
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
