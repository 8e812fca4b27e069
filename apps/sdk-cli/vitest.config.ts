import { defineConfig } from 'vitest/config';

// The integration tests start the real server (apps/server/test/harness.ts) on PGlite, one per test
// file; the server suite's global setup seeds one template per run, which each file copies instead
// of migrating and seeding its own (most of such a file's time).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker runs file after file and imports the CLI, the SDK and the server once; the harness
    // closes each file's server and database.
    isolate: false,
    globalSetup: ['../server/test/global-setup.ts'],
  },
});
