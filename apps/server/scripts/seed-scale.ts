// Seeds demo data at SEED_SCALE into DATABASE_URL (or an in-memory PGlite) and reports the time:
// the benchmark's data set (about a million clues at SEED_SCALE=16667).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { isEmpty, seed } from '../src/seed/index.js';
import { passwordCost } from '../src/shared/passwordPool.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : 'memory://',
});
const t = Date.now();
if (await isEmpty(database.db)) {
  await seed(
    database.db,
    { kind: 'demo' },
    { scale: config.SEED_SCALE, now: new Date(), passwordCost: passwordCost(config) },
  );
}
const r = (await database.db.execute(sql`select count(*)::int as n from clues`)) as unknown as {
  rows: Array<{ n: number }>;
};
console.log(
  `SEED_SCALE=${config.SEED_SCALE}: ${r.rows[0]?.n} clues in ${((Date.now() - t) / 1000).toFixed(1)} s`,
);
await database.close();
