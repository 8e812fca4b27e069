// The dependencies of a process that opened its database itself (the server's main.ts, the benchmark
// servers): what it opened (database, configuration, clock), the session resolver and password hasher
// of that configuration, and the composition root's wiring.
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { AppDeps, Ports } from './deps.js';
import { composeDeps } from './composition.js';
import { sessionResolver } from './slices/system/sessions.js';
import { passwordHasher } from './shared/passwordPool.js';

export function processDeps(
  database: Database,
  config: Config,
  now: () => Date,
  o: { ports?: Partial<Ports> } = {},
): AppDeps {
  return composeDeps(
    {
      db: database.db,
      dbKind: database.kind,
      config,
      now,
      auth: sessionResolver(database.db, config, now),
      passwords: passwordHasher(config),
      ping: database.ping,
      ...(database.replica ? { replica: database.replica } : {}),
    },
    o,
  );
}
