/**
 * Small file systems for tests of a full or nearly full disk, for real: a tmpfs the
 * test mounts (root, or CAP_SYS_ADMIN; CI runs as root).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Mounts a tmpfs of `size` (as mount's size=: 64k, 20m) on the folder `dir`. */
export const mountTmpfs = (dir: string, size: string) => execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
// Lazily: a process the test failed to stop must not keep the sandbox from being removed.
export const unmountTmpfs = (dir: string) => execFileSync('umount', ['--lazy', dir], { stdio: 'pipe' });

/** Why this machine does not let a test mount a tmpfs (not root, no CAP_SYS_ADMIN, no mount), or undefined. */
export const cannotMountTmpfs = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'rentsurvey-tmpfs-probe-'));
  try {
    mountTmpfs(probe, '64k');
    unmountTmpfs(probe);
    return undefined;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? '').trim() || (error as Error).message;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

/** Fills the file system of `dir` to the last byte; returns the filler, to remove when space should return. */
export function fillDisk(dir: string): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 512, 1]) {
      const chunk = Buffer.alloc(size);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return filler;
}
