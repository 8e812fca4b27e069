// What every handler and service may use: the database, the configuration, the clock, the auth resolver.
import type { Config } from './config.js';
import type { Db, Replica } from './db/client.js';
import type { AuthResolver } from './http/auth.js';

export interface AppDeps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  /** The current time; tests inject a fixed or moving clock. */
  now: () => Date;
  auth: AuthResolver;
  /** Checks the database answers (for /healthz). */
  ping: () => Promise<void>;
  /** A streaming replica (DATABASE_REPLICA_URL) for report reads; register.ts routes them. */
  replica?: Replica;
}
