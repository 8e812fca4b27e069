import { defineConfig } from 'vitest/config';

// The integration tests start the real server on PGlite (seconds on a busy machine).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
