import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/e2e runs the built CLI: builds dist/ once when it is missing.
    globalSetup: ['test/helpers/build-once.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
