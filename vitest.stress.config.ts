import { defineConfig } from 'vitest/config';

// `npm run test:stress`: fuzzing, crashes, races and faults (test/stress/*.stress.ts),
// apart from `npm test` and its config. Files run one at a time: each loads the
// machine on purpose, and they must not disturb each other's timing.
export default defineConfig({
  test: {
    include: ['test/stress/**/*.stress.ts'],
    globalSetup: ['test/helpers/home-guard.ts', 'test/stress/setup.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
