import { describe, expect, it } from 'vitest';
import { createSystemIO, createTestIO, shouldUseColor, type OutputStream } from './io.js';

const tty = (columns = 120): OutputStream => ({ write: () => true, isTTY: true, columns });
const pipe = (): OutputStream => ({ write: () => true, isTTY: false });
const stdin = createTestIO().stdin;

describe('shouldUseColor', () => {
  it('follows the TTY when nothing is set', () => {
    expect(shouldUseColor(true, {})).toBe(true);
    expect(shouldUseColor(false, {})).toBe(false);
  });
  it('turns off for any non-empty NO_COLOR, not for an empty one', () => {
    expect(shouldUseColor(true, { NO_COLOR: '1' })).toBe(false);
    expect(shouldUseColor(true, { NO_COLOR: '0' })).toBe(false);
    expect(shouldUseColor(true, { NO_COLOR: '' })).toBe(true);
  });
  it('is forced on by FORCE_COLOR even when piped, and over NO_COLOR', () => {
    expect(shouldUseColor(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(shouldUseColor(false, { FORCE_COLOR: '3', NO_COLOR: '1' })).toBe(true);
    expect(shouldUseColor(false, { FORCE_COLOR: '' })).toBe(false);
  });
  it('treats FORCE_COLOR=0/false as off, like Node does', () => {
    expect(shouldUseColor(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(shouldUseColor(true, { FORCE_COLOR: 'false' })).toBe(false);
  });
  it('lets --no-color win over FORCE_COLOR', () => {
    expect(shouldUseColor(true, { FORCE_COLOR: '1' }, true)).toBe(false);
  });
  it('turns off on TERM=dumb unless forced', () => {
    expect(shouldUseColor(true, { TERM: 'dumb' })).toBe(false);
    expect(shouldUseColor(true, { TERM: 'dumb', FORCE_COLOR: '1' })).toBe(true);
  });
});

describe('createSystemIO', () => {
  it('enables color per stream from its own TTY', () => {
    const io = createSystemIO({ env: {}, stdout: pipe(), stderr: tty(), stdin });
    expect(io.colorEnabled).toBe(false);
    expect(io.stderrColorEnabled).toBe(true);
    expect(io.isStdoutTTY).toBe(false);
    expect(io.isStderrTTY).toBe(true);
  });
  it('honours NO_COLOR, FORCE_COLOR and --no-color', () => {
    expect(createSystemIO({ env: { NO_COLOR: 'x' }, stdout: tty(), stderr: tty(), stdin }).colorEnabled).toBe(false);
    const forced = createSystemIO({ env: { FORCE_COLOR: '1' }, stdout: pipe(), stderr: pipe(), stdin });
    expect(forced.colorEnabled).toBe(true);
    expect(forced.stderrColorEnabled).toBe(true);
    const flag = createSystemIO({ noColor: true, env: { FORCE_COLOR: '1' }, stdout: tty(), stderr: tty(), stdin });
    expect(flag.colorEnabled || flag.stderrColorEnabled).toBe(false);
  });
  it('takes the width from the terminal, else COLUMNS, else 80', () => {
    expect(createSystemIO({ env: {}, stdout: tty(132), stderr: pipe(), stdin }).terminalWidth).toBe(132);
    expect(createSystemIO({ env: { COLUMNS: '100' }, stdout: pipe(), stderr: pipe(), stdin }).terminalWidth).toBe(100);
    expect(createSystemIO({ env: {}, stdout: pipe(), stderr: pipe(), stdin }).terminalWidth).toBe(80);
  });
  it('animates stderr only on a terminal that can redraw: not TERM=dumb, not 0 columns', () => {
    const animates = (env: NodeJS.ProcessEnv, stderr: ReturnType<typeof tty>) => createSystemIO({ env, stdout: pipe(), stderr, stdin }).stderrAnimates;
    expect(animates({ TERM: 'xterm-256color' }, tty())).toBe(true);
    expect(animates({ TERM: 'dumb' }, tty())).toBe(false);
    expect(animates({}, tty(0))).toBe(false);
    expect(createSystemIO({ env: {}, stdout: tty(), stderr: pipe(), stdin }).stderrAnimates).toBe(false);
    expect(createTestIO({ stderrTTY: true, env: { TERM: 'dumb' } }).stderrAnimates).toBe(false);
  });
  it('defaults to the process streams', () => {
    const io = createSystemIO({ env: {} });
    expect(io.stdout).toBe(process.stdout);
    expect(io.stderr).toBe(process.stderr);
  });
});

describe('createTestIO', () => {
  it('captures stdout and stderr separately', () => {
    const io = createTestIO({ stdoutTTY: true, columns: 50 });
    io.stdout.write('data\n');
    io.stderr.write('message\n');
    expect(io.out()).toBe('data\n');
    expect(io.err()).toBe('message\n');
    expect(io.isStdoutTTY).toBe(true);
    expect(io.isStderrTTY).toBe(false);
    expect(io.terminalWidth).toBe(50);
    io.reset();
    expect(io.out() + io.err()).toBe('');
  });
  it('feeds stdin', async () => {
    const io = createTestIO({ stdin: 'a,b\n1,2\n' });
    let text = '';
    for await (const chunk of io.stdin) text += String(chunk);
    expect(text).toBe('a,b\n1,2\n');
    expect(io.isStdinTTY).toBe(false);
  });
});
