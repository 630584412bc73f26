import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAtomicFile } from './state-file.js';

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
