// The benchmark servers' database (bench-dashboards, bench-imports, bench-load-server): PostgreSQL at
// DATABASE_URL or PGlite in DATA_DIR, seeded with the demo at `scale` when it is empty, and the
// wall clock the servers run on.
import type { Config } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { isEmpty, seed } from '../src/seed/index.js';
import { passwordCost } from '../src/shared/passwordPool.js';

/** Opens (and seeds when empty) the benchmark's database; answers it, the clock and the seeding's seconds. */
export async function openBenchDatabase(config: Config, o: { statementTimeoutMs: number; scale: number }) {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    statementTimeoutMs: o.statementTimeoutMs,
    poolSize: config.DB_POOL_SIZE,
  });
  const now = () => new Date();
  let seedSeconds = 0;
  if (await isEmpty(database.db)) {
    const t0 = performance.now();
    await seed(
      database.db,
      { kind: 'demo' },
      { scale: o.scale, now: now(), passwordCost: passwordCost(config) },
    );
    seedSeconds = Math.round((performance.now() - t0) / 1000);
  }
  return { database, now, seedSeconds };
}
