import type { DbOrTx } from '../db/client.js';
import type { AuthUser } from '../http/auth.js';
import type { AppDeps } from '../deps.js';

export interface SeedContext {
  db: DbOrTx;
  /** Multiplies volumes for benchmark data (1 = demo). */
  scale: number;
  /** The seed's "today", so demo dates are deterministic relative to it. */
  now: Date;
  scryptLogN: number;
  /**
   * Benchmark volume follows the demo rows (SEED_SCALE above the detailed maximum): the bulk payroll
   * then computes the closed months with the bulk teachers, so the demo's payroll history leaves them.
   */
  bulkFollows?: boolean;
}

/** A demo account acting in a seed through a slice's own commands (every campus, the given roles). */
export const seedActor = (id: number, username: string, roles: number[]): AuthUser => ({
  id,
  username,
  name: username,
  roles,
  privileges: new Set(),
  isAdmin: roles.includes(1),
  allScope: true,
  provinceTypes: [],
  schoolItems: [],
  employeeCode: null,
  sessionId: 0,
  mustChangePassword: false,
});

/**
 * The deps of a command that takes the app's (AppDeps) in a seed: the seed's database and clock. A
 * seed has no configuration, authentication or health check, so a command that reads them fails
 * loudly in the seed; only commands using the database and the clock are run this way.
 */
export const seedAppDeps = (db: DbOrTx, now: Date): AppDeps => ({ db, now: () => now }) as unknown as AppDeps;
