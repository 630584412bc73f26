import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestIO } from '../output/io.js';
import { createLogger } from '../output/messages.js';
import { createContext, type CommandContext } from './context.js';
import { CliError, ExitCode } from './errors.js';
import { resolveGlobals } from './globals.js';
import { createAtomicFile, FileWriteError, readState, writeAtomically, writeState } from './state-file.js';

describe('atomic files and signals', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rs-state-file-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('many files at once share one handler per signal, removed with the last file', async () => {
    const before = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => process.listenerCount(signal));
    const files = await Promise.all(Array.from({ length: 12 }, (_, i) => createAtomicFile(join(dir, `f${i}.csv`))));
    expect((['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => process.listenerCount(signal))).toEqual(before.map((n) => n + 1));
    await files[0]!.commit();
    await files[1]!.abort();
    await files[1]!.abort();
    expect(process.listenerCount('SIGINT')).toBe(before[0]! + 1);
    await Promise.all(files.slice(2).map((file) => file.abort()));
    expect((['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => process.listenerCount(signal))).toEqual(before);
    expect(existsSync(join(dir, 'f0.csv'))).toBe(true);
  });

  it('a signal removes every temporary file still open, says so for each, and ends with 128 + its number', async () => {
    const said: string[] = [];
    const kept = await createAtomicFile(join(dir, 'kept.csv'));
    await kept.write('a\n');
    await kept.commit();
    const open = await Promise.all(['a.csv', 'b.csv'].map((name) => createAtomicFile(join(dir, name), { onSignal: (signal) => said.push(`${name} ${signal}`) })));
    expect(open.every((file) => existsSync(file.temp))).toBe(true);
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    process.emit('SIGTERM', 'SIGTERM');
    expect(exit).toHaveBeenCalledWith(143);
    expect(open.some((file) => existsSync(file.temp))).toBe(false);
    expect(said.sort()).toEqual(['a.csv SIGTERM', 'b.csv SIGTERM']); // the files opened at once: in either order
    expect(existsSync(join(dir, 'kept.csv'))).toBe(true);
    await Promise.all(open.map((file) => file.abort()));
  });

  it('a writer whose message fails keeps neither its file nor another’s, nor the signal’s status', async () => {
    const failing = await createAtomicFile(join(dir, 'a.csv'), {
      onSignal: () => {
        throw new Error('stderr is gone');
      },
    });
    const other = await createAtomicFile(join(dir, 'b.csv'));
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    process.emit('SIGINT', 'SIGINT');
    expect(exit).toHaveBeenCalledWith(130);
    expect([failing, other].some((file) => existsSync(file.temp))).toBe(false);
    await Promise.all([failing, other].map((file) => file.abort()));
  });
});

describe('a file that cannot be written', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rs-state-refused-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The error writing `path` atomically ends with. */
  const refusal = (path: string) =>
    writeAtomically(path, 'x').then(
      () => undefined,
      (error: unknown) => error,
    );

  it('names the path asked for and the reason in words, never the temporary file', async () => {
    await writeFile(join(dir, 'file'), '');
    for (const [path, reason] of [
      [join(dir, 'file', 'x.html'), 'a part of its path is a file, not a folder'],
      [dir, 'it is a folder'],
    ] as const) {
      const error = await refusal(path);
      expect(error).toBeInstanceOf(FileWriteError);
      expect((error as Error).message).toBe(`cannot write ${path}: ${reason}`);
    }
  });

  it.runIf(existsSync('/proc/self'))('a folder that takes no new files (/proc): "no such folder"', async () => {
    expect(((await refusal('/proc/rentsurvey-x.html')) as Error).message).toBe('cannot write /proc/rentsurvey-x.html: no such folder');
  });
});

describe('a state read by one run at a time', () => {
  let dir: string;
  /** The context of a command, as program.ts makes one for each run (and closes it when the command ends). */
  let ctx: CommandContext;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rs-state-claim-'));
    const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') };
    const io = createTestIO();
    ctx = createContext({ io, log: createLogger(io, {}), globals: resolveGlobals({}, env), env });
  });
  afterEach(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A lock file as another process of this machine leaves it. */
  const lockedBy = (path: string, pid: number) => writeFile(`${path}.lock`, `${pid} ${hostname()} x`);

  it('refuses (exit 5) while another live process holds it, naming the process and the file', async () => {
    const path = join(dir, 'state.json');
    await lockedBy(path, process.ppid);
    const refused = await readState(ctx, path).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CliError);
    expect(refused).toMatchObject({ exitCode: ExitCode.conflict, message: `another rentsurvey (process ${process.ppid}) is running with ${path}: one --since-last run at a time` });
    expect(existsSync(`${path}.lock`)).toBe(true);
  });

  it('takes over the lock of a process that is gone, and gives it up when the state is written', async () => {
    const path = join(dir, 'state.json');
    const gone = await execa(process.execPath, ['-e', 'console.log(process.pid)']);
    await lockedBy(path, Number(gone.stdout));
    await writeFile(path, '{"last":"2026-01-01"}\n');
    expect(await readState(ctx, path)).toEqual({ last: '2026-01-01' });
    expect((await readFile(`${path}.lock`, 'utf8')).split(' ')[0]).toBe(String(process.pid));
    await writeState(path, { last: '2026-02-01' });
    expect(existsSync(`${path}.lock`)).toBe(false);
    expect(await readState(ctx, path)).toEqual({ last: '2026-02-01' });
    await writeState(path, { last: '2026-02-01' }); // gives up this test's claim
  });

  it('the end of the command gives the claim up, when it did not write the state (nothing new, a failure)', async () => {
    const path = join(dir, 'state.json');
    await readState(ctx, path);
    expect(existsSync(`${path}.lock`)).toBe(true);
    await ctx.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('a spoiled state reads as none, and is claimed all the same', async () => {
    const path = join(dir, 'state.json');
    await writeFile(path, '{"last": oops');
    expect(await readState(ctx, path)).toBeUndefined();
    expect(existsSync(`${path}.lock`)).toBe(true);
    await writeState(path, {}); // gives up this test's claim
  });
});
