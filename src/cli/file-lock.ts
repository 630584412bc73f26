/**
 * Lock files that rentsurvey processes take turns with: `config.json.lock`
 * around a rewrite of config.json, `<state>.lock` for the run that owns a
 * --since-last state. The file is created exclusively and names its holder
 * ("<pid> <host> <random>"); a lock whose process is gone (of this machine) is
 * abandoned and taken over, and so is one older than `staleMs` when given.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../pid.js';

export interface LockHolder {
  pid: number;
  host: string;
  ageMs: number;
}

/** The lock is held by another process (`holder`, when it could be read). */
export class LockBusy extends Error {
  constructor(
    readonly lock: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(`${lock} is held by process ${holder?.pid ?? '?'}${holder && holder.host !== hostname() ? ` on ${holder.host}` : ''}`);
    this.name = 'LockBusy';
  }
}

export interface FileLock {
  readonly path: string;
  /** Removes the lock if it is still ours. Synchronous, so that an exit handler can call it. */
  release(): void;
}

interface Holder extends LockHolder {
  token: string;
}

function readHolder(lock: string): Holder | undefined {
  try {
    const token = readFileSync(lock, 'utf8');
    const ageMs = Date.now() - statSync(lock).mtimeMs;
    const [pid = '', host = ''] = token.split(' ');
    return { token, pid: Number(pid), host, ageMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAbandoned(holder: Holder, staleMs: number | undefined): boolean {
  if (staleMs !== undefined && holder.ageMs > staleMs) return true;
  // An empty file is one being written this very moment.
  if (holder.token === '') return false;
  // A process of this machine that is gone released nothing; one of another machine can only age out.
  return holder.host === hostname() && Number.isSafeInteger(holder.pid) && holder.pid > 0 && !isProcessAlive(holder.pid);
}

/** A breaker held for microseconds; an old one belongs to a process killed in between. */
const BREAKER_STALE_MS = 10_000;

/**
 * Removes an abandoned lock. Only under a second, short-lived lock: two waiters
 * that both saw the abandoned one must not both remove "the lock" — the second
 * would remove the fresh one the first has just taken.
 */
function breakAbandoned(lock: string, holder: Holder): void {
  const breaker = `${lock}.break`;
  try {
    writeFileSync(breaker, String(process.pid), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const other = readHolder(breaker);
    if (other && other.ageMs > BREAKER_STALE_MS) rmSync(breaker, { force: true });
    return;
  }
  try {
    if (readHolder(lock)?.token === holder.token) rmSync(lock, { force: true });
  } finally {
    rmSync(breaker, { force: true });
  }
}

/**
 * Takes the lock file `lock`, waiting up to `waitMs` (0: not at all) while
 * another process holds it; throws LockBusy when it is still held then.
 */
export async function takeLock(lock: string, options: { waitMs?: number; staleMs?: number } = {}): Promise<FileLock> {
  // Unique beside the pid and host, not secret: Math.random spares loading node:crypto.
  const token = `${process.pid} ${hostname()} ${Math.random().toString(36).slice(2)}`;
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    try {
      writeFileSync(lock, token, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(lock);
    if (holder && isAbandoned(holder, options.staleMs)) {
      breakAbandoned(lock, holder);
      continue;
    }
    if (holder && Date.now() >= deadline) throw new LockBusy(lock, holder);
    await sleep(5 + Math.random() * 20);
  }
  return {
    path: lock,
    release() {
      if (readHolder(lock)?.token === token) rmSync(lock, { force: true });
    },
  };
}
