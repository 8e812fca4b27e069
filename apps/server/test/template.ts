// The seeded template a `vitest run` prepares once (test/global-setup.ts) for every test file.

import type { PasswordCost } from '../src/shared/password.js';

/** argon2id cost of test databases' password hashes: low, since every sign-in of a test pays it. */
export const TEST_PASSWORD_COST: PasswordCost = { memoryKib: 1024, timeCost: 1 };
/** The same cost as the server's configuration. */
export const TEST_PASSWORD_ENV = {
  ARGON2_MEMORY_KIB: String(TEST_PASSWORD_COST.memoryKib),
  ARGON2_TIME_COST: String(TEST_PASSWORD_COST.timeCost),
};

export type DbTemplate =
  /** A tarball of a seeded PGlite data directory. */
  | { kind: 'pglite'; file: string; seededAt: string }
  /** A seeded database on the PostgreSQL server of TEST_DATABASE_URL. */
  | { kind: 'postgres'; database: string; seededAt: string };
