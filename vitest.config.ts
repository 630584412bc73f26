import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every project runs under test/helpers/home-guard.ts: HOME and the XDG folders of
// the test run point into a temp folder, and the run fails if the real home was written.
const HOME_GUARD = 'test/helpers/home-guard.ts';

// Projects: `units` are pure functions and renderers (domain, output, the contract,
// the demo generator, the build's plugins, the test helpers); `in-process` runs the
// CLI through main() and the service on its SQLite store inside the test process
// (`npx vitest run src` is the fast loop: both); test/server speaks HTTP to the
// service (whose request pipeline --local calls in process: src/cli/http/in-process.test.ts);
// test/e2e spawns the built CLI, rebuilt first so that an edit is never tested against
// a stale dist/, and test/interop runs the CLI against other services (a Prism mock of the spec).
export default defineConfig({
  test: {
    // Safety nets against hangs, above test/helpers/limits.ts (HUNG_MS): a busy machine is slow, not broken.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Two files at once even on two cores (vitest's default is one fewer than the cores): most of a
    // file's time is spent waiting on the processes it starts, and the suite ran in 517 s alone, 389 s two at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'units',
          include: ['src/{domain,output,api}/**/*.test.ts', 'src/server/demo/**/*.test.ts', 'scripts/**/*.test.js', 'test/helpers/**/*.test.ts'],
          globalSetup: [HOME_GUARD],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['src/{cli,server}/**/*.test.{ts,tsx}'],
          exclude: ['src/server/demo/**'],
          // One demo store seeded per run; tests copy it.
          globalSetup: [HOME_GUARD, 'test/helpers/demo-store.ts'],
          // Files share a worker's loaded modules (zod, the CLI): a third of the time otherwise.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server', include: ['test/server/**/*.test.ts'], globalSetup: [HOME_GUARD] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/interop/**/*.test.ts'],
          globalSetup: [HOME_GUARD, 'test/helpers/build-once.ts'],
        },
      },
    ],
  },
});
