import type { DbOrTx } from '../db/client.js';
import type { AuthUser } from '../http/auth.js';
import type { PasswordCost } from '../shared/password.js';
import type { AppDeps, Wiring } from '../deps.js';

export interface SeedContext {
  db: DbOrTx;
  /** The slices' wiring (src/composition.ts), as an application's: a seed's commands run its seams. */
  wiring: Wiring;
  /** Multiplies volumes for benchmark data (1 = demo). */
  scale: number;
  /** The seed's "today", so demo dates are deterministic relative to it. */
  now: Date;
  /** argon2id cost of the seeded accounts' password hashes. */
  passwordCost: PasswordCost;
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
 * The dependencies of a slice's command run by a seed at `at`: the seed's transaction, a clock set
 * to when the step would have happened, and the seed's wiring. The commands a seed runs read only
 * these (no config, auth resolver or health check), so the rest of the application's dependencies
 * are left out.
 */
export const seedDeps = (wiring: Wiring, db: DbOrTx, at: Date): AppDeps =>
  ({ db, now: () => at, ...wiring }) as Pick<AppDeps, 'now' | 'ports' | 'events'> & {
    db: DbOrTx;
  } as unknown as AppDeps;
