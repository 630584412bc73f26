/**
 * How long a test waits for a run, a server or a screen that should take a second or
 * two before it calls it hung. Generous on purpose: a busy machine (.ci/run runs the
 * suite beside CPU-bound processes) slows everything down, and a limit is a safety net
 * against a hang, never a measure of speed. vitest.config.ts sets the test and hook
 * timeouts above it.
 */
export const HUNG_MS = 60_000;
