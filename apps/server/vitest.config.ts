import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The test files of the package with their text, as paths relative to it. */
function testFiles(): Array<{ file: string; text: string }> {
  return ['src', 'test'].flatMap((dir) =>
    readdirSync(path.join(import.meta.dirname, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`)
      .map((file) => ({ file, text: readFileSync(path.join(import.meta.dirname, file), 'utf8') })),
  );
}
const opensDatabase = (text: string) => /startTestServer|openDatabase|TEST_DATABASE_URL|pglite/i.test(text);

/**
 * Test files the PostgreSQL run leaves out, since they would run exactly as they did on PGlite: those
 * that never open a database (no test server, no database client), and those that say so with a
 * line `// once, on PGlite: <why>` (a server started only for what never reaches the database, or
 * what only the embedded database does).
 */
function databaseIndependent(): string[] {
  return testFiles()
    .filter(({ text }) => /^\/\/ once, on PGlite:/m.test(text) || !opensDatabase(text))
    .map(({ file }) => file);
}

/**
 * The files the PGlite run of the test command leaves to its PostgreSQL run (scripts/test-all.mjs
 * sets TEST_ON_POSTGRES_TOO=1 when both run): every file that opens a database, except those with a
 * line `// on both engines: <why>` (what the engine or its driver changes: the embedded database's
 * folder, backups and upgrades, the drivers' types in every endpoint's answers and figures, the money
 * invariants under random commands) and those that run `// once, on PGlite:`. The same SQL runs on
 * the same engine either way (PGlite is PostgreSQL), about four times faster on the server.
 * `pnpm test:unit` and a plain `vitest run` still run every file on PGlite.
 */
function leftToPostgres(): string[] {
  return testFiles()
    .filter(({ text }) => opensDatabase(text) && !/^\/\/ (on both engines|once, on PGlite):/m.test(text))
    .map(({ file }) => file);
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
  ...(!onPostgres && process.env.TEST_ON_POSTGRES_TOO === '1' ? leftToPostgres() : []),
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
