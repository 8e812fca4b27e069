import type { DbOrTx } from '../db/client.js';
import type { AuthUser } from '../http/auth.js';
import type { PasswordCost } from '../shared/password.js';

export interface SeedContext {
  db: DbOrTx;
  /** Multiplies volumes for benchmark data (1 = demo). */
  scale: number;
  /** The seed's "today", so demo dates are deterministic relative to it. */
  now: Date;
  /** argon2id cost of the seeded accounts' password hashes. */
  passwordCost: PasswordCost;
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
