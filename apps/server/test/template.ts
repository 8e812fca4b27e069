// The seeded template a `vitest run` prepares once (test/global-setup.ts) for every test file.

/** Password hash cost of test databases: low, since every sign-in of a test pays it. */
export const TEST_SCRYPT_LOG_N = 10;

export type DbTemplate =
  /** A tarball of a seeded PGlite data directory. */
  | { kind: 'pglite'; file: string; seededAt: string }
  /** A seeded database on the PostgreSQL server of TEST_DATABASE_URL. */
  | { kind: 'postgres'; database: string; seededAt: string };
