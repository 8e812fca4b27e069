import type { DbOrTx } from '../db/client.js';

export interface SeedContext {
  db: DbOrTx;
  /** Multiplies volumes for benchmark data (1 = demo). */
  scale: number;
  /** The seed's "today", so demo dates are deterministic relative to it. */
  now: Date;
  scryptLogN: number;
}
