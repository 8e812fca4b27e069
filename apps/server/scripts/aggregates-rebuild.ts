// `pnpm --filter @bo/server aggregates:rebuild`: recomputes every maintained dashboard aggregate of
// DATABASE_URL (or the embedded database of DATA_DIR) from the base tables, in one transaction
// (src/slices/dashboards/aggregates.ts), and prints each table's rows.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { rebuildAggregates } from '../src/slices/dashboards/aggregates.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  statementTimeoutMs: 0,
});
const t = Date.now();
const rows = await rebuildAggregates(database.db);
for (const [table, n] of Object.entries(rows)) console.log(`${table.padEnd(24)} ${n} rows`);
console.log(`rebuilt in ${((Date.now() - t) / 1000).toFixed(1)} s`);
await database.close();
