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

/**
 * Files that need a process of their own: a `vi.mock` of a module the whole server imports (in a
 * shared process the server's modules were loaded before, unmocked), or a measure of the process's
 * memory that other files' garbage would blur.
 */
const ISOLATED = ['test/signinThrottle.test.ts', 'test/uploadBombs.test.ts'];

const include = ['src/**/*.test.ts', 'test/**/*.test.ts'];
// *.pg.test.ts need PostgreSQL: they run in the pg step (TEST_DATABASE_URL set by
// scripts/with-postgres.mjs) and fail, never skip, when started without it.
const exclude = [
  ...configDefaults.exclude,
  ...(onPostgres ? databaseIndependent() : ['test/**/*.pg.test.ts']),
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Processes, as many as cores: each file's server and database are its own (PGlite in memory or
    // a database of its own on PostgreSQL, closed by the harness), so files run side by side.
    pool: 'forks',
    maxWorkers: '100%',
    // One seeded template per run, copied by every test file (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-warnings.ts'],
    projects: [
      // A process runs file after file and imports the server once, not once per file (most of a
      // small file's time). What a file installs in a module (a seam, a handler) it takes back in
      // afterAll; the harness stops what its server started.
      {
        extends: true,
        test: { name: 'server', include, exclude: [...exclude, ...ISOLATED], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, exclude } },
    ],
  },
});
