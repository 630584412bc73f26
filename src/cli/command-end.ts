/**
 * What a command holds until it ends (a --since-last state's claim,
 * state-file.ts): released when its handler returns or throws (program.ts), not
 * only when the process exits, since tests run many commands in one process.
 */
const releases = new Set<() => void>();

/** Runs `release` when the running command ends; returns what forgets it (released earlier). */
export function untilCommandEnds(release: () => void): () => void {
  releases.add(release);
  return () => releases.delete(release);
}

export function endCommand(): void {
  const pending = [...releases];
  releases.clear();
  for (const release of pending) release();
}
