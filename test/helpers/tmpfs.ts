/**
 * Small file systems for tests of a full or nearly full disk, for real: a tmpfs the
 * test mounts (root, or CAP_SYS_ADMIN; CI runs as root).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
