import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts need PostgreSQL: they run in the pg step (TEST_DATABASE_URL set by
    // scripts/with-postgres.mjs) and fail, never skip, when started without it.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['test/**/*.pg.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A process per test file (PGlite's WebAssembly memory is freed with it), as many as cores:
    // each file's server and database are its own, so files run side by side.
    pool: 'forks',
    maxWorkers: '100%',
    // One seeded template per run, copied by every test file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-warnings.ts'],
  },
});
