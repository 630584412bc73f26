import { describe, expect, it } from 'vitest';
import { createTestIO } from './io.js';
import { pageOutput, pagerCommand } from './pager.js';

// Real pagers, run by the shell like a user's $PAGER; their output comes back to the test's
// stdout (a terminal's would go to the terminal itself). `sed` marks what went through it.
const MARKING = "sed 's/^/paged: /'";
const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join('');

describe('pagerCommand', () => {
  it('$RENTSURVEY_PAGER, else $PAGER, else less -FRX; "" and cat mean none', () => {
    expect(pagerCommand({})).toBe('less -FRX');
    expect(pagerCommand({ PAGER: 'more' })).toBe('more');
    expect(pagerCommand({ PAGER: 'more', RENTSURVEY_PAGER: 'less -S' })).toBe('less -S');
    expect(pagerCommand({ PAGER: 'more', RENTSURVEY_PAGER: '' })).toBeUndefined();
    expect(pagerCommand({ PAGER: ' cat ' })).toBeUndefined();
  });
  it('no default pager on a dumb terminal, where less would only warn and wait; a chosen one still runs', () => {
    expect(pagerCommand({ TERM: 'dumb' })).toBeUndefined();
    expect(pagerCommand({ TERM: 'dumb', PAGER: 'cat -v' })).toBe('cat -v');
  });
});

describe('pageOutput', () => {
  it('short output, and messages around it, go straight out in their order', async () => {
    const io = createTestIO({ stdoutTTY: true, stderrTTY: true, rows: 10 });
    const paged = pageOutput(io, { command: MARKING, env: {} });
    paged.messages.write('before\n');
    paged.io.stdout.write(lines(3));
    paged.messages.write('after\n');
    // Held until the run ends: it might still grow longer than the screen.
    expect(io.out()).toBe('');
    await paged.close();
    expect(io.out()).toBe(lines(3));
    expect(io.err()).toBe('before\nafter\n');
  });

  it('output longer than the screen goes through the pager, all of it; messages after it wait for the pager', async () => {
    const io = createTestIO({ stdoutTTY: true, stderrTTY: true, rows: 10 });
    const paged = pageOutput(io, { command: MARKING, env: {} });
    paged.io.stdout.write(lines(4));
    paged.messages.write('note after the table\n');
    paged.io.stdout.write(lines(12).replaceAll('line', 'more'));
    await paged.close();
    const out = io.out().trimEnd().split('\n');
    expect(out).toHaveLength(16);
    expect(out.every((line) => line.startsWith('paged: '))).toBe(true);
    expect(out[0]).toBe('paged: line 1');
    expect(out[15]).toBe('paged: more 12');
    expect(io.err()).toBe('note after the table\n');
  });

  it('lines wider than the terminal count as the lines they wrap into', async () => {
    const io = createTestIO({ stdoutTTY: true, rows: 10, columns: 20 });
    const paged = pageOutput(io, { command: MARKING, env: {} });
    paged.io.stdout.write(`${'x'.repeat(100)}\n${'y'.repeat(100)}\n`);
    await paged.close();
    expect(io.out()).toMatch(/^paged: x/);
  });

  it('the pager sees the terminal settings git and gh give it (LESS=FRX, LV=-c) and UTF-8, unless set', async () => {
    const env = async (given: NodeJS.ProcessEnv) => {
      const io = createTestIO({ stdoutTTY: true, rows: 3 });
      const paged = pageOutput(io, { command: 'cat >/dev/null; echo "LESS=$LESS LV=$LV LESSCHARSET=$LESSCHARSET"', env: given });
      paged.io.stdout.write(lines(5));
      await paged.close();
      return io.out();
    };
    expect(await env({})).toBe('LESS=FRX LV=-c LESSCHARSET=utf-8\n');
    expect(await env({ LESS: 'R', LESSCHARSET: 'latin1' })).toBe('LESS=R LV=-c LESSCHARSET=latin1\n');
    expect(await env({ LESSCHARDEF: '8bcccbcc18b95.33b.' })).toBe('LESS=FRX LV=-c LESSCHARSET=\n');
  });

  it('a pager that is not there: the output is shown anyway, the shell says why, nothing fails', async () => {
    const io = createTestIO({ stdoutTTY: true, stderrTTY: true, rows: 5 });
    const paged = pageOutput(io, { command: 'no-such-pager-rentsurvey', env: { PATH: '/usr/bin:/bin' } });
    paged.io.stdout.write(lines(20));
    paged.messages.write('note\n');
    await paged.close();
    expect(io.out()).toBe(lines(20));
    expect(io.err()).toMatch(/no-such-pager-rentsurvey.*not found/);
    expect(io.err()).toMatch(/note\n$/);
  });

  it('a pager that quits early (q): the rest is dropped quietly, however much there is', async () => {
    const io = createTestIO({ stdoutTTY: true, rows: 5 });
    const paged = pageOutput(io, { command: 'head -n 2', env: {} });
    // Far more than a pipe holds, written after the pager has quit.
    for (let i = 0; i < 200; i++) paged.io.stdout.write(lines(500));
    await paged.close();
    expect(io.out()).toBe('line 1\nline 2\n');
  });

  it('not on a terminal, or without a pager: nothing is held', async () => {
    for (const [tty, command] of [
      [false, MARKING],
      [true, undefined],
    ] as const) {
      const io = createTestIO({ stdoutTTY: tty, rows: 5 });
      const paged = pageOutput(io, { command, env: {} });
      paged.io.stdout.write(lines(20));
      expect(io.out()).toBe(lines(20));
      await paged.close();
    }
  });
});
