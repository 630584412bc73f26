import { defineConfig } from 'vitest/config';

// Projects: `npx vitest run src` is the fast loop (units and every command
// in-process); test/server speaks HTTP to the service (and again through the
// in-process dispatcher --local uses); test/e2e spawns the built
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
          // Files share a worker's loaded modules (fastify, zod, the CLI): a third of the time otherwise.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'server', include: ['test/server/**/*.test.ts'] } },
      // The same server tests through the in-process dispatcher of --local (src/server/in-process.ts).
      {
        extends: true,
        test: { name: 'server-in-process', include: ['test/server/**/*.test.ts'], env: { RENTSURVEY_TEST_IN_PROCESS: '1' } },
      },
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
