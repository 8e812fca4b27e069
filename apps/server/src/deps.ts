// What every handler and service may use: the database, the configuration, the clock, the auth resolver.
import type { Config } from './config.js';
import type { Db, Replica } from './db/client.js';
import type { AuthResolver } from './http/auth.js';
import type { PasswordHasher } from './shared/passwordPool.js';
import type { TokenCache } from './shared/providerHttp.js';

export interface AppDeps {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  /** The current time; tests inject a fixed or moving clock. */
  now: () => Date;
  auth: AuthResolver;
  /** Every password hash and verification: a bounded pool with a fair line per client address. */
  passwords: PasswordHasher;
  /** Access tokens bought from providers (call centre, HR system, messenger), held by this instance. */
  tokens: TokenCache;
  /** Checks the database answers (for /healthz). */
  ping: () => Promise<void>;
  /** A streaming replica (DATABASE_REPLICA_URL) for report reads; register.ts routes them. */
  replica?: Replica;
}
