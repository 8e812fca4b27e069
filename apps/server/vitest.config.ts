import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Test files the PostgreSQL run leaves out, since they would run exactly as they did on PGlite: those
 * that never open a database (no test server, no database client), and those that say so with a
 * line `// once, on PGlite: <why>` (a server started only for what never reaches the database, or
 * what only the embedded database does).
 */
function databaseIndependent(): string[] {
  const dirs = ['src', 'test'];
  return dirs.flatMap((dir) =>
    readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`)
      .filter((f) => {
        const text = readFileSync(path.join(import.meta.dirname, f), 'utf8');
        return (
          /^\/\/ once, on PGlite:/m.test(text) ||
          !/startTestServer|openDatabase|TEST_DATABASE_URL|pglite/i.test(text)
        );
      }),
  );
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // *.pg.test.ts need PostgreSQL: they run in the pg step (TEST_DATABASE_URL set by
    // scripts/with-postgres.mjs) and fail, never skip, when started without it.
    exclude: [...configDefaults.exclude, ...(onPostgres ? databaseIndependent() : ['test/**/*.pg.test.ts'])],
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
