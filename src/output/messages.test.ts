import { beforeAll, describe, expect, it } from 'vitest';
import { createTestIO } from './io.js';
import { createLogger, spinner } from './messages.js';
import { loadColors } from './style.js';

const ANSI = /\x1b\[/; // eslint-disable-line no-control-regex

// Colored output needs chalk, which main() loads for a run that colors (style.ts).
beforeAll(() => loadColors({ colorEnabled: true, stderrColorEnabled: true }));

describe('createLogger', () => {
  it('writes every level to stderr, nothing to stdout', () => {
    const io = createTestIO();
    const log = createLogger(io, { debug: true });
    log.info('Fetching');
    log.success('Saved');
    log.warn('3 communities skipped');
    log.error('not found', 'run `rentsurvey communities list`');
    log.debug('GET /communities 200');
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      [
        'Fetching',
        'Saved',
        'warning: 3 communities skipped',
        'error: not found',
        'hint: run `rentsurvey communities list`',
        'debug: GET /communities 200',
        '',
      ].join('\n'),
    );
  });
  it('drops info and success when quiet, never warnings or errors', () => {
    const io = createTestIO();
    const log = createLogger(io, { quiet: true });
    log.info('a');
    log.success('b');
    log.warn('c');
    log.error('d');
    expect(io.err()).toBe('warning: c\nerror: d\n');
  });
  it('prints debug only when enabled', () => {
    const io = createTestIO();
    createLogger(io).debug('hidden');
    expect(io.err()).toBe('');
  });
  it('marks success with a green check on a colored terminal', () => {
    const io = createTestIO({ stderrTTY: true, stderrColor: true });
    const log = createLogger(io);
    log.success('Saved');
    log.error('boom');
    expect(io.err()).toBe('\x1b[32m✓\x1b[39m Saved\n\x1b[31merror:\x1b[39m boom\n');
  });
  it('uses a plain check on a terminal without color', () => {
    const io = createTestIO({ stderrTTY: true, stderrColor: false });
    createLogger(io).success('Saved');
    expect(io.err()).toBe('✓ Saved\n');
  });
  it('ignores stdout color when deciding stderr color', () => {
    const io = createTestIO({ stdoutTTY: true, color: true, stderrColor: false });
    createLogger(io).warn('x');
    expect(io.err()).not.toMatch(ANSI);
  });
  it('breaks long messages at spaces on a terminal, keeps them one line when piped', () => {
    const hint = 'name one exactly (its external id or id is unique), or run on a terminal to choose';
    const terminal = createTestIO({ stderrTTY: true, columns: 40 });
    const log = createLogger(terminal);
    log.error('"barton" matches 2 communities', hint);
    log.notice('Listening on http://127.0.0.1:4000 (a line scripts wait for, never broken)');
    const lines = terminal.err().trimEnd().split('\n');
    expect(lines.slice(0, -1).every((line) => line.length <= 40)).toBe(true);
    expect(lines.slice(1, -1).join(' ')).toBe(`hint: ${hint}`);
    expect(lines.at(-1)).toBe('Listening on http://127.0.0.1:4000 (a line scripts wait for, never broken)');
    const piped = createTestIO({ columns: 40 });
    createLogger(piped).error('"barton" matches 2 communities', hint);
    expect(piped.err()).toBe(`error: "barton" matches 2 communities\nhint: ${hint}\n`);
  });
  it('strips terminal escapes from message text', () => {
    const io = createTestIO({ stderrTTY: true, stderrColor: true });
    createLogger(io).error('server said \x1b]0;owned\x07hi\x1b[2J');
    expect(io.err()).toBe('\x1b[31merror:\x1b[39m server said hi\n');
  });
});

describe('spinner', () => {
  it('does not animate when stderr is not a TTY, but prints the outcome line (cron logs)', async () => {
    const io = createTestIO({ stderrTTY: false });
    const s = (await spinner(io, 'Loading')).start();
    expect(s.isSpinning).toBe(true);
    s.text = 'Still loading';
    expect(s.text).toBe('Still loading');
    expect(io.err()).toBe('');
    s.succeed('Done');
    expect(s.isSpinning).toBe(false);
    expect(io.err()).toBe('Done\n');
  });
  it('with quiet, prints no progress or success, but still the failure', async () => {
    const io = createTestIO({ stderrTTY: true });
    const ok = (await spinner(io, 'Loading', { quiet: true })).start();
    ok.succeed('fine');
    expect(io.err()).toBe('');
    const s = (await spinner(io, 'Loading', { quiet: true })).start();
    s.fail('nope');
    expect(io.err()).toBe('nope\n');
  });
  it('does not animate on a terminal that cannot redraw: no width (ora never finished), TERM=dumb', async () => {
    for (const io of [createTestIO({ stderrTTY: true, columns: 0 }), createTestIO({ stderrTTY: true, env: { TERM: 'dumb' } })]) {
      const s = (await spinner(io, 'Loading')).start();
      s.text = 'Still loading';
      s.succeed('Loaded 3 communities');
      expect(io.err()).toBe('Loaded 3 communities\n');
    }
  });
  it('animates on a TTY and persists the final line', async () => {
    const io = createTestIO({ stderrTTY: true, stderrColor: false });
    const s = (await spinner(io, 'Loading')).start();
    expect(s.isSpinning).toBe(true);
    s.succeed('Loaded 3 communities');
    expect(s.isSpinning).toBe(false);
    expect(io.err()).toContain('Loading');
    expect(io.err()).toContain('✓ Loaded 3 communities\n');
    expect(io.out()).toBe('');
  });
});
