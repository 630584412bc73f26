import { defineConfig } from 'vitest/config';

// Projects: `npx vitest run src` is the fast loop (units and every command
// in-process); test/server speaks HTTP to the service (whose request pipeline
// --local calls in process: src/cli/http/in-process.test.ts); test/e2e spawns the built
// CLI, rebuilt first so that an edit is never tested against a stale dist/, and
// test/interop runs the CLI against other services (a Prism mock of the spec).
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          // One demo store seeded per run; tests copy it.
          globalSetup: ['test/helpers/demo-store.ts'],
          // Files share a worker's loaded modules (zod, the CLI): a third of the time otherwise.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server', include: ['test/server/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts', 'test/interop/**/*.test.ts'],
          globalSetup: ['test/helpers/build-once.ts'],
        },
      },
    ],
  },
});
