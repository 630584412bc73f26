/**
 * Real processes, seen from outside: which ones are still running (the process
 * table), and several started at the same moment (a barrier, not a sleep).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pids of the running processes whose command line contains `text` (zombies have none: they are not counted). */
export function processesMentioning(text: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(join('/proc', entry, 'cmdline'), 'utf8').includes(text)) pids.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return pids;
}

const PRELOAD = fileURLToPath(new URL('./barrier-preload.mjs', import.meta.url));

export interface Barrier {
  /** Node options that make a process wait at the barrier before its script runs. */
  nodeArgs: string[];
  /** The environment variable that tells the preload where the barrier is. */
  env: Record<string, string>;
  /** Resolves once `count` processes wait, and all of them were let go together. */
  released: Promise<void>;
  close(): Promise<void>;
}

/**
 * `count` processes started with `nodeArgs` and `env` each connect to a Unix
 * socket in `dir` and wait; when the last one has connected, all are let go at
 * once (one byte each), so their scripts start at the same moment.
 */
export async function createBarrier(dir: string, count: number): Promise<Barrier> {
  const path = join(dir, `barrier-${process.pid}-${Math.random().toString(36).slice(2)}.sock`);
  const waiting: Socket[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((socket) => {
    waiting.push(socket);
    if (waiting.length === count) {
      for (const each of waiting) each.end('go');
      release();
    }
  });
  await new Promise<void>((resolve) => server.listen(path, resolve));
  return {
    nodeArgs: ['--import', PRELOAD],
    env: { RENTSURVEY_TEST_BARRIER: path },
    released,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
